"""A step's keys as a tree, for the property of every game that a first key leaving no legal way
to finish its entry is refused at that key (issue 40, item 2): from a choice with a ``goto``,
the keys that may follow it, searched to a bounded depth for an entry the rules accept."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from narrator.games.base import Game
from narrator.games.shell_data import Choice, StepView
from narrator.tui.keyreader import merged

DEPTH = 4  # the longest entry keyed today: B19's curses, one seat a key (3 at most), W17's Witch

# What a search of the keys after a first key found: a way on, none, or that it cannot tell
# (an app's move, lines said by the app or a typed field decide what is entered: not searched)
WAY, NONE, UNKNOWN = "way", "none", "unknown"


def first_keys(game: Game, state: Any) -> tuple[StepView, tuple[Choice, ...]]:
    """The step and its first keys, as the game screen takes them (``anytime`` ones after)."""
    view = game.step(state)
    return view, merged(view.choices, game.anytime(state))


def way_on(
    game: Game, state: Any, path: tuple[str, ...], besides=frozenset(), depth: int = DEPTH
) -> str:
    """Whether some keys after ``path`` enter what the rules accept now, but for the keys
    ``besides`` (a first key's own, offered again after it: a decline at every key is no way
    on)."""
    view = game.step(state, path)
    if view.typed is not None:
        return UNKNOWN
    found = NONE
    for choice in followers(view):
        if choice.refusal is not None:
            continue
        if choice.goto is not None:
            if depth <= 1:
                found = UNKNOWN
                continue
            further = way_on(game, state, choice.goto, besides, depth - 1)
        elif (choice.key, choice.event) in besides:
            continue
        else:
            further = accepted(game, state, choice.event)
        if further == WAY:
            return WAY
        if further == UNKNOWN:
            found = UNKNOWN
    return found


def own_entries(choices) -> frozenset:
    """The first keys that enter something by themselves, with what they enter."""
    return frozenset(
        (c.key, c.event) for c in choices if c.goto is None and hasattr(c.event, "to_json")
    )


def followers(view: StepView) -> Iterator[Choice]:
    yield from view.choices
    if view.primary is not None:
        yield view.primary


def accepted(game: Game, state: Any, event: Any) -> str:
    if event is None:
        return NONE
    if not hasattr(event, "to_json"):  # an AppMove, Paced lines: the app's own, not searched
        return UNKNOWN
    return WAY if game.check(state, event) is None else NONE


def events_under(game: Game, state: Any, choice: Choice, depth: int = DEPTH) -> Iterator[Any]:
    """Every entry the keys from ``choice`` on make (refused keys make none)."""
    if choice.refusal is not None:
        return
    if choice.goto is None:
        if choice.event is not None and hasattr(choice.event, "to_json"):
            yield choice.event
        return
    if depth <= 1:
        return
    view = game.step(state, choice.goto)
    if view.typed is not None:
        return
    for follower in followers(view):
        yield from events_under(game, state, follower, depth - 1)
