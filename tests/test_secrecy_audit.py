"""Secrecy audit of the real app in a pseudo-terminal: the Ultimate Price (R23) stays secret
until the Black leader reveals it (R29) - on the terminal, in every spoken line, in every file.

tests/tui/test_secrecy.py compares the public GameScreen's settled frames (Textual's Pilot,
captions-only voice) of two games that differ only in the target. This audit complements it
from outside the process, in the ways a leak could slip past that test:

* Two copies of the real app (``python -m narrator``) run side by side in ptys, the same
  game key for key: in game A the Black leader notes **Zebulon**, in game B the other player
  of the drawn colour. Nothing before R29 may tell them apart:
  - after every key, once both apps are done drawing, the two terminals show the same
    screen - every screen: the public one, the privacy screen, the home screen, the resumed
    game after a SIGKILL;
  - every line the voice is asked to speak (logged from inside each process by a
    ``sitecustomize`` hook, tests/ptyapp.py) is the same, in the same order;
  - mis-keys: at a public step, before its real keys, both games are pressed every colour
    key (w u b r g) and every seat digit the app refuses there (the rules say which:
    ``check``; a key they would accept would change the game and is left out; a digit at a
    vote is the current voter's vote) - on an announcement held until Enter, where every key
    gets the same answer, one of them; each refusal is waited for on both screens (the app
    replaces its refusal toast only once the last one is up: two refusals in the same words
    in a row cannot be told apart, and are pressed once) and the two terminals are compared
    after the step's mis-keys. Every step where a colour is a card (the leader card, Blue's
    public draw,
    where a card drawn in secret is refused without being named, R18), every announcement and
    the R29 moment are mis-keyed, and a seeded third of the other steps. Both games refuse the
    same keys with the same words, and no refusal names the Ultimate Price.
* In game A (the real voice: eSpeak renders every line to the speech cache and plays it on
  ALSA's null device), before R29:
  - the app's own ways of naming the target as the Ultimate Price (the reveal line, the
    record's reveal line, the death line) appear in no frame of the terminal (pyte renders
    every synchronized update), nowhere in the raw byte stream (escape sequences stripped,
    and with the bytes between characters ignored, as Textual may split text with cursor
    moves), and in no spoken or synthesized line; after R29 the reveal line does appear in
    all of them (the searches can find what they look for);
  - no file of the app's but the journal - the speech worker's log, the discussion clock,
    the settings, the speech cache - holds the target's name, and every WAV in the speech
    cache is the rendering of a line the spy saw requested;
  - the journal and every other file in the data folder are readable by their owner only.

Zebulon's name is on the public screen all game, as any player's (the seat list, the
votes): a name search alone proves nothing, so the audit compares games and looks for the
sentences that tie the name to the price. The privacy screen (privacy.py) shows the Black
leader, and only them, the players of the drawn colour to pick from (Zebulon among them, in
both games alike) and, once a seat is pressed, goes straight to "Done. The screen is clear."
without echoing the choice; the A/B comparison covers its pages too.
"""

from __future__ import annotations

import difflib
import random
import re
import stat
import time
from itertools import takewhile
from pathlib import Path

import pytest

from narrator.games.base import Event, fold
from narrator.games.ravnica import GAME
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.private_view import needs_privacy
from narrator.games.ravnica.rules import check
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.story import death_lines, describe
from narrator.games.ravnica.tables import COLOUR_NAMES
from narrator.games.shell_data import Announcement as Page
from narrator.prompts import catalogue
from narrator.tui.words import say
from tests.ptyapp import Folders, read_spy, speech_spy, strip_ansi
from tests.ptynarrator import deal_event, reference_game, seeded_picker, write_journal
from tests.ptytable import Table, main_text

TARGET = "Zebulon"
NAMES = ("Aurelia", "Bram", TARGET, "Dov", "Emmara")
SEED = 3
STEM = "audit"  # both journals have the same name: the resumed caption names the file


