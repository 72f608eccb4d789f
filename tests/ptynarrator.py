"""A narrator at the keyboard of the real app in a pty (tests/ptyapp.py).

The journal on disk is the oracle: the narrator reads it (without ever writing or truncating
it), decides the keys for the step the game is at (the same keys as tests/tui/driver.py's
``play_step``), presses them one by one and, after each, waits until the journal has the
new entry and the screen shows the new step. Choices are a pure function of the game so far
(``Picker``): a game cut short by a kill and resumed goes on exactly as it would have.

    table = Table(folders, seeded_picker(1))
    table.launch("resume")                  # or "new" (then fill_setup), or "home"
    snap, plan = table.plan()               # the keys of the step the journal is at
    for action in plan:
        table.press(action, snap)           # until its entry is on disk and on screen
        snap = table.snapshot()

``reference_game`` folds the same picker's choices without any screen: the game a narrator
makes with those choices, for comparing records.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from narrator.games.base import Event, fold
from narrator.games.ravnica import GAME, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.tables import COLOUR_NAMES, ROLE_NAMES, TEAM_NAMES, deal_guilds
from narrator.journal import Journal
from tests.ptyapp import Folders, PtyApp

SECRET_COLOURS = ("W", "B", "G")  # R18 ⚖: every targeting draw is secret except Blue's

# A choice among the legal events: (state, legal events, number of events so far) -> event.
Picker = Callable[[State, list, int], Event]


def seeded_picker(seed: int) -> Picker:
    """Random choices that depend only on the seed and the game so far (kill-proof)."""

    def pick(state: State, moves: list, n: int) -> Event:
        return random.Random(f"{seed}:{n}:{state.step}").choice(moves)

    return pick


def key_of(seat: int) -> str:
    return "0" if seat == 9 else str(seat + 1)


# --- the journal, read-only ---------------------------------------------------------------
@dataclass
class Snapshot:
    """The game as the journal on disk holds it (complete lines only)."""

    events: list[Event] = field(default_factory=list)
    state: State = field(default_factory=State)

    @property
    def n(self) -> int:
        return len(self.events)


def read_journal(path: Path, since: tuple[int, Snapshot] | None = None) -> tuple[int, Snapshot]:
    """Replay the journal's complete lines: (bytes read, snapshot). Unlike ``Journal.open`` this
    never truncates a torn last line: the app may be writing it at this very moment. With
    ``since`` (an earlier answer for the same file) only the lines written after it are read."""
    with open(path, "rb") as f:
        if since is not None:
            f.seek(since[0])
        raw = f.read()
    end = raw.rfind(b"\n") + 1  # what follows the last newline is a line still being written
    if since is None:
        start, snap = raw.find(b"\n") + 1, Snapshot(state=GAME.initial())  # after the header
    else:
        start, snap = 0, Snapshot(list(since[1].events), since[1].state)
    for line in raw[start:end].split(b"\n"):
        if not line.strip():
            continue
        record = json.loads(line)
        if record.get("undo"):
            snap.events.pop()
            snap.state = fold(GAME, snap.events)
            continue
        event = GAME.codec.decode(record["event"])
        snap.state = GAME.apply(snap.state, event)
        snap.events.append(event)
    return (since[0] if since else 0) + end, snap


def journal_files(folders: Folders) -> list[Path]:
    return sorted(folders.data.glob("*.jsonl"))


# --- what the screen shows at each step ---------------------------------------------------
def markers(s: State) -> list[str]:
    """Texts the app shows for state ``s``, all of them at once (short: no line wraps them)."""
    step = s.step
    if step is Step.DEAL:
        return ["Guild deal (R6)"]
    if step is Step.OPENING:
        return ["Setup checklist"]
    if step is Step.TURN_LEADER_CARD:
        return [f"Round {s.round + 1}: turn the top leader card"]
    if step is Step.DISCUSSION:
        return [f"{COLOUR_NAMES[s.round_colour]} round: discussion"]
    if step is Step.FINAL_DISCUSSION:
        return ["Final discussion: whom to kill?"]
    if step in (Step.ELECTION, Step.FINAL_VOTE):
        b = s.ballot
        if b.waiting:
            return [
                f"({len(b.votes)}/{len(b.voters)} voted)",
                f"Now voting: {s.players[b.waiting[0]]}",
            ]
        return [f"Everyone has voted ({len(b.votes)}/{len(b.voters)})"]
    if step in (Step.ELECTION_TIE, Step.FINAL_TIE):
        return ["Tied: the narrator picks"]
    if needs_privacy(s):
        who = (
            "Red" if step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE) else COLOUR_NAMES[s.round_colour]
        )
        return [f"{who} leader: a private step", "Enter: open the privacy screen."]
    if step is Step.DRAW:
        return [f"Blue leader {s.players[s.round_leader]} draws"]
    if step is Step.CHOOSE:
        return [f"Blue drew {COLOUR_NAMES[s.draw_of('U').colour]}"]
    if step is Step.ABILITY:
        return [f"{COLOUR_NAMES[s.round_colour]} ability", "Enter: done."]
    if step is Step.REVEAL:
        return ["Enter: the Black leader reveals"]
    if step is Step.ROLES:
        out = ["Reveal the role cards (R30)"]
        dead = set(s.dead())
        for seat, role in s.roles:
            out.append(f"{s.players[seat]}{' (dead)' if seat in dead else ''}: {ROLE_NAMES[role]}")
        return out
    if step is Step.OVER:
        return [f"{TEAM_NAMES[s.winner].upper()} WIN"]
    raise AssertionError(f"no marker for {step}")


def needs_privacy(s: State) -> bool:
    """As narrator.tui.game.needs_privacy: the steps taken on the privacy screen."""
    if s.step in (Step.DRAW, Step.CHOOSE):
        return s.round_colour in SECRET_COLOURS
    return s.step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)


# --- the keys of one step -----------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    """One key and what it leads to: ``event`` (written to the journal, then the screen shows
    ``after``), or only ``texts`` on screen (``after`` alone: back on the public screen).
    ``place`` says where the key is pressed, for choosing where to kill the app."""

    key: str
    event: Event | None = None
    after: State | None = None
    texts: tuple[str, ...] = ()
    place: str = "public"  # public | privacy | discussion | opening | deal
    timeout: float = 10.0


def plan_step(s: State, n: int, pick: Picker) -> list[Action]:
    """The keys a narrator presses for the step at state ``s`` (``n`` events so far)."""
    step = s.step

    def then(event: Event, key: str, place: str = "public", **kw) -> Action:
        return Action(key, event, GAME.apply(s, event), place=place, **kw)

    if step is Step.DEAL:  # the app deals (R6); the narrator accepts its first deal
        return [then(deal_event(s), "ctrl+s", "deal")]
    if step is Step.OPENING:
        ticks = [Action(k, texts=("[x] " + k + ".",), place="opening") for k in "12345"]
        return ticks + [then(ev.OpeningDone(), "enter", "opening", timeout=60.0)]
    if step is Step.TURN_LEADER_CARD:
        card = pick(s, legal_moves(s), n)
        return [then(card, card.colour.lower())]
    if step in (Step.DISCUSSION, Step.FINAL_DISCUSSION):
        return [then(ev.DiscussionEnded(), "e", "discussion")]
    if step in (Step.ELECTION, Step.FINAL_VOTE):
        if s.ballot.complete:
            return [then(ev.VotesClosed(), "enter")]
        voter = s.ballot.waiting[0]
        votes = [m for m in legal_moves(s) if isinstance(m, ev.VoteCast) and m.voter == voter]
        vote = pick(s, votes, n)
        return [then(vote, key_of(vote.candidate))]
    if step in (Step.ELECTION_TIE, Step.FINAL_TIE):
        broken = pick(s, legal_moves(s), n)
        return [then(broken, key_of(broken.player))]
    if needs_privacy(s):
        actions = [
            Action("enter", texts=("PRIVATE", "press Enter when nobody else can see")),
        ]
        state, count = s, n
        if step in (Step.DRAW, Step.ABLAZE_DRAW):
            actions.append(Action("enter", texts=("Draw the top card",), place="privacy"))
            drawn = pick(state, legal_moves(state), count)
            after = GAME.apply(state, drawn)
            actions.append(
                Action(drawn.colour.lower(), drawn, after, ("Your card is",), place="privacy")
            )
            state, count = after, count + 1
        else:
            actions.append(Action("enter", texts=("Your card is",), place="privacy"))
        chosen = pick(state, legal_moves(state), count)
        after = GAME.apply(state, chosen)
        actions.append(
            Action(key_of(chosen.player), chosen, after, ("Done. The screen is clear.",), "privacy")
        )
        actions.append(Action("enter", after=after, place="privacy"))  # back to the public screen
        return actions
    if step is Step.DRAW:  # Blue draws in public (R21)
        drawn = pick(s, legal_moves(s), n)
        return [then(drawn, drawn.colour.lower())]
    if step is Step.CHOOSE:
        chosen = pick(s, legal_moves(s), n)
        return [then(chosen, key_of(chosen.player))]
    if step is Step.ABILITY:
        return [then(ev.AbilityDone(), "enter")]
    if step is Step.REVEAL:
        return [then(ev.UltimatePriceRevealed(), "enter")]
    if step is Step.ROLES:
        missing = [p for p in s.dead() if s.role_of(p) is None]
        if not missing:
            return [then(ev.RolesConfirmed(), "enter")]
        roles = [
            m for m in legal_moves(s) if isinstance(m, ev.RoleRevealed) and m.player == missing[0]
        ]
        role = pick(s, roles, n)
        return [then(role, "a" if role.role == "agents" else "l")]
    raise AssertionError(f"no keys for {step}")


def deal_event(s: State) -> ev.GuildsDealt:
    """The deal the app offers first (DealScreen: redeals 0)."""
    return ev.GuildsDealt(deal_guilds(s.count, random.Random(f"{s.seed}:deal:0")))


def reference_game(created: ev.GameCreated, pick: Picker, limit: int = 1000) -> Snapshot:
    """The game these choices make, folded without a screen."""
    snap = Snapshot()
    snap.state = GAME.apply(snap.state, created)
    snap.events.append(created)
    for _ in range(limit):
        if snap.state.step is Step.OVER:
            return snap
        for action in plan_step(snap.state, snap.n, pick):
            if action.event is not None:
                snap.state = GAME.apply(snap.state, action.event)
                snap.events.append(action.event)
    raise AssertionError("the reference game did not end")


def write_journal(folders: Folders, events: list[Event], stem: str | None = None) -> Path:
    """A journal of ``events`` written in-process (the app's own Journal), for runs that start
    later in the game: after the opening's eleven seconds of speech, or in its last rounds."""
    journal = Journal.create("ravnica", folders.data, stem)
    for event in events:
        journal.append(event)
    return journal.path


# --- the setup form, by keys --------------------------------------------------------------
def fill_setup(
    term: PtyApp,
    names: list[str],
    seed: int,
    *,
    opening_pause: int = 1,
    round_seconds: int | None = None,
    final_seconds: int | None = None,
) -> None:
    """Fill the new-game form as a narrator would: the count, each name, the timers and the
    seed, moving with Tab; then ctrl+s. Waits for the deal screen."""
    term.wait_text("Players (5–10)")
    term.type(str(len(names)))  # the count field has focus, its "5" selected
    term.wait_text(f"Seat {len(names)}")
    at = 0  # focus: 0 the count, 1.. the names, then the rest of the form in order
    for i, name in enumerate(names):
        term.press("tab")
        at += 1
        wait_cursor(term, f"Seat {i + 1}")
        term.type(name)
        term.wait_text(name)
    fields = [
        ("Colour round (s)", round_seconds),
        ("Final discussion (s)", final_seconds),
        ("Opening pause (s)", opening_pause),
    ]
    order = {"Colour round (s)": 3, "Final discussion (s)": 4, "Opening pause (s)": 5, "Seed": 8}
    for label, value in [*fields, ("Seed", seed)]:
        if value is None:
            continue
        target = len(names) + order[label]
        term.press(*["tab"] * (target - at))
        at = target
        wait_cursor(term, label)
        term.type(str(value))  # the field's text is selected on focus: typing replaces it
        term.wait_for(
            lambda label=label, value=value: _row_with(term, label).split()[-1] == str(value),
            what=f"{label} = {value}",
        )
    term.press("ctrl+s")
    term.wait_text("Guild deal (R6)", "The app dealt the guilds")


def _row_with(term: PtyApp, text: str) -> str:
    return next((row for row in term.screen_text().splitlines() if text in row), "")


def wait_cursor(term: PtyApp, text: str) -> None:
    """Until the terminal cursor (which Textual puts in the focused input) is on the row of
    ``text`` (a label, or an empty name field's placeholder)."""

    def there() -> bool:
        rows = term.screen_text().split("\n")
        y = term.screen.cursor.y
        return 0 <= y < len(rows) and text in rows[y]

    term.wait_for(there, what=f"the focus on {text!r}")


# --- the app at the table -----------------------------------------------------------------
class Table:
    """The app in a pty, started and restarted at will, played by keys to the journal's tune.

    ``runs`` keeps every run's PtyApp (its raw stream and frames) for audits.
    """

    def __init__(
        self,
        folders: Folders,
        pick: Picker,
        *,
        args: tuple[str, ...] = ("--mute",),
        extra_env: dict[str, str] | None = None,
        keep_frames: bool = False,
        size: tuple[int, int] = (100, 30),
    ) -> None:
        self.folders = folders
        self.pick = pick
        self.args = args
        self.extra_env = extra_env
        self.keep_frames = keep_frames
        self.size = size
        self.runs: list[PtyApp] = []
        self.term: PtyApp | None = None
        self.home_line = ""  # what the home screen offered, when launched from it
        self._path: Path | None = None
        self._cache: tuple[Path, int, Snapshot] | None = None  # file, bytes read, game

    # --- the process ----------------------------------------------------------------------
    def launch(self, how: str = "resume") -> PtyApp:
        """Start the app: ``new`` (--new), ``resume`` (--resume FILE) or ``home`` (plain
        ``narrator``; the home screen offers the unfinished game first: Enter)."""
        extra = {
            "new": ["--new"],
            "resume": ["--resume", str(self.path)] if how == "resume" else [],
            "home": [],
        }[how]
        self.term = PtyApp(
            [*self.args, *extra],
            self.folders,
            size=self.size,
            extra_env=self.extra_env,
            keep_frames=self.keep_frames,
        ).start()
        self.runs.append(self.term)
        self.home_line = ""
        if how == "home":
            self.term.wait_text("Resume the unfinished game", timeout=20)
            self.home_line = _row_with(self.term, "Resume the unfinished").strip()
            self.term.press("enter")
        return self.term

    def kill(self) -> None:
        if self.term is not None:
            self.term.kill()
            self.term = None

    def close(self) -> None:
        for run in self.runs:
            run.close()
        self.term = None

    # --- the journal ----------------------------------------------------------------------
    @property
    def path(self) -> Path:
        """The game's journal (the only one in the data folder)."""
        if self._path is None:
            files = journal_files(self.folders)
            assert len(files) == 1, f"expected one journal, found {files}"
            self._path = files[0]
        return self._path

    def snapshot(self) -> Snapshot:
        """The journal now (only lines written since the last look are read)."""
        path = self.path
        size = path.stat().st_size
        cached = self._cache
        if cached is None or cached[0] != path or size < cached[1]:
            self._cache = (path, *read_journal(path))
        elif size > cached[1]:
            self._cache = (path, *read_journal(path, cached[1:]))
        return self._cache[2]

    def plan(self) -> tuple[Snapshot, list[Action]]:
        snap = self.snapshot()
        if snap.state.step is Step.OVER:
            return snap, []
        return snap, plan_step(snap.state, snap.n, self.pick)

    # --- keys -----------------------------------------------------------------------------
    def shows(self, state: State, *texts: str) -> None:
        """Until the screen shows ``state`` (and ``texts``), not the privacy screen."""
        term = self.term
        wanted = [" ".join(t.split()) for t in (*markers(state), *texts)]

        def ok() -> bool:
            flat = term.flat_screen()
            return "PRIVATE" not in flat and all(w in flat for w in wanted)

        term.wait_for(ok, timeout=20, what=f"the {state.step} screen {wanted}")

    def press(self, action: Action, snap: Snapshot, wait: bool = True) -> None:
        """Press the action's key; with ``wait``, until its entry is on disk and on screen."""
        self.term.press(action.key)
        if wait:
            self.settled(action, snap)

    def settled(self, action: Action, snap: Snapshot) -> None:
        term = self.term
        if action.event is not None:
            term.wait_for(
                lambda: self.snapshot().n > snap.n,
                timeout=action.timeout,
                what=f"the journal entry {action.event}",
            )
            got = self.snapshot().events[snap.n]
            if got != action.event:
                raise AssertionError(f"key {action.key!r} wrote {got}, expected {action.event}")
            if action.place == "privacy":
                term.wait_text(*action.texts)
            else:
                self.shows(action.after, *action.texts)
        elif action.after is not None:  # leaving the privacy screen
            self.shows(action.after)
        else:
            term.wait_text(*action.texts)
