"""Issue #37 item 3: a history that cannot be used never stops a start. A damaged one (a table
missing) is moved aside and rebuilt; one that cannot be written (read-only, as after a run with
``sudo``) or that another program holds (a write transaction, the lock file) is left as it is
and kept in memory, from the journals, with one line saying why; the home screen appears at
once whatever the database's state."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import time
from pathlib import Path

import pytest

from narrator.history.store import FILE, WAIT, History
from narrator.prompts import words
from narrator.tui.home import HomeScreen
from tests.history.games import played
from tests.tui.driver import screen_text, wait_for

QUICK = 5.0  # seconds: today a held database waits 30 s, then stops the app


@pytest.fixture
def folder(tmp_path) -> Path:
    """A data folder with one game, its history written and closed."""
    data = tmp_path / "games"
    played("pyre", data)
    History(data).sync()
    return data


def notes(history: History) -> list[str]:
    return [key for key, _ in history.notes]


def said(history: History, lang: str) -> list[str]:
    return [words(lang, None).format(key, **params) for key, params in history.notes]


def listed(history: History) -> list[str]:
    history.sync()
    return [row.game for row in history.games()]


@pytest.mark.parametrize("check", [True, False], ids=["command", "home screen"])
def test_a_history_whose_players_table_is_missing_is_moved_aside_and_rebuilt(folder, check):
    with sqlite3.connect(folder / FILE) as db:
        db.execute("DROP TABLE players")
    history = History(folder, check=check)
    assert notes(history) == ["history.corrupt"] and not history.in_memory
    assert listed(history) == ["pyre"]
    (aside,) = folder.glob(f"{FILE}.*.aside")
    with sqlite3.connect(aside) as old:  # the old file kept as it was, beside
        assert old.execute("SELECT count(*) FROM games").fetchone() == (1,)


def test_a_read_only_history_is_kept_in_memory_with_one_line_and_left_as_it_is(folder, monkeypatch):
    before = (folder / FILE).read_bytes()
    os.chmod(folder / FILE, 0o444)
    if os.geteuid() == 0:  # root writes whatever the mode: SQLite opens it read-only instead
        uri = f"file:{folder / FILE}?mode=ro"
        opened = History._connect

        def read_only(self):
            db = opened(self)
            db.close()
            return sqlite3.connect(uri, uri=True, timeout=WAIT, isolation_level=None)

        monkeypatch.setattr(History, "_connect", read_only)
    (folder / next(folder.glob("*.jsonl")).name).touch()  # changed: the history must write
    history = History(folder)
    assert listed(history) == ["pyre"] and history.in_memory
    assert notes(history) == ["history.read_only"]
    assert all(FILE in said(history, lang)[0] for lang in ("en", "ru"))
    history.close()
    assert (folder / FILE).read_bytes() == before and not list(folder.glob("*.aside"))


def test_a_history_held_by_another_programs_write_is_kept_in_memory_at_once(folder):
    other = sqlite3.connect(folder / FILE, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program's write, never ended
    try:
        next(folder.glob("*.jsonl")).touch()  # changed: the history must write
        start = time.monotonic()
        history = History(folder)
        assert listed(history) == ["pyre"]
        assert time.monotonic() - start < QUICK and history.in_memory
        assert notes(history) == ["history.busy"]
        assert said(history, "ru") == [
            "Историю игр (history.sqlite3) держит другая программа: она ведётся только до "
            "выхода, по сохранённым играм."
        ]
    finally:
        other.close()


def test_a_lock_file_held_by_another_program_never_keeps_the_history_waiting(folder):
    fd = os.open(folder / (FILE + ".lock"), os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)  # (another open file: it conflicts even in this process)
    try:
        start = time.monotonic()
        history = History(folder)
        assert listed(history) == ["pyre"] and time.monotonic() - start < QUICK
        assert notes(history) == ["history.busy"]
    finally:
        os.close(fd)


async def test_the_home_screen_appears_at_once_with_a_held_history(make_app, tmp_path):
    data = tmp_path / "games"
    played("pyre", data, upto=20)  # unfinished: listed to resume
    History(data).sync()
    next(data.glob("*.jsonl")).touch()
    other = sqlite3.connect(data / FILE, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        start = time.monotonic()
        app = make_app(new=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(
                pilot, lambda: isinstance(app.screen, HomeScreen) and "Resume" in screen_text(app)
            )
            assert time.monotonic() - start < QUICK
            assert "is held by another program" in screen_text(app)
    finally:
        other.close()
