"""The setup form's values a game was created with, found again from its first entry.

A journal keeps the ``created`` event, not the form: the form's values are the ones for which
the game's own ``created`` makes the same event again. Each field is tried over its options
(a number: the numbers the event holds), keeping what makes the event closest to the journal's;
two passes settle fields that depend on each other (a variant and its shift).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.games.base import Event, Game, Refusal


def _leaves(value: Any, path: tuple = ()) -> set[tuple]:
    if isinstance(value, Mapping):
        return {leaf for k, v in value.items() for leaf in _leaves(v, (*path, k))}
    if isinstance(value, list | tuple):
        return {leaf for i, v in enumerate(value) for leaf in _leaves(v, (*path, i))}
    return {(*path, repr(value))}


def _numbers(value: Any) -> set[int]:
    if isinstance(value, Mapping):
        return {n for v in value.values() for n in _numbers(v)}
    if isinstance(value, list | tuple):
        return {n for v in value for n in _numbers(v)}
    return {value} if isinstance(value, int) and not isinstance(value, bool) else set()


def form_values(game: Game, created: Event, names: Sequence[str]) -> dict[str, Any]:
    """The values of the setup form's fields (the count aside) that make ``created``."""
    target = created.to_json()
    seed = target.get("seed", 0) if isinstance(target.get("seed"), int) else 0
    wanted = _leaves({k: v for k, v in target.items() if k != "seed"})
    numbers = _numbers({k: v for k, v in target.items() if k not in ("seed", "players")})
    fields = [f for f in game.setup_fields() if f.kind != "count"]
    values: dict[str, Any] = {f.name: f.default for f in fields}

    def score(trial: dict[str, Any]) -> int:
        try:
            made = game.created(tuple(names), trial, seed).to_json()
        except (Refusal, ValueError, TypeError, KeyError):
            return -1
        made.pop("seed", None)
        return len(wanted & _leaves(made))

    for _ in range(2):
        for f in fields:
            if f.kind == "choice":
                candidates = [value for value, _ in f.options]
            else:
                low, high = f.low, f.high
                candidates = [f.default] + sorted(
                    n for n in numbers if (low is None or n >= low) and (high is None or n <= high)
                )
            candidates = [values[f.name], *(c for c in candidates if c != values[f.name])]
            best = max(candidates, key=lambda c: score({**values, f.name: c}))  # ties: as is
            values[f.name] = best
    return values
