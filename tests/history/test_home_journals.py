"""Issue 37, items 2 and 6, on the home screen: a game another narrator plays is shown as
such and Enter offers its record instead of resuming it; a damaged game is offered, after a
question, from the entry before its damaged line, the damaged file kept aside."""

from __future__ import annotations

import os

from textual.widgets import OptionList

from narrator.history.screen import PastRecordScreen
from narrator.journal import Journal
from narrator.tui.home import HomeScreen
from narrator.tui.modals import ConfirmScreen
from tests.history.games import unfinished
from tests.history.test_home import SIZE, ids
from tests.tui.driver import screen_text, wait_for, wait_for_text


def line_of(app, journal: str) -> str:
    menu = app.screen.query_one("#home-menu", OptionList)
    return str(menu.get_option(f"resume:{journal}").prompt)


async def test_a_game_open_in_another_narrator_offers_its_record_not_a_resume(make_app, tmp_path):
    path = unfinished("ravnica", tmp_path / "games")
    other = Journal.open(path, hold=True)  # another narrator (flock: another open file)
    try:
        app = make_app(new=False)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
            assert line_of(app, path.name).endswith("open in another narrator")
            assert "a Abandon" not in screen_text(app).splitlines()[-1]  # not from here
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            asked = await wait_for_text(pilot, "is open in another narrator", "its record")
            assert "(process" in asked and f"{os.getpid()} on" in asked and app.journal is None
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, PastRecordScreen))
            assert app.journal is None
            await pilot.press("escape")
            other.close()  # put down there: played here now
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            app.screen.refresh_state()
            assert not line_of(app, path.name).endswith("open in another narrator")
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.journal is not None and app.journal.fd is not None)
    finally:
        other.close()


async def test_a_damaged_game_resumes_from_before_its_damaged_line_after_a_question(
    make_app, tmp_path
):
    folder = tmp_path / "games"
    path = unfinished("ravnica", folder)
    lines = path.read_bytes().splitlines(True)
    content = b"".join(lines[:12]) + lines[12].replace(b'"n"', b'"N"') + b"".join(lines[13:])
    path.write_bytes(content)  # line 13: a byte changed
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        shown = screen_text(app)
        assert "line 13 is damaged" in shown  # said, as every skipped file is
        assert line_of(app, path.name) == (
            "⚠ Resume Ravnica: Inquisition (5 players, round 1), before damaged line 13"
        )
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")  # no: nothing changed
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert path.read_bytes() == content and app.journal is None
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await wait_for_text(pilot, "Line 13 of", "is damaged", "kept aside, unchanged")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.journal is not None)
        assert len(app.journal.events) == 11 and app.journal.fd is not None
        told = " ".join(n.message for n in app._notifications)
        assert f"The damaged journal is kept as {path.name}.damaged-" in told
    [aside] = [p for p in folder.iterdir() if ".damaged-" in p.name]
    assert aside.read_bytes() == content
    assert Journal.open(path).events == app.journal.events
