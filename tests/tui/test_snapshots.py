"""Snapshots of each screen at 100×30 (pytest-textual-snapshot). Update with
``scripts/test tests/tui/test_snapshots.py --snapshot-update`` after a deliberate change."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.tui.app import NarratorApp
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import journal_until, settled_text, tie_planner, wait_for, wait_for_text

SIZE = (100, 30)


def make(tmp_path: Path, new: bool = True) -> NarratorApp:
    return NarratorApp(
        data_dir=tmp_path / "games", voice=CaptionsOnly(), pace=0.001, new=new, clock=lambda: 0.0
    )


def test_home_screen(snap_compare, tmp_path):
    assert snap_compare(make(tmp_path, new=False), terminal_size=SIZE)


def test_setup_screen(snap_compare, tmp_path):
    async def fixed_seed(pilot):
        from textual.widgets import Input

        await wait_for(pilot, lambda: pilot.app.screen.query("#name-0"))  # the form is up
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False  # a blinking cursor makes the snapshot depend on timing
        pilot.app.screen.query_one("#seed").value = "1234"
        await wait_for_text(pilot, "1234")

    assert snap_compare(make(tmp_path), terminal_size=SIZE, run_before=fixed_seed)


SEVEN = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")


@pytest.mark.parametrize(
    "step", ["opening", "discussion", "election", "ability", "final_vote", "roles", "over"]
)
def test_game_screens(snap_compare, tmp_path, step):
    """Each step of a 7-player game, resumed from a journal the engine played up to it (the
    app lands on the same screen as when it is played key by key, in a fraction of the time)."""
    journal = journal_until(
        tmp_path / "games",
        lambda s: s.step.value == step,
        seed=4,
        names=SEVEN,
        pick=tie_planner,
        stem="snapshot",
    )
    app = NarratorApp(
        data_dir=tmp_path / "games",
        voice=CaptionsOnly(),
        pace=0.001,
        resume=journal.path,
        clock=lambda: 0.0,
    )

    async def run_before(pilot):
        await settled_text(pilot)  # the resumed step drawn
        pilot.app.clear_notifications()
        await wait_for(pilot, lambda: not pilot.app.screen.query("Toast"))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
