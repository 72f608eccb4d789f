"""The physical guild deal keyed in at the table (R6), and the game record export."""

from __future__ import annotations

from textual.widgets import Input, Select

from narrator.games.ravnica.state import Step
from narrator.tui.ravnica.deal import DealScreen
from narrator.tui.setup import SetupScreen
from tests.tui.driver import screen_text, wait_for, wait_for_text


async def test_physical_deal_refuses_a_deal_without_the_rna_guilds_then_accepts_R6(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#name-0")
        )
        app.screen.query_one("#deal", Select).value = "physical"
        app.screen.query_one("#seed", Input).value = "9"
        await pilot.press("ctrl+s")
        await wait_for(
            pilot, lambda: isinstance(app.screen, DealScreen) and app.screen.query("#guild-4")
        )
        wrong = ["Azorius", "Rakdos", "Gruul", "Simic", "Dimir"]
        for seat, guild in enumerate(wrong):
            app.screen.query_one(f"#guild-{seat}", Select).value = guild
        await pilot.press("ctrl+s")
        await wait_for_text(pilot, "missing: Orzhov")
        assert app.state.step is Step.DEAL
        app.screen.query_one("#guild-4", Select).value = "Orzhov"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.state.step is Step.OPENING)
        assert app.state.guilds == ("Azorius", "Rakdos", "Gruul", "Simic", "Orzhov")


async def test_game_record_exports_to_markdown_at_the_end(make_app, tmp_path):
    from tests.tui.driver import journal_until

    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.OVER, seed=2)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: " WIN" in screen_text(app))
        await pilot.press("x")
        record = app.journal.path.with_suffix(".md")
        await wait_for(pilot, record.exists)
        assert record.stat().st_mode & 0o777 == 0o600  # owner-only, like the journal
        text = record.read_text()
        assert "# Ravnica: Inquisition — game record" in text and "win" in text
        assert "Ann" in text and "Round 5" in text
