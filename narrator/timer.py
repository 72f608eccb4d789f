"""A countdown that reads a clock it is given: deadline-based, so it never drifts.

The real app passes ``time.monotonic``; tests pass a fake clock and run a 5-minute
countdown in milliseconds.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path

from narrator.paths import write_private

Clock = Callable[[], float]
MAX_SECONDS = 24 * 3600.0  # no discussion is longer: a larger saved clock is damage


class Countdown:
    def __init__(self, seconds: float, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self.total = float(seconds)
        self._left = float(seconds)  # while paused (or not started)
        self._deadline: float | None = None  # while running

    @property
    def running(self) -> bool:
        return self._deadline is not None

    @property
    def deadline(self) -> float | None:
        """When it runs out, on its clock (None while paused)."""
        return self._deadline

    def start(self) -> None:
        if self._deadline is None:
            self._deadline = self.clock() + self._left

    resume = start

    def pause(self) -> None:
        if self._deadline is not None:
            self._left = max(0.0, self._deadline - self.clock())
            self._deadline = None

    def toggle(self) -> bool:
        """Pause or resume; True when running afterwards."""
        if self.running:
            self.pause()
        else:
            self.start()
        return self.running

    def add(self, seconds: float) -> None:
        self.total += seconds
        if self._deadline is not None:
            self._deadline += seconds
        else:
            self._left += seconds

    def remaining(self) -> float:
        if self._deadline is None:
            return self._left
        return max(0.0, self._deadline - self.clock())

    @property
    def expired(self) -> bool:
        return self.remaining() <= 0.0

    def fraction_left(self) -> float:
        return 0.0 if self.total <= 0 else min(1.0, self.remaining() / self.total)


def mmss(seconds: float) -> str:
    """Whole seconds, rounded up, as M:SS (a countdown shows 0:00 only when it is over)."""
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"


class TimerFile:
    """The discussion clock's state beside the journal, so a killed app resumes the discussion
    with the time that was left, not with a fresh 2 or 5 minutes.

    The clock is not a game entry (the journal holds only what the rules decide); it is saved
    as a small JSON file, replaced atomically whenever the shown whole second changes and on
    every pause, resume and +30 s. ``key`` names the discussion (step, round and the journal's
    length), so a stale file from an earlier discussion is never applied to a later one.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._last: tuple | None = None

    def save(self, key: str, countdown: Countdown) -> None:
        left = countdown.remaining()
        record = (key, round(countdown.total, 3), int(-(-left // 1)), countdown.running)
        if record == self._last:
            return
        data = {"key": key, "total": countdown.total, "left": left, "running": countdown.running}
        self._last = record  # tried once per shown second, whatever happens
        # No fsync: it can stall the screen on a slow disk, and a killed process loses nothing
        # the kernel already holds; only a power cut could cost the clock. A full disk must
        # not stop the discussion: the clock is a convenience.
        write_private(self.path, json.dumps(data))

    def load(self, key: str, clock: Clock) -> Countdown | None:
        """The saved countdown for ``key`` (running again if it was running), else None.

        A clock saved at 0:00 is not restored: undoing the "time up" gives a fresh discussion.
        """
        try:
            data = json.loads(self.path.read_text())
            if data.get("key") != key:
                return None
            total, left, running = float(data["total"]), float(data["left"]), data["running"]
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None  # missing or damaged: the discussion starts afresh
        if not (0 < left <= total <= MAX_SECONDS) or not isinstance(running, bool):
            return None  # NaN and Infinity fail these comparisons too
        countdown = Countdown(total, clock)
        countdown._left = left
        if running:
            countdown.start()
        return countdown

    def clear(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink()
        self._last = None
