"""One rule for every screen the app opens over another (issue 31, narrator/tui/stacking.py):
the palette closes when anything opens over it, a question holds the keys until it is answered,
and no screen is stacked twice. ctrl+p, ctrl+z, ctrl+p crashed the app (a second palette)."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from textual.command import CommandPalette

from narrator.games.ravnica.private_view import needs_privacy
from narrator.games.ravnica.state import Step
from narrator.tui.game import GameScreen
from narrator.tui.home import HomeScreen
from narrator.tui.modals import ConfirmScreen, SettingsScreen
from narrator.tui.privacy import PrivacyScreen
from tests.tui.driver import (
    journal_until,
    open_privacy_screen,
    settled_text,
    wait_for,
    wait_for_text,
)

SIZE = (100, 30)

# What opens a screen over the game screen, and its key.
OVER_THE_GAME = {
    "palette": "ctrl+p",
    "help": "question_mark",
    "record": "t",
    "undo": "ctrl+z",
    "quit": "ctrl+q",
    "display": "f2",
}
OVER_THE_PRIVACY_SCREEN = {k: OVER_THE_GAME[k] for k in ("palette", "help", "undo", "quit")}
OVER_HOME = {"palette": "ctrl+p", "help": "question_mark", "settings": "s"}


ANSWER_FIRST = "Answer the question first: y for yes, n for no."


def toasts(app) -> list[str]:
    return [n.message for n in app._notifications]


def palette_open(app) -> bool:
    return any(isinstance(screen, CommandPalette) for screen in app.screen_stack)


def stacked(app) -> list[str]:
    return [type(screen).__name__ for screen in app.screen_stack]


def assert_one_of_each(app) -> None:
    """No screen twice, at most one question, the palette only on top."""
    kinds = Counter(type(screen) for screen in app.screen_stack)
    assert max(kinds.values()) == 1, stacked(app)
    palettes = [i for i, s in enumerate(app.screen_stack) if isinstance(s, CommandPalette)]
    assert palettes in ([], [len(app.screen_stack) - 1]), stacked(app)
    assert app.is_running


async def close_all(pilot, base: type) -> None:
    """Esc until the screen the pairs are opened over is on top (Esc answers a question no)."""
    app = pilot.app
    for _ in range(8):
        if isinstance(app.screen, base):
            return
        depth = len(app.screen_stack)
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) < depth)  # noqa: B023 - awaited here
    await wait_for(pilot, lambda: isinstance(app.screen, base))


async def every_pair(pilot, base: type, openers: dict[str, str]) -> None:
    """Open each pair of screens in both orders and again, as a storm would, over ``base``."""
    app = pilot.app
    for first, second in product(openers, repeat=2):
        await pilot.press(openers[first], openers[second], openers[first], openers[second])
        await pilot.pause()
        assert_one_of_each(app), (first, second)
        await close_all(pilot, base)


async def test_ctrl_p_ctrl_z_ctrl_p_opens_the_undo_question_once_and_never_a_second_palette(
    make_app, tmp_path
):
    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.DISCUSSION)
    app = make_app(resume=journal.path, new=False)
    said: list[str] = []  # every toast, also one gone after its 4 s on a busy machine
    notify = app.notify
    app.notify = lambda message, **kw: (said.append(message), notify(message, **kw))[1]
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("ctrl+p", "ctrl+z", "ctrl+p")
        await wait_for_text(pilot, "Undo the last entry?")
        await wait_for(pilot, lambda: ANSWER_FIRST in said)
        assert stacked(app)[-1] == "ConfirmScreen" and not palette_open(app)
        await pilot.press("n", "ctrl+p", "ctrl+q", "ctrl+p")
        await wait_for_text(pilot, "Quit")
        await wait_for(pilot, lambda: said.count(ANSWER_FIRST) == 2)
        assert stacked(app)[-1] == "ConfirmScreen" and not palette_open(app)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.is_running


async def test_a_second_ctrl_z_under_the_undo_question_never_undoes_twice(make_app, tmp_path):
    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.DISCUSSION)
    entries = len(journal.events)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+q", "y")
        await wait_for(pilot, lambda: len(app.journal.events) == entries - 1)
        await settled_text(pilot)
        assert isinstance(app.screen, GameScreen) and len(app.journal.events) == entries - 1


@pytest.mark.long
async def test_every_pair_of_screens_over_the_game(make_app, tmp_path):
    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.ELECTION)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        entries = len(app.journal.events)
        await every_pair(pilot, GameScreen, OVER_THE_GAME)
        assert len(app.journal.events) == entries  # Esc answers every question no


@pytest.mark.long
async def test_every_pair_of_screens_over_the_privacy_screen(make_app, tmp_path):
    journal = journal_until(tmp_path / "games", needs_privacy, seed=7)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        await open_privacy_screen(pilot)
        await every_pair(pilot, PrivacyScreen, OVER_THE_PRIVACY_SCREEN)


@pytest.mark.long
async def test_every_pair_of_screens_over_home_and_settings_once(make_app):
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await every_pair(pilot, HomeScreen, OVER_HOME)
        await pilot.press("s", "ctrl+p", "question_mark")  # help over settings, no palette
        await settled_text(pilot)
        assert_one_of_each(app)
        assert [s for s in app.screen_stack if isinstance(s, SettingsScreen | ConfirmScreen)]


async def test_a_search_of_the_palette_as_it_closes_never_crashes_the_app(make_app, tmp_path):
    """Found by the storm: the palette's search ran on after its list was gone."""
    from textual.command import CommandList

    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.DISCUSSION)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        palette = app.screen
        await palette.query_one(CommandList).remove()  # as it is taken away
        worker = palette._gather_commands("und")
        await worker.wait()
        assert app.is_running and app._exception is None
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


@pytest.mark.parametrize("opener", ["help", "undo", "palette", "display"])
async def test_the_game_behind_a_dialog_is_dimmed_as_textual_dims_it(make_app, tmp_path, opener):
    """``widgets.DimmedBehind`` (each style's dimmed style worked out once) draws the screen
    behind each dialog piece by piece as Textual's own ``BackgroundScreen`` draws it, twice
    in a row (the second from its memory)."""
    from rich.console import Console
    from textual.renderables.background_screen import BackgroundScreen

    from narrator.tui.widgets import Dimmed, DimmedBehind

    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.ELECTION, seed=3)
    app = make_app(resume=journal.path, new=False, clock=lambda: 0.0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await settled_text(pilot)
        await pilot.press(OVER_THE_GAME[opener])
        await wait_for(pilot, lambda: not isinstance(app.screen, GameScreen))
        dialog, behind = app.screen, app.screen_stack[-2]
        assert isinstance(dialog, Dimmed) and isinstance(behind, GameScreen)
        drawn = DimmedBehind(behind, dialog.styles.background)
        console = Console(width=SIZE[0], height=SIZE[1], color_system="truecolor")
        with app._context():  # as the app draws it
            textual = list(console.render(BackgroundScreen(behind, drawn.color)))
            assert len({segment.style for segment in textual}) > 5, textual[:9]
            for _ in range(2):
                assert list(console.render(drawn)) == textual
