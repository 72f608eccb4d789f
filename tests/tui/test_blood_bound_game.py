"""Blood Bound by keys through the shell (issue 20): a whole 9-player game with an
intervention (B12), the Assassin's and the Berserker's abilities (B17, B29), the Courtesan's
Fan, the fleur cross (B11) and the curses on the privacy screen (B19), a refused attack (B11),
the capture (B16, B22), every character keyed (B22), the leaders and the curses flipped
(B23–B26): the True Curse on the victorious leader, the Inquisitor steals the win.

The secrecy audit (B19, B21): two games that differ only in where the True Curse went give
the same public screens, spoken lines, records and display pages until the flips (B26). And
the same game in Russian shows no English word."""

from __future__ import annotations

import json
import re

import pytest
from textual.widgets import Input

from narrator.games.blood_bound.flow import FLIPS
from narrator.journal import Journal
from narrator.tui.game import GameScreen
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.setup import SetupScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import screen_text, settled_text, wait_for
from tests.tui.russian import english_words

NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
SIZE = (110, 36)
# (keys, entries they make): Eve takes the dagger and passes it to Bob; Bob attacks Cid, Dan
# and Fay offer and Cid picks Dan (B12), who shows the Assassin and wounds Hal twice (B29);
# Hal attacks Gus, the Berserker, who wounds him back; Hal shows the Courtesan: a Fan to Ann.
OPENING = [
    (("enter",), 1),  # B5: dealt
    (("enter",), 1),  # B8: the clues shown
    (("5",), 1),  # B9: Eve, as the table chose
    (("p", "2"), 1),
    (("a", "3"), 1),
    (("4",), 1),
    (("6",), 1),
    (("i", "4"), 1),
    (("2",), 1),  # Dan's rank token: the Assassin
    (("8",), 1),  # Hal, twice
    (("b",), 1),
    (("u",), 1),
    (("a", "7"), 1),  # Hal attacks Gus; nobody offers
    (("enter",), 1),
    (("7",), 1),  # the Berserker
    (("u",), 1),
    (("9",), 1),  # Hal's third token: the Courtesan
    (("1",), 1),  # a Fan to Ann
    (("p", "5"), 1),
    (("a", "2"), 1),  # Eve attacks Bob; Ivy offers, Bob takes it himself
    (("9",), 1),
    (("n",), 1),
    (("f",), 1),  # the fleur cross: Bob is the Inquisitor
]
# After the curses: Bob may not attack Hal (B11), passes to Eve, who captures Hal.
ENDING = [
    (("p", "5"), 1),
    (("a", "8"), 1),
    (("enter",), 1),  # nobody offers: the fourth wound captures (B16)
    (("enter",), 1),  # B22: the captured and the captor
]
CHARACTERS = [
    ("r", "1"),
    ("i",),
    ("r", "3"),
    ("r", "2"),
    ("b", "4"),
    ("b", "5"),
    ("r", "7"),
    ("b", "9"),
    ("b", "6"),
]
FLIPS_KEYED = [("1",), ("0",), ("0",)]  # Ann, Cid, Eve in seat order


def make(tmp_path, name: str, lang: str = "en"):
    from narrator.tui.app import NarratorApp

    return NarratorApp(
        data_dir=tmp_path / name,
        voice=CaptionsOnly(lang),
        pace=0.001,
        new=True,
        game="blood_bound",
        language=lang,
    )


class Game:
    """One game by keys: every public frame after each entry, and each page published."""

    def __init__(self, pilot, app) -> None:
        self.pilot, self.app = pilot, app
        self.frames: list[str] = []

    @property
    def entries(self) -> int:
        return len(self.app.journal.events) if self.app.journal else 0

    async def form(self, names=NAMES) -> None:
        pilot, app = self.pilot, self.app
        await wait_for(
            pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#name-0")
        )
        screen = app.screen
        screen.query_one("#count", Input).value = "9"
        await wait_for(pilot, lambda: len(screen.query("#names Input")) == 9)
        for i, name in enumerate(names):
            screen.query_one(f"#name-{i}", Input).value = name
        screen.query_one("#seed", Input).value = "7"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and self.entries == 1)

    async def keys(self, keys: tuple[str, ...], entries: int = 1) -> None:
        """Press ``keys``; wait for the entries they make, then read every moment held."""
        before = self.entries
        await self.pilot.press(*keys)
        await wait_for(self.pilot, lambda: self.entries == before + entries)
        await self.look()
        while self.app.pages:
            held = len(self.app.pages)
            await self.pilot.press("enter")
            await wait_for(self.pilot, lambda held=held: len(self.app.pages) < held)
            await self.look()

    async def look(self) -> None:
        await wait_for(self.pilot, lambda: isinstance(self.app.screen, GameScreen))
        self.frames.append(await settled_text(self.pilot))

    async def curses(self, seats: tuple[str, ...]) -> None:
        """B19 on the privacy screen: the True Curse's seat first, then the False ones."""
        pilot, app = self.pilot, self.app
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: "player's seat" in screen_text(app) or "место" in screen_text(app)
        )
        before = self.entries
        await pilot.press(*seats)
        await wait_for(pilot, lambda: self.entries == before + 1)
        await pilot.press("enter")  # the page after: hand the laptop back
        await self.look()


