"""Plays a game through the TUI with the keys a narrator would press."""

from __future__ import annotations

import random
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from textual import events
from textual.css.query import NoMatches
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

from narrator.games.ravnica import Options, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.private_view import needs_privacy
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.steps import checklist_lines
from narrator.journal import Journal
from narrator.tui.privacy import PrivacyScreen
from tests.games.walk import next_move

T = TypeVar("T")


def key_of(seat: int) -> str:
    return "0" if seat == 9 else str(seat + 1)


# How long a test waits for the app before it fails. Generous, for a loaded machine (a CI box
# running other jobs): a wait returns as soon as its condition holds, so a passing test pays
# only what the app takes.
PATIENCE = 30.0


async def until(pilot, check: Callable[[], T], timeout: float = PATIENCE) -> T:
    """Run ``check`` until it passes, and return what it returned: ``check`` asserts what the
    test reads on the screen; an ``AssertionError`` or a ``NoMatches`` (the widget not mounted
    yet) means "not yet". The app runs between tries. After ``timeout`` seconds the last failure
    is raised, with the screen as it was. Never a fixed pause: the app catches up at its pace."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return check()
        except (AssertionError, NoMatches) as failure:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"after {timeout:g} s: {failure}\n--- the screen ---\n{shown(pilot.app)}"
                ) from failure
        await pilot.pause(0.01)


async def wait_for(pilot, predicate: Callable[[], T], timeout: float = PATIENCE) -> T:
    """Wait until ``predicate()`` is true (a widget it queries not mounted yet counts as false),
    and return its value."""

    def check() -> T:
        value = predicate()
        assert value, "the app never reached the expected state"
        return value

    return await until(pilot, check, timeout)


async def wait_for_text(pilot, *parts: str, timeout: float = PATIENCE) -> str:
    """Wait until the screen shows every one of ``parts``, and return the screen's text."""

    def check() -> str:
        text = screen_text(pilot.app)
        missing = [part for part in parts if part not in text]
        assert not missing, f"not on the screen: {missing}"
        return text

    return await until(pilot, check, timeout)


async def settled_text(pilot, timeout: float = PATIENCE) -> str:
    """The screen's text once the app has caught up with what was done (to compare whole
    frames): the same on two reads in a row, the app idle and the screen redrawn between."""
    seen: list[str | None] = [None]

    def check() -> str:
        text = screen_text(pilot.app)
        previous, seen[0] = seen[0], text
        assert text == previous, "the screen is still changing"
        return text

    return await until(pilot, check, timeout)


def shown(app) -> str:
    """The screen for a failure's message (or why it cannot be read)."""
    try:
        return screen_text(app)
    except Exception as error:  # only for a message
        return f"(unreadable: {error!r})"


async def setup_game(
    pilot,
    app,
    count: int,
    seed: int = 1,
    names: list[str] | None = None,
    options: dict | None = None,
) -> None:
    """Fill the setup form: count, names, timers, rulings; accept the app's deal."""
    from textual.widgets import Input, Select

    from narrator.tui.ravnica.deal import DealScreen
    from narrator.tui.setup import SetupScreen

    await wait_for(
        pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#name-0")
    )
    screen = app.screen
    screen.query_one("#count", Input).value = str(count)
    await wait_for(pilot, lambda: len(screen.query("#names Input")) == count)  # a field a seat
    for i, name in enumerate(names or []):
        screen.query_one(f"#name-{i}", Input).value = name
    screen.query_one("#seed", Input).value = str(seed)
    for key, value in (options or {}).items():
        widget = screen.query_one(f"#{key}")
        widget.value = value if isinstance(widget, Select) else str(value)
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: isinstance(app.screen, DealScreen))
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: app.state.step is Step.OPENING)


