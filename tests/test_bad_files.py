"""Bad files a player's disk may hold: journals, settings.toml and prompt overrides that are
damaged, foreign, unreadable or absurd, and a data folder that is full or read-only.

Each one gives a clear message (a JournalError, a warning, an OSError the screen reports) and
never another exception; a journal that fails to take an entry is left as it was.
(Damaged or foreign journal contents are in test_journal.py's NOT_JOURNALS; plain damage
covered in test_catalogue.py and voice/test_settings.py is not repeated here.)
"""

from __future__ import annotations

import errno
import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator import journal as journal_module
from narrator import prompts
from narrator import settings as settings_module
from narrator.games.ravnica import GAME
from narrator.journal import MAGIC, Journal, JournalError, latest_unfinished
from narrator.prompts import Catalogue, Problem
from narrator.settings import LANGUAGES, RATE_RANGE, Settings, load
from tests.games.walk import next_move

UNCHECKED = 1  # hand-made lines: a journal of version 1 (no checks), as older games are

HEADER = json.dumps({"journal": MAGIC, "version": UNCHECKED, "game": "ravnica"})
GAME_CREATED = (
    '{"n":1,"event":{"type":"game_created","players":["Ann","Bob","Cid","Dee","Eve"],'
    '"options":{},"seed":1}}'
)


def a_game(count: int = 5, seed: int = 3) -> list:
    """The events of one whole random game (legal moves only)."""
    rng = random.Random(seed)
    state, events = GAME.initial(), []
    while state.winner is None:
        event = next_move(state, rng, count)
        state = GAME.apply(state, event)
        events.append(event)
    return events


GAME_EVENTS = a_game()


def journal_at(directory: Path, events) -> Journal:
    journal = Journal.create("ravnica", directory)
    for event in events:
        journal.append(event)
    return journal


# --- journals that are not what they claim (the contents: NOT_JOURNALS in test_journal.py) -----


def test_a_journal_that_is_a_folder_or_unreadable_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    with pytest.raises(JournalError, match="Cannot read .*folder.jsonl") as err:
        Journal.open(folder)
    assert err.value.text("ru").endswith(": это папка, а не файл.")
    # chmod 000 means nothing to root (the tests' user here): the refusal is simulated.
    path = journal_at(tmp_path, GAME_EVENTS[:3]).path

    real_open = os.open

    def denied(where, flags, *args):
        if Path(where) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(where))
        return real_open(where, flags, *args)

    monkeypatch.setattr(journal_module.os, "open", denied)
    with pytest.raises(JournalError, match="Cannot read .*: Permission denied") as err:
        Journal.open(path)
    assert err.value.text("ru") == f"Не удаётся прочитать {path}: нет доступа."


@pytest.mark.parametrize("hold", [False, True])
def test_a_pipe_or_a_device_named_as_a_journal_is_refused_never_waited_on(tmp_path, hold):
    """Reading a pipe waits for a writer for ever, /dev/zero never ends: neither is read."""
    pipe = tmp_path / "pipe.jsonl"
    os.mkfifo(pipe)
    for path in (pipe, Path("/dev/zero")):
        with pytest.raises(JournalError, match="it is not a file") as err:
            Journal.open(path, hold=hold)
        assert err.value.text("ru").endswith("это не обычный файл.")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 file all the same")
def test_a_chmod_000_journal_is_refused(tmp_path):
    path = journal_at(tmp_path, GAME_EVENTS[:3]).path
    path.chmod(0)
    try:
        with pytest.raises(JournalError, match="Permission denied"):
            Journal.open(path)
    finally:
        path.chmod(0o600)


def test_latest_unfinished_passes_over_foreign_files_and_says_which(tmp_path):
    good = journal_at(tmp_path, GAME_EVENTS[:5])
    os.utime(good.path, (1_700_000_000, 1_700_000_000))
    (tmp_path / "deep.jsonl").write_bytes(b"[" * 100_000 + b"\n")
    (tmp_path / "text.jsonl").write_bytes(b"Dear diary\n")
    problems: list[str] = []
    found = latest_unfinished(tmp_path, problems=problems)
    assert found is not None and found[0] == good.path
    assert sorted(p.split(" ", 1)[0] for p in problems) == ["deep.jsonl", "text.jsonl"]
    assert all(isinstance(p, Problem) and "строка 1" in p.text("ru") for p in problems)


