"""Ultimate Werewolf: Inquisition through the shell, by the keys a narrator presses: the
resident picker (W8), the Grand Inquisitor (W10), the deal, the first night said by the app
(W11), hut turns keyed by letter and spot (W12–W17), the vote and the lynch (W18–W20), the
night's column and the pass paced by the app (W23–W24), the attack and the Cursed (W25, W28),
a resume in the middle of the pass (W37), and the winner (W31)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from narrator.games.werewolf.events import ColumnChosen
from narrator.games.werewolf.state import Step
from narrator.tui.app import NarratorApp
from narrator.tui.game import GameScreen
from narrator.tui.setup import SetupScreen
from narrator.tui.speech import CaptionsOnly

SIZE = (100, 32)
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
# The residents keyed one by one: 3 Werewolves, the Cursed, the Wolf Cub and 7 others (W8)
PICKS = "wwwcfsanlkby"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class TimedVoice(CaptionsOnly):
    """Captions, with the moment each line was said (to measure the pass, W24)."""

    def __init__(self, language: str = "en") -> None:
        super().__init__(language)
        self.said: list[tuple[str, float]] = []

    def say(self, prompt_id: str, urgent: bool = False, **params) -> str:
        self.said.append((prompt_id, time.monotonic()))
        return super().say(prompt_id, urgent, **params)


def make_app(tmp_path: Path, **kwargs) -> NarratorApp:
    kwargs.setdefault("data_dir", tmp_path / "games")
    kwargs.setdefault("voice", CaptionsOnly())
    kwargs.setdefault("pace", 0.001)
    kwargs.setdefault("clock", FakeClock())
    if "resume" not in kwargs:
        kwargs.setdefault("game", "werewolf")
    return NarratorApp(**kwargs)


def screen_text(app) -> str:
    """Everything the terminal shows now, as plain text (toasts included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def wait_for(pilot, predicate, tries: int = 400) -> None:
    for _ in range(tries):
        if predicate():
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never reached the expected state")


def on_step(app, step: Step) -> bool:
    return isinstance(app.screen, GameScreen) and app.state.step == step and not app.pages


async def set_up(pilot, app) -> None:
    """The form, the picker, the Grand Inquisitor (Ann), the deal; the first night runs."""
    from textual.widgets import Input

    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
    app.screen.query_one("#count", Input).value = "6"
    await pilot.pause()
    for i, name in enumerate(NAMES):
        app.screen.query_one(f"#name-{i}", Input).value = name
    app.screen.query_one("#seed", Input).value = "5"
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: on_step(app, Step.RESIDENTS))
    await pilot.press(*PICKS)
    await wait_for(pilot, lambda: len(app.state.residents) == 12)
    await pilot.press("enter")  # W8: the 12 chosen
    await wait_for(pilot, lambda: on_step(app, Step.GRAND_INQUISITOR))
    await pilot.press("1")  # W10: Ann
    await wait_for(pilot, lambda: on_step(app, Step.DEAL))
    await pilot.press("1", "2", "3", "4", "enter")
    await wait_for(pilot, lambda: on_step(app, Step.HUTS))  # the first night said itself


NAMED = ("enter", "escape", "backspace")


async def press(pilot, *keys: str) -> None:
    """Keys as typed: "c1" is c then 1; a named key ("enter") is one key."""
    for key in keys:
        await pilot.press(*([key] if key in NAMED else key))


async def hut(pilot, app, *keys: str) -> None:
    turn = (app.state.day, app.state.turn)
    await press(pilot, *keys)
    await wait_for(
        pilot, lambda: (app.state.day, app.state.turn) != turn or app.state.step != Step.HUTS
    )


async def votes(pilot, app, *spots: str) -> None:
    for spot in spots:
        cast = len(app.state.cast)
        await press(pilot, spot)
        await wait_for(pilot, lambda n=cast + 1: len(app.state.cast) == n)


async def night_of_day_one(pilot, app) -> None:
    """Day one played by keys, D1 lynched (a Seer), to the night's column (W23)."""
    await set_up(pilot, app)
    for keys in (("c", "enter"), ("s", "a1"), ("l", "b1"), ("l", "b2"), ("l", "b3"), ("y", "1")):
        await hut(pilot, app, *keys)
    while app.state.voter is not None:
        await votes(pilot, app, "d1")
    await press(pilot, "enter", "enter")
    await wait_for(pilot, lambda: on_step(app, Step.LYNCH_REVEAL))
    await press(pilot, "s")
    await wait_for(pilot, lambda: app.pages)
    await press(pilot, "enter")
    await wait_for(pilot, lambda: on_step(app, Step.NIGHT_COLUMN))


