"""Any game at the keyboard of the real app in a pty: the keys of each entry of a game written
beforehand (the game's example, tests/storm.py), found in the game's own ``StepView`` as the
shell reads it (``narrator.tui.entering``, ``narrator.tui.privacy``): a choice's key, typed key
by key ("01", "b2"), the keys after it (``goto``), a warning confirmed with y, a typed value
and Enter, the step's checklist ticked then Enter, Enter for the primary (the app's own move,
lines the app says before the entry), e for a discussion's end, nothing at all for lines the
app says by itself (the night pass, W24); a private step opened with Enter, its cover left with
Enter, its steps keyed, its last page left with Enter; Enter once per announcement.

    planner = Planner(GAME, events)         # the entries to key, in order
    table = GameTable(folders, GAME, planner)
    table.launch("resume"); table.shows_resumed()
    snap, plan = table.plan()               # as tests/ptynarrator.py's Table

The screen is read through the game's words: a step's title (or the lines the app is saying),
an announcement's name and headline, the privacy screen's banner and pages, each read as its
words in order (a panel may wrap a line anywhere).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from narrator.games.base import Event, Game, Refusal
from narrator.games.shell_data import AppMove, Choice, Claims, Over, Paced, StepView
from narrator.prompts import Words, worded
from narrator.tui.drawing import moment_name
from narrator.tui.keyreader import merged
from narrator.tui.words import say
from tests.ptyapp import KEYS
from tests.ptynarrator import PAGE_KEYS, Action, page_actions, page_headline
from tests.ptytable import Table

PRIVATE = say("en", "privacy.banner")
BOX = "│╭╮╰╯─▊▌▐"


def words_of(text: str) -> list[str]:
    return [w for w in (w.strip(BOX) for w in text.split()) if w]


def in_order(wanted: list[str], seen: list[str]) -> bool:
    """Every word of ``wanted`` in ``seen``, in order (other words may come between)."""
    rest = iter(seen)
    return all(any(w == s for s in rest) for w in wanted)


def typed_key(key: str) -> list[str]:
    """A choice's key as pressed: a named key, or its characters one by one ("01", "b2")."""
    return [key] if key in KEYS else list(key.lower())


@dataclass(frozen=True)
class Keyed:
    """The keys of one entry: ``keys`` before the last, the ``last`` that makes it (None: the
    app makes it by itself), and ``runs``, the seconds of lines said before it is made."""

    keys: tuple[tuple[str, str], ...]  # (key, text on screen once it is taken)
    last: str | None
    runs: float = 0.0


def made(game: Game, s: Any, n: int, event: Any) -> Any:
    """What a choice's event enters (an ``AppMove``: the app's seeded move), or None."""
    if isinstance(event, Paced):
        event = event.then
    if isinstance(event, AppMove):
        try:
            return game.app_move(s, n, event)
        except Refusal:
            return None
    return event


def typed_values(event: Event) -> list[Any]:
    """The values a typed field may have been given for ``event``: its own fields'."""
    return [getattr(event, f.name) for f in fields(event)]


def entry_keys(
    game: Game, s: Any, n: int, event: Event, path: tuple[str, ...] = (), public: bool = True
) -> Keyed | None:
    """The keys that make ``event`` at state ``s`` (``n`` entries) from the keys ``path``."""
    view = game.step(s, path)
    if view.typed is not None and public:  # the field takes every printable key
        return typed_keys(game, s, n, event, view)
    choices = view.choices
    if public and not path and view.kind not in ("private", "over"):
        choices = merged(choices, game.anytime(s))  # as GameScreen.step_of
    ticks = tuple((k, "") for k in "1234567890"[: len(view.checks)])
    options = [(c, typed_key(c.key), ()) for c in choices if c.refusal is None]
    if view.primary is not None:
        options.append((view.primary, ["enter"], ticks))
    if view.timer is not None and not view.timer.turn:
        options.append((Choice("e", event=view.timer.then), ["e"], ()))
    for choice, keys, first in options:
        pressed = (*first, *((k, "") for k in keys[:-1]))
        last = keys[-1]
        if choice.warning is not None:  # B11, P15: asked first, y goes on
            pressed, last = (*pressed, (last, worded(choice.warning, "en"))), "y"
        paced = choice.event if isinstance(choice.event, Paced) else None
        if made(game, s, n, choice.event) == event:
            runs = sum(pause for _, pause in paced.lines) if paced else 0.0
            return Keyed(pressed, None if paced and paced.auto else last, runs)
        if choice.goto is not None and len(path) < 8:
            rest = entry_keys(game, s, n, event, choice.goto, public)
            if rest is not None:
                return replace(
                    rest, keys=(*pressed, (last, field(game, s, choice.goto)), *rest.keys)
                )
    return None


