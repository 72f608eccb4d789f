"""The history's database: SQLite (WAL) in the data folder, brought up to date with the
journals at every look, rebuilt from them when it cannot be used.

Two narrators on one data folder share it: SQLite's own locking (WAL, a short busy timeout)
for the rows, and a lock file while the database is moved aside and made again. One that cannot
be written (read-only, held by another program) is left as it is and the history kept in
memory for the run (`narrator.history.trouble`).
"""

from __future__ import annotations

import datetime as _dt
import fcntl
import functools
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from narrator.history.rows import (
    ABANDONED,
    ABANDONED_SUFFIX,
    PLAYING,
    UNREADABLE,
    GameRow,
    Seat,
    abandoned_path,
)
from narrator.history.schema import (
    GAME_COLUMNS,
    INDEXES,
    PLAYER_COLUMNS,
    SIDES,
    TABLES,
    WORDED,
    as_json,
    row_of,
    shaped,
)
from narrator.history.sql import folding, intact, statements, where_clause
from narrator.history.trouble import Held, damaged, note
from narrator.paths import JOURNAL_SUFFIX as SUFFIX
from narrator.prompts import LANGUAGES

FILE = "history.sqlite3"
SCHEMA = 4  # PRAGMA user_version: a database of another schema is rebuilt (3: journals
# of issue 37, whose damaged lines offer a resume up to the last good entry, read again; 4: a
# seat's side is its side only, Blood Bound's clan, not the marks at the end, issue 40)
# Seconds a write waits for another's: a narrator's writes take milliseconds, so one held longer
# is another program's, and the history is kept in memory rather than the screen kept waiting.
WAIT = 0.5


def _mended(method):
    """A method that uses the database: a damaged page or table met on the way has it moved
    aside and made again (checked whole, under the lock); a write refused (read-only, held by
    another program) has the history kept in memory; and the method runs once more (``sync``
    fills it from the journals). A database that fails again, checked sound, is left for the
    one in memory too: the journals are the truth, the history only their index."""

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as err:
            if self.in_memory:
                raise  # the journals' own copy: no file to blame, a fault of the code
            self._mend(err)
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as err:
            if self.in_memory:
                raise
            self._keep_in_memory(err)
        return method(self, *args, **kwargs)

    return run


