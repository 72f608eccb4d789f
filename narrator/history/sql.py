"""The history's SQL helpers: a game list's WHERE clause, the schema's statements, the
case folding SQLite lacks, the whole-file check."""

from __future__ import annotations

import sqlite3


def where_clause(
    status: str | None, game: str | None, player: str | None, seated: bool = False
) -> tuple[str, list]:
    where, args = [], []
    if seated:  # (its players' primary key: a look-up a game)
        where.append("EXISTS (SELECT 1 FROM players p WHERE p.journal = g.journal)")
    if status:
        where.append("g.status = ?")
        args.append(status)
    if game:
        where.append("g.game = ?")
        args.append(game)
    if player:  # any case, in any alphabet (SQLite's lower() knows ASCII only)
        where.append("g.journal IN (SELECT journal FROM players WHERE fold(name) = fold(?))")
        args.append(player)
    return (" WHERE " + " AND ".join(where) if where else ""), args


def statements(db: sqlite3.Connection, sql: str) -> None:
    for statement in sql.split(";"):
        if statement.strip():
            db.execute(statement)


def folding(db: sqlite3.Connection) -> sqlite3.Connection:
    db.create_function("fold", 1, str.casefold, deterministic=True)
    return db


def intact(db: sqlite3.Connection) -> bool:
    return db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
