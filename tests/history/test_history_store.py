"""Issue #28 items 1, 2 and 6: every game in SQLite, rebuilt from the journals, no secret."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from narrator.history.store import FILE, History
from narrator.journal import Journal
from tests.history.games import played, script_lines, unfinished

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(tmp_path) -> Path:
    return tmp_path / "data"


def test_every_game_is_in_the_history_with_its_players_rulings_and_winner(folder):
    paths = {game: played(game, folder) for game in ("ravnica", "pyre", "blood_bound")}
    history = History(folder)
    history.sync()
    rows = {row.game: row for row in history.games()}
    assert set(rows) == set(paths)
    pyre = rows["pyre"]
    assert pyre.status == "over" and pyre.journal == paths["pyre"].name
    assert [s.name for s in pyre.seats] == ["Ann", "Bob", "Cid", "Dan"]
    assert pyre.winner == {"en": "Bob wins", "ru": "Победа: Bob"}
    assert pyre.rulings["variant"] == "quick" and pyre.rulings["roll"] == "physical"
    assert pyre.seconds is not None and pyre.seconds >= 0
    bb = rows["blood_bound"]
    assert bb.winner["en"] == "The Inquisitor wins"
    assert "Inquisitor" in bb.seats[3].side["en"]  # Dan's character, revealed at the end
    assert "Инквизитор" in bb.seats[3].side["ru"]
    ravnica = [(seat.name, seat.side.get("en"), seat.won) for seat in rows["ravnica"].seats]
    assert ravnica[:2] == [("Ann", None, None), ("Bob", "Agent of Bolas", False)]  # R30


def test_the_rulings_found_again_make_the_same_first_entry(folder):
    """The form's values read back from a journal create the very same game (same players
    again: the rulings as last time)."""
    for game in ("ravnica", "werewolf", "blood_bound", "pyre"):
        journal = Journal.open(played(game, folder))
        history = History(folder)
        history.sync()
        (row,) = history.games(game=game)
        names = tuple(seat.name for seat in row.seats)
        first = journal.events[0]
        again = journal.game.created(names, row.rulings, first.to_json()["seed"])
        assert again == first, game
        history.close()


@pytest.mark.parametrize("thorough", [False, True], ids=["first frame", "thorough"])
def test_a_game_killed_with_sigkill_is_in_the_history_after_the_next_start(folder, thorough):
    """A narrator that indexed the game early, then entered more and was killed: the next
    start finds every entry of it (the journal is read again), in its first frame too."""
    path = unfinished("ravnica", folder)
    child = textwrap.dedent(f"""
        import os, signal, sys
        from pathlib import Path
        sys.path.insert(0, {str(ROOT)!r})
        from narrator.history.store import History
        from narrator.journal import Journal
        from narrator.games.ravnica import legal_moves
        History(Path({str(folder)!r})).sync()  # the app's look at the start
        journal = Journal.open(Path({str(path)!r}))
        for _ in range(3):
            journal.append(legal_moves(journal.state)[0])
        print(len(journal.events), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
    assert done.returncode == -signal.SIGKILL, done.stderr
    entries = int(done.stdout.strip())
    history = History(folder, check=thorough)
    assert history.sync(thorough) == 1
    (row,) = history.games()
    journal = Journal.open(path)
    assert len(journal.events) == entries and row.status == "playing"
    where = journal.game.summary(journal.state).params["where"]
    assert row.step["en"].endswith(f"{where.text('en', journal.game.words_dir)})")
    assert row.size == path.stat().st_size


def test_the_first_frames_look_reads_new_and_unfinished_journals_not_finished_ones(folder):
    """The home screen's first look (thorough=False) stats no finished game's journal: one
    whose end was taken back (an undo after the end) is seen by the thorough look after it."""
    over = played("pyre", folder)
    playing = unfinished("ravnica", folder)
    history = History(folder)
    assert history.sync(thorough=False) == 2  # new: read
    Journal.open(over).undo()  # the end taken back: no longer over
    Journal.open(playing).undo()
    newer = played("werewolf", folder)
    assert history.sync(thorough=False) == 2  # the unfinished one and the new one
    statuses = {row.journal: row.status for row in history.games()}
    assert statuses == {over.name: "over", playing.name: "playing", newer.name: "over"}
    assert history.sync() == 1  # the thorough look: the finished game's journal changed
    assert {row.journal: row.status for row in history.games()}[over.name] == "playing"
    newer.unlink()
    assert history.sync(thorough=False) == 1  # a journal gone: gone in the first look too


@pytest.mark.parametrize("index", ["players_by_name", "games_by_status"])
def test_a_database_damaged_inside_is_found_once_the_first_frame_is_drawn(folder, index):
    """Opened without reading it whole (the first frame), a database whose inside is damaged
    is read whole by ``verify`` once the frame is drawn, or as soon as a damaged page is met
    (the unfinished games' index, read by the first frame): moved aside and made again, with
    one line, and the journals fill it."""
    played("pyre", folder)
    History(folder).sync()
    probe = sqlite3.connect(folder / FILE)
    probe.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every row in the file itself
    (size,) = probe.execute("PRAGMA page_size").fetchone()
    root = "SELECT rootpage FROM sqlite_master WHERE name = ?"
    (page,) = probe.execute(root, (index,)).fetchone()
    probe.close()
    with open(folder / FILE, "r+b") as file:  # the index's page: garbage
        file.seek((page - 1) * size)
        file.write(b"\xff" * size)
    history = History(folder, check=False)
    assert history.notes == []
    if index == "games_by_status":
        assert history.games(status="playing") == []  # met: mended at once
    else:
        assert len(history.games()) == 1  # not met: still answers
        assert history.verify() is True
    _one_line_said(history, "history.corrupt")
    assert history.sync() == 1 and [row.game for row in history.games()] == ["pyre"]
    assert history.verify() is False  # read once


def _one_line_said(history: History, key: str) -> None:
    assert [note for note, _ in history.notes] == [key]


def test_a_budget_reads_the_newest_journals_and_keeps_the_others_for_later(folder):
    """A history rebuilt from many journals is not read before the first frame: ``budget``
    reads the newest, ``pending`` keeps the others (newest first) for ``read_in``."""
    paths = [played(game, folder) for game in ("pyre", "ravnica", "werewolf")]
    for age, path in enumerate(reversed(paths)):  # the pyre game the oldest
        os.utime(path, ns=(10**18 - age * 10**9,) * 2)
    history = History(folder, check=False)
    assert history.sync(thorough=False, budget=1) == 1
    assert [row.game for row in history.games()] == ["werewolf"]
    assert history.pending == [paths[1], paths[0]]
    assert history.read_in(history.pending) == 2 and len(history.games()) == 3
    assert history.sync() == 0 and history.pending == []


def test_a_corrupt_database_is_moved_aside_and_rebuilt_with_one_line(folder):
    played("pyre", folder)
    History(folder).sync()
    (folder / FILE).write_bytes(b"this is no database" * 100)
    for extra in ("-wal", "-shm"):
        (folder / (FILE + extra)).unlink(missing_ok=True)
    history = History(folder)
    _one_line_said(history, "history.corrupt")
    history.sync()
    assert [row.game for row in history.games()] == ["pyre"]
    (aside,) = folder.glob(f"{FILE}.*.aside")
    assert aside.read_bytes().startswith(b"this is no database")


def test_an_older_schema_is_moved_aside_and_rebuilt(folder):
    played("pyre", folder)
    (folder / FILE).parent.mkdir(parents=True, exist_ok=True)
    old = sqlite3.connect(folder / FILE)
    old.execute("CREATE TABLE games (journal TEXT)")
    old.commit()
    old.close()
    history = History(folder)
    _one_line_said(history, "history.older")
    history.sync()
    assert len(history.games()) == 1


def test_a_missing_database_is_rebuilt_from_the_journals(folder):
    played("pyre", folder)
    played("ravnica", folder)
    History(folder).sync()
    for file in folder.glob(f"{FILE}*"):
        file.unlink()
    history = History(folder)
    _one_line_said(history, "history.missing")
    assert history.sync() == 2 and len(history.games()) == 2


def test_an_unreadable_journal_is_listed_as_unreadable_never_dropped(folder):
    played("pyre", folder)
    bad = folder / "ravnica-20260101-000000-000000.jsonl"
    bad.write_text('{"journal": "something else"}\n')
    history = History(folder)
    history.sync()
    rows = {row.journal: row for row in history.games()}
    assert rows[bad.name].status == "unreadable"
    assert bad.name in rows[bad.name].problem["en"] and rows[bad.name].problem["ru"]
    assert bad.read_text() == '{"journal": "something else"}\n'  # left as it was


def test_a_journal_gone_is_gone_from_the_history(folder):
    path = played("pyre", folder)
    history = History(folder)
    history.sync()
    path.unlink()
    history.sync()
    assert history.games() == []


@pytest.mark.parametrize("game", ["ravnica", "blood_bound"])
def test_an_unfinished_game_holds_only_its_public_view(folder, game):
    """Item 6: the seed of the app's deal and any side stay in the journal (Blood Bound: just
    after the Inquisitor gave the curses, the True Curse's holder in the journal only)."""
    lines = script_lines(game)
    upto = next((n + 1 for n, line in enumerate(lines) if line.startswith("curses")), None)
    path = played(game, folder, upto) if upto else unfinished(game, folder)
    history = History(folder)
    history.sync()
    (row,) = history.games()
    assert all(seat.side == {} and seat.won is None for seat in row.seats)
    assert row.winner == {}
    dump = "\n".join(history.db.iterdump())
    first = Journal.open(path).events[0].to_json()
    assert "seed" not in row.rulings and first["seed"] not in row.rulings.values()
    secrets = ("Agent", "Bolas", "Loyalist", "agents", "loyalists", "True Curse", "Истинное")
    secrets += ("Inquisitor wins", "Harlequin", "Assassin")
    for secret in secrets:
        assert secret not in dump
    assert oct(os.stat(folder / FILE).st_mode & 0o777) == "0o600"


WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from narrator.history.store import History
from tests.history.games import played
folder = Path(sys.argv[1])
for _ in range(int(sys.argv[2])):
    played(sys.argv[3], folder)
    history = History(folder)
    for journal in sorted(folder.glob("*.jsonl")) * 3:  # each one read again and again
        journal.touch()
        history.sync()
    history.close()
"""


@pytest.mark.long
def test_two_narrators_on_one_data_folder_never_corrupt_it(folder):
    folder.mkdir(parents=True)
    code = WRITER.format(root=str(ROOT))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writers = [
        subprocess.Popen([sys.executable, "-c", code, str(folder), "4", game], env=env)
        for game in ("pyre", "ravnica")
    ]
    assert [w.wait(timeout=300) for w in writers] == [0, 0]
    history = History(folder)
    assert history.notes == []  # neither left it damaged
    history.sync()
    rows = history.games()
    assert sorted(r.game for r in rows) == ["pyre"] * 4 + ["ravnica"] * 4
    assert all(r.status == "over" for r in rows)
    check = history.db.execute("PRAGMA integrity_check").fetchone()[0]
    assert check == "ok"
    assert json.loads(json.dumps([r.journal for r in rows]))


def test_no_file_is_made_before_the_first_game_and_it_goes_there_after(folder):
    history = History(folder)
    history.sync()
    assert not folder.exists() and history.games() == []
    played("pyre", folder)  # the first game makes the folder
    assert history.sync() == 1 and history.notes == []  # no "rebuilt" line for a new folder
    assert (folder / FILE).exists() and [row.game for row in history.games()] == ["pyre"]
