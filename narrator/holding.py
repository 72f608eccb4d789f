"""One game, one narrator: the lock a narrator holds on the journal it plays, and the note
beside it that says where it is played.

The lock is ``flock`` (exclusive, never waited for) on the journal's own open file, held for
the whole game: the kernel drops it with the process, so a narrator killed or crashed never
blocks the next one. The note (owner-only, written once the lock is held, removed when the
game is closed) is only ever read when the lock is refused: a note left by a killed narrator,
with no lock behind it, means nothing.
"""

from __future__ import annotations

import datetime as _dt
import errno
import fcntl
import json
import os
import socket
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from narrator.paths import write_private

NOTE_SUFFIX = ".open"  # beside a journal (``with_suffix``): where it is played now
TRIES = 5  # another narrator's home screen holds a journal's lock for microseconds to look


class Held(Exception):
    """The journal is played by another narrator (its lock is held)."""


def lock(fd: int) -> bool:
    """Take the exclusive lock of the journal open as ``fd``; ``Held`` if another narrator
    holds it. False where the file system has no locks (played on, as before locks)."""
    for attempt in range(TRIES):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if attempt + 1 < TRIES:
                time.sleep(0.01)  # a look (``held``) lets go at once; a game never does
        except OSError as err:
            if err.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL):
                return False
            raise
    raise Held


def held(path: Path) -> bool:
    """Whether another narrator plays the journal at ``path`` now. Looked at only where a note
    says so (a stat), so that a home screen's look seldom takes the lock, even for an
    instant."""
    if not note_path(path).exists():
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # (closing lets go of the shared lock at once)
    return False


def note_path(path: Path) -> Path:
    return Path(path).with_suffix(NOTE_SUFFIX)


def _terminal() -> str | None:
    for stream in (sys.stdin, sys.stdout, sys.__stdin__, sys.__stdout__):
        with suppress(AttributeError, OSError, ValueError):
            if stream is not None and os.isatty(stream.fileno()):
                return os.ttyname(stream.fileno())
    return None


def write_note(path: Path, now: _dt.datetime | None = None) -> None:
    """Say where the journal at ``path`` is played (this process, this host, this terminal,
    since ``now``). A note that cannot be written costs nothing but the words of a refusal."""
    note = note_path(path)
    since = (now or _dt.datetime.now().astimezone()).isoformat(timespec="seconds")
    text = json.dumps(
        {"pid": os.getpid(), "host": socket.gethostname(), "terminal": _terminal(), "since": since}
    )
    write_private(note, text)


def remove_note(path: Path) -> None:
    with suppress(OSError):
        note_path(path).unlink()


def _plain(value: Any, longest: int = 64) -> str:
    """A value of the note as a refusal may show it: printable, short (a note is a file)."""
    text = str(value) if isinstance(value, str | int) else ""
    return "".join(c for c in text if c.isprintable())[:longest]


def read_note(path: Path) -> dict[str, str] | None:
    """Where the journal at ``path`` is played, as its note says (pid, host, terminal, since:
    shown as they are), or None when there is no readable note."""
    try:
        with open(note_path(path), "rb") as f:
            data = json.loads(f.read(4096).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    since = _plain(data.get("since"))
    with suppress(ValueError):
        since = _dt.datetime.fromisoformat(since).astimezone().strftime("%Y-%m-%d %H:%M")
    where = {key: _plain(data.get(key)) for key in ("pid", "host", "terminal")}
    return {**where, "since": since} if where["pid"] else None