def audit_game(target: int, drawn: str):
    """The Black round comes first (R12), the Black leader draws ``drawn`` and notes
    ``target`` (R23); every other choice is seeded, the same in both games."""
    base = seeded_picker(SEED)

    def pick(s: State, moves: list, n: int):
        if s.step is Step.TURN_LEADER_CARD and s.round == 0:
            return ev.LeaderCardTurned("B")
        if s.step is Step.DRAW and s.round_colour == "B":
            return ev.TargetDrawn(drawn)
        if s.step is Step.CHOOSE and s.round_colour == "B":
            return ev.UltimatePriceNoted(target)
        return base(s, moves, n)

    return pick


def games():
    """Game A notes Zebulon, game B the other player of a colour of Zebulon's."""
    created = ev.GameCreated(NAMES, ev.Options(), SEED)
    z = NAMES.index(TARGET)
    state = fold(GAME, [created])
    state = GAME.apply(state, deal_event(state))
    for drawn in state.colours_of(z):
        other = next(p for p in state.players_of(drawn) if p != z)
        pick_a, pick_b = audit_game(z, drawn), audit_game(other, drawn)
        ref_a, ref_b = reference_game(created, pick_a), reference_game(created, pick_b)
        if ref_a.state.ultimate_price == z and ref_b.state.ultimate_price == other:
            return (pick_a, ref_a), (pick_b, ref_b)
    raise AssertionError("no colour of Zebulon's has another player")


def forbidden_sentences(ref) -> list[str]:
    """How the app names the target as the Ultimate Price: never before R29."""
    events = ref.events
    at = next(i for i, e in enumerate(events) if isinstance(e, ev.UltimatePriceRevealed))
    before, after = fold(GAME, events[:at]), fold(GAME, events[: at + 1])
    out = [
        catalogue("en").format("ultimate_price_reveal", player=TARGET),
        describe(before, events[at], after),
    ]
    out += [line for line in death_lines(after) if TARGET in line and "Ultimate Price" in line]
    assert all(TARGET in s for s in out)
    return out


def interleaved(text: str) -> re.Pattern:
    """``text`` with any escape sequences or control bytes between its characters."""
    gap = rb"(?:\x1b\[[0-?]*[ -/]*[@-~]|\x1b[^\[]|[\x00-\x1f])*"
    return re.compile(gap.join(re.escape(c.encode()) for c in text))


def together(a: Table, b: Table, timeout: float = 5.0) -> None:
    """Until both terminals show the same screen (each app done drawing this step)."""
    deadline = time.monotonic() + timeout
    while a.term.screen_text() != b.term.screen_text():
        if time.monotonic() > deadline:
            diff = "\n".join(
                difflib.unified_diff(
                    a.term.screen_text().splitlines(),
                    b.term.screen_text().splitlines(),
                    "game A (target Zebulon)",
                    "game B",
                    lineterm="",
                )
            )
            raise AssertionError(f"before R29 the two games' screens differ:\n{diff}")
        a.term.pump(0.005)
        b.term.pump(0.005)


# --- mis-keys: every key the app refuses, pressed in both games before the real ones -------
COLOUR_KEYS = "wubrg"
SEAT_KEYS = "1234567890"  # seats 1 to 10
VOTE_STEPS = (Step.ELECTION, Step.FINAL_VOTE)
PICK_STEPS = (Step.ELECTION_TIE, Step.FINAL_TIE)


