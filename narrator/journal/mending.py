"""A damaged journal resumed up to its last good entry.

The damaged file is kept aside, unchanged (``<journal>.damaged-<time>``: not a ``.jsonl``, so
neither the home screen nor the history takes it for a game), and a new journal of the same
name holds the entries before the damaged line, each with its check: the game resumes there,
with the files beside it (its language, its clock, its display's address) as they were.
"""

from __future__ import annotations

import datetime as _dt
import os
import shutil
from pathlib import Path

from narrator import holding
from narrator.journal import Journal
from narrator.journal.errors import JournalError, in_use
from narrator.journal.files import fsync_dir, opened
from narrator.journal.lines import header_of, sealed, write_line

ASIDE = ".damaged-"  # <journal>.damaged-<time>: the damaged file, kept


def mend(path: Path, now: _dt.datetime | None = None) -> tuple[Journal, Path | None]:
    """The game of the journal at ``path``, held to be played (``Journal.open(hold=True)``),
    from the entry before its damaged line; and where the damaged file was kept (None if it
    was not damaged, or no longer). ``JournalError`` if it has no good entry to resume from
    (or ``JournalInUse``: another narrator plays it); an ``OSError`` changes nothing."""
    path = Path(path)
    fd = opened(path, write=True)
    try:
        try:
            holding.lock(fd)
        except holding.Held:
            raise in_use(path) from None
        with open(fd, "rb", closefd=False) as stream:
            try:
                Journal._read(path, stream)
            except JournalError as err:
                if err.kept is None:
                    raise
                kept, line = err.kept, err.params["line"]
            else:  # mended meanwhile (by another narrator): played as it is
                os.close(fd)
                fd = None
                return Journal.open(path, hold=True), None
        return _rewritten(kept, line, now or _dt.datetime.now().astimezone())
    finally:
        if fd is not None:
            os.close(fd)  # the damaged file's lock: it is kept aside now


def _rewritten(kept: Journal, line: int, now: _dt.datetime) -> tuple[Journal, Path]:
    path = kept.path
    aside = _aside(path, now)
    created = kept.header.get("created") or now.isoformat()
    mended = {"from": aside.name, "line": line}  # for whoever reads the file
    header = header_of(kept.game.name, created, kept.header.get("language"), mended=mended)
    data, check = sealed(header, b"")
    for number, event in enumerate(kept.events, start=1):
        entry, check = sealed({"n": number, "event": event.to_json()}, check)
        data += entry
    new = path.with_name(path.name + ".mending")
    fd = os.open(new, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND | os.O_CLOEXEC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        holding.lock(fd)  # locked before it is the journal: no narrator takes it meanwhile
        write_line(fd, data)
        _keep(path, aside)
        os.replace(new, path)
    except BaseException:
        os.close(fd)
        new.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)
    journal = Journal(
        path=path, game=kept.game, events=kept.events, state=kept.state, header=header, check=check
    )
    journal.hold(fd)
    return journal, aside


def _aside(path: Path, now: _dt.datetime) -> Path:
    stamp = now.strftime("%Y%m%d-%H%M%S")
    aside, count = path.with_name(f"{path.name}{ASIDE}{stamp}"), 1
    while aside.exists():
        count += 1
        aside = path.with_name(f"{path.name}{ASIDE}{stamp}-{count}")
    return aside


def _keep(path: Path, aside: Path) -> None:
    """The damaged file, unchanged, at ``aside``: a second name for it where the file system
    allows, else a copy (owner-only, as the journal)."""
    try:
        os.link(path, aside)
        return
    except OSError:
        pass
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    with open(fd, "wb") as copy, open(path, "rb") as damaged:
        shutil.copyfileobj(damaged, copy)
        copy.flush()
        os.fsync(copy.fileno())
