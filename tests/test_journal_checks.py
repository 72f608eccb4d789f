"""Each entry of a journal carries a check chained to the line before it (issue 37, item 6):
a changed byte, a line deleted or swapped is refused naming its line (never what it holds), the
game can resume up to the entry before it with the damaged file kept aside, and a journal is
read as a stream (a file of blank lines costs a chunk, not the file)."""

from __future__ import annotations

import os
import random
import stat
import tracemalloc
from pathlib import Path

import pytest

from narrator.journal import Journal, JournalError, JournalInUse, journals
from narrator.journal.lines import LONGEST
from narrator.journal.mending import mend
from tests.test_bad_files import GAME_EVENTS, journal_at

ENTRIES = 30  # a game under way: its players, the deal, rounds of votes and secret draws


def damage(path: Path, at: int, byte: int) -> None:
    content = bytearray(path.read_bytes())
    content[at] = byte
    path.write_bytes(bytes(content))


def changed_byte(rng: random.Random, old: int) -> int:
    """Another digit for a digit (a wound's rank 0 became 8), another byte for the rest."""
    if chr(old).isdigit():
        return ord(rng.choice([d for d in "0123456789" if d != chr(old)]))
    return rng.choice([b for b in range(256) if b != old])


def test_a_changed_byte_never_replays_as_another_game(tmp_path):
    """66 of 1,750 single-byte or digit changes replayed silently as another game ('Bob'
    became 'Box'). Now each is refused, naming the file and the line and nothing the line
    holds, in both languages; only the last newline's change reads as a torn last line (its
    entry dropped with a warning, as a write cut off mid-line is)."""
    good = journal_at(tmp_path, GAME_EVENTS[:ENTRIES])
    original = good.path.read_bytes()
    rng = random.Random(37)
    path = tmp_path / "game.jsonl"
    names = [name for name in GAME_EVENTS[0].players]
    for at in sorted(rng.sample(range(len(original)), 120)) + [len(original) - 1]:
        path.write_bytes(original)
        damage(path, at, changed_byte(rng, original[at]))
        try:
            journal = Journal.open(path, repair=False)
        except JournalError as err:
            line = original[:at].count(b"\n") + 1
            assert err.params.get("line") == line, (at, str(err))
            for said in (str(err), err.text("ru")):
                assert "game.jsonl" in said and str(err.params["line"]) in said
                assert not any(name in said for name in names), said  # nothing it holds
            continue
        assert at == len(original) - 1, f"byte {at} changed and the game replayed"
        assert journal.events == GAME_EVENTS[: ENTRIES - 1] and journal.warnings


def test_a_line_deleted_repeated_or_swapped_is_refused_naming_it(tmp_path):
    lines = journal_at(tmp_path, GAME_EVENTS[:ENTRIES]).path.read_bytes().splitlines(True)
    path = tmp_path / "game.jsonl"
    other = journal_at(tmp_path / "other", []).path.read_bytes()  # its header only
    cases = {
        "deleted": (lines[:10] + lines[11:], 11),
        "repeated": (lines[:11] + lines[10:], 12),
        "swapped": (lines[:10] + [lines[11], lines[10]] + lines[12:], 11),
        "another game's header": ([other] + lines[1:], 2),
    }
    for what, (content, line) in cases.items():
        path.write_bytes(b"".join(content))
        with pytest.raises(JournalError, match=f"game.jsonl line {line} is damaged"):
            Journal.open(path)
        assert path.read_bytes() == b"".join(content), what  # refused, untouched


def test_a_version_1_journal_opens_as_before_and_goes_on_unchecked(tmp_path):
    """Every game saved before the checks: read, resumed and written as it was."""
    from tests.test_journal import unchecked

    lines = journal_at(tmp_path, GAME_EVENTS[:5]).path.read_bytes().splitlines(True)
    path = tmp_path / "older.jsonl"
    path.write_bytes(b"".join(unchecked(lines)))
    with Journal.open(path, hold=True) as journal:
        assert journal.events == GAME_EVENTS[:5] and journal.check is None
        journal.append(GAME_EVENTS[5])
    assert b'"check"' not in path.read_bytes()
    assert Journal.open(path).events == GAME_EVENTS[:6]