class History:
    """The history of the games in one data folder. ``notes`` says what was done (a database
    moved aside and rebuilt, or kept in memory and why), one line each, for the screen to show.

    ``check=False`` opens it without reading the whole file first (PRAGMA quick_check): the
    home screen's first frame; ``verify`` reads it once that frame is drawn."""

    def __init__(self, data_dir: Path, *, check: bool = True) -> None:
        self.data_dir = Path(data_dir)
        self.path = self.data_dir / FILE
        self.notes: list[tuple[str, dict]] = []  # (words id, params)
        self.in_memory = False
        self.check = check
        self.pending: list[Path] = []  # journals still to read (``sync`` with a budget)
        self.db = self._open_somewhere()

    def _open_somewhere(self, here: bool = True) -> sqlite3.Connection:
        """The database in the data folder; while there is no folder yet (no game was ever
        saved) or it cannot be used (or not ``here``), one in memory, so the home screen still
        works and no file is made before the first game."""
        if here and self.data_dir.is_dir():
            try:
                self.in_memory = False
                return self._open()
            except (OSError, sqlite3.Error) as err:
                self._say(note(err, FILE))
        self.in_memory = True
        db = folding(sqlite3.connect(":memory:", isolation_level=None))
        statements(db, TABLES + INDEXES)
        return db

    # --- opening --------------------------------------------------------------------------
    def _say(self, said: tuple[str, dict]) -> None:
        if all(key != said[0] for key, _ in self.notes):  # one line for each cause
            self.notes.append(said)

    def _mend(self, err: sqlite3.DatabaseError) -> None:
        """After ``err`` on the way: a damaged database is checked whole and, found so, moved
        aside and made again; one that cannot be written, kept in memory."""
        if not damaged(err):
            self._keep_in_memory(err)
            return
        self.db.close()
        self.check = True
        self.db = self._open_somewhere()  # under the lock, checked whole, moved aside

    def _keep_in_memory(self, err: BaseException) -> None:
        self.db.close()
        self._say(note(err, FILE))
        self.db = self._open_somewhere(here=False)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """The lock file, held while the database is checked, moved aside or made; given up
        after ``WAIT`` (``Held``): no program holding it keeps the home screen waiting."""
        fd = os.open(self.data_dir / (FILE + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            deadline = time.monotonic() + WAIT
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise Held(f"{FILE}.lock is held by another program") from None
                    time.sleep(0.01)
            yield
        finally:
            os.close(fd)

    def _connect(self) -> sqlite3.Connection:
        db = folding(sqlite3.connect(self.path, timeout=WAIT, isolation_level=None))
        db.execute("PRAGMA foreign_keys = ON")
        return db

    def _open(self) -> sqlite3.Connection:
        with self._locked():
            existed = self.path.exists()
            why = None
            if existed:
                db = None
                try:
                    db = self._connect()
                    version = db.execute("PRAGMA user_version").fetchone()[0]
                    whole = shaped(db) and (not self.check or intact(db))
                    if version == SCHEMA and whole:
                        statements(db, INDEXES)
                        return db
                    db.close()
                    why = "history.older" if version != SCHEMA else "history.corrupt"
                except sqlite3.DatabaseError as err:
                    if db is not None:
                        db.close()
                    if not damaged(err):
                        raise  # read-only or held: left as it is, kept in memory
                    why = "history.corrupt"
                aside = self._move_aside()
                self.notes.append((why, {"file": aside.name}))
            elif any(self.data_dir.glob(f"*{SUFFIX}")):
                self.notes.append(("history.missing", {}))
            db = self._connect()
            with suppress(OSError):
                os.chmod(self.path, 0o600)
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("BEGIN IMMEDIATE")
            statements(db, TABLES + INDEXES)
            db.execute(f"PRAGMA user_version = {SCHEMA}")
            db.execute("COMMIT")
            return db

    def _move_aside(self) -> Path:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        aside = self.path.with_name(f"{FILE}.{stamp}.aside")
        os.replace(self.path, aside)
        for extra in ("-wal", "-shm"):  # a WAL of the old database must not meet the new one
            with suppress(FileNotFoundError):
                os.replace(f"{self.path}{extra}", f"{aside}{extra}")
        return aside

    def close(self) -> None:
        self.db.close()

    def verify(self) -> bool:
        """Read the whole database once (opened with ``check=False``): a damaged one is moved
        aside and made again, to be filled from the journals by ``sync``. Whether it was."""
        if self.in_memory or self.check:
            return False
        self.check = True
        try:
            if intact(self.db):
                return False
        except sqlite3.DatabaseError:
            pass
        self.db.close()
        self.db = self._open_somewhere()  # under the lock, checked again, moved aside
        return True

    # --- keeping up with the journals -----------------------------------------------------
    @_mended
    def sync(self, thorough: bool = True, budget: int | None = None) -> int:
        """Read again every journal that is new or changed since it was indexed (a game
        played by this or another narrator, or killed); forget the ones gone. How many rows
        changed.

        ``thorough=False`` (the home screen's first frame): the journal of a game indexed as
        over, unchanged in being abandoned or not, is taken as it is without a look at its
        size (a stat each); the unfinished, the unreadable and any file new or gone are looked
        at. Only an entry taken back after a game's end escapes it, until the thorough look.

        ``budget``: read at most that many journals, the newest; the others wait in
        ``pending`` for ``read_in`` (a history rebuilt from 1,000 journals is not read before
        the first frame, nor in one go after it)."""
        if self.in_memory and self.data_dir.is_dir() and not self.notes:
            self.db.close()  # the first game made the folder: the history goes there now
            self.db = self._open_somewhere()
            self.notes = [n for n in self.notes if n[0] != "history.missing"]  # nothing lost
        known, over = self._indexed(thorough)
        seen = set()
        changed = []  # (time, path)
        if self.data_dir.is_dir():
            try:
                with os.scandir(self.data_dir) as listing:
                    names = (SUFFIX, ABANDONED_SUFFIX)
                    entries = [e for e in listing if e.name.endswith(names)]
            except OSError as err:  # a folder that cannot be listed: nothing known is forgotten
                self._say(note(err, FILE))
                return 0
            marks = {e.name for e in entries if e.name.endswith(ABANDONED_SUFFIX)}
            for entry in entries:
                if not entry.name.endswith(SUFFIX) or not entry.is_file():
                    continue
                seen.add(entry.name)
                given_up = entry.name + ABANDONED_SUFFIX in marks
                if entry.name in over and not given_up:
                    continue
                stat = entry.stat()
                if known.get(entry.name) != (stat.st_size, stat.st_mtime_ns, given_up):
                    changed.append((stat.st_mtime_ns, Path(entry.path)))
        paths = [path for _, path in sorted(changed, reverse=True)]  # the newest first
        self.pending = paths[budget:] if budget is not None else []
        return self.read_in(paths[:budget], gone=(set(known) | over) - seen)

    def read_in(self, paths: list[Path], gone: set[str] = frozenset()) -> int:
        """Read ``paths`` (journals) into the history and forget ``gone``; how many rows."""
        rows = []
        if paths:
            from narrator.history.reading import read  # (the rules of a game, only to read one)
        gone = set(gone)
        for path in paths:
            try:
                rows.append(read(path))
            except FileNotFoundError:  # gone since it was listed
                gone.add(path.name)
        self.index(rows, gone=gone)
        return len(rows) + len(gone)

    def _indexed(self, thorough: bool) -> tuple[dict[str, tuple], set[str]]:
        """Each journal's size, time and mark as indexed; and, for the first frame's look,
        the games over apart (their names only: the journal names' own index, not the rows)."""
        columns = "journal, size, mtime_ns, abandoned FROM games"
        if thorough:
            return {row[0]: row[1:] for row in self.db.execute(f"SELECT {columns}")}, set()
        names = {name for (name,) in self.db.execute("SELECT journal FROM games")}
        looked = f"SELECT {columns} WHERE status IN (?, ?, ?)"  # the games_by_status index
        known = {
            row[0]: row[1:] for row in self.db.execute(looked, (PLAYING, ABANDONED, UNREADABLE))
        }
        return known, names - set(known)

    def index(self, rows: list[GameRow], gone: set[str] = frozenset()) -> None:
        """Keep ``rows`` (each replaces the row of its journal) and forget ``gone``, in one
        transaction."""
        if rows or gone:
            with self._write():
                for name in gone:
                    self.db.execute("DELETE FROM games WHERE journal = ?", (name,))
                for row in rows:
                    self._put(row)

    @contextmanager
    def _write(self) -> Iterator[None]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _put(self, row: GameRow) -> None:
        given_up = abandoned_path(self.data_dir / row.journal).exists()
        self.db.execute("DELETE FROM games WHERE journal = ?", (row.journal,))
        worded = [getattr(row, name).get(lang) for name in WORDED for lang in LANGUAGES]
        self.db.execute(
            f"INSERT INTO games ({', '.join(GAME_COLUMNS)})"
            f" VALUES ({', '.join('?' * len(GAME_COLUMNS))})",
            (
                row.journal, row.game, row.status, row.started, row.last, row.seconds,
                row.language, row.size, row.mtime_ns, int(given_up), as_json(row.rulings), *worded,
            ),
        )  # fmt: skip
        columns = PLAYER_COLUMNS
        self.db.executemany(
            f"INSERT INTO players ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            [
                (row.journal, seat.seat, seat.name, None if seat.won is None else int(seat.won),
                 *(seat.side.get(lang) for lang in LANGUAGES))
                for seat in row.seats
            ],
        )  # fmt: skip

    def abandon(self, journal: str) -> None:
        """Give up an unfinished game: kept in the history as abandoned (a mark beside its
        journal, so a rebuilt history knows it too)."""
        mark = abandoned_path(self.data_dir / journal)
        fd = os.open(mark, os.O_WRONLY | os.O_CREAT, 0o600)
        os.write(fd, _dt.datetime.now().astimezone().isoformat().encode())
        os.fsync(fd)
        os.close(fd)
        self.sync()

    # --- reading --------------------------------------------------------------------------
    @_mended
    def games(
        self,
        *,
        status: str | None = None,
        game: str | None = None,
        player: str | None = None,
        limit: int | None = None,
        seated: bool = False,
    ) -> list[GameRow]:
        """Games newest first, filtered by status, game or a player's name (any case);
        ``seated``: only games with players (not an unreadable file)."""
        where, args = where_clause(status, game, player, seated)
        columns = ", ".join(GAME_COLUMNS)
        sql = f"SELECT {columns} FROM games g{where} ORDER BY g.started DESC, g.journal DESC"
        if limit:
            sql += f" LIMIT {int(limit)}"
        games = self.db.execute(sql, args).fetchall()
        seats: dict[str, list[Seat]] = {}
        if games:
            names = [g[0] for g in games]
            marks = ",".join("?" * len(names)) if len(names) < 900 else None
            query = f"SELECT journal, seat, name, won, {', '.join(SIDES)} FROM players"
            query += f" WHERE journal IN ({marks})" if marks else ""
            for journal, seat, name, won, *sides in self.db.execute(
                query + " ORDER BY journal, seat", names if marks else ()
            ):
                won = None if won is None else bool(won)
                side = {lang: text for lang, text in zip(LANGUAGES, sides, strict=True) if text}
                seats.setdefault(journal, []).append(Seat(seat, name, side, won))
        return [row_of(g, tuple(seats.get(g[0], ()))) for g in games]

    @_mended
    def count(self, *, status=None, game=None, player=None) -> int:
        where, args = where_clause(status, game, player)
        return self.db.execute(f"SELECT count(*) FROM games g{where}", args).fetchone()[0]

    @_mended
    def names(self) -> list[str]:
        """Every name typed in any game, the most recent first."""
        rows = self.db.execute(
            "SELECT p.name FROM players p JOIN games g USING (journal)"
            " GROUP BY p.name ORDER BY max(g.started) DESC"
        )
        return [name for (name,) in rows]
