"""The lines that may be said next, found before anyone presses a key, to be rendered ahead.

After each entry the shell tries every choice that may be keyed now on the state it has (the
rules are pure: nothing is saved, shown or said), and the voice renders what each would say:
the entry's lines, its announcements' and the next step's opening lines, with the players'
names. The WAV cache keeps them on disk: a resumed game finds them there.

Secrets have one door: a line rendered ahead is a file in the cache before it is said, so only
what cannot tell a secret is rendered. Not the app's own moves (a draw from the app's deck, a
roll: their outcome is not known until they are made), and nothing at all once the game holds a
secret, that is once it has passed a private step (``holds_secret``): a line said later may
name it (R29's reveal of the Ultimate Price), and a file made early would give it away.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

from narrator.games.shell_data import AppMove, Choice, Line, Paced

BUDGET = 0.05  # seconds of the screen's time at most (the rules are fast: a step takes ~1 ms)
MOST = 400  # lines at most, the first found first


def lines_ahead(
    game: Any, state: Any, budget: float | None = BUDGET
) -> list[tuple[str, Mapping[str, Any]]]:
    """(prompt id, params) of every line that the next entry may say, each once (those found
    within ``budget`` seconds; None: all)."""
    deadline = time.monotonic() + (budget if budget is not None else float("inf"))
    found: dict[tuple[str, str], tuple[str, Mapping[str, Any]]] = {}

    def add(lines: Iterable[Line]) -> None:
        for line in lines:
            found.setdefault(_key(line), _said(line))

    view = game.step(state)
    for event in _events(game, state, view):
        if time.monotonic() > deadline or (budget is not None and len(found) >= MOST):
            break
        if isinstance(event, Paced):
            add(Line(prompt_id) for prompt_id, _pause in event.lines)
            event = event.then
        if event is None or isinstance(event, AppMove):  # the app's draw: not known before
            continue
        try:
            after = game.apply(state, event)
        except Exception:  # noqa: BLE001 - a Refusal (not legal here: never said), or worse:
            continue  # rendering ahead is a comfort, never a reason for the screen to fail
        add(game.event_lines(state, event, after))
        for page in game.announcements(state, event, after):
            add(page.lines)
        if game.step(after).key != view.key:
            add(game.step_lines(after))
    return list(found.values())


def holds_secret(game: Any, states: Iterable[Any]) -> bool:
    """Whether any of ``states`` (the game's, so far) is at a private step: from then on the
    game holds a secret, and its lines are rendered only as they are said."""
    return any(game.step(state).private is not None for state in states)


def _key(line: Line) -> tuple[str, str]:
    """One key per line said: its id and its parameters as words."""
    try:
        return line.prompt_id, repr(sorted(line.params.items()))
    except Exception:  # noqa: BLE001 - a parameter that cannot word itself: kept apart
        return line.prompt_id, str(id(line))


def _said(line: Line) -> tuple[str, Mapping[str, Any]]:
    return (line.prompt_id, dict(line.params))


def _events(game: Any, state: Any, view: Any) -> Iterable[Any]:
    """Each event the next key may enter: the choices (and those after a first key), Enter's,
    and the timer's when time is up."""
    choices: list[Choice] = [*view.choices, *([view.primary] if view.primary else [])]
    seen = 0
    while seen < len(choices):
        choice = choices[seen]
        seen += 1
        if choice.goto is not None and len(choices) < 200:
            choices.extend(game.step(state, choice.goto).choices)
        yield choice.event
    if view.timer is not None:
        yield view.timer.then