def refused_keys(s: State, page: Page | None) -> list[tuple[str, str | None, Event | None]]:
    """Every colour key and seat digit the public game screen refuses now (GameScreen.on_key),
    as (key, the refusal it shows - None when the key does nothing at this step - and the entry
    it would make). The rules say which entries they refuse (``check``); keys they would
    accept would change the game, and are left out. On an announcement every key asks for
    Enter; a digit means a seat everywhere but the checklist and the roles (left out)."""
    if page is not None:
        return [(k, say("en", "game.read_first"), None) for k in COLOUR_KEYS + SEAT_KEYS]
    if needs_privacy(s):  # its keys are taken on the privacy screen only: here, none (R18)
        return [(k, None, None) for k in COLOUR_KEYS + SEAT_KEYS]
    physical = s.options.deck_mode == "physical"
    out: list[tuple[str, str | None, Event | None]] = []
    for key in COLOUR_KEYS:
        colour = key.upper()
        if s.step is Step.TURN_LEADER_CARD:
            event, app_holds = ev.LeaderCardTurned(colour), "game.app_holds_leader_deck"
        elif s.step is Step.DRAW and s.round_colour == "U":  # Blue draws in public (R21)
            event, app_holds = ev.TargetDrawn(colour), "game.app_holds_targeting_deck"
        else:
            out.append((key, None, None))
            continue
        if not physical:  # R9
            out.append((key, say("en", app_holds), event))
        elif (refusal := check(s, event)) is not None:
            out.append((key, refusal.text("en"), event))
    if s.step in (Step.OPENING, Step.ROLES):
        return out
    for seat, key in enumerate(SEAT_KEYS):
        if seat >= s.count:
            out.append((key, say("en", "game.no_seat", seat=seat + 1, count=s.count), None))
            continue
        if s.step in VOTE_STEPS:
            if not s.ballot.waiting:
                out.append((key, say("en", "game.everyone_voted"), None))
                continue
            event = ev.VoteCast(s.ballot.waiting[0], seat)
        elif s.step in PICK_STEPS:
            event = ev.TieBroken(seat)
        elif s.step is Step.CHOOSE and s.round_colour == "U":
            event = ev.PlayerChosen(seat)
        else:
            out.append((key, None, None))
            continue
        if (refusal := check(s, event)) is not None:
            out.append((key, refusal.text("en"), event))
    return out


class MisKeys:
    """Presses, in both games alike, the keys the app refuses at a public step; waits until
    both show the last refusal and compares the two terminals (``together``)."""

    def __init__(self, a: Table, b: Table, seed: int) -> None:
        self.a, self.b = a, b
        self.rng = random.Random(f"mis-keys:{seed}")
        self.last: str | None = None  # the refusal on screen now (toast and message line)
        self.steps = self.keys = 0
        self.refusals: dict[str, set[Event]] = {}  # each refusal shown, and the entries refused
        self.kinds: set[str] = set()
        # Refusals drawn late: with a refusal toast up, the next refusal (its message line and
        # its toast) is sometimes drawn only when the old toast times out, 6 s later.
        self.stalls: list[tuple[str, str, str, float]] = []

    def wanted(self, s: State, page: Page | None) -> bool:
        """Every step where a colour means a card (the leader card, Blue's public draw), every
        announcement, the Ultimate Price reveal, and a seeded third of the other steps."""
        if page is not None or s.step in (Step.TURN_LEADER_CARD, Step.REVEAL):
            return True
        if s.step is Step.DRAW and s.round_colour == "U":
            return True
        return self.rng.random() < SAMPLE

    def order(self, keys: list[tuple[str, str | None, Event | None]]) -> list:
        """The keys in a seeded order where no refusal repeats the one shown before it.

        The app keeps one refusal toast, replacing the last one - but only once that one is
        up (its Notify handled): a refused key must wait until the refusal before it is on
        screen, and only a new text shows that. Refusals that cannot be kept apart (on an
        announcement every key gets the same words) are pressed once per step; the keys that
        do nothing here go anywhere."""
        silent = [k for k in keys if k[1] is None]
        groups: dict[str, list] = {}
        for k in keys:
            if k[1] is not None:
                groups.setdefault(k[1], []).append(k)
        for group in groups.values():
            self.rng.shuffle(group)
        order, last = [], self.last
        while True:
            left = [m for m in groups if groups[m] and m != last]
            if not left:
                break
            most = max(len(groups[m]) for m in left)
            last = self.rng.choice([m for m in left if len(groups[m]) == most])
            order.append(groups[last].pop())
        for k in silent:
            order.insert(self.rng.randrange(len(order) + 1), k)
        return order

    def press(self) -> None:
        a, b = self.a, self.b
        sa, sb = a.snapshot().state, b.snapshot().state
        if not self.wanted(sa, a.page):
            return
        keys = refused_keys(sa, a.page)
        assert keys == refused_keys(sb, b.page), "the two games refuse different keys"
        pressed = self.order(keys)
        for key, message, event in pressed:
            a.term.press(key)
            b.term.press(key)
            if message is None:
                continue
            self.refusals.setdefault(message, set()).add(event)
            for game, term in (("A", a.term), ("B", b.term)):
                began = time.monotonic()
                term.wait_for(
                    lambda t=term, m=message: m in main_text(t), timeout=15, what=repr(message)
                )
                if time.monotonic() - began > 1.0:  # see ``stalls``
                    self.stalls.append((game, sa.step.value, key, time.monotonic() - began))
            self.last = message
        together(a, b)
        self.steps += 1
        self.keys += len(pressed)
        self.kinds.add("page" if a.page else sa.step.value)