async def play_step(pilot, app, pick: Callable[[State, list], object]) -> None:
    """One step of the game, by keys. ``pick`` chooses among the legal events."""
    s = app.state
    step = s.step
    if app.pages:  # an announcement is held on screen until Enter (R15, R22, R27–R29)
        pages = len(app.pages)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.pages) < pages)
        return
    if step is Step.OPENING:
        for k in "123456"[: len(checklist_lines(s))]:
            await pilot.press(k)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.state.step is not Step.OPENING)
        return
    if step is Step.TURN_LEADER_CARD:
        if s.options.deck_mode == "physical":
            await pilot.press(pick(s, legal_moves(s)).colour.lower())
        else:
            await pilot.press("enter")
        return
    if step in (Step.DISCUSSION, Step.FINAL_DISCUSSION):
        await pilot.press("e")
        return
    if step in (Step.ELECTION, Step.FINAL_VOTE):
        if s.ballot.complete:
            await pilot.press("enter")
        else:
            voter = s.ballot.waiting[0]
            votes = [m for m in legal_moves(s) if isinstance(m, ev.VoteCast) and m.voter == voter]
            await pilot.press(key_of(pick(s, votes).candidate))
        return
    if step in (Step.ELECTION_TIE, Step.FINAL_TIE):
        await pilot.press(key_of(pick(s, legal_moves(s)).player))
        return
    if needs_privacy(s):
        await pilot.press("enter")  # open the privacy screen
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")  # the leader alone looks
        if app.state.step is Step.ABLAZE_DRAW and s.options.deck_mode == "physical":
            pass  # the last card is entered by itself
        elif app.state.step in (Step.DRAW, Step.ABLAZE_DRAW):
            if s.options.deck_mode == "physical":
                await pilot.press(pick(app.state, legal_moves(app.state)).colour.lower())
            else:
                await pilot.press("enter")
        moves = legal_moves(app.state)
        target = pick(app.state, moves)
        await pilot.press(key_of(target.player))
        await pilot.press("enter")  # the cleared page
        await wait_for(pilot, lambda: not isinstance(app.screen, PrivacyScreen))
        return
    if step is Step.DRAW:  # Blue, in public
        if s.options.deck_mode == "physical":
            await pilot.press(pick(s, legal_moves(s)).colour.lower())
        else:
            await pilot.press("enter")
        return
    if step is Step.CHOOSE:
        await pilot.press(key_of(pick(s, legal_moves(s)).player))
        return
    if step in (Step.ABILITY, Step.REVEAL):
        await pilot.press("enter")
        return
    if step is Step.ROLES:
        missing = [p for p in s.dead() if s.role_of(p) is None]
        if not missing:
            await pilot.press("enter")
            return
        roles = [
            m for m in legal_moves(s) if isinstance(m, ev.RoleRevealed) and m.player == missing[0]
        ]
        role = pick(s, roles).role
        await pilot.press("a" if role == "agents" else "l")
        return
    raise AssertionError(f"no key for {step}")


def random_picker(seed: int) -> Callable[[State, list], object]:
    rng = random.Random(seed)
    return lambda s, moves: rng.choice(moves)


async def play_until(pilot, app, step: Step, pick, limit: int = 400) -> None:
    """Play by keys until the game reaches ``step`` (within ``limit`` steps)."""
    for _ in range(limit):
        if app.state.step is step and not app.pages:
            return
        await play_step(pilot, app, pick)
    raise AssertionError(f"the game never reached {step}; at {app.state.step}")


async def play_to_end(pilot, app, pick, limit: int = 400) -> None:
    await play_until(pilot, app, Step.OVER, pick, limit)


def journal_until(
    directory: Path,
    reached: Callable[[State], bool],
    seed: int = 1,
    names: tuple[str, ...] = ("Ann", "Bob", "Cid", "Dee", "Eve"),
    options: Options | None = None,
    pick: Callable[[State, list], object] | None = None,
    stem: str | None = None,
) -> Journal:
    """A journal written as the app writes it, played by the engine (no screen: fast) up to the
    first state where ``reached(state)`` holds. The app resumed on it lands on that step."""
    journal = Journal.create("ravnica", directory, stem)
    journal.append(ev.GameCreated(names, options or Options(deck_mode="physical"), seed=seed))
    rng = random.Random(seed)
    while not reached(journal.state):
        assert journal.state.step is not Step.OVER, "the game ended before the wanted step"
        s = journal.state
        if pick is None or s.step is Step.DEAL:
            event = next_move(s, rng, len(names))
        elif s.step is Step.ROLES:  # as play_step does: the dead players' roles, then confirm
            missing = [p for p in s.dead() if s.role_of(p) is None]
            moves = legal_moves(s)
            roles = [m for m in moves if isinstance(m, ev.RoleRevealed) and m.player in missing[:1]]
            event = (
                pick(s, roles)
                if missing
                else next(m for m in moves if isinstance(m, ev.RolesConfirmed))
            )
        else:
            event = pick(s, legal_moves(s))
        journal.append(event)
    return journal


def screen_text(app) -> str:
    """Everything the terminal shows now, as plain text (toasts included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def tie_planner(state: State, moves: list) -> object:
    """Votes that force ties: split every election and every final vote evenly; prefer a
    candidate who already leads (double leaders); otherwise the first legal move."""
    s = state
    if moves and isinstance(moves[0], ev.VoteCast) and s.ballot is not None:
        b = s.ballot
        voter = moves[0].voter
        index = b.voters.index(voter)
        if b.stage.value == "leaders":  # everyone for a different player: all tied (R27a next)
            want = b.candidates[(index + 1) % len(b.candidates)]
        elif s.round == 1 or b.stage.value in ("voteoff", "non_leaders", "revote"):
            want = b.candidates[index % min(2, len(b.candidates))]
        else:
            leading = [c for c in b.candidates if s.colours_led_by(c)]
            want = leading[0] if leading else b.candidates[0]
        for m in moves:
            if m.candidate == want:
                return m
    return moves[0]


def send_key(app, key: str) -> None:
    """One key as the terminal sends it (as Pilot.press does, without waiting for idle after
    each key: keys mashed on a real keyboard arrive in a burst too)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)


async def open_privacy_screen(pilot) -> None:
    """From a game resumed at a private step: the moments shown again on resume read, then
    Enter opens the privacy screen."""
    app = pilot.app
    while app.pages:  # the last entry's moment (an election's result), shown again on resume
        await pilot.press("enter")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
