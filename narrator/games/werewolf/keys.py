"""The keys of Werewolf's choices: a spot by its name ("b2", W9), a column or row by its letter
or digit, a resident or hut by its letter (``residents.KEY``), a seat by its number.

Every spot, hut and kind is a key whether the rules take it now or not: the rules say why
not (W15, W12, W34), so a wrong key is never silent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from narrator.games.base import Refusal
from narrator.games.common.seats import seat_choices as common_seat_choices
from narrator.games.common.seats import seat_range
from narrator.games.shell_data import Choice
from narrator.games.werewolf.residents import KEY, resident
from narrator.games.werewolf.state import State
from narrator.games.werewolf.village import COLUMNS, ROWS, SPOTS
from narrator.prompts import Either, Localized, Words


def refused(refusal: Refusal) -> Localized:
    """A rules' refusal as a choice's words, with its rule, in the screen's language."""
    return Localized(refusal.text)


def spot_choices(make: Callable[[str], Any], only: Iterable[str] | None = None):
    """A choice for each spot; ``only``: the ones listed (the others are still keys)."""
    listed = set(SPOTS if only is None else only)
    return tuple(
        Choice(name.lower(), name, **_made(make(name)), listed=name in listed) for name in SPOTS
    )


def line_choices(make: Callable[[str], Any]):
    return tuple(
        Choice(line.lower(), line_words(line), **_made(make(line))) for line in COLUMNS + ROWS
    )


def column_choices(make: Callable[[str], Any], only: Iterable[str]):
    listed = set(only)
    return tuple(
        Choice(c.lower(), line_words(c), **_made(make(c)), listed=c in listed) for c in COLUMNS
    )


def line_words(line: str) -> Words:
    """A column or row as the help names its key: "column A", "row 2", not "A" beside "a"."""
    if line in COLUMNS:
        return Words("ww.column_key", {"column": line})
    return Words("ww.row_key", {"row": line})


def kind_choices(kinds: Iterable[str], make: Callable[[str], Any], listed: Iterable[str] = ()):
    shown = set(listed)
    return tuple(Choice(KEY[k], resident(k), **_made(make(k)), listed=k in shown) for k in kinds)


def seat_choices(s: State, make=None, refusal: Words | None = None) -> tuple[Choice, ...]:
    return common_seat_choices(s.players, make, refusal, no_seat="ww.no_seat")


def seat_keys_words(s: State) -> Words:
    """This table's seat keys, as the key lines name them: "1–8", "01–12" (W2)."""
    return seat_range(s.count, "ww.seat_range")


def letters(kinds: Iterable[str]) -> Either:
    """The keys of these residents or huts, "b, c or n": what a refusal says to press."""
    return Either(KEY[k] for k in kinds)


def _made(made: Any) -> dict:
    """A choice's event, the keys it goes to (a tuple), or the refusal it says."""
    if isinstance(made, tuple):
        return {"goto": made}
    if isinstance(made, Refusal):
        return {"refusal": refused(made)}
    return {"event": made}
