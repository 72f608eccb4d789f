"""The history's tables: their columns, the SQL that makes them, whether a database has
them whole, and a row read back as a `GameRow`."""

from __future__ import annotations

import json
import sqlite3

from narrator.history.rows import GameRow, Seat
from narrator.prompts import LANGUAGES

# Words kept in every language, a column each ("step_en", "step_ru"): read without decoding.
WORDED = ("step", "winner", "problem")
GAME_COLUMNS = (
    "journal", "game", "status", "started", "last", "seconds", "language", "size", "mtime_ns",
    "abandoned", "rulings", *(f"{name}_{lang}" for name in WORDED for lang in LANGUAGES),
)  # fmt: skip
SIDES = tuple(f"side_{lang}" for lang in LANGUAGES)
PLAYER_COLUMNS = ("journal", "seat", "name", "won", *SIDES)
_WORDED_SQL = ", ".join(f"{c} TEXT" for c in GAME_COLUMNS[11:])
TABLES = f"""
CREATE TABLE games (
    journal TEXT PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL,
    started TEXT NOT NULL, last TEXT NOT NULL, seconds REAL, language TEXT,
    size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, abandoned INTEGER NOT NULL,
    rulings TEXT NOT NULL, {_WORDED_SQL}
);
CREATE TABLE players (
    journal TEXT NOT NULL REFERENCES games(journal) ON DELETE CASCADE,
    seat INTEGER NOT NULL, name TEXT NOT NULL, won INTEGER,
    {", ".join(f"{c} TEXT" for c in SIDES)},
    PRIMARY KEY (journal, seat)
);
CREATE INDEX players_by_name ON players(name);
"""
# The home screen's first frame reads the newest games and the unfinished ones: each an index
# walked from its start, never the whole table sorted (made in a database of before them too).
INDEXES = """
CREATE INDEX IF NOT EXISTS games_newest ON games(started DESC, journal DESC);
CREATE INDEX IF NOT EXISTS games_by_status ON games(status, started DESC, journal DESC);
"""


def shaped(db: sqlite3.Connection) -> bool:
    """Whether the tables are the history's, every column there (a table dropped, a column
    missing: a history to make again, not an error at every look)."""

    def columns(table: str) -> tuple[str, ...]:
        return tuple(row[1] for row in db.execute(f"PRAGMA table_info({table})"))

    return columns("games") == GAME_COLUMNS and columns("players") == PLAYER_COLUMNS


def as_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def row_of(g: tuple, seats: tuple[Seat, ...]) -> GameRow:
    journal, game, status, started, last, _seconds, language, size, mtime_ns, _given_up = g[:10]
    worded = iter(g[11:])
    words = {name: {lang: next(worded) for lang in LANGUAGES} for name in WORDED}
    return GameRow(
        journal=journal, game=game, status=status, started=started, last=last, size=size,
        mtime_ns=mtime_ns, language=language, rulings=json.loads(g[10]), seats=seats,
        **{name: {lang: text for lang, text in by.items() if text} for name, by in words.items()},
    )  # fmt: skip
