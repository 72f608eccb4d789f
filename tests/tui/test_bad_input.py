"""What a tired or mischievous table types: nasty names, pastes, keys mashed at every step, a
terminal shrunk mid-vote, bad journals to resume, broken config, a full or read-only disk.

Every case ends with a clear message on screen, no traceback, and the game in memory equal to
the game on disk (nothing half-saved, nothing lost).
"""

from __future__ import annotations

import errno
import os
import random
from argparse import Namespace
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from narrator import journal as journal_module
from narrator.games.ravnica import GAME
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.private_view import needs_privacy
from narrator.games.ravnica.state import Step
from narrator.journal import MAGIC, Journal
from narrator.settings import settings_path
from narrator.tui.app import NarratorApp
from narrator.tui.game import GameScreen
from narrator.tui.home import HomeScreen
from narrator.tui.ravnica.deal import DealScreen
from narrator.tui.setup import SetupScreen
from tests.tui.driver import (
    journal_until,
    key_of,
    open_privacy_screen,
    screen_text,
    send_key,
    settled_text,
    wait_for,
)

SIZE = (100, 30)


def assert_saved(app) -> None:
    """What the app holds is what a restart would read back, no more and no less."""
    if app.journal is None:
        return
    disk = Journal.open(app.journal.path)
    assert disk.warnings == []
    assert disk.events == app.journal.events and disk.state == app.state


def shown(app, *words: str) -> bool:
    toasts = "\n".join(f"{n.title}: {n.message}" for n in app._notifications)
    text = " ".join((screen_text(app) + "\n" + toasts).split())  # a long line wraps
    return all(" ".join(word.split()) in text for word in words)


async def see(pilot, *words: str) -> None:
    """Wait until the screen (or a toast) shows every one of ``words``."""
    await wait_for(pilot, lambda: shown(pilot.app, *words))


def paste(pilot, text: str) -> None:
    """A paste, as the terminal sends it. The caller waits for what it checks (the field's new
    value, the message saying why it was refused): no pause is long enough on a busy machine."""
    pilot.app.post_message(events.Paste(text))


def burst(pilot, keys) -> None:
    """Keys in a burst; as with ``paste``, the caller waits for what they do."""
    for key in keys:
        send_key(pilot.app, key)


# --- the set-up form --------------------------------------------------------------------------

REFUSED_NAMES = {
    "10 000 characters": ("x" * 10_000, "at most 24 characters"),
    "a NUL": ("Ann\x00", "control or invisible characters (U+0000)"),
    "an escape code": ("\x1b[31mRed", "control or invisible characters (U+001B)"),
    "a right-to-left override": ("\u202eevil", "control or invisible characters (U+202E)"),
    "a zero-width space": ("Ann\u200b", "control or invisible characters (U+200B)"),
}


async def test_the_setup_form_refuses_what_cannot_be_a_name_or_a_number(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        screen = app.screen
        # Pasted names the rules would refuse: refused whole as they are pasted, and said why.
        field = screen.query_one("#name-0", Input)
        field.focus()
        for text, words in REFUSED_NAMES.values():
            paste(pilot, text)
            await see(pilot, "Seat 1", words)  # the paste handled: refused, and said why
            assert field.value == "", repr(text[:20])
        # Typed: the 25th character is refused, with the same message.
        burst(pilot, "Abcdefghijklmnopqrstuvwxyz")
        await see(pilot, "Seat 1: A player's name may be at most 24 characters")
        await wait_for(pilot, lambda: field.value == "Abcdefghijklmnopqrstuvwx")
        # A name put in the field some other way is refused by the rules at start.
        field.value = "Ann\x07"
        await pilot.press("ctrl+s")
        await see(pilot, "Seat 1: A player's name may not hold control or invisible characters")
        assert isinstance(app.screen, SetupScreen) and app.journal is None
        # One name at two seats, in any case and spacing.
        field.value = "דוד"
        screen.query_one("#name-3", Input).value = "  דוד "
        await pilot.press("ctrl+s")
        await see(pilot, "Seats 1 and 4 are both called")
        assert isinstance(app.screen, SetupScreen) and app.journal is None
        field.value = ""
        # The player count takes digits only, and only 5 to 10.
        count = screen.query_one("#count", Input)
        count.focus()
        paste(pilot, "seven")
        await see(pilot, "The number of players: digits only")
        assert count.value == "5"
        await pilot.press("backspace", "9", "9")
        await see(pilot, "takes at most 10 players, not 99")
        refusals = app.refusals  # a refusal is a new list: the same words said again
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.refusals is not refusals)
        assert "not 99" in app.refusals[-1]
        assert isinstance(app.screen, SetupScreen) and app.journal is None
        await pilot.press("backspace", "backspace")
        await see(pilot, "How many players? 5 to 10.")
        count.value = "5"
        # Timers out of bounds or blank.
        for name, value, words in [
            ("round_seconds", "0", "The colour round must be 10 to 3600 seconds"),
            ("round_seconds", "", "The colour round must be a whole number of seconds"),
            ("final_seconds", "9999", "The final discussion must be 10 to 3600 seconds"),
        ]:
            screen.query_one(f"#{name}", Input).value = value
            await pilot.press("ctrl+s")
            await see(pilot, words)
            assert isinstance(app.screen, SetupScreen) and app.journal is None
            screen.query_one(f"#{name}", Input).value = "120"
        assert not app.data_dir.exists() or not list(app.data_dir.iterdir())
        # Names from anywhere in the world are kept as typed: seat 1 pastes two lines (only
        # the first is kept), seat 2 a tab, seat 5 only spaces (so: "Seat 5").
        pastes = ["Ann\nBob", "Zoë\tMü", "🐉 Niv-Mizzet", "علي", "   "]
        for i, text in enumerate(pastes):
            name = screen.query_one(f"#name-{i}", Input)
            name.focus()  # (its old text selected: the paste replaces it)
            paste(pilot, text)
            await wait_for(pilot, lambda name=name, text=text: name.value == text.splitlines()[0])
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, DealScreen))
        players = ("Ann", "Zoë Mü", "🐉 Niv-Mizzet", "علي", "Seat 5")
        assert app.state.players == players
        await see(pilot, *players)
        assert_saved(app)


