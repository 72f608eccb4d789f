"""What the table can read, at 80×24 and 120×40 (issue 3): names in full, the countdown's bar
drawn, the lines said on the privacy screen shown when the game screen returns, the winner
full-screen."""

from __future__ import annotations

import pytest
from textual.widgets import ProgressBar

from narrator.games.ravnica.state import Step
from narrator.tui.ravnica.table import TableView
from tests.tui.driver import (
    journal_until,
    play_until,
    random_picker,
    screen_text,
    setup_game,
    until,
    wait_for,
    wait_for_text,
)

NAMES = ["Annabelle", "Bartholomew", "Cid", "Dee", "Evangeline", "Fay", "Gus"]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_name_is_shown_in_full_and_the_countdown_bar_is_drawn_R11(make_app, size):
    app = make_app(clock=lambda: 0.0)
    async with app.run_test(size=size) as pilot:
        await setup_game(pilot, app, 7, seed=3, names=NAMES)
        await play_until(pilot, app, Step.DISCUSSION, random_picker(3))

        def names_and_bar_shown() -> None:
            table = screen_text(app)
            for name in NAMES:
                assert name in table, (name, size)
            bar = app.screen.query_one("#progress", ProgressBar).query_one("Bar")
            progress = app.screen.query_one("#progress").region
            assert bar.region.height == 1 and progress.contains_region(bar.region)
            assert bar.region.width >= 20

        await until(pilot, names_and_bar_shown)


async def test_lines_said_on_the_privacy_screen_show_after_it_and_the_winner_is_full_screen(
    make_app, tmp_path
):
    """R25/R26: "Ablaze goes to …" and the final discussion are said while the privacy screen
    closes; the game screen shows them when it returns. R31: the winner takes the screen."""
    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.ABLAZE_DRAW, seed=6)
    app = make_app(clock=lambda: 0.0, resume=journal.path, new=False)
    async with app.run_test(size=(80, 24)) as pilot:
        pick = random_picker(6)
        await wait_for(pilot, lambda: "private step" in screen_text(app))
        await play_until(pilot, app, Step.FINAL_DISCUSSION, pick)
        await wait_for(pilot, lambda: "of discussion. Decide who must die." in screen_text(app))
        await play_until(pilot, app, Step.OVER, pick)
        await wait_for_text(pilot, " WIN")
        await wait_for(pilot, lambda: not app.screen.query_one(TableView).display)


async def test_the_help_scrolls_to_its_last_key_at_80x24(make_app):
    from narrator.tui.home import HomeScreen
    from narrator.tui.modals import HelpScreen

    app = make_app(new=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        # Built from the live bindings: the home screen's keys, not a game's.
        assert "Backspace" not in await wait_for_text(pilot, "New game")
        await pilot.press("end")
        await wait_for(pilot, lambda: "ctrl+q" in screen_text(app))


async def test_the_footer_relabels_its_keys_at_a_new_step_and_shows_only_that_step_s(
    make_app, tmp_path
):
    """The Footer at a new step (the discussion ended: the election, R14) shows that step's
    keys, each with its label, and none of the last step's; it relabels the keys it has
    rather than building itself again (``FittingFooter.relabel``)."""
    from textual.widgets import Footer

    from tests.tui.test_fit import footer_ready

    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.DISCUSSION, seed=6)
    app = make_app(clock=lambda: 0.0, resume=journal.path, new=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.state.step is Step.DISCUSSION)
        await wait_for(pilot, lambda: footer_ready(app.screen))
        footer = app.screen.query_one(Footer)
        before = list(footer.query("FooterKey"))
        actions = {key.action for key in before}
        assert "end_discussion" in actions
        await pilot.press("e")
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)
        await wait_for(pilot, lambda: footer_ready(app.screen))
        after = list(footer.query("FooterKey"))
        assert "end_discussion" not in {key.action for key in after}
        assert set(before) & set(after), "the Footer was built again"
        text = screen_text(app).splitlines()[-1]
        for key in after:
            if key.display:
                assert f"{key.key_display} {key.description}".strip() in text, (key.action, text)
