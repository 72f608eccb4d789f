"""The history's rows: one game as it is kept, and each seat of it. Plain data, imported
by the home screen at start-up (reading a journal, ``reading``, is imported only to read one).
Named tuples, not frozen dataclasses: a frozen dataclass compiles six methods as it is made, a
millisecond of the start (bench: cold start). A row is never changed, its dicts included:
the empty ones by default are shared."""

from __future__ import annotations

import datetime as _dt
import functools
from pathlib import Path
from typing import Any, NamedTuple

from narrator.games import registry

PLAYING, OVER, ABANDONED, UNREADABLE = "playing", "over", "abandoned", "unreadable"
ABANDONED_SUFFIX = ".abandoned"  # beside the journal: the table gave the game up


class Seat(NamedTuple):
    seat: int
    name: str
    side: dict[str, str] = {}  # by language; only once it is over
    won: bool | None = None  # None: the game does not tell


class GameRow(NamedTuple):
    """One game as the history keeps it."""

    journal: str  # the journal's file name, in the data folder
    game: str
    status: str
    started: str  # ISO time, the journal's header
    last: str  # ISO time of its last entry (the file's modification time)
    size: int
    mtime_ns: int
    language: str | None = None
    step: dict[str, str] = {}  # "Resume …: where it stands", by language
    winner: dict[str, str] = {}  # the winning side, by language
    rulings: dict[str, Any] = {}  # the setup form's values
    seats: tuple[Seat, ...] = ()
    problem: dict[str, str] = {}  # why it cannot be read

    @property
    def seconds(self) -> float | None:
        try:
            start = _dt.datetime.fromisoformat(self.started)
            return (_dt.datetime.fromisoformat(self.last) - start).total_seconds()
        except ValueError:
            return None


def abandoned_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ABANDONED_SUFFIX)


def title(game: str, lang: str) -> str:
    """A game's title (read from its words file once: a long list names it on every line)."""
    return _title(game, lang, game in registry.names())


@functools.cache
def _title(game: str, lang: str, known: bool) -> str:
    return registry.title(game, lang) if known else game


def started(row: GameRow) -> str:
    """When a game began, as the lists show it."""
    try:
        return _dt.datetime.fromisoformat(row.started).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return row.started