# --- keys mashed at every step ----------------------------------------------------------------

KEYS = (
    list("0123456789" * 3)
    + list("wubrgalexhdnmvyq+-= ?")  # not t: the record's Markdown takes a second to draw
    + ["enter"] * 6
    + ["escape", "backspace", "tab", "shift+tab", "up", "down", "left", "right", "home", "end"]
    + ["pageup", "pagedown", "delete", "f5", "ctrl+z", "ctrl+s", "left_square_bracket"]
    + ["paste:1\n2\n3", "paste:\x1b[2J\x00", "paste:" + "🐉" * 500, "paste:\u202e\t\r"]
)

STEPS = {
    "deal": lambda s: s.step is Step.DEAL,
    "discussion": lambda s: s.step is Step.DISCUSSION,
    "election": lambda s: s.step is Step.ELECTION and len(s.ballot.votes) == 1,
    "privacy": needs_privacy,
    "roles": lambda s: s.step is Step.ROLES,
    "over": lambda s: s.step is Step.OVER,
}


async def mash(pilot, rng: random.Random, bursts: int, size: int = 8) -> None:
    app = pilot.app
    for _ in range(bursts):
        if isinstance(app.screen, HomeScreen):  # Esc or h went home: take a new game again
            await pilot.press("n", "enter")  # New game: the first game of the menu
        for key in rng.choices(KEYS, k=size):
            if key.startswith("paste:"):
                app.post_message(events.Paste(key[6:]))
            else:
                send_key(app, key)
        await settled_text(pilot)  # the keys handled (not a pause: as long as the app takes)
        assert_saved(app)
    # Still usable: the modals close, and the screen shows a step.
    for _ in range(4):
        if app.screen.is_modal:
            await pilot.press("escape")
    await wait_for(pilot, lambda: app.is_running and screen_text(app).strip())