def test_latest_unfinished_skips_a_journal_cut_off_before_its_players(tmp_path):
    """Killed between creating the file and saving the players: nothing to resume."""
    Journal.create("ravnica", tmp_path)
    assert latest_unfinished(tmp_path) is None


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(["W", "U", "agents", "Azorius", "app", "guild_order"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["type", "voter", "candidate", "player", "colour", "role", "players", "options"]
            )
            | st.text(max_size=4),
            inner,
            max_size=4,
        )
    ),
    max_leaves=8,
)
ENTRY = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(sorted(GAME.codec.types)),
    st.dictionaries(
        st.sampled_from(["voter", "candidate", "player", "colour", "role", "players", "seed"]),
        JSON,
        max_size=3,
    ),
)


@settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(at=st.integers(0, len(GAME_EVENTS) - 1), entry=ENTRY | JSON, undo=st.booleans())
def test_any_entry_at_any_step_replays_or_is_refused(tmp_path, at, entry, undo):
    """A hand-edited entry of any shape, at any step of a game: a JournalError or a game."""
    lines = [HEADER] + [
        json.dumps({"n": i + 1, "event": e.to_json()}) for i, e in enumerate(GAME_EVENTS[:at])
    ]
    lines.append(json.dumps({"n": at + 1, "undo": entry} if undo else {"event": entry}))
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    try:
        Journal.open(path)
    except JournalError as err:
        assert "edited.jsonl line" in str(err)


# --- a data folder that is full, read-only or broken ------------------------------------------


def no_space(*_args):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_at_creation_leaves_no_empty_journal_behind(tmp_path, monkeypatch):
    monkeypatch.setattr(journal_module.os, "write", no_space)
    with pytest.raises(OSError, match="No space"):
        Journal.create("ravnica", tmp_path)
    assert list(tmp_path.iterdir()) == []  # an empty .jsonl would be "damaged" forever after


