"""What every game's record (``Game.record``, Markdown) shares: the timeline, each entry's
public line (``describe``) as the journal replays."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def timeline(
    events: Iterable[Any],
    state: Any,
    apply: Callable[[Any, Any], Any],
    describe: Callable[[Any, Any, Any, str], str],
    lang: str,
) -> list[str]:
    """Each entry's public line as a Markdown list item, replaying from ``state``."""
    out = []
    for event in events:
        before, state = state, apply(state, event)
        line = describe(before, event, state, lang)
        if line:
            out.append(f"- {line}")
    return out