async def test_keys_mashed_on_the_setup_form(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await mash(pilot, random.Random(7), 8)


@pytest.mark.parametrize("step", STEPS)
async def test_keys_mashed_at_each_step(make_app, tmp_path, step):
    journal = journal_until(tmp_path / "games", STEPS[step], seed=len(step))
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        if step == "privacy":
            await open_privacy_screen(pilot)
        await mash(pilot, random.Random(step), 5)


# --- a terminal shrunk mid-vote ---------------------------------------------------------------


async def test_a_vote_survives_the_terminal_shrinking_to_40_by_12(make_app, tmp_path):
    journal = journal_until(tmp_path / "games", STEPS["election"])
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        s = app.state
        first, second = s.ballot.waiting[:2]
        candidate = s.ballot.candidates[0]
        cast = len(s.ballot.votes)
        await pilot.resize_terminal(40, 12)
        await wait_for(pilot, lambda: app.screen.size == (40, 12))
        await pilot.press(key_of(candidate))  # typed into the tiny terminal
        await wait_for(pilot, lambda: len(app.state.ballot.votes) == cast + 1)
        await pilot.resize_terminal(*SIZE)
        await wait_for(pilot, lambda: app.screen.size == SIZE)
        await pilot.press(key_of(candidate))
        await wait_for(pilot, lambda: len(app.state.ballot.votes) == cast + 2)
        votes = app.state.ballot.votes
        assert votes[-2:] == ((first, candidate), (second, candidate))
        await see(pilot, f"{len(votes)}/{s.count} voted")
        assert_saved(app)
        # Seats that do not exist are refused, and change nothing.
        before = app.journal.path.read_bytes()
        for key, seat in (("9", 9), ("0", 10)):
            await pilot.press(key)
            await see(pilot, f"There is no seat {seat}: seats go from 1 to 5.")
        assert app.journal.path.read_bytes() == before and app.state.ballot.votes == votes


# --- journals to resume -----------------------------------------------------------------------

HEADER = f'{{"journal":"{MAGIC}","version":1,"game":"ravnica"}}\n'
BAD_JOURNALS = {
    "not JSON": (b"Dear diary\n", "is not valid JSON"),
    "another program's JSON": (b'{"name":"settings","volume":3}\n', "is not a narrator journal"),
    "binary": (bytes(range(256)) * 4, "not"),
    "empty": (b"", "no header line"),
    "an unknown game": (HEADER.replace("ravnica", "chess").encode(), "unknown game 'chess'"),
    "an unknown version": (HEADER.replace(":1,", ":99,").encode(), "version 99"),
    "nested 100 000 deep": (b"[" * 100_000 + b"\n", "is not valid JSON"),
    "cut off before its players": (HEADER.encode(), "no game"),
}


@pytest.mark.parametrize("content, words", BAD_JOURNALS.values(), ids=BAD_JOURNALS.keys())
async def test_resume_of_a_bad_journal_says_why_and_shows_home(make_app, tmp_path, content, words):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    app = make_app(resume=path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await see(pilot, "Cannot resume", "bad.jsonl", words)
        assert app.journal is None
    assert path.read_bytes() == content


async def test_resume_of_a_missing_folder_or_unreadable_journal_says_why(
    make_app, tmp_path, monkeypatch
):
    good = journal_until(tmp_path / "games", STEPS["discussion"]).path
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    real = os.open

    def denied(where, flags, *args):  # chmod 000 means nothing to root, who runs these tests
        if Path(where) == good:
            raise PermissionError(errno.EACCES, "Permission denied", str(where))
        return real(where, flags, *args)

    monkeypatch.setattr(journal_module.os, "open", denied)
    for path, words in [
        (tmp_path / "nowhere.jsonl", "No such file"),
        (folder, "Is a directory"),
        (good, "Permission denied"),
    ]:
        app = make_app(resume=path, new=False)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda app=app: isinstance(app.screen, HomeScreen))
            await see(pilot, "Cannot resume", words)


async def test_resume_of_a_torn_journal_keeps_all_but_the_torn_entry(make_app, tmp_path):
    journal = journal_until(tmp_path / "games", STEPS["election"])
    torn = b'{"n":99,"event":{"type":"vote_ca'  # the power went out mid-write
    journal.path.write_bytes(journal.path.read_bytes() + torn)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await see(pilot, "cut off mid-write and has been dropped")
        assert app.journal.events == journal.events
        assert_saved(app)


async def test_home_screen_offers_the_good_game_and_names_the_damaged_files(make_app, tmp_path):
    games = tmp_path / "games"
    good = journal_until(games, STEPS["discussion"]).path
    os.utime(good, (1_700_000_000, 1_700_000_000))  # older than the damaged ones
    (games / "deep.jsonl").write_bytes(b"[" * 100_000 + b"\n")
    (games / "notes.jsonl").write_bytes(b"Dear diary\n")
    Journal.create("ravnica", games)  # killed before the players were saved: not a game
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await see(pilot, "Resume Ravnica: Inquisition (5 players, round 1)")
        await see(pilot, "deep.jsonl", "notes.jsonl", "skipped")
        await wait_for(pilot, lambda: app.screen.looked)  # its look after the first frame done
        # The offered game is damaged before Enter is pressed: said, and the menu redrawn.
        good.write_bytes(good.read_bytes()[:30] + b"\xff\n")
        await pilot.press("enter")
        await see(pilot, "Cannot resume")
        assert isinstance(app.screen, HomeScreen) and app.journal is None
        await wait_for(pilot, lambda: not shown(app, "Resume Ravnica"))  # the menu redrawn


# --- a data folder that is full, read-only, or not a folder -----------------------------------


def no_space(*_args):
    raise OSError(errno.ENOSPC, "No space left on device")


def read_only(*_args):
    raise OSError(errno.EROFS, "Read-only file system")


async def test_a_new_game_that_cannot_be_saved_is_refused_and_leaves_no_file(
    make_app, tmp_path, monkeypatch
):
    """Not a folder, a full disk, then a disk that fills after the header: each time the form
    stays, says why, and leaves no file (a header-only journal would be offered as "the
    unfinished game (0 players)"); with space again, one try makes one journal."""
    (tmp_path / "file").write_text("I am a file")
    app = make_app(data_dir=tmp_path / "file")
    real = os.write
    writes = []

    def header_only(fd, data):
        writes.append(data)
        return real(fd, data) if len(writes) == 1 else no_space()

    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+s")
        await see(pilot, "Cannot save the game in", "--data-dir")
        assert isinstance(app.screen, SetupScreen) and app.journal is None
        app.data_dir = games = tmp_path / "games"
        for fault, words in [(no_space, "Cannot save the game"), (header_only, "Could not save")]:
            monkeypatch.setattr(journal_module.os, "write", fault)
            await pilot.press("ctrl+s")
            await see(pilot, words, "No space left on device")
            assert isinstance(app.screen, SetupScreen) and app.journal is None
            assert list(games.iterdir()) == []
        monkeypatch.setattr(journal_module.os, "write", real)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, DealScreen))
        assert len(list(games.glob("*.jsonl"))) == 1  # (and the note of where it is played)
        assert_saved(app)


