"""A killed app resumes a discussion with the time that was left (R11/R26), not a fresh clock."""

from __future__ import annotations

import pytest
from textual.widgets import Digits

from narrator.games.ravnica.state import Step
from tests.tui.driver import play_until, random_picker, screen_text, setup_game, wait_for


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def clock_shows(app, text: str) -> bool:
    return app.screen.query("#clock") and app.screen.query_one("#clock", Digits).value == text


async def test_a_resumed_discussion_keeps_the_time_left_and_the_pause_R11(make_app, tmp_path):
    clock = FakeClock()
    app = make_app(clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await setup_game(pilot, app, 5, seed=4)
        pick = random_picker(4)
        await play_until(pilot, app, Step.DISCUSSION, pick)
        await wait_for(pilot, lambda: clock_shows(app, "2:00"))
        clock.now += 47.3
        await wait_for(pilot, lambda: clock_shows(app, "1:13"))
        path = app.journal.path
    # The process is gone without a word (run_test's exit stands in for the kill: nothing is
    # saved on the way out). A new process, with a new monotonic origin, resumes the journal.
    later = FakeClock()
    later.now = 9000.0
    app = make_app(clock=later, resume=path, new=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: clock_shows(app, "1:13"))
        assert app.state.step is Step.DISCUSSION
        assert "Timer restored: 1:13 left (running)" in " ".join(app.captions)
        later.now += 10
        await wait_for(pilot, lambda: clock_shows(app, "1:03"))
        await pilot.press("space")  # paused, then killed again
        await wait_for(pilot, lambda: "paused" in app.screen.query_one("#clock").classes)
    again = FakeClock()
    app = make_app(clock=again, resume=path, new=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: clock_shows(app, "1:03"))
        clock = app.screen.query_one("#clock", Digits)
        shown: list[str] = []  # what each tick from now on puts on the clock
        update = clock.update
        clock.update = lambda value: (shown.append(value), update(value))[1]
        again.now += 100  # paused: the clock does not run
        await wait_for(pilot, lambda: shown)  # a tick has read the clock 100 s later
        assert set(shown) == {"1:03"} and clock_shows(app, "1:03")
        await wait_for(
            pilot, lambda: "(paused)" in screen_text(app) or "paused" in " ".join(app.captions)
        )
        await pilot.press("space")
        again.now += 63
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)


async def test_undoing_an_early_end_gives_back_the_time_that_was_left(make_app):
    clock = FakeClock()
    app = make_app(clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await setup_game(pilot, app, 5, seed=5)
        pick = random_picker(5)
        await play_until(pilot, app, Step.DISCUSSION, pick)
        clock.now += 30
        await wait_for(pilot, lambda: clock_shows(app, "1:30"))
        await pilot.press("e")
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)
        await pilot.press("ctrl+z")
        await pilot.press("y")  # confirm the undo (Enter says no)
        await wait_for(pilot, lambda: app.state.step is Step.DISCUSSION)
        await wait_for(pilot, lambda: clock_shows(app, "1:30"))


async def test_time_up_is_not_left_to_the_next_tick_R11(make_app, monkeypatch):
    """Ticks come every 0.1 s; with less than that left, a one-shot timer is set for exactly the
    time left, so "time up" is heard at the deadline (scripts/bench measures the error)."""
    clock = FakeClock()
    app = make_app(clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await setup_game(pilot, app, 5, seed=4)
        pick = random_picker(4)
        await play_until(pilot, app, Step.DISCUSSION, pick)
        from narrator.tui import clock as clock_module

        armed = []
        one_shot = clock_module.one_shot  # never dropped when late (narrator/tui/timers.py)
        monkeypatch.setattr(
            clock_module,
            "one_shot",
            lambda owner, delay, callback: armed.append(delay) or one_shot(owner, delay, callback),
        )
        clock.now += 120 - 0.04
        await wait_for(pilot, lambda: armed)
        assert armed[0] == pytest.approx(0.04, abs=1e-6) and len(armed) == 1
        clock.now += 0.04
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)
