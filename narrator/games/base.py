"""What every game module shares: refusals, events as plain data, and the fold.

A game is a set of event types, an initial state and a pure ``apply(state, event)``.
The journal stores events as JSON objects ``{"type": ..., **fields}``; each game module
owns its event types so a second game plugs in without touching the first.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # the data is imported by the games that make it: a quicker start
    from narrator.games.views import Announcement, Field, Line, PublicView, StepView, Words


class Refusal(ValueError):
    """An entry the rules do not allow: a words id (``refusal.<key>``) with its parameters,
    and the id of the rule that refuses it (e.g. "R14"). The shell words it in the user's
    language (``text``); ``str()`` is the English, for logs, scripts and tests."""

    def __init__(self, key: str, rule: str | None = None, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.rule = rule
        self.params = params

    def text(self, lang: str = "en", with_rule: bool = True) -> str:
        from narrator.prompts import words

        message = words(lang).format(f"refusal.{self.key}", **self.params)
        return f"{message} ({self.rule})" if self.rule and with_rule else message

    @property
    def message(self) -> str:
        return self.text("en", with_rule=False)

    def __str__(self) -> str:
        return self.text("en")


class Event:
    """Base of every event: a frozen dataclass with a snake_case ``type`` name."""

    type: typing.ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for field in dataclasses.fields(self):  # type: ignore[arg-type]
            data[field.name] = _plain(getattr(self, field.name))
        return data


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


class EventCodec:
    """Turns journal objects back into events, checking every field's type."""

    def __init__(self, event_types: Iterable[type[Event]]) -> None:
        self.types: dict[str, type[Event]] = {t.type: t for t in event_types}

    def decode(self, data: Mapping[str, Any]) -> Event:
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise ValueError("an event must be an object with a 'type'")
        cls = self.types.get(data["type"])
        if cls is None:
            raise ValueError(f"unknown event type {data['type']!r}")
        hints = typing.get_type_hints(cls)
        kwargs = {}
        for field in dataclasses.fields(cls):  # type: ignore[arg-type]
            if field.name not in data:
                if field.default is not dataclasses.MISSING:
                    continue
                raise ValueError(f"{data['type']}: missing field {field.name!r}")
            kwargs[field.name] = _coerce(hints[field.name], data[field.name], field.name)
        extra = set(data) - {"type"} - set(kwargs) - {f.name for f in dataclasses.fields(cls)}
        if extra:
            raise ValueError(f"{data['type']}: unknown fields {sorted(extra)}")
        return cls(**kwargs)