async def test_a_vote_the_full_disk_half_saved_is_refused_and_not_half_kept(
    make_app, tmp_path, monkeypatch
):
    journal = journal_until(tmp_path / "games", STEPS["election"])
    app = make_app(resume=journal.path, new=False)
    real = os.write
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        state, before = app.state, journal.path.read_bytes()
        candidate = state.ballot.candidates[0]

        def half_then_full(fd, data):
            monkeypatch.setattr(journal_module.os, "write", no_space)
            return real(fd, data[: len(data) // 2])

        monkeypatch.setattr(journal_module.os, "write", half_then_full)
        await pilot.press(key_of(candidate))
        await see(pilot, "Could not save the entry", "No space left on device")
        assert app.state == state and journal.path.read_bytes() == before
        # Undo, on a disk that is now read-only, is refused the same way (the write through
        # the game's open journal is what the disk refuses).
        monkeypatch.setattr(journal_module.os, "write", read_only)
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: app.screen.is_modal)
        await pilot.press("y")
        await see(pilot, "Could not save the undo", "Read-only file system", "nothing was changed")
        assert app.state == state and journal.path.read_bytes() == before
        # Space is freed: the same vote goes in, and the journal reads back whole.
        monkeypatch.undo()
        await pilot.press(key_of(candidate))
        await wait_for(pilot, lambda: len(app.state.ballot.votes) == len(state.ballot.votes) + 1)
        assert_saved(app)


# --- config files -----------------------------------------------------------------------------


def test_broken_settings_and_prompt_files_are_said_on_screen(monkeypatch, tmp_path):
    """Started as ``narrator`` is: the warnings of both files reach the screen."""
    import asyncio

    from narrator.tui import app as app_module
    from narrator.tui.speech import CaptionsOnly

    folder = settings_path().parent
    folder.mkdir(parents=True)
    settings_path().write_text('rate = "fast"\nvolume = [1, 2]\n')
    (folder / "prompts.en.toml").write_text('time_up = "unclosed\n')
    seen: list[str] = []

    async def drive(app: NarratorApp) -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: len(app._notifications) >= 3)
            seen.append(screen_text(app) + "\n".join(n.message for n in app._notifications))

    monkeypatch.setattr(app_module.NarratorApp, "run", lambda app: asyncio.run(drive(app)))
    monkeypatch.setattr("narrator.tui.speech.open_voice", lambda s: CaptionsOnly(s.language))
    args = Namespace(lang=None, mute=False, resume=None, new=False)
    monkeypatch.setenv("NARRATOR_DATA_DIR", str(tmp_path / "games"))
    from narrator.tui.start import run

    assert run(args) == 0
    [text] = seen
    assert "rate must be a whole number" in text and "volume must be a number" in text
    assert "prompts.en.toml" in text and "not valid TOML" in text


# --- the discussion clock's file (narrator/timer.py) -----------------------------------------


@pytest.mark.parametrize(
    "content",
    ['{"key": "KEY", "total": Infinity, "left": Infinity, "running": true}', "[" * 100_000],
    ids=["infinite time", "nested 100 000 deep"],
)
async def test_a_damaged_timer_file_gives_a_fresh_clock(make_app, tmp_path, content):
    journal = journal_until(tmp_path / "games", STEPS["discussion"])
    key = f"DISCUSSION:{journal.state.round}:{len(journal.events)}"
    journal.path.with_suffix(".timer.json").write_text(content.replace("KEY", key))
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_for(pilot, lambda: app.countdown is not None)  # a fresh clock, started
        assert app.countdown.remaining() <= 120
        assert GAME.apply(app.state, ev.DiscussionEnded()).step is Step.ELECTION
