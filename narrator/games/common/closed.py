"""A game's entries that a step does not take, each refused at its first key with the game's
reason (issue 26: no key goes unanswered, and the game, not the shell, says why)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from narrator.games.shell_data import Choice, StepView
from narrator.prompts import Words


def with_closed_entries(
    view: StepView, keys: Iterable[str], why: Callable[[str], Words | None]
) -> StepView:
    """``view`` with a refusing choice (kept off its list, shown not spoken) for each of the
    game's entry ``keys`` that it does not take, where ``why(key)`` gives a reason. A key that
    begins a longer key of the step (seat 1 of seats 10 and 11) is the step's own."""
    taken = [choice.key for choice in view.choices]
    closed = []
    for key in keys:
        if any(own.startswith(key) for own in taken):
            continue
        reason = why(key)
        if reason is not None:
            closed.append(Choice(key, refusal=reason, quiet=True, listed=False))
    return replace(view, choices=(*view.choices, *closed)) if closed else view
