"""The journal: owner-only, fsynced JSON Lines that rebuild the game; damaged files refused."""

from __future__ import annotations

import json
import os
import pickle
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrator.games.base import Refusal, fold
from narrator.games.ravnica import GAME
from narrator.games.ravnica import events as ev
from narrator.journal import MAGIC, Journal, JournalError, journals, latest_unfinished
from narrator.journal.lines import sealed
from tests.games.table import ANN, BOB, EVE, GUILDS, NAMES
from tests.tui.russian import english_words

UNCHECKED = 1  # hand-made lines: a journal of version 1 (no checks), as older games are

OPENING = [
    ev.GameCreated(NAMES[:5]),
    ev.GuildsDealt(GUILDS[:5]),
    ev.OpeningDone(),
    ev.LeaderCardTurned("W"),
    ev.DiscussionEnded(),
    ev.VoteCast(ANN, EVE),
    ev.VoteCast(BOB, ANN),
]


def journal_with(directory: Path, events=OPENING, stem: str | None = None) -> Journal:
    journal = Journal.create("ravnica", directory, stem)
    for event in events:
        journal.append(event)
    return journal


def header(**changes) -> str:
    data = {"journal": MAGIC, "version": UNCHECKED, "game": "ravnica", "created": "2026-01-01"}
    data.update(changes)
    return json.dumps(data)


