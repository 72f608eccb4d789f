"""What every game module shares: refusals, events as plain data, and the fold.

A game is a set of event types, an initial state and a pure ``apply(state, event)``.
The journal stores events as JSON objects ``{"type": ..., **fields}``; each game module
owns its event types so a second game plugs in without touching the first.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


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
    """What the journal, the headless player and the TUI need of a game module."""

    name: str
    title: str
    codec: EventCodec

    def initial(self) -> Any: ...
    def apply(self, state: Any, event: Event) -> Any: ...
    def legal_moves(self, state: Any) -> list[Event]: ...


@dataclass(frozen=True)
class GameModule:
    name: str
    title: str
    codec: EventCodec
    initial: Callable[[], Any]
    apply: Callable[[Any, Event], Any]
    legal_moves: Callable[[Any], list[Event]]


def fold(game: Game, events: Iterable[Event], state: Any = None) -> Any:
    """state = fold(apply, events, initial)."""
    state = game.initial() if state is None else state
    for event in events:
        state = game.apply(state, event)
    return state
