"""What the table display is fed: the public view only. Two games that differ only in the
Ultimate Price target give byte-identical pages until the reveal (R23, R29); a Werewolf day
shows the village as the table sees it (W33)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from narrator.display.feed import encode, snapshot
from narrator.games.ravnica import GAME as RAVNICA
from narrator.games.ravnica import events as rev
from narrator.games.werewolf.game import GAME as WEREWOLF
from narrator.prompts import use_game
from tests.games.werewolf_table import dealt
from tests.test_secrecy_audit import games
from tests.tui.driver import journal_until


class StoppedClock:
    """A countdown of the feed's: the same every time (the audit compares bytes)."""

    total = 120.0
    running = False

    def remaining(self) -> float:
        return 42.0


def pages_until_the_reveal(events, lang: str) -> list[bytes]:
    out, state = [], RAVNICA.initial()
    for event in events:
        if isinstance(event, rev.UltimatePriceRevealed):
            return out
        state = RAVNICA.apply(state, event)
        out.append(encode(snapshot(RAVNICA, state, lang, countdown=StoppedClock())))
    raise AssertionError("the game never revealed the Ultimate Price")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_ultimate_price_never_reaches_the_page_before_R29(lang):
    use_game(RAVNICA.words_dir)
    (_, game_a), (_, game_b) = games()
    assert game_a.state.ultimate_price != game_b.state.ultimate_price
    assert game_a.events != game_b.events  # the noted target differs
    pages_a = pages_until_the_reveal(game_a.events, lang)
    pages_b = pages_until_the_reveal(game_b.events, lang)
    assert len(pages_a) == len(pages_b) > 20
    assert pages_a == pages_b  # byte for byte, every page until the reveal


def test_a_ravnica_vote_shows_its_colour_and_live_tally():
    use_game(RAVNICA.words_dir)
    with tempfile.TemporaryDirectory() as folder:
        journal = journal_until(Path(folder), lambda s: s.ballot is not None and s.ballot.votes)
        page = snapshot(RAVNICA, journal.state, "en")
    extra = page["extra"]
    assert extra["colour"] in "WUBRG" and extra["colour_words"].startswith("The colour: ")
    assert sum(t["votes"] for t in extra["tally"]) == len(journal.state.ballot.votes)


def test_a_werewolf_page_is_the_table_as_seen_W33():
    use_game(WEREWOLF.words_dir)
    state = dealt()
    page = snapshot(WEREWOLF, state, "en")
    assert page["game"] == "werewolf" and len(page["extra"]["village"]) == 12
    assert set(page["extra"]["village"][0]) == {"occupied", "horizontal", "votes", "protected"}
    assert page["extra"]["supply_words"] == "Supply: 38"
    assert [s["marks"][0] for s in page["seats"]] == ["2 votes"] * 6
