"""A one-shot timer that starts late still calls back (``narrator.tui.timers``): Textual's own
skips the only tick it is late for, which stopped the eyes-closed lines of a pass mid-way on a
busy machine (W24)."""

from __future__ import annotations

import itertools

import pytest
from textual import _time
from textual.app import App

from narrator.tui.timers import one_shot


class Late(App):
    """Every reading of Textual's clock is a second after the last: each timer starts late."""


@pytest.mark.parametrize("ours", [False, True])
async def test_a_late_one_shot_timer_calls_back_only_if_it_is_ours(monkeypatch, ours):
    called: list[str] = []
    app = Late()
    async with app.run_test() as pilot:
        ticks = itertools.count()
        monkeypatch.setattr(_time, "get_time", lambda: float(next(ticks)))
        if ours:
            one_shot(app, 0.001, lambda: called.append("ours"))
        else:
            app.set_timer(0.001, lambda: called.append("textual's"))
        for _ in range(20):  # the timers' tasks run; nothing else is waited for
            await pilot.pause()
        monkeypatch.undo()
    assert called == (["ours"] if ours else [])  # Textual's is dropped: the bug it avoids
