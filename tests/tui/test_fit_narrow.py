"""What a table's laptop (80×24) shows in Russian, the longest words (issue 40): the Footer
gives up the keys every screen has before a table's own (at Ravnica's discussion the record
keeps its label, "t Запись", while the palette, replay and mute keys give way: Help lists them
all); each game's setup form shows its Start without scrolling."""

from __future__ import annotations

import pytest

from narrator.journal import Journal
from tests.storm import example_events
from tests.tui.driver import screen_text, wait_for
from tests.tui.test_fit import footer_problems, footer_ready, make_app


async def test_the_record_keeps_its_label_at_ravnica_s_discussion_in_russian(tmp_path):
    events = example_events("ravnica", tmp_path / "example")
    journal = Journal.create("ravnica", tmp_path / "games", language="ru")
    for event in events:  # the example's game, to its first discussion
        journal.append(event)
        if journal.state.step.value == "discussion":
            break
    app = make_app(tmp_path, "ru", resume=journal.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        while app.pages:  # the moments shown again on resuming
            pages = len(app.pages)
            await pilot.press("enter")
            await wait_for(pilot, lambda pages=pages: len(app.pages) < pages)
        await wait_for(pilot, lambda: footer_ready(app.screen))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert footer_problems(app.screen) == [], footer
        assert "t Запись" in footer and "Голосовать" in footer, footer


@pytest.mark.parametrize("game", ["pyre", "blood_bound", "werewolf", "ravnica"])
async def test_the_setup_form_shows_its_start_unscrolled_in_russian(tmp_path, game):
    from narrator.tui.setup import SetupScreen

    app = make_app(tmp_path, "ru", game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await wait_for(pilot, lambda: footer_ready(app.screen))
        await pilot.pause()
        start, form = app.screen.query_one("#start"), app.screen.query_one("#setup")
        assert form.region.contains_region(start.region), screen_text(app)
        assert "Начать игру (ctrl+s)" in screen_text(app), screen_text(app)