async def test_a_first_day_and_night_by_keys_with_the_cursed_turning_W8_W17_W24_W28(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await set_up(pilot, app)
        said = app.voice.spoken
        assert (
            "Everyone, close your eyes." in said
            and "Werewolves, open your eyes and see each other." in said
        )
        text = screen_text(app)
        assert "Ann's hut turn (1 of 6)" in text and "Supply: 38" in text
        await pilot.press("o")  # no Mason in this village: refused with its rule
        await wait_for(pilot, lambda: "No Mason hut is left today (W12)" in screen_text(app))
        await hut(pilot, app, "c", "enter")  # Ann: Cursed, take 4 (W17), cursed_used (W16)
        assert app.state.cursed_used and app.state.held[0] == 6
        await pilot.press("b", "b", "2")  # Bob: the Bodyguard on B2 ...
        await wait_for(pilot, lambda: app.state.turn == 2)
        await pilot.press("k")  # Cid: the Witch, but no spot has votes to move
        await pilot.press("a", "1", "b", "2")
        await wait_for(pilot, lambda: "A1 has no vote on it (W17)" in screen_text(app))
        await pilot.press("escape", "l", "b", "2")  # Villager on the protected B2: refused
        await wait_for(pilot, lambda: "B2 is protected by the Bodyguard" in screen_text(app))
        await pilot.press("C", "1")  # a spot typed in capitals is the same key
        await wait_for(pilot, lambda: app.state.turn == 3)
        assert app.state.spots[6].votes == 1  # C1
        assert "Cid: take 2 votes; put 1 on C1 and keep the rest." in app.voice.spoken
        await hut(pilot, app, "s", "c1")  # Dee: Seer on C1 (W17)
        await hut(pilot, app, "a", "p")  # Eve: takes the Apprentice Seer hut and passes (+2)
        await hut(pilot, app, "l", "d3")  # Fay: Villager on D3
        await wait_for(pilot, lambda: on_step(app, Step.VOTE))
        assert app.state.total_votes == 50  # W4
        await votes(pilot, app, "c1", "c1", "c1", "d3", "c1", "d3")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.pages and "C1 is lynched" in screen_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, Step.LYNCH_REVEAL))
        await pilot.press("w")
        await wait_for(pilot, lambda: app.pages and "C1 was the Werewolf" in screen_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, Step.NIGHT_COLUMN))
        assert "Ann, the Grand Inquisitor, chooses a column" in screen_text(app)
        await pilot.press("d")  # W23; then the pass runs with no key (W24)
        await wait_for(pilot, lambda: on_step(app, Step.ATTACK_REVEAL))
        assert app.voice.spoken.count("Pass.") == 6
        assert "turn over the bottom card, D3" in app.voice.spoken[-1]
        await pilot.press("c")  # W28: the Cursed, used today, turns
        await wait_for(pilot, lambda: app.pages and "becomes a werewolf" in screen_text(app))
        assert app.state.converted and "cursed" in app.state.alive


async def test_every_turn_of_the_pass_is_the_same_cue_and_the_same_pause_W24(tmp_path):
    """The same cue and the same pause for every seat, nothing else said between them (how
    long each turn really lasts is measured by scripts/bench: "night pass")."""
    voice = TimedVoice()
    app = make_app(tmp_path, voice=voice)
    async with app.run_test(size=SIZE) as pilot:
        await night_of_day_one(pilot, app)
        turns = []
        state = app.game.apply(app.state, ColumnChosen("C"))
        while state.step == Step.NIGHT_PASS:
            paced = app.game.step(state).primary.event
            turns.append(paced.lines[-1])
            assert paced.auto and paced.pausable and paced.restart == len(paced.lines) - 1
            state = app.game.apply(state, paced.then)
        assert turns == [("ww_pass", 6.0)] * 6
        await pilot.press("c")
        await wait_for(pilot, lambda: on_step(app, Step.ATTACK_REVEAL), tries=1000)
    said = [prompt_id for prompt_id, _ in voice.said]
    night = said[said.index("ww_pass_start") :]
    assert night == ["ww_pass_start", *["ww_pass"] * 6, "ww_pass_end"]


async def test_a_game_killed_mid_pass_resumes_at_the_same_turn_with_eyes_closed_W37(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await night_of_day_one(pilot, app)
        app.pace = 0.05  # slow enough to stop it in its second turn
        await pilot.press("c")
        await wait_for(pilot, lambda: app.state.passes == 2, tries=1000)
        path, state = app.journal.path, app.state
    again = make_app(tmp_path, resume=path)  # nothing saved on the way out: the journal only
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: again.voice.spoken and "Keep your eyes closed." in again.voice.spoken
        )
        assert again.state.step == Step.NIGHT_PASS and again.state.passes >= state.passes
        await wait_for(pilot, lambda: on_step(again, Step.ATTACK_REVEAL), tries=1000)
        kinds = [e.type for e in again.journal.events]
        night = kinds[len(kinds) - 1 - kinds[::-1].index("column_chosen") :]
        assert night.count("pass_turned") == 6  # one a seat, the resumed turns included
        assert again.state.column == "C" and again.state.held == state.held


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_every_step_of_a_werewolf_game_is_worded_in_its_language(tmp_path, lang):
    """The whole of a Russian game is Russian: the form, the picker, the steps, the grid."""
    app = make_app(tmp_path, voice=CaptionsOnly(lang), language=lang)
    async with app.run_test(size=SIZE) as pilot:
        await set_up(pilot, app)
        text = screen_text(app)
        if lang == "ru":
            assert "Hut" not in text and "Supply" not in text and "votes" not in text
        else:
            assert "Supply: 38" in text
