"""A narrator at the keyboard of the real app in a pty (tests/ptyapp.py).

The journal on disk is the oracle: the narrator reads it (without ever writing or truncating
it), decides the keys for the step the game is at (the same keys as tests/tui/driver.py's
``play_step``), presses them one by one and, after each, waits until the journal has the
new entry and the screen shows the new step - or, when the entry brings announcements
(``narration.announcements``: a counted vote, Ablaze, the deaths, the Ultimate Price), the
first of them, and presses Enter once per announcement before the next step's keys. A
resumed app shows the last entry's announcements again when
``narrator.tui.announcing.shown_again`` says so; the narrator asks it, and expects them.
Choices are a pure function of the game so far (``Picker``): a game cut short by a kill
and resumed goes on exactly as it would have.

    table = Table(folders, seeded_picker(1)) # tests/ptytable.py: the app at the table
    table.launch("resume")                  # or "new" (then fill_setup), or "home"
    table.shows_resumed()                   # its step, or the announcement shown again
    snap, plan = table.plan()               # the keys from the screen the app shows
    for action in plan:
        table.press(action, snap)           # until its entry is on disk and on screen
        snap = table.snapshot()

``reference_game`` folds the same picker's choices without any screen: the game a narrator
makes with those choices, for comparing records.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace

from narrator.games.base import Event, Game, fold
from narrator.games.ravnica import GAME, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.narration import announcements
from narrator.games.ravnica.script import app_rng
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.steps import checklist_lines
from narrator.games.ravnica.tables import COLOUR_NAMES, ROLE_NAMES, TEAM_NAMES, deal_guilds
from narrator.games.shell_data import Announcement as Page
from narrator.journal import Journal
from narrator.prompts import catalogue, words
from narrator.tui.announcing import shown_again
from narrator.tui.words import say
from tests.ptyapp import Folders

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


def read_journal(
    path: Path, since: tuple[int, Snapshot] | None = None, game: Game = GAME
) -> tuple[int, Snapshot]:
    """Replay ``game``'s journal's complete lines: (bytes read, snapshot). Unlike
    ``Journal.open`` this never truncates a torn last line: the app may be writing it at this
    very moment. With ``since`` (an earlier answer for the same file) only the lines written
    after it are read."""
    with open(path, "rb") as f:
        if since is not None:
            f.seek(since[0])
        raw = f.read()
    end = raw.rfind(b"\n") + 1  # what follows the last newline is a line still being written
    if since is None:
        start, snap = raw.find(b"\n") + 1, Snapshot(state=game.initial())  # after the header
    else:
        start, snap = 0, Snapshot(list(since[1].events), since[1].state)
    for line in raw[start:end].split(b"\n"):
        if not line.strip():
            continue
        record = json.loads(line)
        if record.get("undo"):
            snap.events.pop()
            snap.state = fold(game, snap.events)
            continue
        event = game.codec.decode(record["event"])
        snap.state = game.apply(snap.state, event)
        snap.events.append(event)
    return (since[0] if since else 0) + end, snap


def journal_files(folders: Folders) -> list[Path]:
    return sorted(folders.data.glob("*.jsonl"))


# --- what the screen shows at each step ---------------------------------------------------
def markers(s: State) -> list[str]:
    """Texts the app shows for state ``s``, all of them at once (short: no line wraps them)."""
    step = s.step
    physical = s.options.deck_mode == "physical"
    if step is Step.DEAL:
        return ["Guild deal (R6)"]
    if step is Step.OPENING:
        return ["Setup checklist", f"[ ] {len(checklist_lines(s))}."]
    if step is Step.TURN_LEADER_CARD:
        if physical:
            return [f"Round {s.round + 1}: turn the top leader card"]
        return [f"Round {s.round + 1}", "Enter: the app turns the top leader card."]
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
        return [f"{who} leader: a private step", "Enter: the secret step"]
    if step is Step.DRAW:
        keys = "w White" if physical else "Enter: the app draws and shows the card."
        return [f"Blue leader {s.players[s.round_leader]} draws", keys]
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


PAGE_KEYS = say("en", "announce.keys")  # "Enter: go on.": the key line of every announcement


def page_headline(page: Page, game: Game = GAME) -> str:
    """The page's large text, as the app says and shows it (NarratorApp.say_page)."""
    said = catalogue("en", game.words_dir)  # the game's lines, whatever game is chosen here
    said = [said.format(line.prompt_id, **line.params) for line in page.lines]
    return " ".join(" ".join(said[i] for i in page.headline).split())


def page_markers(page: Page) -> list[str]:
    """Texts on screen while ``page`` is up: its kind (the banner's last part and the title)
    and the key line. Its headline, in a panel that may wrap it, is read by Table.shows_page."""
    return [words("en", GAME.words_dir).format(f"announce.kind.{page.kind}"), PAGE_KEYS]


def needs_privacy(s: State) -> bool:
    """As narrator.tui.game.needs_privacy: the steps taken on the privacy screen."""
    if s.step in (Step.DRAW, Step.CHOOSE):
        return s.round_colour in SECRET_COLOURS
    return s.step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)


def pages_on_resume(path: Path, snap: Snapshot, game: Game = GAME) -> list[Page]:
    """The announcements the app shows again when it opens this journal: whatever
    ``narrator.tui.announcing.shown_again`` decides (the journal read read-only)."""
    journal = SimpleNamespace(events=list(snap.events), state=snap.state, game=game, path=path)
    return list(shown_again(journal, time.monotonic)[0])


