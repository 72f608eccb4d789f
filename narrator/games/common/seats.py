"""Seats and the keys that name them, for any number of players.

Up to ten seats are keyed by one digit (1–9, then 0 for the tenth); more than ten by two
(01–12), so a 12-player game of Werewolf (W2) is keyed as easily as a 5-player one.
"""

from __future__ import annotations


def seat_keys(count: int) -> tuple[str, ...]:
    if count <= 10:
        return tuple("1234567890"[:count])
    return tuple(f"{n:02d}" for n in range(1, count + 1))


def seat_key(seat: int, count: int = 10) -> str:
    """The key of ``seat`` (0 is the first) in a game of ``count`` seats."""
    if count <= 10:
        return "0" if seat == 9 else str(seat + 1)
    return f"{seat + 1:02d}"


def seat_of_key(key: str, count: int = 10) -> int | None:
    """The seat a key names, or None."""
    keys = seat_keys(max(count, 10) if count <= 10 else count)
    return keys.index(key) if key in keys else None
