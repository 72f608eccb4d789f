"""Who deals the guilds (R6) is one of Ravnica's options, journaled: a killed app that resumes
at the deal keeps the table's own deal, not the app's."""

from __future__ import annotations

from textual.widgets import Input, Select

from narrator.games.ravnica.state import Step
from narrator.tui.ravnica.deal import DealScreen
from narrator.tui.setup import SetupScreen
from tests.tui.driver import wait_for


def keyed_in_at_the_table(app) -> bool:
    """The deal screen of a physical deal: one guild to pick a seat, no app deal to accept."""
    return (
        isinstance(app.screen, DealScreen)
        and app.screen.mode == "physical"
        and bool(app.screen.query("#guild-4"))
    )


async def test_a_resumed_game_keeps_the_table_s_own_deal_R6(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#name-0")
        )
        app.screen.query_one("#deal", Select).value = "physical"
        app.screen.query_one("#seed", Input).value = "9"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: keyed_in_at_the_table(app))
        assert app.state.options.deal_mode == "physical"
        path = app.journal.path
    # The process is gone (run_test's exit stands in for the kill); a new one resumes.
    app = make_app(resume=path, new=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: keyed_in_at_the_table(app))
        assert app.state.step is Step.DEAL
        assert not app.screen.check_action("redeal", ())  # no app deal to deal again


def test_a_journal_written_before_the_option_deals_by_the_app_R6():
    """A game journaled without ``deal_mode`` still loads, with the app's deal (the default)."""
    from narrator.games.ravnica import events as ev

    old = {"type": "game_created", "players": ["A", "B", "C", "D", "E"], "options": {}, "seed": 3}
    assert ev.CODEC.decode(old).options.deal_mode == "app"