def test_a_read_only_folder_at_creation_raises_and_writes_nothing(tmp_path, monkeypatch):
    real_open = os.open

    def read_only(path, flags, *args):
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(journal_module.os, "open", read_only)
    with pytest.raises(OSError, match="Read-only"):
        Journal.create("ravnica", tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_an_entry_half_written_when_the_disk_fills_is_taken_back(tmp_path, monkeypatch):
    """The disk fills mid-line: the half line must not stay, or the next entry, written after
    it, would make the whole journal unreadable."""
    journal = journal_at(tmp_path, GAME_EVENTS[:4])
    before, state = journal.path.read_bytes(), journal.state
    real_write = os.write

    def half_then_full(fd, data):
        monkeypatch.setattr(journal_module.os, "write", no_space)
        return real_write(fd, data[: len(data) // 2])

    monkeypatch.setattr(journal_module.os, "write", half_then_full)
    with pytest.raises(OSError, match="No space"):
        journal.append(GAME_EVENTS[4])
    assert journal.path.read_bytes() == before
    assert journal.state == state and journal.events == GAME_EVENTS[:4]
    monkeypatch.setattr(journal_module.os, "write", real_write)  # space freed: play on
    journal.append(GAME_EVENTS[4])
    reopened = Journal.open(journal.path)
    assert reopened.events == GAME_EVENTS[:5] and reopened.warnings == []


def test_an_entry_whose_fsync_fails_is_taken_back(tmp_path, monkeypatch):
    """Written but not made durable (EIO): on disk and in memory must still agree."""
    journal = journal_at(tmp_path, GAME_EVENTS[:4])
    before = journal.path.read_bytes()

    def io_error(_fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(journal_module.os, "fsync", io_error)
    with pytest.raises(OSError):
        journal.append(GAME_EVENTS[4])
    with pytest.raises(OSError):
        journal.undo()
    monkeypatch.undo()
    assert journal.path.read_bytes() == before
    assert Journal.open(journal.path).events == journal.events == GAME_EVENTS[:4]


def test_an_undo_on_a_read_only_disk_changes_nothing(tmp_path, monkeypatch):
    journal = journal_at(tmp_path, GAME_EVENTS[:4])
    before = journal.path.read_bytes()

    def read_only(*_args):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(journal_module.os, "open", read_only)
    with pytest.raises(OSError):
        journal.undo()
    monkeypatch.undo()
    assert journal.path.read_bytes() == before and journal.events == GAME_EVENTS[:4]


# --- settings.toml ----------------------------------------------------------------------------


def write_config(name: str, content: str | bytes) -> Path:
    path = settings_module.settings_path().with_name(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


ABSURD_TOML = {
    # tomllib recurses, and reads integers with int(): neither error is a TOMLDecodeError
    "arrays nested 100 000 deep": "rate = " + "[" * 100_000,
    "tables nested 3000 deep": "rate = " + "{a = " * 3000,
    "a 5000-digit rate": "rate = " + "1" * 5000,
}


@pytest.mark.parametrize("text", ABSURD_TOML.values(), ids=ABSURD_TOML.keys())
def test_an_absurd_settings_file_gives_defaults_and_a_warning(text):
    path = write_config("settings.toml", text)
    loaded, [warning] = load()
    assert loaded == Settings() and str(path) in warning
    assert "слишком глубокая вложенность" in warning.text("ru")


def test_settings_toml_that_is_a_folder_gives_defaults_and_a_warning():
    settings_module.settings_path().mkdir(parents=True)
    loaded, [warning] = load()
    assert loaded == Settings() and "cannot be read" in warning
    assert warning.text("ru").endswith(
        "не читается (это папка, а не файл); взяты настройки по умолчанию."
    )


TOML_VALUES = st.recursive(
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(["en", "ru", "fr", "", "gmw/en"]),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=5,
)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(repr(value), repr(value))
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


@settings(max_examples=120, derandomize=True, deadline=None)
@given(
    values=st.dictionaries(
        st.sampled_from(["language", "voice", "rate", "volume", "muted", "speed"]), TOML_VALUES
    ),
    noise=st.text(max_size=20),
)
def test_any_settings_text_loads_to_valid_settings(values, noise):
    """Values of every type, or text that is not TOML at all: valid settings and warnings."""
    text = "\n".join(f"{key} = {toml_value(value)}" for key, value in values.items())
    for content in (text, noise + text):
        loaded, warnings = settings_module.parse(content)
        assert loaded.language in LANGUAGES
        assert RATE_RANGE[0] <= loaded.rate <= RATE_RANGE[1]
        assert 0.0 <= loaded.volume <= 1.0 and isinstance(loaded.muted, bool)
        assert loaded.voice is None or isinstance(loaded.voice, str)
        assert all(isinstance(w, str) and w for w in warnings)
        assert all(w.text("ru") for w in warnings)


# --- prompts.<lang>.toml ----------------------------------------------------------------------


def override(lang: str, text: str) -> Catalogue:
    write_config(f"prompts.{lang}.toml", text)
    prompts.reload()
    return prompts.catalogue(lang)


@pytest.mark.parametrize("text", ABSURD_TOML.values(), ids=ABSURD_TOML.keys())
def test_an_absurd_prompt_override_is_ignored_with_a_warning(text):
    cat = override("en", text.replace("rate", "time_up"))
    assert cat.format("time_up") == "Time is up."
    [warning] = cat.warnings
    assert "prompts.en.toml" in warning and "built-in lines" in warning
    assert "слишком глубокая вложенность" in warning.text("ru")


def test_plural_forms_on_a_placeholder_that_is_not_a_number_do_not_break_the_line(ravnica_words):
    """{colour:one|many} is well-formed, but a colour has no plural: the line still reads."""
    cat = override("en", 'round_start = "Round {round}: {colour:colour|colours}."')
    assert cat.format("round_start", round=2, colour="Blue") == "Round 2: Blue."


def test_a_prompt_override_with_control_characters_is_ignored_with_a_warning():
    """An escape code in a caption would be written raw to the terminal."""
    cat = override("en", 'time_up = "\\u001b[2JTime!"\ntime_added = "Added {seconds}.\\nGo on."')
    assert cat.format("time_up") == "Time is up."
    assert cat.format("time_added", seconds=30) == "Added 30.\nGo on."  # a newline is fine
    [warning] = cat.warnings
    assert "time_up" in warning and "control character" in warning


@settings(
    max_examples=80,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    lines=st.dictionaries(
        st.sampled_from(["time_up", "round_start", "time_added", "colour.blue", "nope"]),
        st.text(max_size=30),
        max_size=4,
    )
)
def test_any_prompt_override_leaves_every_line_formattable(tmp_path, ravnica_words, lines):
    text = "\n".join(f'"{key}" = {json.dumps(value)}' for key, value in lines.items())
    (tmp_path / "prompts.en.toml").write_text(
        text.replace('"colour.blue"', "colour.blue"), encoding="utf-8"
    )
    cat = Catalogue("en", config_dir=tmp_path)
    for prompt_id in ("time_up", "time_added", "round_start"):
        line = cat.format(prompt_id, seconds=30, round=2, colour="Blue", player="Ann")
        assert isinstance(line, str)