def test_journal_is_readable_by_its_owner_only(tmp_path):
    old = os.umask(0)  # the most permissive umask
    try:
        journal = journal_with(tmp_path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(journal.path.stat().st_mode) == 0o600
    assert journal.path.parent == tmp_path and journal.path.suffix == ".jsonl"


def test_journal_holds_one_json_line_an_event(tmp_path):
    journal = journal_with(tmp_path)
    lines = journal.path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["journal"] == MAGIC
    assert [json.loads(line)["event"] for line in lines[1:]] == [e.to_json() for e in OPENING]


def test_journal_reopens_to_the_same_game(tmp_path):
    journal = journal_with(tmp_path)
    reopened = Journal.open(journal.path)
    assert reopened.events == OPENING
    assert reopened.state == journal.state
    assert reopened.warnings == []


def test_refused_append_writes_nothing(tmp_path):
    journal = journal_with(tmp_path)
    before = journal.path.read_bytes()
    with pytest.raises(Refusal):
        journal.append(ev.VoteCast(ANN, BOB))  # Ann already voted
    with pytest.raises(Refusal):
        journal.append(ev.VoteCast(EVE, BOB))  # Bob is not White
    assert journal.path.read_bytes() == before
    assert journal.events == OPENING


def test_undo_is_recorded_and_replayed(tmp_path):
    journal = journal_with(tmp_path)
    assert journal.undo() == OPENING[-1]
    reopened = Journal.open(journal.path)
    assert reopened.events == OPENING[:-1]
    reopened.append(ev.VoteCast(BOB, EVE))
    assert Journal.open(journal.path).state.ballot.vote_of(BOB) == EVE


@pytest.mark.parametrize("cut", [1, 5, -2, -1])
def test_torn_last_line_dropped_with_a_warning(tmp_path, cut):
    journal = journal_with(tmp_path, OPENING[:-1])
    whole = journal.path.read_bytes()
    line = (json.dumps({"n": 7, "event": OPENING[-1].to_json()}) + "\n").encode()
    with open(journal.path, "ab") as f:
        f.write(line[:cut])  # the power went out mid-write
    reopened = Journal.open(journal.path)
    assert reopened.events == OPENING[:-1]  # nothing before it lost
    assert len(reopened.warnings) == 1 and "cut off" in reopened.warnings[0]
    assert "оборвалась на середине" in reopened.warnings[0].text("ru")
    assert journal.path.read_bytes() == whole  # the torn bytes are gone
    reopened.append(OPENING[-1])  # and the game goes on
    again = Journal.open(journal.path)
    assert again.events == OPENING and again.warnings == []


def test_torn_line_mid_character_dropped(tmp_path):
    journal = Journal.create("ravnica", tmp_path)
    journal.append(ev.GameCreated(("Zoë", "Åsa", "Bjørn", "Ðan", "Œil")))
    whole = journal.path.read_bytes()
    with open(journal.path, "ab") as f:
        f.write(b'{"n":2,"event":{"type":"guilds_dealt","guilds":["Zo' + "ë".encode()[:1])
    reopened = Journal.open(journal.path)
    assert reopened.state.players[0] == "Zoë" and reopened.warnings
    assert journal.path.read_bytes() == whole


NOT_JOURNALS = {
    "random text": b"Dear diary,\ntoday we played Ravnica.\n",
    "json of something else": json.dumps({"name": "settings", "volume": 3}).encode() + b"\n",
    "json list": b"[1, 2, 3]\n",
    "empty file": b"",
    "only a newline": b"\n",
    "binary garbage": bytes(range(256)) * 4,
    "unknown game": (header(game="chess") + "\n").encode(),
    "unknown version": (header(version=99) + "\n").encode(),
    "a header cut off": header().encode()[:20],
    # what else a player's disk may hold (the bad-input sweep)
    # json.loads recurses: a deep file used to raise RecursionError, not a JournalError
    "nested a million deep": b"[" * 100_000 + b"\n",
    "a nested entry": (header() + "\n" + '{"n":1,"event":' + "[" * 100_000 + "\n").encode(),
    # Python refuses to read an integer of more than 4300 digits: a ValueError, not JSON's
    "a 5000-digit number": (header() + "\n" + '{"n":1,"seed":' + "7" * 5000 + "}\n").encode(),
    "a byte-order mark (saved by Notepad)": b"\xef\xbb\xbf" + header().encode() + b"\n",
    "a line of NULs (a crash on ext4)": (header() + "\n").encode() + b"\0" * 64 + b"\n",
    "a header that is a number": b"12\n",
    "a header naming no game": json.dumps({"journal": MAGIC, "version": UNCHECKED}).encode()
    + b"\n",
    "a game of another kind": (header().replace('"ravnica"', '["ravnica"]') + "\n").encode(),
    "version as text": (header().replace('"version": 1', '"version": "1"') + "\n").encode(),
    "another program's JSON Lines": b'{"level":"info","msg":"started"}\n{"level":"warn"}\n',
    "a PNG": b"\x89PNG\r\n\x1a\n" + bytes(range(256)),
}


@pytest.mark.parametrize("content", NOT_JOURNALS.values(), ids=NOT_JOURNALS.keys())
def test_non_journal_refused_and_untouched(tmp_path, content):
    path = tmp_path / "game.jsonl"
    path.write_bytes(content)
    with pytest.raises(JournalError) as err:
        Journal.open(path)
    message = str(err.value)
    assert "game.jsonl" in message
    assert any(
        word in message
        for word in ("not a journal", "not a narrator journal", "unknown game", "version")
    )
    assert path.read_bytes() == content


@pytest.mark.parametrize("content", NOT_JOURNALS.values(), ids=NOT_JOURNALS.keys())
def test_a_refused_journal_is_worded_in_russian_too(tmp_path, content):
    path = tmp_path / "game.jsonl"
    path.write_bytes(content)
    with pytest.raises(JournalError) as err:
        Journal.open(path)
    russian = err.value.text("ru")
    assert "game.jsonl" in russian and russian != str(err.value)
    assert english_words(russian.replace("game.jsonl", ""), ["chess", "ravnica", "None"]) == []


def test_a_journal_error_is_a_words_id_with_its_parameters():
    err = JournalError("not_entry", file="a.jsonl", line=3)
    assert (err.key, err.params) == ("not_entry", {"file": "a.jsonl", "line": 3})
    assert str(err) == err.text("en") == "a.jsonl line 3 is not a journal entry."
    assert err.text("ru") == "a.jsonl, строка 3: это не запись журнала."
    again = pickle.loads(pickle.dumps(err))
    assert (again.key, again.params, str(again)) == (err.key, err.params, str(err))


def _good_lines(tmp_path) -> list[bytes]:
    return journal_with(tmp_path / "good").path.read_bytes().splitlines(keepends=True)


def sealed_after(lines: list[bytes], record) -> bytes:
    """``record`` as the app would write it after ``lines``: its check chained to theirs (a
    version 2 journal's entry the rules refuse, not a damaged one)."""
    return sealed(record, lines[-1].rstrip(b"\n")[-18:-2])[0]


def unchecked(lines: list[bytes]) -> list[bytes]:
    """The same game as a version 1 journal (no checks): an older game's."""
    return [header().encode() + b"\n", *(line[:-29] + b"}\n" for line in lines[1:])]


def test_corrupt_middle_line_refused_and_untouched(tmp_path):
    lines = _good_lines(tmp_path)
    lines[3] = b'{"n": 3, "event": {"type": "opening_d\n'
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(b"".join(lines))
    with pytest.raises(JournalError, match="damaged.jsonl line 4 is damaged"):
        Journal.open(path)
    assert path.read_bytes() == b"".join(lines)
    path.write_bytes(b"".join(unchecked(lines)))  # the same in a version 1 journal
    with pytest.raises(JournalError, match="damaged.jsonl line 4 is not valid JSON"):
        Journal.open(path)


@pytest.mark.parametrize(
    "record, words",
    [
        ({"n": 8, "event": {"type": "vote_cast", "voter": 2, "candidate": 1}}, "Bob is not White"),
        ({"n": 8, "event": {"type": "vote_cast", "voter": 0, "candidate": 4}}, "already voted"),
        ({"n": 8, "event": {"type": "vote_cast", "voter": 2}}, "missing field"),
        ({"n": 8, "event": {"type": "dance"}}, "unknown event type"),
        ({"n": 8, "event": {"type": ["vote_cast"]}}, "cannot be replayed"),
        ({"n": 8, "event": {"type": "vote_cast", "voter": "2", "candidate": 0}}, "whole number"),
        ({"n": 8, "event": None}, "cannot be replayed"),
        ({"n": 8}, "cannot be replayed"),
        ([1, 2], "not a journal entry"),
        ("vote", "not a journal entry"),
    ],
)
def test_entry_the_rules_refuse_is_refused_and_untouched(tmp_path, record, words):
    lines = _good_lines(tmp_path)
    path = tmp_path / "bad.jsonl"
    if isinstance(record, dict):  # a line the app could have written, its check right
        content = b"".join(lines) + sealed_after(lines, record)
    else:  # a line no version 2 journal can hold: in a version 1 journal
        content = b"".join(unchecked(lines)) + json.dumps(record).encode() + b"\n"
    path.write_bytes(content)
    with pytest.raises(JournalError) as err:
        Journal.open(path)
    assert "bad.jsonl line 9" in str(err.value) and words in str(err.value)
    assert "bad.jsonl, строка 9" in err.value.text("ru")
    assert english_words(err.value.text("ru"), ["bad", "jsonl", *NAMES, *GUILDS]) == []
    assert path.read_bytes() == content


def test_undo_of_nothing_refused(tmp_path):
    path = tmp_path / "undo.jsonl"
    content = (header() + "\n" + json.dumps({"n": 1, "undo": True}) + "\n").encode()
    path.write_bytes(content)
    with pytest.raises(JournalError, match="undoes an entry that is not there"):
        Journal.open(path)
    assert path.read_bytes() == content


def test_missing_file_refused(tmp_path):
    with pytest.raises(JournalError, match="Cannot read"):
        Journal.open(tmp_path / "nowhere.jsonl")


def _age(path: Path, seconds: int) -> None:
    os.utime(path, (1_700_000_000 + seconds, 1_700_000_000 + seconds))


def test_latest_unfinished_picks_the_newest_unfinished_game(tmp_path):
    import random

    from tests.games.walk import next_move

    older = journal_with(tmp_path, stem="older")
    newer = journal_with(tmp_path, OPENING[:3], stem="newer")
    over = Journal.create("ravnica", tmp_path, "over")
    rng = random.Random(5)
    while over.state.winner is None:
        over.append(next_move(over.state, rng, 5))
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(b"not a journal\n")
    _age(older.path, 1)
    _age(newer.path, 2)
    _age(over.path, 3)
    _age(damaged, 4)
    assert [p.name for p in journals(tmp_path)][:2] == ["damaged.jsonl", "over.jsonl"]
    found = latest_unfinished(tmp_path)
    assert found is not None
    path, journal = found
    assert path == newer.path and journal.events == OPENING[:3]
    assert damaged.read_bytes() == b"not a journal\n"
    _age(newer.path, 0)
    assert latest_unfinished(tmp_path)[0] == older.path


def test_latest_unfinished_with_none(tmp_path):
    assert latest_unfinished(tmp_path / "absent") is None
    (tmp_path / "junk.jsonl").write_text("{}\n")
    assert latest_unfinished(tmp_path) is None


GOOD = None


def _good_journal_bytes() -> bytes:
    global GOOD
    if GOOD is None:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            GOOD = journal_with(Path(tmp)).path.read_bytes()
    return GOOD


@settings(max_examples=60, derandomize=True, deadline=None)
@given(data=st.data())
def test_damaged_journal_opens_or_is_refused_untouched(data):
    """Any damage to a journal either leaves a playable game or a clear JournalError."""
    content = bytearray(_good_journal_bytes())
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(content)))
        how = data.draw(st.sampled_from(["flip", "cut", "insert", "truncate"]))
        if how == "flip" and at < len(content):
            content[at] = data.draw(st.integers(0, 255))
        elif how == "cut":
            del content[at : at + data.draw(st.integers(1, 40))]
        elif how == "insert":
            content[at:at] = data.draw(
                st.sampled_from(
                    [b"\n", b"{", b"}", b'"', b"[]", b"null", b"\xff", b'{"undo":true}']
                )
            )
        elif how == "truncate":
            del content[at:]
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        path.write_bytes(bytes(content))
        try:
            journal = Journal.open(path)
        except JournalError as err:
            assert "game.jsonl" in str(err)
            assert path.read_bytes() == bytes(content)
        else:
            assert journal.state == fold(GAME, journal.events)
            assert path.read_bytes() == bytes(content)[: len(path.read_bytes())]
