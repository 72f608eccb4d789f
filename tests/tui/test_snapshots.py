"""Snapshots of each screen at 100×30 (pytest-textual-snapshot). Update with
``scripts/test tests/tui/test_snapshots.py --snapshot-update`` after a deliberate change."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.tui.app import NarratorApp
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import play_step, setup_game, tie_planner

SIZE = (100, 30)


def make(tmp_path: Path, new: bool = True) -> NarratorApp:
    return NarratorApp(
        data_dir=tmp_path / "games", voice=CaptionsOnly(), pace=0.001, new=new, clock=lambda: 0.0
    )


def test_home_screen(snap_compare, tmp_path):
    assert snap_compare(make(tmp_path, new=False), terminal_size=SIZE)


def test_setup_screen(snap_compare, tmp_path):
    async def fixed_seed(pilot):
        pilot.app.screen.query_one("#seed").value = "1234"
        await pilot.pause()

    assert snap_compare(make(tmp_path), terminal_size=SIZE, run_before=fixed_seed)


async def _to(pilot, step_name: str, count: int = 7) -> None:
    await setup_game(
        pilot, pilot.app, count, seed=4, names=["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]
    )
    while pilot.app.state.step.value != step_name:
        await play_step(pilot, pilot.app, tie_planner)
    await pilot.pause()


@pytest.mark.parametrize(
    "step", ["opening", "discussion", "election", "ability", "final_vote", "roles", "over"]
)
def test_game_screens(snap_compare, tmp_path, step):
    async def run_before(pilot):
        await _to(pilot, step)
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(make(tmp_path), terminal_size=SIZE, run_before=run_before)