SAMPLE = 1 / 3  # the share of the other public steps mis-keyed


def without_toasts(frame: str) -> str:
    """The frame without the toasts over its right side (a public refusal's toast stays up
    a few seconds, over the privacy screen too)."""
    return "\n".join(row.split("\u258c")[0] for row in frame.split("\n"))


def said(log: list[dict]) -> list[str]:
    return [e["text"] for e in log if e["kind"] == "say_text"]


def app_files(folders: Folders) -> list[Path]:
    return [
        p
        for d in (folders.data, folders.config, folders.cache)
        if d.exists()
        for p in d.rglob("*")
        if p.is_file()
    ]


@pytest.mark.long
def test_ultimate_price_stays_secret_until_R29_on_terminal_voice_and_files_R23_R29(
    tmp_path, ravnica_words
):
    assert [n for n in NAMES if TARGET.lower() in n.lower()] == [TARGET]
    (pick_a, ref_a), (pick_b, _) = games()
    secret = forbidden_sentences(ref_a)
    spy_a, spy_b = tmp_path / "spoken-a.jsonl", tmp_path / "spoken-b.jsonl"
    folders_a, folders_b = Folders(tmp_path / "a"), Folders(tmp_path / "b")
    start = ref_a.events[:3]  # the players, the deal, the opening: before any secret exists
    write_journal(folders_a, start, STEM)
    write_journal(folders_b, start, STEM)
    # A speaks for real (eSpeak to the null sound card); B is muted: its screens and the lines
    # its voice is handed must be the same all the same.
    a = Table(
        folders_a,
        pick_a,
        args=(),
        keep_frames=True,
        extra_env=speech_spy(tmp_path / "hook-a", spy_a),
    )
    b = Table(folders_b, pick_b, args=("--mute",), extra_env=speech_spy(tmp_path / "hook-b", spy_b))
    mis = MisKeys(a, b, SEED)
    try:
        a.launch("resume")
        b.launch("resume")
        a.shows_resumed()
        b.shows_resumed()
        together(a, b)
        killed = False
        while True:
            at_reveal = a.snapshot().state.step is Step.REVEAL
            if at_reveal and not a.pending and a.page is None:  # R29 is the next key
                if killed:
                    mis.press()
                    snap_a, snap_b = a.snapshot(), b.snapshot()
                    break
                killed = True  # SIGKILL at the most telling moment, resume from the home screen
                a.kill()
                b.kill()
                a.launch("home")
                b.launch("home")
                assert a.home_line == b.home_line
                assert [p.kind for p in a.pending] == [p.kind for p in b.pending]
                a.shows_resumed()  # the step, or the deaths' announcements shown again
                b.shows_resumed()
                together(a, b)
                for table in (a, b):  # the game record (t), at the most telling moment
                    table.term.press("t")
                    table.term.wait_text("game record", "Timeline")
                together(a, b)
                for table in (a, b):
                    table.term.press("t")  # closes it
                    table.shows_resumed()
                together(a, b)
                continue
            snap_a, plan_a = a.plan()
            snap_b, plan_b = b.plan()
            if at_reveal:  # the announcements a resumed app shows again; not R29 yet
                plan_a = list(takewhile(lambda x: x.event is None, plan_a))
                plan_b = list(takewhile(lambda x: x.event is None, plan_b))
            assert [x.key for x in plan_a if not isinstance(x.event, ev.UltimatePriceNoted)] == [
                x.key for x in plan_b if not isinstance(x.event, ev.UltimatePriceNoted)
            ]
            for xa, xb in zip(plan_a, plan_b, strict=True):
                if xa.place in ("public", "page", "discussion"):  # keys on the public screen
                    mis.press()
                a.press(xa, snap_a, wait=False)
                b.press(xb, snap_b, wait=False)
                a.settled(xa, snap_a)
                b.settled(xb, snap_b)
                together(a, b)
                snap_a, snap_b = a.snapshot(), b.snapshot()
        assert snap_a.state.step is snap_b.state.step is Step.REVEAL  # R29 is still to come
        assert snap_a.state.ultimate_price == NAMES.index(TARGET)
        assert snap_b.state.ultimate_price != snap_a.state.ultimate_price
        print(f"mis-keys: {mis.keys} keys at {mis.steps} steps; {len(mis.refusals)} refusals")
        print(f"refusals drawn late: {[(g, st, k, round(t, 1)) for g, st, k, t in mis.stalls]}")

        # --- the moment before R29 --------------------------------------------------------
        spoken_a, spoken_b = read_spy(spy_a), read_spy(spy_b)
        assert said(spoken_a) == said(spoken_b), "the voice was handed different lines"
        assert len(said(spoken_a)) > 40
        assert any(e["kind"] == "synth" for e in spoken_a), "game A's voice rendered nothing"
        assert not any(e["kind"] == "synth" for e in spoken_b), "game B is muted"
        pre_frames = [f for run in a.runs for f in run.frames]
        pre_raw = [bytes(run.raw) for run in a.runs]
        files_before = {p: p.read_bytes() for p in app_files(folders_a)}
        modes_before = {
            p.name: stat.S_IMODE(p.stat().st_mode) for p in folders_a.data.iterdir() if p.is_file()
        }
        assert pre_frames and all(pre_raw)

        # --- R29 and the end of game A ----------------------------------------------------
        b.close()
        reveal_from = [len(run.raw) for run in a.runs]
        frames_from = len(a.term.frames)
        while True:
            snap, plan = a.plan()
            if not plan:
                break
            for action in plan:
                a.press(action, snap)
                snap = a.snapshot()
        assert snap.events == ref_a.events
        a.term.settle(0.1)
        spoken_end = read_spy(spy_a)
    finally:
        a.close()
        b.close()

    # 1. The terminal: no frame, no byte before R29 names the target as the price ...
    for frame in pre_frames:
        flat = " ".join(frame.split())
        assert not [s for s in secret if s in flat], (
            f"a frame before R29 names the target:\n{frame}"
        )
    for raw in pre_raw:
        text = strip_ansi(raw.decode("utf-8", "replace"))
        assert not [s for s in secret if s in text], "the terminal stream names the target"
        for sentence in secret:
            assert not interleaved(sentence).search(raw), f"split text before R29: {sentence!r}"
    # The privacy screen shows the Black leader the players of the drawn colour to note
    # (Zebulon among them, in both games alike: the screens were equal) and, once a seat is
    # pressed, a cleared page that names nobody: the choice is never echoed.
    choose_pages = [f for f in pre_frames if "for the Ultimate Price:" in " ".join(f.split())]
    assert choose_pages and all("PRIVATE" in f and TARGET in f for f in choose_pages)
    # (Only the privacy screen's own frames: back on the public screen, the app's first update
    # may redraw the game screen's top rows alone, with the public seat list, over the rows of
    # the page it leaves.)
    done_pages = [f for f in pre_frames if "Done. The screen is clear." in f and "\u258a" not in f]
    named = [f for f in done_pages if [n for n in NAMES if n in without_toasts(f)]]
    assert done_pages and not named, named[:1]
    # ... and after R29 the target is named, found the same ways (the searches work).
    after_frames = [" ".join(f.split()) for f in a.runs[-1].frames[frames_from:]]
    shown = [s for s in secret if any(s in f for f in after_frames)]
    assert shown, "after R29 the screen never names the target: the search is broken"
    after_raw = bytes(a.runs[-1].raw[reveal_from[-1] :])
    assert shown[0] in strip_ansi(after_raw.decode("utf-8", "replace"))
    assert interleaved(shown[0]).search(after_raw)
    reveal = secret[0]

    # 2. The voice: nothing said, played or rendered before R29 names the target as the
    # price; the reveal is said right after it.
    for entry in spoken_a:
        assert not [s for s in secret if s in entry["text"]], f"spoken before R29: {entry}"
        assert not (TARGET in entry["text"] and "Price" in entry["text"]), entry
    later = [e["text"] for e in spoken_end[len(spoken_a) :]]
    assert reveal in later

    # 3. The mis-keys: at every kind of public step, before the real keys, both games refused
    # the same keys with the same words and showed the same screens (compared after each
    # step's keys); no refusal names the Ultimate Price, and a card refused at Blue's public
    # draw (drawn in secret by Black, R18) is not named: nor is any colour.
    assert {"turn_leader_card", "discussion", "election", "draw", "page", "reveal"} <= mis.kinds
    assert {"final_vote", "final_discussion"} & mis.kinds, mis.kinds
    assert mis.keys > 200, mis.keys
    for message, events in mis.refusals.items():
        assert not (TARGET in message and "Price" in message), message
        if [e for e in events if isinstance(e, ev.TargetDrawn)]:
            assert not [c for c in COLOUR_NAMES.values() if c in message], message
    refused = {
        e.colour for es in mis.refusals.values() for e in es if isinstance(e, ev.TargetDrawn)
    }
    secret_draws = {d.colour for d in ref_a.state.draws if d.secret and d.by != "R"}
    assert refused & secret_draws, "no card drawn in secret was keyed at Blue's public draw"

    # 4. The files: nothing but the journal holds the target's name; every WAV is a line the
    # voice was asked for; the data folder is owner-only.
    rendered = {e["file"] for e in spoken_a if e["kind"] == "synth"}
    journal = a.path
    for path, data in files_before.items():
        if path == journal:
            continue
        if path.name.startswith("history.sqlite3"):  # the history names every player (public):
            for words in (*secret, "Ultimate Price", "ultimate_price"):  # never the price
                assert words.encode() not in data, f"{path.name} holds {words!r} before R29"
            continue
        assert TARGET.encode() not in data, f"{path} names {TARGET} before R29"
        if path.suffix == ".wav":  # <key>.wav, or <key>.<pid>.<n>.tmp.wav cut short by the kill
            key = path.name.split(".")[0] + ".wav"
            assert key in rendered, f"{path.name}: audio of a line nobody asked for"
    assert any(p.suffix == ".wav" for p in files_before), "game A rendered no speech"
    logs = [p for p in files_before if p.suffix == ".log"]
    assert logs, "the speech worker kept no log"
    assert f"{STEM}.jsonl" in modes_before and f"{STEM}.timer.json" in modes_before
    assert {name: mode for name, mode in modes_before.items() if mode != 0o600} == {}
    for path in [p for p in folders_a.data.iterdir() if p.is_file()]:  # and at the end
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, f"{path.name} is not owner-only"