def test_a_journal_of_blank_lines_is_read_as_a_stream(tmp_path):
    """50 MB of blank lines cost 853 MB when the file was read whole and split: a chunk now."""
    journal = journal_at(tmp_path, GAME_EVENTS[:3])
    with open(journal.path, "ab") as f:
        f.write(b"\n" * (20 << 20))
    journal.append(GAME_EVENTS[3])  # an entry after them, its check chained over them
    tracemalloc.start()
    try:
        reopened = Journal.open(journal.path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert reopened.events == GAME_EVENTS[:4]
    assert peak < 4 << 20, f"{peak / 2**20:.1f} MiB to read 20 MiB of blank lines"


def test_a_line_longer_than_any_entry_is_refused_naming_it(tmp_path):
    journal = journal_at(tmp_path, GAME_EVENTS[:3])
    with open(journal.path, "ab") as f:
        f.write(b"x" * (LONGEST + 10))  # no newline: it is not a torn last line either
    with pytest.raises(JournalError) as err:
        Journal.open(journal.path)
    assert err.value.key == "too_long" and err.value.params["line"] == 5
    assert "строка 5" in err.value.text("ru")
    assert err.value.kept.events == GAME_EVENTS[:3]


# --- resuming up to the last good entry ------------------------------------------------------


def test_a_damaged_journal_resumes_up_to_the_entry_before_its_damaged_line(tmp_path):
    journal = journal_at(tmp_path, GAME_EVENTS[:ENTRIES])
    journal.path.with_suffix(".language").write_text("ru")
    lines = journal.path.read_bytes().splitlines(True)
    damage(journal.path, sum(map(len, lines[:20])) + 7, ord("#"))  # line 21: entry 20
    damaged = journal.path.read_bytes()
    with pytest.raises(JournalError) as err:
        Journal.open(journal.path)
    assert err.value.params["line"] == 21 and err.value.kept.events == GAME_EVENTS[:19]
    mended, aside = mend(journal.path)
    try:
        assert mended.events == GAME_EVENTS[:19] and mended.fd is not None
        assert aside.read_bytes() == damaged  # kept aside, unchanged
        assert aside.name.startswith(journal.path.name + ".damaged-")
        assert stat.S_IMODE(aside.stat().st_mode) == 0o600
        assert list(journals(tmp_path)) == [journal.path]  # not taken for a game
        assert mended.language == "ru"  # the files beside it still its own
        with pytest.raises(JournalInUse):  # played now: by this narrator only
            Journal.open(journal.path, hold=True)
        mended.append(GAME_EVENTS[19])
    finally:
        mended.close()
    again = Journal.open(journal.path)
    assert again.events == GAME_EVENTS[:20] and again.warnings == []
    assert again.header["created"] == journal.header["created"]


def test_a_journal_with_nothing_before_its_damage_is_not_mended(tmp_path):
    journal = journal_at(tmp_path, GAME_EVENTS[:3])
    content = journal.path.read_bytes()
    damage(journal.path, content.index(b"\n") + 5, ord("#"))  # line 2: the players
    with pytest.raises(JournalError, match="line 2 is damaged") as err:
        mend(journal.path)
    assert err.value.kept is None
    assert sorted(os.listdir(tmp_path)) == [journal.path.name]  # nothing written or kept


def test_a_mend_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch):
    from narrator.journal import lines

    journal = journal_at(tmp_path, GAME_EVENTS[:6])
    damage(journal.path, len(journal.path.read_bytes()) - 5, ord("#"))
    damaged = journal.path.read_bytes()

    def no_space(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(lines.os, "write", no_space)
    with pytest.raises(OSError):
        mend(journal.path)
    monkeypatch.undo()
    assert journal.path.read_bytes() == damaged
    assert sorted(os.listdir(tmp_path)) == [journal.path.name]
