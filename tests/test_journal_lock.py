"""One game, one narrator (issue 37, item 2): a journal opened to be played is locked and held
for the whole game; a second narrator, in this process or another, is refused and told where
the game is open; a narrator killed never blocks the next one."""

from __future__ import annotations

import errno
import os
import select
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from narrator.holding import held, note_path, read_note
from narrator.journal import Journal, JournalError, JournalInUse
from tests.test_bad_files import GAME_EVENTS, journal_at

ROOT = Path(__file__).resolve().parents[1]
HOLDER = """
import sys
from pathlib import Path
from narrator.journal import Journal
journal = Journal.open(Path(sys.argv[1]), hold=True)
print("held", flush=True)
sys.stdin.read()  # until the test closes it, or kills this process
"""


def test_a_second_open_in_the_same_process_is_refused(tmp_path):
    """flock belongs to an open file: a second open of the same journal, even by this very
    process, is another narrator."""
    path = journal_at(tmp_path, GAME_EVENTS[:4]).path
    first = Journal.open(path, hold=True)
    with pytest.raises(JournalInUse) as err:
        Journal.open(path, hold=True)
    assert f"process {os.getpid()} on {socket.gethostname()}" in str(err.value)
    assert str(err.value).startswith(f"{path.name} is open in another narrator (")
    assert err.value.text("ru").startswith(f"{path.name} открыт в другом экземпляре ведущего")
    assert held(path) and stat.S_IMODE(note_path(path).stat().st_mode) == 0o600
    first.close()
    assert not note_path(path).exists() and not held(path)
    with Journal.open(path, hold=True) as second:  # put down: the next one plays it
        assert second.events == GAME_EVENTS[:4]


def test_two_copies_can_no_longer_each_accept_the_same_entry(tmp_path):
    """The bug: two narrators resumed one game and each saved its entry 33; the journal then
    contradicted itself. The one that does not hold the game cannot write to it."""
    path = journal_at(tmp_path, GAME_EVENTS[:32]).path
    playing = Journal.open(path, hold=True)
    looking = Journal.open(path)  # the history's, a record's reading: no lock
    playing.append(GAME_EVENTS[32])
    with pytest.raises(JournalInUse):
        looking.append(GAME_EVENTS[32])
    with pytest.raises(JournalInUse):
        looking.undo()
    playing.close()
    assert Journal.open(path).events == GAME_EVENTS[:33]


def test_entries_are_written_through_the_held_file(tmp_path, monkeypatch):
    """With every descriptor of the process taken (a flood on the table display), an entry and
    an undo are still saved: the game's file was opened once, at its start."""
    from narrator.journal import lines

    journal = Journal.create("ravnica", tmp_path, hold=True)
    for event in GAME_EVENTS[:4]:
        journal.append(event)

    def no_descriptor(*_args, **_kwargs):
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(lines.os, "open", no_descriptor)
    journal.append(GAME_EVENTS[4])
    journal.undo()
    journal.append(GAME_EVENTS[4])
    monkeypatch.undo()
    journal.close()
    assert Journal.open(journal.path).events == GAME_EVENTS[:5]


def _holder(path: Path) -> subprocess.Popen:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
    )
    ready, _, _ = select.select([child.stdout], [], [], 30)
    assert ready and child.stdout.readline() == b"held\n"
    return child


def test_another_process_is_named_and_a_killed_one_never_blocks(tmp_path):
    path = journal_at(tmp_path, GAME_EVENTS[:6]).path
    child = _holder(path)
    try:
        with pytest.raises(JournalInUse) as err:
            Journal.open(path, hold=True)
        assert f"process {child.pid} on " in str(err.value)
        assert f"процесс {child.pid} на " in err.value.text("ru")
        assert read_note(path)["pid"] == str(child.pid)
        assert Journal.open(path).events == GAME_EVENTS[:6]  # its record may be looked at
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert note_path(path).exists() and not held(path)  # a stale note, no lock behind it
    deadline = time.monotonic() + 10
    while True:  # (the kernel lets the lock go with the process: at once, in practice)
        try:
            journal = Journal.open(path, hold=True)
            break
        except JournalInUse:
            assert time.monotonic() < deadline, "a killed narrator's lock still blocks"
    with journal:
        assert read_note(path)["pid"] == str(os.getpid())  # the stale note replaced
        journal.append(GAME_EVENTS[6])


def test_a_journal_that_cannot_be_written_is_not_played(tmp_path, monkeypatch):
    path = journal_at(tmp_path, GAME_EVENTS[:3]).path
    from narrator.journal import files

    real_open = os.open

    def read_only(where, flags, *args):
        if flags & (os.O_RDWR | os.O_WRONLY):
            raise OSError(errno.EROFS, "Read-only file system", str(where))
        return real_open(where, flags, *args)

    monkeypatch.setattr(files.os, "open", read_only)
    with pytest.raises(JournalError) as err:
        Journal.open(path, hold=True)
    assert err.value.key == "cannot_write" and "not played on" in str(err.value)
    assert "диск только для чтения" in err.value.text("ru")
    assert Journal.open(path).events == GAME_EVENTS[:3]  # read, as the history does
