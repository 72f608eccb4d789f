"""A one-shot timer that is never dropped.

Textual's ``set_timer`` makes a timer that skips a tick it is late for (``skip=True``). When
its task starts after the delay has already run out (a busy machine, and a delay of a few
milliseconds: the narrator's paced lines in a fast test, the clock's last sliver of a
countdown), it skips its only tick and never calls back: the eyes-closed lines stopped at a
turn of the pass, twice in three CI runs. This timer runs late instead of never.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.timer import Timer


def one_shot(owner: Any, delay: float, callback) -> Timer:
    """``owner.set_timer(delay, callback)``, which calls back even when it is late."""
    timer = Timer(
        owner,
        delay,
        name=f"one_shot#{Timer._timer_count}",
        callback=partial(owner.call_next, callback),
        repeat=0,
        skip=False,
    )
    timer._start()
    owner._timers.add(timer)
    return timer
