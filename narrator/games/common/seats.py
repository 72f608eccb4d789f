"""Seats and the keys that name them, for any number of players.

Up to ten seats are keyed by one digit (1–9, then 0 for the tenth); more than ten by two
(01–12), so a 12-player game of Werewolf (W2) is keyed as easily as a 5-player one.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from typing import Any

from narrator.games.entries import Refusal
from narrator.games.shell_data import Choice
from narrator.prompts import Words

DIGITS = "1234567890"


def seat_keys(count: int) -> tuple[str, ...]:
    if count <= 10:
        return tuple(DIGITS[:count])
    return tuple(f"{n:02d}" for n in range(1, count + 1))


def seat_key(seat: int, count: int = 10) -> str:
    """The key of ``seat`` (0 is the first) in a game of ``count`` seats."""
    return seat_keys(max(count, seat + 1))[seat]


def seat_range(count: int, words_id: str) -> Words:
    """The seat keys of a table of ``count`` as a key line names them: "1–7", "01–12", and at
    a table of ten "1–9, 0 for seat 10" (never "0" where there is no tenth seat). Worded by
    the game's ``words_id`` ({first}, {last}), or ``words_id + "_ten"`` at a table of ten."""
    keys = seat_keys(count)
    if len(keys) == 10:
        return Words(f"{words_id}_ten", {"first": keys[0], "last": keys[8]})
    return Words(words_id, {"first": keys[0], "last": keys[-1]})


def checked_seat(n: object, count: int, rule: str, no_seat: str) -> int:
    """``n`` as a seat of a table of ``count`` (0 is the first), or the game's refusal
    ``no_seat`` ({seat} from 1, {count}) under ``rule``."""
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < count:
        shown = n + 1 if isinstance(n, int) else n
        raise Refusal(no_seat, rule, seat=shown, count=count)
    return n


def seat_of_key(key: str, count: int = 10) -> int | None:
    """The seat a key names, or None."""
    keys = seat_keys(max(count, 10))
    return keys.index(key) if key in keys else None


def seat_choices(
    names: Sequence[str],
    make: Callable[[int], Any] | None = None,
    refusal: Words | None = None,
    *,
    no_seat: str,
    listed: Container[int] | None = None,
) -> tuple[Choice, ...]:
    """A choice for each seat's key, labelled with the player's name: ``make(seat)`` is the
    event it enters, or a tuple of keys to go to (a seat, then its role); without ``make`` the
    key is refused with ``refusal`` (by default, that this step takes other keys). With ten
    seats or fewer every digit is a key: one past the last seat is refused with the words
    ``no_seat`` ({seat}, {count}). ``listed``: the seats drawn in the list (None: all)."""
    count = len(names)
    out = []
    for seat, key in enumerate(seat_keys(max(count, 10))):
        if seat >= count:
            words = Words(no_seat, {"seat": seat + 1, "count": count})
            out.append(Choice(key, refusal=words, listed=False))
        elif make is None or refusal is not None:
            why = refusal or Words("game.use_keys")
            out.append(Choice(key, names[seat], refusal=why, listed=False))
        else:
            made = make(seat)
            goto = made if isinstance(made, tuple) else None
            event = None if goto is not None else made
            shown = listed is None or seat in listed
            out.append(Choice(key, names[seat], event, goto, listed=shown))
    return tuple(out)
