"""A countdown that reads a clock it is given: deadline-based, so it never drifts.

The real app passes ``time.monotonic``; tests pass a fake clock and run a 5-minute
countdown in milliseconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


class Countdown:
    def __init__(self, seconds: float, clock: Clock = time.monotonic) -> None:
        self.clock = clock
        self.total = float(seconds)
        self._left = float(seconds)  # while paused (or not started)
        self._deadline: float | None = None  # while running

    @property
    def running(self) -> bool:
        return self._deadline is not None

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