# --- the keys of one step -----------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    """One key and what it leads to: ``event`` (written to the journal, then the screen shows
    ``after``), or only ``texts`` on screen (``after`` alone: back on the public screen).
    ``page``: the announcement the key brings up instead of ``after``'s step (an entry's
    first page, or the next page on Enter); it is held on screen until Enter.
    ``place`` says where the key is pressed, for choosing where to kill the app; ``runs``, how
    long the app goes on by itself after it (lines it says, then the entry)."""

    key: str
    event: Event | None = None
    after: State | None = None
    texts: tuple[str, ...] = ()
    place: str = "public"  # public | page (an announcement) | privacy | discussion | opening | deal
    timeout: float = 10.0
    page: Page | None = None
    runs: float = 0.0


def page_actions(pages: list[Page], after: State) -> list[Action]:
    """Enter on each page but the last leads to the next one; on the last, to ``after``."""
    return [Action("enter", after=after, place="page", page=p) for p in pages[1:]] + [
        Action("enter", after=after, place="page")
    ]


def plan_step(s: State, n: int, pick: Picker) -> list[Action]:
    """The keys a narrator presses for the step at state ``s`` (``n`` events so far), with
    Enter once per announcement an entry brings (narration.announcements): an announcement
    made on the privacy screen (Ablaze given) shows when the public screen comes back."""
    out: list[Action] = []
    state, held = s, []  # held: pages waiting for the privacy screen to close
    for action in step_keys(s, n, pick):
        if action.event is not None:
            after = GAME.apply(state, action.event)
            pages = announcements(state, action.event, after)
            state = after
            if pages and action.place == "privacy":
                held = pages
            elif pages:
                out += [replace(action, page=pages[0]), *page_actions(pages, after)]
                continue
        elif held and action.after is not None:  # the privacy screen closes on the page
            out += [replace(action, page=held[0]), *page_actions(held, action.after)]
            held = []
            continue
        out.append(action)
    return out


def planner_of(pick: Picker) -> Callable[[State, int], list[Action]]:
    """The keys of each step with these choices, none once the game is over."""
    return lambda s, n: [] if s.step is Step.OVER else plan_step(s, n, pick)


def step_keys(s: State, n: int, pick: Picker) -> list[Action]:
    """The keys of the step itself (the same keys as tests/tui/driver.py's ``play_step``)."""
    step = s.step
    physical = s.options.deck_mode == "physical"

    def then(event: Event, key: str, place: str = "public", **kw) -> Action:
        return Action(key, event, GAME.apply(s, event), place=place, **kw)

    if step is Step.DEAL:  # the app deals (R6); the narrator accepts its first deal
        return [then(deal_event(s), "ctrl+s", "deal")]
    if step is Step.OPENING:
        lines = "1234567890"[: len(checklist_lines(s))]
        ticks = [Action(k, texts=("[x] " + k + ".",), place="opening") for k in lines]
        return ticks + [then(ev.OpeningDone(), "enter", "opening", timeout=60.0, runs=9.0)]
    if step is Step.TURN_LEADER_CARD:
        if not physical:  # R9: the app turns the card
            card = app_rng(s, n).choice(s.leader_cards_left())
            return [then(ev.LeaderCardTurned(card), "enter")]
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
        return privacy_keys(s, n, pick)
    if step is Step.DRAW:  # Blue draws in public (R21)
        if not physical:
            return [then(ev.TargetDrawn(app_rng(s, n).choice(s.targeting_cards_left())), "enter")]
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


def privacy_keys(s: State, n: int, pick: Picker) -> list[Action]:
    """A secret step on the privacy screen: its cover, the draw (a colour key; Enter when the
    app holds the deck; nothing for the Red leader's last physical card, which the screen
    enters by itself), the choice (a seat), the cleared page, back to the public screen."""
    physical = s.options.deck_mode == "physical"
    actions = [Action("enter", texts=("PRIVATE", "press Enter when nobody else can see"))]
    state, count = s, n
    if s.step in (Step.DRAW, Step.ABLAZE_DRAW):
        left = s.targeting_cards_left()
        if physical and s.step is Step.ABLAZE_DRAW and len(left) == 1:
            drawn = ev.TargetDrawn(left[0])  # entered as the cover page is left
            key = "enter"
        else:
            draw_page = "Draw the top card" if physical else "Press Enter to draw your"
            actions.append(Action("enter", texts=(draw_page,), place="privacy"))
            if physical:
                drawn = pick(state, legal_moves(state), count)
                key = drawn.colour.lower()
            else:
                drawn, key = ev.TargetDrawn(app_rng(state, count).choice(left)), "enter"
        after = GAME.apply(state, drawn)
        actions.append(Action(key, drawn, after, ("Your card is",), place="privacy"))
        state, count = after, count + 1
    else:
        actions.append(Action("enter", texts=("Your card is",), place="privacy"))
    chosen = pick(state, legal_moves(state), count)
    after = GAME.apply(state, chosen)
    green = s.step in (Step.DRAW, Step.CHOOSE) and s.round_colour == "G"  # R24: what was seen
    done = "When you have looked" if green else "Done. The screen is clear."
    actions.append(Action(key_of(chosen.player), chosen, after, (done,), "privacy"))
    actions.append(Action("enter", after=after, place="privacy"))  # back to the public screen
    return actions


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


def write_journal(
    folders: Folders, events: list[Event], stem: str | None = None, game: str = "ravnica"
) -> Path:
    """A journal of ``events`` written in-process (the app's own Journal), for runs that start
    later in the game: after the opening's eleven seconds of speech, or in its last rounds."""
    journal = Journal.create(game, folders.data, stem)
    for event in events:
        journal.append(event)
    return journal.path