def _coerce(hint: Any, value: Any, name: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        for arg in args:
            if arg is type(None) and value is None:
                return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(arg, value, name)
            except ValueError:
                continue
        raise ValueError(f"field {name!r}: {value!r} does not fit {hint}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ValueError(f"field {name!r}: expected a list, got {value!r}")
        item = args[0] if args else Any
        return tuple(_coerce(item, v, name) for v in value)
    if dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            raise ValueError(f"field {name!r}: expected an object, got {value!r}")
        inner = typing.get_type_hints(hint)
        known = {f.name for f in dataclasses.fields(hint)}
        unknown = set(value) - known
        if unknown:
            raise ValueError(f"field {name!r}: unknown settings {sorted(unknown)}")
        return hint(**{k: _coerce(inner[k], v, f"{name}.{k}") for k, v in value.items()})
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"field {name!r}: expected true/false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"field {name!r}: expected a whole number, got {value!r}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"field {name!r}: expected a number, got {value!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"field {name!r}: expected text, got {value!r}")
        return value
    if typing.get_origin(hint) is typing.Literal:
        if value not in typing.get_args(hint):
            raise ValueError(f"field {name!r}: {value!r} is not one of {typing.get_args(hint)}")
        return value
    return value


class Game(Protocol):
    """A game as the shell, the journal and the headless player drive it: pure rules over
    plain data (no screen, sound, files, clock or global random). See ``views`` for the data.

    The shell names no game: it finds one through ``narrator.games.registry`` and asks it
    everything below. Every method that takes a state reads it only: a state is never changed.
    """

    name: str  # the journal's and the command line's name: "ravnica"
    title: Words  # as printed on the box, in the game's words catalogue
    players: range  # the player counts the rules allow
    codec: EventCodec  # the journal's events back from JSON
    words_dir: Path  # <dir>/<lang>.toml (what is said), <dir>/ui/<lang>/*.toml (the screens')
    screens: str | None  # the module of the game's own screens (``narrator.tui.<name>``)

    def initial(self) -> Any:
        """The state before the first entry."""

    def apply(self, state: Any, event: Event) -> Any:
        """The next state; raises `Refusal` (a words id and the rule) for an entry the rules
        do not allow, and changes nothing then."""

    def check(self, state: Any, event: Event) -> Refusal | None:
        """The refusal ``apply`` would raise, or None (asked quietly, on the privacy screen)."""

    def legal_moves(self, state: Any) -> list[Event]:
        """Every entry the rules allow now (tests and the headless player walk them)."""

    # --- setting up ------------------------------------------------------------------------
    def setup_fields(self) -> Sequence[Field]:
        """The setup form: the player count, the game's options, their bounds and labels."""

    def setup_note(self, count: int) -> Words | None:
        """A line under the player count (how many of each role that count deals)."""

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        """The first entry, from the form's values; raises `Refusal` naming the field."""

    def clean_name(self, name: str) -> str:
        """A player's name as kept; raises `Refusal` for one the rules refuse."""

    # --- the step --------------------------------------------------------------------------
    def step(self, state: Any, path: tuple[str, ...] = ()) -> StepView:
        """The current step, and what may be keyed after the keys in ``path`` (the ones
        typed so far of a choice that has more: a seat, then its role)."""

    def after_private(self, state: Any, session: Any) -> Words:
        """The privacy screen's last page once the private steps of ``session`` are done
        (what the player alone may still see: Green's look, R24)."""

    def app_move(self, state: Any, position: int) -> Event | None:
        """The app's own seeded move for the step (``AppMove``): seeded by the game's seed and
        ``position`` (how many entries the journal holds), so a resumed game makes the same."""

    def step_lines(self, state: Any) -> Sequence[Line]:
        """What the narrator says as the step ``state`` is at begins (said once a step)."""

    def event_lines(self, before: Any, event: Event, after: Any) -> Sequence[Line]:
        """What is said at once for an entry."""

    # Optional: ``again_lines(state)``, what is said again after a take-back or an undo (the
    # line of whoever acts now); without it, the step's opening lines (``lines_again``).

    def announcements(self, before: Any, event: Event, after: Any) -> Sequence[Announcement]:
        """The moments an entry brings, held on screen until Enter, in order."""

    def prewarm(self, state: Any) -> Sequence[tuple[str, Mapping[str, Any]]]:
        """Lines worth rendering ahead once a game is created (the rounds' openings)."""

    # --- what anyone may know ----------------------------------------------------------------
    def public_view(self, state: Any, unannounced: frozenset[int] = frozenset()) -> PublicView:
        """The public state: nothing secret; seats in ``unannounced`` not yet marked dead."""

    def summary(self, state: Any) -> Words:
        """Where a game is, in a few words (the home screen's "Resume", 6 players, round 2)."""

    def describe(self, before: Any, event: Event, after: Any, lang: str) -> str:
        """One public line for an entry (the undo dialog, the headless player, the record)."""

    def record(self, state: Any, events: Sequence[Event], lang: str) -> str:
        """The game record, Markdown: public lines, and the secrets once revealed."""

    def is_over(self, state: Any) -> bool:
        """The game has ended (nothing to enter but an undo)."""

    def waiting_for(self, state: Any) -> tuple[Any, str | None]:
        """What the game waits for, worded, and that step's rule (a script that stops)."""

    def script(self) -> Any:
        """A reader of the headless player's script lines (``narrator play``): its
        ``event(line, state, position)``, ``is_setting(line)`` and ``game_created()``."""


def refusal_of(apply: Callable[[Any, Event], Any], state: Any, event: Event) -> Refusal | None:
    """The refusal ``apply(state, event)`` would raise, or None when the rules allow it."""
    try:
        apply(state, event)
    except Refusal as refusal:
        return refusal
    return None


def fold(game: Game, events: Iterable[Event], state: Any = None) -> Any:
    """state = fold(apply, events, initial)."""
    state = game.initial() if state is None else state
    for event in events:
        state = game.apply(state, event)
    return state


def lines_again(game: Game, state: Any) -> Sequence[Line]:
    """After a take-back or an undo the voice follows the screen: the line of whoever acts
    now, said again (the game's ``again_lines``, or its step's opening lines)."""
    again = getattr(game, "again_lines", None)
    return again(state) if again is not None else game.step_lines(state)
