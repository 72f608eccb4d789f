"""Ultimate Werewolf: Inquisition through the shell, by the keys a narrator presses: the
resident picker (W8), the Grand Inquisitor (W10), the deal, the first night said by the app
(W11), hut turns keyed by letter and spot (W12–W17), the vote and the lynch (W18–W20), the
night's column and the pass paced by the app (W23–W24), the attack and the Cursed (W25, W28),
a resume in the middle of the pass (W37), and the winner (W31)."""

from __future__ import annotations

import re

import pytest

from narrator.games.werewolf.events import ColumnChosen
from narrator.games.werewolf.state import Step
from narrator.tui.speech import CaptionsOnly
from tests.tui.russian import english_words
from tests.tui.werewolf_driver import (
    NAMES,
    TimedVoice,
    hut,
    make_app,
    night_of_day_one,
    on_step,
    press,
    screen_text,
    set_up,
    votes,
    wait_for,
)

SIZE = (100, 32)
W_RULE = re.compile(r"W\d+")  # rule ids stay as they are


@pytest.mark.long
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
        await wait_for(pilot, lambda: "There is no Mason in this village" in screen_text(app))
        await hut(pilot, app, "c", "enter")  # Ann: Cursed, take 4 (W17), cursed_used (W16)
        assert app.state.cursed_used and app.state.held[0] == 6
        await pilot.press("ctrl+z")  # undo asks first, then drops the last entry (W37)
        await wait_for(pilot, lambda: "Seat 1 (Ann): Cursed." in screen_text(app))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.state.turn == 0 and on_step(app, Step.HUTS))
        assert not app.state.cursed_used and app.state.total_votes == 50
        await hut(pilot, app, "c", "enter")
        await pilot.press("b", "b", "2")  # Bob: the Bodyguard on B2 ...
        await wait_for(pilot, lambda: app.state.turn == 2)
        await pilot.press("k")  # Cid: the Witch, but no spot has votes to move: refused at once
        await pilot.press("a", "1")
        await wait_for(pilot, lambda: "A1 has no vote on it (W17)" in screen_text(app))
        assert app.screen.path == ("witch",)  # still asking for the spot the votes leave
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
        await wait_for(pilot, lambda: on_step(app, Step.ATTACK_REVEAL))
    said = [prompt_id for prompt_id, _ in voice.said]
    night = said[said.index("ww_pass_start") :]
    assert night == ["ww_pass_start", *["ww_pass"] * 6, "ww_pass_end"]


@pytest.mark.long
async def test_a_game_killed_mid_pass_resumes_at_the_same_turn_with_eyes_closed_W37(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await night_of_day_one(pilot, app)
        app.pace = 0.15  # slow enough to stop it in its third turn, even on a loaded machine
        await pilot.press("c")
        await wait_for(pilot, lambda: app.state.passes >= 2)
        path, state = app.journal.path, app.state
    again = make_app(tmp_path, resume=path)  # nothing saved on the way out: the journal only
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: again.voice.spoken and "Keep your eyes closed." in again.voice.spoken
        )
        assert again.state.step == Step.NIGHT_PASS and again.state.passes >= state.passes
        await wait_for(pilot, lambda: on_step(again, Step.ATTACK_REVEAL))
        kinds = [e.type for e in again.journal.events]
        night = kinds[len(kinds) - 1 - kinds[::-1].index("column_chosen") :]
        assert night.count("pass_turned") == 6  # one a seat, the resumed turns included
        assert again.state.column == "C" and again.state.held == state.held


SPOTS = {f"{c}{r}" for c in "ABCD" for r in "123"} | set("ABCD")  # the grid, as on the table


def assert_russian(app) -> None:
    text = screen_text(app)
    latin = [w for w in english_words(text, NAMES) if w not in SPOTS and not W_RULE.fullmatch(w)]
    assert latin == [], text


@pytest.mark.long
async def test_a_russian_werewolf_game_is_russian_on_every_screen(tmp_path):
    """Every language is the whole app: the picker, the huts, a hut's targets, the vote, the
    night, the pass and the attack, the grid beside them: no English word on any of them."""
    app = make_app(tmp_path, voice=CaptionsOnly("ru"), language="ru")
    async with app.run_test(size=SIZE) as pilot:
        await night_of_day_one(pilot, app)  # the huts and the vote drawn on the way
        assert_russian(app)
        assert "Великий инквизитор" in screen_text(app)
        app.pace = 0.05  # slow enough to read the pass's screen, even on a loaded machine
        await press(pilot, "c")
        await wait_for(pilot, lambda: app.state.step == Step.NIGHT_PASS and app.screen.paced)
        assert_russian(app)
        await wait_for(pilot, lambda: on_step(app, Step.ATTACK_REVEAL))
        assert_russian(app)
        await press(pilot, "w")
        await wait_for(pilot, lambda: app.pages)
        assert_russian(app)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: on_step(app, Step.HUTS))
        assert_russian(app)
        await press(pilot, "k")  # the Witch's targets (W17)
        await wait_for(pilot, lambda: app.screen.path == ("witch",))
        assert_russian(app)
