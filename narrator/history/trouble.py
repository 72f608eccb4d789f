"""What the history does when its database cannot be used, and the one line that says why.

A damaged database (not a database, a table or a column missing, a page of garbage) is moved
aside and made again from the journals. One that cannot be written here and now (read-only, as
after a run with ``sudo``; held by another program's write; a disk that fails) is left as it
is: the history is kept in memory for the run, read from the journals, and the note says why.
"""

from __future__ import annotations

import errno
import sqlite3

from narrator.prompts import Localized, reason, words

# SQLite's primary result codes of a file that is not a sound history: moved aside, rebuilt.
_DAMAGED = {
    sqlite3.SQLITE_CORRUPT,
    sqlite3.SQLITE_NOTADB,
    sqlite3.SQLITE_ERROR,  # no such table or column: a history of another shape
    sqlite3.SQLITE_SCHEMA,
    sqlite3.SQLITE_MISMATCH,
    sqlite3.SQLITE_FORMAT,
}
_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_READ_ONLY = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN}
_DENIED = {errno.EACCES, errno.EPERM, errno.EROFS}


class Held(OSError):
    """Another narrator (or any program) holds the history's lock file longer than a write
    of the history takes."""


def _code(error: BaseException) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF  # the extended codes keep it in the low byte


def damaged(error: BaseException) -> bool:
    """Whether the database itself is wrong (to be moved aside), not the place it is in."""
    return _code(error) in _DAMAGED


def note(error: BaseException, file: str) -> tuple[str, dict]:
    """The home screen's and the command line's line (a words id and its parameters) for a
    history kept in memory because of ``error``."""
    code = _code(error)
    if isinstance(error, Held) or code in _BUSY:
        return "history.busy", {"file": file}
    if code in _READ_ONLY or (isinstance(error, OSError) and error.errno in _DENIED):
        return "history.read_only", {"file": file}
    if isinstance(error, OSError):
        return "history.unusable", {"error": reason(error)}
    return "history.unusable", {"error": _sqlite_reason(error)}


def _sqlite_reason(error: BaseException) -> Localized:
    """SQLite's message in English; its error's name in another language."""
    name = getattr(error, "sqlite_errorname", None) or type(error).__name__

    def worded(lang: str) -> str:
        if lang == "en":
            return str(error)
        return words(lang, None).format("history.database_error", name=name)

    return Localized(worded)