async def play(tmp_path, name: str, true_seat: str, lang: str = "en", until_flips=False):
    """The game of this file; ``true_seat``: the True Curse's key (Ann's is "1")."""
    falses = tuple(k for k in ("1", "3", "5") if k != true_seat)[:2]
    app = make(tmp_path, name, lang)
    pages: list[dict] = []
    async with app.run_test(size=SIZE) as pilot:
        game = Game(pilot, app)
        await game.form()
        assert await app.start_display()
        publish = app.display.publish
        app.display.publish = lambda page: (pages.append(page), publish(page))[1]
        for keys, entries in OPENING:
            await game.keys(keys, entries)
        await game.curses((true_seat, *falses))
        await pilot.press("a", "8")  # B11: the Inquisitor's attack on 3 wounds is refused
        await wait_for(pilot, lambda: "(B11)" in screen_text(app))
        await pilot.press("escape")
        for keys, entries in ENDING:
            await game.keys(keys, entries)
        for keys in CHARACTERS:
            await game.keys(keys)
        assert app.state.step == FLIPS
        record = app.game.record(app.state, app.journal.events, lang)
        spoken = list(app.voice.spoken)
        before = {  # what anyone saw and heard until the flips (B26)
            "frames": list(game.frames),
            "spoken": spoken,
            "record": record,
            "pages": [json.dumps(p, sort_keys=True) for p in pages],
        }
        if not until_flips:
            for keys in FLIPS_KEYED:
                await game.keys(keys)
        result = {
            **before,
            "before": before,
            "all_frames": game.frames,
            "state": app.state,
            "journal": app.journal.path,
            "screen": screen_text(app),
        }
        await app.stop_display()
    return result


@pytest.mark.long
async def test_a_nine_player_game_by_keys_the_true_curse_steals_the_win_and_is_secret_B19_B26(
    tmp_path,
):
    """The game of this file to its end; and the secrecy audit (B19, B21): the same game with
    the True Curse on Cid instead of Ann shows the same public frames, says the same lines and
    publishes the same pages, and its record is the same, until the curses are flipped."""
    game = await play(tmp_path, "ann", "1")
    on_cid = await play(tmp_path, "cid", "3", until_flips=True)
    assert game["state"].true_curse == 0 and on_cid["state"].true_curse == 2
    for part in ("frames", "spoken", "record", "pages"):
        assert game["before"][part] == on_cid["before"][part], part
    assert len(on_cid["pages"]) > 20
    s = game["state"]
    assert s.winner == "inquisitor" and s.reason == "true_curse"
    assert s.captured == 7 and s.captor == 4 and s.leaders == (0, 4)
    assert "The Inquisitor wins" in game["screen"]
    frames = "\n".join(game["all_frames"])
    for seen in (
        "Bob attacks Cid",  # B12: the title says the attack
        "Who offers to intervene?",  # and the window asks only who offers
        "Dan  offers",
        "Whom does Dan wound twice?",  # the Assassin
        "Does Gus wound the attacker?",  # the Berserker
        "Hal is captured",  # B16
        "Everyone reveals their character",  # B22
    ):
        assert seen in frames, seen
    events = Journal.open(game["journal"]).events  # every entry on disk
    assert [e.type for e in events].count("character_keyed") == 9
    assert events[-1].type == "curse_flipped"


@pytest.mark.long
async def test_the_same_game_in_russian_shows_no_english_word(tmp_path):
    game = await play(tmp_path, "ru", "1", lang="ru")
    assert game["state"].winner == "inquisitor"
    allowed = [*NAMES, "Markdown"]
    for frame in game["all_frames"]:
        frame = re.sub(r"[\w/.-]+\.(jsonl|md)\b", "", frame)
        assert not english_words(frame, allowed), frame
    for line in game["spoken"]:
        assert not english_words(line, allowed), line