def field(game: Game, s: Any, path: tuple[str, ...]) -> str:
    """What the keys ``path`` lead to shows once they are taken: the label of its field (then
    it takes keys), or its key line (the keys typed fast after a field's Enter land in it)."""
    view = game.step(s, path)
    shown = view.typed.label if view.typed is not None else view.keys
    return worded(shown, "en") if shown is not None else ""


def typed_keys(game: Game, s: Any, n: int, event: Event, view: StepView) -> Keyed | None:
    typed = view.typed
    values = range(typed.low, typed.high + 1) if typed.number else typed_values(event)
    for value in values:
        if not typed.number and not isinstance(value, str):
            continue
        out = typed.make(value)
        text = str(value)  # each key waits for its echo in the field: a narrator's pace
        keys = tuple((c, text[: i + 1]) for i, c in enumerate(text))
        if isinstance(out, tuple):  # P23: a card's name, then the keys of its effect
            rest = entry_keys(game, s, n, event, out)
            if rest is not None:
                return replace(rest, keys=(*keys, ("enter", field(game, s, out)), *rest.keys))
        elif made(game, s, n, out) == event:
            return Keyed(keys, "enter")
    return None


def reachable(game: Game, s: Any, n: int, path: tuple[str, ...] = ()) -> list[Event]:
    """The entries the keys of the step can make (typed values aside), public or private."""
    view = game.step(s, path)
    out = []
    for c in (*view.choices, *((view.primary,) if view.primary else ())):
        if c.goto is not None and len(path) < 8:
            out += reachable(game, s, n, c.goto)
        elif c.refusal is None and (event := made(game, s, n, c.event)) is not None:
            out.append(event)
    return out


def as_keyed(game: Game, events: list[Event]) -> list[Event]:
    """A game written by the headless player, as the screen's keys journal it: an entry no key
    makes as written is the one of its kind the step's keys make (the Berserker's ability
    names his attacker when keyed, B27, not when scripted); a countdown the script did not
    know of (a discussion turned on, W18) is ended before the entry that follows it."""
    s, out = game.initial(), []
    for event in events:
        timer = game.step(s, ()).timer if out else None
        if timer is not None and not timer.turn and game.check(s, event) is not None:
            ended = made(game, s, len(out), timer.then)
            s = game.apply(s, ended)
            out.append(ended)
        n = len(out)
        if n and entry_keys(game, s, n, event) is None:
            kin = [e for e in reachable(game, s, n) if type(e) is type(event)]
            kin = [e for e in kin if game.check(s, e) is None]
            assert kin, f"no key makes {event} at {s.step}"
            event = kin[0]
        s = game.apply(s, event)
        out.append(event)
    return out


def place_of(s: Any, view: StepView) -> str:
    """Where a key is pressed, for choosing where to kill: a window of claims (B12, P16), a
    discussion, or the step by its name in the game (Pyre's "roll", Werewolf's "night_pass")."""
    if any(isinstance(b, Claims) for b in view.body):
        return "window"
    if view.timer is not None and not view.timer.turn:
        return "discussion"
    return str(s.step)


