"""What the page tells at each moment (feed.snapshot), in en and ru: who has the laptop, who
votes now and each vote (R14, R27), the result as a sentence, the end with the winner and why
(R31, W31), each death with its cause and the roles; Werewolf's hut turns, votes, the column
passed and the hidden pool with its duplicates (W33). Nothing of the end before its reveal."""

from __future__ import annotations

from dataclasses import replace

import pytest

from narrator.display.feed import clock, snapshot
from narrator.games.ravnica import GAME as RAVNICA
from narrator.games.ravnica import events as rev
from narrator.games.werewolf import events as wev
from narrator.games.werewolf import rules
from narrator.games.werewolf.game import GAME as WEREWOLF
from narrator.prompts import use_game
from narrator.timer import Countdown
from tests.games.werewolf_table import dealt, pass_huts
from tests.test_secrecy_audit import games

END = {
    "en": ("dies: voted out.", "dies: Ablaze.", "dies: the Ultimate Price.", "(R31)"),
    "ru": ("по итогам голосования", "от Пламени", "от Финальной цены", "(R31)"),
}
LAPTOP = {"en": "takes a secret step: everyone else looks away.", "ru": "остальные не смотрят."}
VOTES = {"en": ("votes now.", "Votes so far: "), "ru": ("Голосует ", "Голоса: ")}
RESULT = {"en": "leads.", "ru": "Новый лидер — "}


def ravnica_pages(lang: str) -> list[tuple[object, object, dict]]:
    """Game A of the secrecy audit, each entry with the page it leaves."""
    use_game(RAVNICA.words_dir)
    (_, game), _ = games()
    out, state = [], RAVNICA.initial()
    for event in game.events:
        state = RAVNICA.apply(state, event)
        out.append((event, state, snapshot(RAVNICA, state, lang)))
    return out


def told(page: dict) -> list[str]:
    return list(page["extra"].get("told", ()))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ravnica_tells_each_moment_and_the_end(lang):
    pages = ravnica_pages(lang)
    every = [line for _, _, page in pages for line in told(page)]
    assert any(LAPTOP[lang] in line for line in every)  # a secret draw (R18)
    assert all(any(part in line for line in every) for part in VOTES[lang])  # R14, open votes
    assert any(RESULT[lang] in line for line in every)  # the election's result
    _, state, last = pages[-1]
    assert state.step.value == "over"
    end = "\n".join(last["lines"])
    for part in END[lang]:  # the winner and why, each death with its cause
        assert part in end, (part, end)
    for seat, _ in state.roles:  # the roles revealed (R30)
        assert state.players[seat] + ":" in end


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_nothing_of_the_end_before_its_reveal_R29(lang):
    price = END[lang][2]
    for event, _state, page in ravnica_pages(lang):
        if isinstance(event, rev.UltimatePriceRevealed):
            assert any(price in line for line in told(page))  # now it is told
            return
        text = repr(page)
        assert price not in text and "(R31)" not in text
    raise AssertionError("never revealed")


def test_the_laptop_page_says_nothing_of_the_draw_R18():
    for _event, state, page in ravnica_pages("en"):
        if LAPTOP["en"] in " ".join(told(page)):
            assert len(told(page)) == 1  # the leader's name and colour, nothing more
            leader = state.players[state.leader_of(state.round_colour or "R")]
            assert told(page)[0].startswith(leader + ", the ")


def test_a_clock_only_while_a_countdown_runs_or_is_paused():
    now = [0.0]
    countdown = Countdown(60, lambda: now[0])
    assert clock(countdown) == {"paused": True, "left": 60.0, "total": 60.0}  # not started
    countdown.start()
    assert clock(countdown, now=1000.0)["ends_at"] == 1_060_000
    now[0] = 59.0
    countdown.pause()
    assert clock(countdown) == {"paused": True, "left": 1.0, "total": 60.0}
    countdown.start()
    now[0] = 61.0  # time is up: no red 0:00 left on the page
    assert clock(countdown) is None
    assert clock(None) is None


@pytest.mark.parametrize(
    ("lang", "pool", "hut", "vote", "lynched", "passing"),
    [
        (
            "en",
            "Werewolf ×4",
            "takes a hut now",
            "votes now",
            "lynched, was the Werewolf",
            "Column",
        ),
        ("ru", "Оборотень ×4", "берёт домик", "Голосует место", "казнь: это Оборотень", "столбец"),
    ],
)
def test_werewolf_tells_turns_votes_the_lynch_and_the_pool(lang, pool, hut, vote, lynched, passing):
    use_game(WEREWOLF.words_dir)
    state = dealt()
    page = snapshot(WEREWOLF, state, lang)
    assert pool in page["extra"]["hidden_words"]  # the duplicates (W33)
    assert hut in told(page)[0] and state.players[state.hut_seat] in told(page)[0]  # W12
    assert [s["turn"] for s in page["seats"]].count(True) == 1
    state = pass_huts(state)
    state = rules.apply(state, wev.VoteCast(state.voter, "a1"))
    lines = told(snapshot(WEREWOLF, state, lang))
    assert vote in lines[0] and "→ A1" in lines[1]  # who votes now, each vote (W18)
    while state.voter is not None:
        state = rules.apply(state, wev.VoteCast(state.voter, "a1"))
    state = rules.apply(state, wev.VotesCounted())
    state = rules.apply(state, wev.Revealed("werewolf"))
    page = snapshot(WEREWOLF, state, lang)
    assert lynched in told(page)[0]  # the result as a sentence (W20)
    assert pool.replace("4", "3") in page["extra"]["hidden_words"]
    state = rules.apply(state, wev.ColumnChosen("b"))
    assert passing in told(snapshot(WEREWOLF, state, lang))[0]  # the column passed (W24)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("THE VILLAGERS WIN", "(W31)", "day 2: Werewolf (lynched)", "werewolf (W38)")),
        ("ru", ("(W31)", "Погибли к дню 2: Оборотень (казнь)", "оборотень (W38)")),
    ],
)
def test_the_werewolf_end_names_the_winners_why_the_dead_and_the_cards(lang, words):
    use_game(WEREWOLF.words_dir)
    state = dealt()
    assert snapshot(WEREWOLF, state, lang)["lines"] == []  # nothing of an end before it
    cards = ("werewolf",) + (None,) * (state.count - 1)
    over = replace(
        state, step="over", winner="villagers", day=2, dead=("werewolf",), causes=("lynched",)
    )
    page = snapshot(WEREWOLF, replace(over, inquisitors=cards), lang)
    end = "\n".join([page["step"], *page["lines"]])  # the winners head the page
    for part in words:
        assert part in end, (part, end)
    assert "told" not in page["extra"]
