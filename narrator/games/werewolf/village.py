"""The village: a 4×3 grid of spots (W9), each known only by what the table sees (W33):
occupied, vertical or horizontal, the votes on it, protected. Never which card lies there.

Spots are named as on the table, column letter then row: "A1" is top left, "D3" bottom right
(⚖ W9: names never change, so journal entries stay valid).
"""

from __future__ import annotations

from dataclasses import dataclass

COLUMNS = "ABCD"
ROWS = "123"
SPOTS = tuple(f"{c}{r}" for c in COLUMNS for r in ROWS)  # column by column: A1 A2 A3 B1 …


@dataclass(frozen=True)
class Spot:
    occupied: bool = True
    horizontal: bool = False
    votes: int = 0
    protected: bool = False


EMPTY = Spot(occupied=False)
Village = tuple[Spot, ...]  # in the order of SPOTS


def fresh() -> Village:
    """W9: twelve residents face down, vertical, no votes."""
    return tuple(Spot() for _ in SPOTS)


def index(name: str) -> int:
    return SPOTS.index(name.upper())


def is_spot(name: object) -> bool:
    return isinstance(name, str) and name.upper() in SPOTS


def column_spots(column: str) -> tuple[str, ...]:
    return tuple(f"{column}{r}" for r in ROWS)


def row_spots(row: str) -> tuple[str, ...]:
    return tuple(f"{c}{row}" for c in COLUMNS)


def line_spots(line: str) -> tuple[str, ...]:
    """A row ("1"–"3") or a column ("A"–"D"): W17's Troublemaker."""
    line = line.upper()
    return column_spots(line) if line in COLUMNS else row_spots(line)


def is_line(line: object) -> bool:
    return isinstance(line, str) and len(line) == 1 and line.upper() in COLUMNS + ROWS


def spot(v: Village, name: str) -> Spot:
    return v[index(name)]


def put(v: Village, name: str, value: Spot) -> Village:
    i = index(name)
    return v[:i] + (value,) + v[i + 1 :]


def occupied(v: Village) -> tuple[str, ...]:
    return tuple(n for n, s in zip(SPOTS, v, strict=True) if s.occupied)


def in_column(v: Village, column: str) -> tuple[str, ...]:
    return tuple(n for n in column_spots(column) if spot(v, n).occupied)


def votes_on(v: Village) -> int:
    return sum(s.votes for s in v)


def combine(v: Village) -> tuple[Village, tuple[tuple[str, str], ...]]:
    """W21: while two columns hold one resident each, the card of the second such column from
    the left (⚖) moves to the top free row of the first, with its orientation, votes and
    protection. Returns the village and the moves made (from, to), to be said."""
    moves: list[tuple[str, str]] = []
    while True:
        singles = [c for c in COLUMNS if len(in_column(v, c)) == 1]
        if len(singles) < 2:
            return v, tuple(moves)
        first, second = singles[0], singles[1]
        source = in_column(v, second)[0]
        target = next(n for n in column_spots(first) if not spot(v, n).occupied)
        v = put(put(v, target, spot(v, source)), source, EMPTY)
        moves.append((source, target))


def gather(v: Village, column: str) -> tuple[Village, tuple[str, ...]]:
    """W25: the column's cards put back from row 1 down, vertical, no votes; the spots they
    fill, the last of them the bottom card."""
    count = len(in_column(v, column))
    spots = column_spots(column)
    for n in spots:
        v = put(v, n, Spot() if spots.index(n) < count else EMPTY)
    return v, spots[:count]


def vertical(v: Village) -> tuple[str, ...]:
    return tuple(n for n in occupied(v) if not spot(v, n).horizontal)
