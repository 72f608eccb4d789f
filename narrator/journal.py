"""The journal: one append-only JSON Lines file a game, the game's only record.

Line 1 is a header naming the game; every later line is an event or an undo of the last
standing event. Each line is written with one ``write`` and ``fsync``ed before ``append``
returns, so a killed process loses nothing it was told was saved. The file is created
readable by its owner only: it holds the Ultimate Price.
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator import paths
from narrator.games import get_game
from narrator.games.base import Event, Game, Refusal, fold
from narrator.prompts import Problem, in_game, reason

MAGIC = "inquisition-narrator-journal"
VERSION = 1
SUFFIX = paths.JOURNAL_SUFFIX
LANGUAGE_SUFFIX = ".language"  # beside a journal: the language chosen during its game


class JournalError(Exception):
    """A file that cannot be used as a journal: the words id ``files.<key>`` with its
    parameters, as a `Refusal` is. ``str()`` is the English; a screen words it in the user's
    language with ``text(lang)``."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.problem = Problem(key, **params)
        super().__init__(str(self.problem))
        self.key, self.params = key, params

    def text(self, lang: str = "en") -> str:
        return self.problem.text(lang)

    def __str__(self) -> str:
        return str(self.problem)

    def __reduce__(self) -> tuple[Any, tuple[()]]:  # pickled by its id, not its English
        return functools.partial(JournalError, self.key, **self.params), ()


@dataclass
class Journal:
    path: Path
    game: Game
    events: list[Event] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    state: Any = None
    header: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.game.initial()

    # --- making and opening -------------------------------------------------------------
    @classmethod
    def create(
        cls, game_name: str, directory: Path, stem: str | None = None, language: str | None = None
    ) -> Journal:
        game = get_game(game_name)
        directory.mkdir(parents=True, exist_ok=True)
        now = _dt.datetime.now().astimezone()
        stem = stem or f"{game_name}-{now:%Y%m%d-%H%M%S-%f}"
        path = directory / f"{stem}{SUFFIX}"
        header = {
            "journal": MAGIC,
            "version": VERSION,
            "game": game_name,
            "created": now.isoformat(),
        }
        if language:  # the language it is played in: a resume keeps it, the history shows it
            header["language"] = language
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o600)
        try:
            os.fchmod(fd, 0o600)  # whatever the umask
            _write_line(fd, header)
        except BaseException:
            path.unlink(missing_ok=True)  # no empty or half-headed file left behind
            raise
        finally:
            os.close(fd)
        _fsync_dir(directory)
        return cls(path=path, game=game, header=header)

    @classmethod
    def open(cls, path: Path, repair: bool = True) -> Journal:
        """Rebuild a game from its journal. A torn last line is dropped (with a warning; cut
        from the file unless ``repair`` is False: a reader that may meet another narrator's
        line half-written); anything else that is wrong refuses the file and leaves it
        untouched."""
        path = Path(path)
        try:
            raw = path.read_bytes()
        except OSError as err:
            why = reason(err, english=str(err.strerror or err))
            raise JournalError("cannot_read", file=str(path), reason=why) from err
        lines = raw.split(b"\n")
        tail = lines.pop()  # b"" when the file ends with a newline, else a torn line
        warnings: list[Problem] = []
        keep = len(raw) - len(tail)
        name = path.name
        if not lines:
            raise JournalError("no_header", file=name)
        header = _parse(lines[0], path, 1)
        if not isinstance(header, dict) or header.get("journal") != MAGIC:
            raise JournalError("not_journal", file=name)
        if header.get("version") != VERSION:
            version = repr(header.get("version"))
            raise JournalError("other_version", file=name, version=version, supported=VERSION)
        try:
            game = get_game(str(header.get("game")))
        except KeyError:
            raise JournalError("unknown_game", file=name, game=repr(header.get("game"))) from None
        journal = cls(path=path, game=game, header=header)
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            record = _parse(line, path, number)
            journal._replay(record, number)
        if tail.strip() and repair:
            warnings.append(Problem("torn_line", file=name))
            with open(path, "r+b") as f:  # cut the torn bytes so later lines start clean
                f.truncate(keep)
                f.flush()
                os.fsync(f.fileno())
        journal.warnings = warnings
        return journal

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
        side = self.path.with_suffix(LANGUAGE_SUFFIX)
        tmp = side.with_name(side.name + ".tmp")
        try:
            tmp.write_text(language, encoding="utf-8")
            os.replace(tmp, side)
        except OSError:
            tmp.unlink(missing_ok=True)

    def append(self, event: Event) -> Any:
        """Check ``event`` against the rules, write it to disk and fsync, then return the new
        state. A refused event raises ``Refusal`` and writes nothing."""
        new_state = self.game.apply(self.state, event)
        self._write({"n": len(self.events) + 1, "event": event.to_json()})
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
        disk), cut the file back so it holds exactly the entries in memory."""
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            size = os.fstat(fd).st_size
            try:
                _write_line(fd, record)
            except BaseException:
                try:
                    os.ftruncate(fd, size)
                    os.fsync(fd)
                except OSError:
                    pass  # a torn last line is dropped, with a warning, when the game is opened
                raise
        finally:
            os.close(fd)


def _parse(line: bytes, path: Path, number: int) -> Any:
    try:
        return json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):  # bad UTF-8 or JSON, a 5000-digit number, deep nesting
        raise JournalError("not_json", file=path.name, line=number) from None


def _write_line(fd: int, record: dict[str, Any]) -> None:
    data = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    written = 0
    while written < len(data):  # one write in practice; loop for a short write
        written += os.write(fd, data[written:])
    os.fsync(fd)


def _fsync_dir(directory: Path) -> None:
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