class Planner:
    """The keys of ``events`` entered one after another, from any state the game reaches."""

    def __init__(self, game: Game, events: list[Event]) -> None:
        self.game = game
        self.events = events

    def __call__(self, s: Any, n: int) -> list[Action]:
        """The keys from the public screen at ``s`` (``n`` entries) to the next public step."""
        if n >= len(self.events):
            return []
        view = self.game.step(s, ())
        if view.kind == "private":
            return self.private(s, n, view)
        return self.entry(s, n, place_of(s, view))[0]

    def entry(
        self, s: Any, n: int, place: str, public: bool = True
    ) -> tuple[list[Action], Any, list]:
        """The keys of entry ``n``, the state it makes and the pages it brings: on the public
        screen they follow its key at once, on the privacy screen they wait."""
        game, event = self.game, self.events[n]
        keyed = entry_keys(game, s, n, event, public=public)
        if keyed is None:
            raise AssertionError(f"no keys make {event} at {s.step}")
        after = game.apply(s, event)
        out = [Action(k, texts=(t,) if t else (), place=place) for k, t in keyed.keys]
        last = Action(
            keyed.last or "",
            event,
            after,
            texts=() if public else (PRIVATE,),  # on the privacy screen: it stays up
            place=place,
            timeout=keyed.runs + 20.0,
            runs=keyed.runs,
        )
        pages = list(game.announcements(s, event, after))
        if pages and public:
            return [*out, replace(last, page=pages[0]), *page_actions(pages, after)], after, []
        return [*out, last], after, pages

    def private(self, s: Any, n: int, view: StepView) -> list[Action]:
        """A private session (B19's curses): Enter opens the privacy screen, Enter leaves its
        cover, each private step keyed, Enter leaves its last page; its pages come after."""
        game, session = self.game, view.private.session
        out = [Action("enter", texts=(worded(view.private.cover, "en"),), place="privacy")]
        state, count, held = s, n, []
        if view.private.on_open is not None:  # entered as the cover is left (R22)
            event = self.events[count]
            assert made(game, state, count, view.private.on_open) == event, event
            state, before = game.apply(state, event), state
            out.append(Action("enter", event, state, place="privacy"))
            held += game.announcements(before, event, state)
            count += 1
        else:
            first = next((b for b in view.body if isinstance(b, Words | str) and b), PRIVATE)
            out.append(Action("enter", texts=(worded(first, "en"),), place="privacy"))
        while count < len(self.events):
            inside = game.step(state, ())
            if inside.private is None or inside.private.session != session:
                break
            keys, state, pages = self.entry(state, count, "privacy", public=False)
            out += keys
            held += pages
            count += 1
        if held:  # shown once the privacy screen is gone
            return [*out, Action("enter", after=state, place="privacy", page=held[0])] + (
                page_actions(held, state)
            )
        return [*out, Action("enter", after=state, place="privacy")]


class GameTable(Table):
    """tests/ptynarrator.py's Table for any game: the screen read through the game's words."""

    def __init__(self, folders, game: Game, planner: Planner, **kw) -> None:
        super().__init__(folders, None, game=game, planner=planner, **kw)

    def seen(self) -> tuple[str, list[str]]:
        flat = self.term.flat_screen()
        return flat, words_of(flat)

    def expected(self, state: Any) -> list[list[str]]:
        """The words the step at ``state`` shows: its title (the public one of a private
        step; the winner's banner), or the title of the lines the app says by itself."""
        view = self.game.step(state, ())
        title = view.public[0] if view.kind == "private" and view.public else view.title
        if view.kind == "over":
            title = next((b.banner for b in view.body if isinstance(b, Over)), title)
        out = [words_of(worded(title, "en"))]
        primary = view.primary.event if view.primary is not None else None
        if isinstance(primary, Paced):
            out.append(words_of(worded(primary.title, "en")))
        return out

    def shows(self, state: Any, *texts: str) -> None:
        wanted = self.expected(state)

        def ok() -> bool:
            flat, seen = self.seen()
            return (
                PRIVATE not in flat
                and PAGE_KEYS not in flat
                and any(in_order(w, seen) for w in wanted)
                and all(in_order(words_of(t), seen) for t in texts)
            )

        self.term.wait_for(ok, timeout=20, what=f"the {state.step} screen {wanted}")

    def shows_page(self, page) -> None:
        wanted = words_of(moment_name(page, "en")) + words_of(page_headline(page, self.game))

        def ok() -> bool:
            flat, seen = self.seen()
            return PRIVATE not in flat and PAGE_KEYS in flat and in_order(wanted, seen)

        self.term.wait_for(ok, timeout=20, what=f"the {page.kind} page {wanted}")

    def shows_texts(self, *texts: str) -> None:
        wanted = [words_of(t) for t in texts]
        self.term.wait_for(lambda: all(in_order(w, self.seen()[1]) for w in wanted), what=texts)
