"""The journal: one append-only JSON Lines file a game, the game's only record.

Line 1 is a header naming the game; every later line is an event or an undo of the last
standing event, each with a check chained to the line before (``lines``: what a line is on
disk, version 1 without checks still read). Each line is written with one ``write`` and
``fsync``ed before ``append`` returns, so a killed process loses nothing it was told was
saved. The file is created readable by its owner only: it holds the Ultimate Price.

A journal opened to be played (``hold=True``) is held: its file stays open, locked against a
second narrator (``holding``), and every entry is written through that one descriptor. One
opened only to be read (the history, a record) takes no lock.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from narrator import holding, paths
from narrator.games import get_game
from narrator.games.base import Event, Game, Refusal, fold
from narrator.journal.errors import JournalError, JournalInUse, in_use
from narrator.journal.files import cut, fsync_dir, let_go, opened
from narrator.journal.lines import (
    CHECKED,
    LONGEST,
    MAGIC,
    READABLE,
    VERSION,
    Damaged,
    Reader,
    TooLong,
    has_seal,
    header_of,
    sealed,
    unsealed,
    write_line,
)
from narrator.prompts import Problem, in_game, reason

__all__ = [
    "LANGUAGE_SUFFIX",
    "MAGIC",
    "SUFFIX",
    "VERSION",
    "Journal",
    "JournalError",
    "JournalInUse",
    "journals",
    "latest_unfinished",
]

SUFFIX = paths.JOURNAL_SUFFIX
LANGUAGE_SUFFIX = ".language"  # beside a journal: the language chosen during its game


@dataclass(eq=False)
class Journal:
    path: Path
    game: Game
    events: list[Event] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    state: Any = None
    header: dict[str, Any] = field(default_factory=dict)
    check: bytes | None = None  # the last line's check; None: a version 1 journal
    fd: int | None = field(default=None, repr=False)  # held (``hold``): the game's own file
    _let_go: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.game.initial()

    # --- making and opening -------------------------------------------------------------
    @classmethod
    def create(
        cls,
        game_name: str,
        directory: Path,
        stem: str | None = None,
        language: str | None = None,
        hold: bool = False,
    ) -> Journal:
        """A new journal for a game of ``game_name``; ``hold``: kept open and locked, to be
        played (see ``open``)."""
        game = get_game(game_name)
        paths.private_dir(directory)
        now = _dt.datetime.now().astimezone()
        stem = stem or f"{game_name}-{now:%Y%m%d-%H%M%S-%f}"
        path = directory / f"{stem}{SUFFIX}"
        header = header_of(game_name, now.isoformat(), language)
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_CLOEXEC
        fd = os.open(path, flags, 0o600)
        try:
            os.fchmod(fd, 0o600)  # whatever the umask
            if hold:
                holding.lock(fd)  # (a new file: nobody else can hold it yet)
            line, check = sealed(header, b"")
            write_line(fd, line)
        except BaseException:
            path.unlink(missing_ok=True)  # no empty or half-headed file left behind
            os.close(fd)
            raise
        if not hold:
            os.close(fd)
        fsync_dir(directory)
        journal = cls(path=path, game=game, header=header, check=check)
        if hold:
            journal.hold(fd)
        return journal

    @classmethod
    def open(cls, path: Path, repair: bool = True, hold: bool = False) -> Journal:
        """Rebuild a game from its journal, read as a stream. A torn last line is dropped
        (with a warning; cut from the file if ``repair`` and no other narrator plays it: its
        line may be half-written now); anything else that is wrong refuses the file, naming
        its line (never what the line holds), and leaves it untouched.

        ``hold``: to be played. The journal is locked against a second narrator first
        (``JournalInUse`` if one plays it: where, as its note says) and stays open: every
        entry is written through it, and ``close`` lets it go."""
        path = Path(path)
        fd = opened(path, write=hold)
        try:
            if hold:
                try:
                    holding.lock(fd)
                except holding.Held:
                    raise in_use(path) from None
            with open(fd, "rb", closefd=False) as stream:
                journal, reader = cls._read(path, stream)
            if reader.torn:
                journal.warnings.append(Problem("torn_line", file=path.name))
                if repair:
                    cut(fd if hold else None, path, reader.end)
            if hold:
                journal.hold(fd)
                fd = None
            return journal
        finally:
            if fd is not None:
                os.close(fd)

    @classmethod
    def _read(cls, path: Path, stream: BinaryIO) -> tuple[Journal, Reader]:
        name = path.name
        reader = Reader(stream)
        lines = reader.lines()
        journal = None
        try:
            number, first = next(lines, (1, None))
            if first is None:
                raise JournalError("no_header", file=name)
            journal = cls._headed(path, first, number)
            for number, line in lines:
                body = line
                if journal.check is not None:
                    try:
                        body, check = unsealed(line, journal.check)
                    except Damaged:
                        raise JournalError("damaged", file=name, line=number) from None
                journal._replay(_parse(body, name, number), number)
                if journal.check is not None:
                    journal.check = check
        except TooLong as err:
            too_long = JournalError("too_long", file=name, line=err.args[0], limit=LONGEST)
            too_long.kept = journal if journal and journal.events else None
            raise too_long from None
        except JournalError as err:
            err.kept = journal if journal and journal.events else None  # the entries before it
            raise
        return journal, reader

    @classmethod
    def _headed(cls, path: Path, line: bytes, number: int) -> Journal:
        """The journal its header line names, with no entry yet. A header with a check is
        checked before anything it says is believed: a changed byte in it (its version, its
        game) is damage, named as such, not another file."""
        name = path.name
        check = None
        if has_seal(line):
            try:
                line, check = unsealed(line, b"")
            except Damaged:
                raise JournalError("damaged", file=name, line=number) from None
        header = _parse(line, name, number)
        if not isinstance(header, dict) or header.get("journal") != MAGIC:
            raise JournalError("not_journal", file=name)
        version = header.get("version")
        if type(version) is not int or version not in READABLE:
            raise JournalError("other_version", file=name, version=repr(version), supported=VERSION)
        if (version >= CHECKED) != (check is not None):  # a check missing, or where none was
            raise JournalError("damaged", file=name, line=number)
        try:
            game = get_game(str(header.get("game")))
        except KeyError:
            raise JournalError("unknown_game", file=name, game=repr(header.get("game"))) from None
        return cls(path=path, game=game, header=header, check=check)

    def _replay(self, record: Any, number: int) -> None:
        where = {"file": self.path.name, "line": number}
        if not isinstance(record, dict):
            raise JournalError("not_entry", **where)
        if record.get("undo") is True:
            if not self.events:
                raise JournalError("undo_nothing", **where)
            self.events.pop()
            self.state = fold(self.game, self.events)
            return
        try:
            event = self.game.codec.decode(record.get("event"))
            self.state = self.game.apply(self.state, event)
        except (ValueError, Refusal) as err:  # a Refusal is worded as the screens word it
            why = (
                in_game(self.game.words_dir, err.text)  # worded before its game is chosen
                if isinstance(err, Refusal)
                else reason(err, other="bad_entry")
            )
            raise JournalError("not_replayed", **where, reason=why) from err
        self.events.append(event)

    # --- holding ------------------------------------------------------------------------
    def hold(self, fd: int) -> None:
        """Keep ``fd`` (this journal's file, locked) for the game, and say where it is
        played. Let go by ``close``, or when the journal is forgotten, or with the process."""
        self.fd = fd
        holding.write_note(self.path)
        self._let_go = weakref.finalize(self, let_go, fd, self.path)

    def close(self) -> None:
        """The game is put down: its note removed, its lock and file let go."""
        if self._let_go is not None:
            self._let_go()
        self.fd = self._let_go = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # --- writing ------------------------------------------------------------------------
    @property
    def language(self) -> str | None:
        """The language the game was last played in: chosen during the game (saved beside the
        journal), else the one it was started in, else unknown (an older journal)."""
        try:
            chosen = self.path.with_suffix(LANGUAGE_SUFFIX).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            chosen = ""
        if chosen.isalpha() and len(chosen) <= 8:
            return chosen
        started = self.header.get("language")
        return started if isinstance(started, str) and started.isalpha() else None

    def remember_language(self, language: str) -> None:
        """The narrator chose ``language`` during the game: it resumes in it. A failure to save
        it loses no entry (the game then resumes in the language it was started in)."""
        paths.write_private(self.path.with_suffix(LANGUAGE_SUFFIX), language)

    def append(self, event: Event, source: str | None = None) -> Any:
        """Check ``event`` against the rules, write it to disk and fsync, then return the new
        state. A refused event raises ``Refusal`` and writes nothing. ``source``: where the
        entry came from when not from the laptop's keys ("phone": a seat's own page), noted
        in its line (the journal is the owner's alone; replay reads the event only)."""
        new_state = self.game.apply(self.state, event)
        record = {"n": len(self.events) + 1, "event": event.to_json()}
        if source is not None:
            record["from"] = source
        self._write(record)
        self.events.append(event)
        self.state = new_state
        return new_state

    def undo(self) -> Event | None:
        """Take back the last standing event (recorded as an undo line). None if there is none."""
        if not self.events:
            return None
        self._write({"n": len(self.events), "undo": True})
        event = self.events.pop()
        self.state = fold(self.game, self.events)
        return event

    def _write(self, record: dict[str, Any]) -> None:
        """Append one line; if it cannot be written whole and made durable (a full or failing
        disk), cut the file back so it holds exactly the entries in memory. A held journal
        writes through its own file (no descriptor is needed to save an entry); one that is
        not takes the lock for the line, refused if another narrator plays the game."""
        line, check = sealed(record, self.check)
        fd = self.fd
        if fd is None:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        try:
            if self.fd is None:
                try:
                    holding.lock(fd)
                except holding.Held:
                    raise in_use(self.path) from None
            size = os.fstat(fd).st_size
            try:
                write_line(fd, line)
            except BaseException:
                try:
                    os.ftruncate(fd, size)
                    os.fsync(fd)
                except OSError:
                    pass  # a torn last line is dropped, with a warning, when the game is opened
                raise
        finally:
            if fd != self.fd:
                os.close(fd)
        self.check = check


def _parse(line: bytes, name: str, number: int) -> Any:
    try:
        return json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):  # bad UTF-8 or JSON, a 5000-digit number, deep nesting
        raise JournalError("not_json", file=name, line=number) from None


def journals(directory: Path) -> Iterator[Path]:
    """Journal files in ``directory``, newest first."""
    if not directory.is_dir():
        return iter(())
    files = [p for p in directory.glob(f"*{SUFFIX}") if p.is_file()]
    return iter(sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True))


def latest_unfinished(
    directory: Path, is_over=None, problems: list[Problem] | None = None
) -> tuple[Path, Journal] | None:
    """The newest journal whose game is not over, opened. Damaged files are passed over (why
    each one was, a `Problem`, is added to ``problems``), and so is a journal cut off before
    its first entry: it holds no game to resume."""
    for path in journals(directory):
        try:
            journal = Journal.open(path)
        except JournalError as err:
            if problems is not None:
                problems.append(err.problem)
            continue
        if not journal.events:
            continue
        over = is_over(journal.state) if is_over else journal.game.is_over(journal.state)
        if not over:
            return path, journal
    return None
