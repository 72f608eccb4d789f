"""Enter never does the harmful thing (issue 17 item 4): every confirmation takes y for yes and
Enter, Esc and n for no, in English and in Russian (where н and т, on the keys of y and n, do
the same), and its hint line says so. And the help names what [ and ] each do (item 10)."""

from __future__ import annotations

import pytest

from narrator.games.ravnica.state import Step
from narrator.tui.game import GameScreen
from narrator.tui.help import help_rows
from narrator.tui.modals import ConfirmScreen, HelpScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import journal_until, wait_for, wait_for_text

SIZE = (100, 30)
HINT = {"en": "y: yes · n / Enter / Esc: no", "ru": "y: да · n / Enter / Esc: нет"}
# What says no, and what says yes; on a Russian layout т is the key of n and н the key of y.
NO = {"en": ("enter", "escape", "n"), "ru": ("enter", "escape", "n", "т")}
YES = {"en": "y", "ru": "н"}


def two_votes_in(tmp_path):
    """A game in its first election, two votes cast: ctrl+z has an entry to undo."""
    reached = lambda s: s.step is Step.ELECTION and len(s.ballot.votes) == 2  # noqa: E731
    return journal_until(tmp_path / "games", reached).path


def resumed(make_app, tmp_path, lang: str):
    return make_app(
        resume=two_votes_in(tmp_path), new=False, language=lang, voice=CaptionsOnly(lang)
    )


async def ask(pilot, app, key: str, lang: str) -> str:
    """Press ``key`` and wait for its question, with the hint line of the dialog."""
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    return await wait_for_text(pilot, HINT[lang])


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_after_ctrl_z_only_y_undoes(make_app, tmp_path, lang):
    app = resumed(make_app, tmp_path, lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.journal)
        entries = len(app.journal.events)
        question = None
        for no in NO[lang]:
            await ask(pilot, app, "ctrl+z", lang)
            # The dialog is up again: whatever the last answer did is done, and it undid
            # nothing (the question still names the same last entry; only the question is
            # compared: the screen behind it may redraw).
            assert len(app.journal.events) == entries, no
            question = question or app.screen.question
            assert app.screen.question == question
            await pilot.press(no)
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await ask(pilot, app, "ctrl+z", lang)
        assert len(app.journal.events) == entries
        await pilot.press(YES[lang])
        await wait_for(pilot, lambda: len(app.journal.events) == entries - 1)
        await wait_for(pilot, lambda: len(app.state.ballot.votes) == 1)


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_ctrl_q_quits_only_on_y(make_app, tmp_path, lang):
    app = resumed(make_app, tmp_path, lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.journal)
        for no in NO[lang]:
            await ask(pilot, app, "ctrl+q", lang)
            assert app.is_running, no  # the last answer did not quit
            await pilot.press(no)
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await ask(pilot, app, "ctrl+q", lang)
        assert app.is_running
        await pilot.press(YES[lang])
        await wait_for(pilot, lambda: not app.is_running)


async def test_enter_in_the_end_discussion_dialog_says_no_and_y_ends_it(make_app, tmp_path):
    journal_dir = tmp_path / "games"
    path = journal_until(journal_dir, lambda s: s.step is Step.DISCUSSION).path
    app = make_app(resume=path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.countdown is not None)
        for no in NO["en"]:
            await ask(pilot, app, "enter", "en")  # Enter in a running discussion asks first
            assert app.state.step is Step.DISCUSSION, no
            await pilot.press(no)
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await ask(pilot, app, "enter", "en")
        assert app.state.step is Step.DISCUSSION
        await pilot.press("y")
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)


@pytest.mark.parametrize(
    ("lang", "down", "up"), [("en", "volume −", "volume +"), ("ru", "тише", "громче")]
)
async def test_the_help_says_what_each_volume_key_does(make_app, tmp_path, lang, down, up):
    app = resumed(make_app, tmp_path, lang)
    async with app.run_test(size=(100, 60)) as pilot:  # tall: every row of the help at once
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.journal)
        rows = dict(help_rows(app))  # the help's rows for this screen, key -> what it does
        assert (rows["["], rows["]"]) == (down, up)
        assert rows["F2"].startswith("the table display" if lang == "en" else "экран для стола")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await wait_for_text(pilot, down, up, "ctrl+q")
