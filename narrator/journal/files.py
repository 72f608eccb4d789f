"""The journal's file itself: opened, cut back, let go, its folder made durable."""

from __future__ import annotations

import errno
import os
import stat
from contextlib import suppress
from pathlib import Path

from narrator import holding
from narrator.journal.errors import JournalError
from narrator.prompts import reason


def opened(path: Path, write: bool) -> int:
    """The journal's file, opened to be read (``write``: and appended to); never a folder, a
    pipe or a device (a pipe would wait for a writer for ever)."""
    flags = (os.O_RDWR | os.O_APPEND) if write else os.O_RDONLY
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        why = reason(err, english=str(err.strerror or err))
        if write and not isinstance(err, FileNotFoundError | IsADirectoryError):
            raise JournalError("cannot_write", file=path.name, reason=why) from err
        raise JournalError("cannot_read", file=str(path), reason=why) from err
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            err = IsADirectoryError(errno.EISDIR, "Is a directory")
            raise JournalError("cannot_read", file=str(path), reason=reason(err, "Is a directory"))
        why = reason(ValueError(), english="it is not a file", other="not_file")
        raise JournalError("cannot_read", file=str(path), reason=why)
    return fd


def let_go(fd: int, path: Path) -> None:
    holding.remove_note(path)  # while the lock is still held: the next narrator's note stays
    with suppress(OSError):
        os.close(fd)


def cut(fd: int | None, path: Path, end: int) -> None:
    """Cut a torn last line off (the file ends at ``end``) so later lines start clean: through
    the held file, or under the lock for the cut; never while another narrator plays it."""
    own = fd is None
    try:
        if own:
            fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
            holding.lock(fd)
        os.ftruncate(fd, end)
        os.fsync(fd)
    except (OSError, holding.Held):
        pass  # dropped in memory all the same; cut by the narrator that plays it
    finally:
        if own and fd is not None:
            os.close(fd)


def fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
