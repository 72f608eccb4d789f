"""Entries as plain data: an event, the refusal of one the rules do not allow, and the codec
that reads events back from the journal.

A game is a set of event types, an initial state and a pure ``apply(state, event)``.
The journal stores events as JSON objects ``{"type": ..., **fields}``; each game module
owns its event types so a second game plugs in without touching the first. A field may be a
number, a text, a bool, a Literal, a dataclass of those, a tuple (``tuple[int, ...]`` or a
fixed ``tuple[str, int]``, nested: ``tuple[tuple[int, int], ...]``) or a mapping
(``Mapping[int, int]``: JSON keys are text, read back as the key's type). Every field is
checked as it is read: a journal cannot bring a value its event does not declare.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any


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
    if isinstance(value, Mapping):  # JSON keys are text: read back as the key's type
        return {str(k): _plain(v) for k, v in value.items()}
    return value


class EventCodec:
    """Turns journal objects back into events, checking every field's type."""

    def __init__(self, event_types: Iterable[type[Event]]) -> None:
        self.types: dict[str, type[Event]] = {t.type: t for t in event_types}
        self.hints: dict[type[Event], dict[str, Any]] = {}  # each type's, read once

    def decode(self, data: Mapping[str, Any]) -> Event:
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise ValueError("an event must be an object with a 'type'")
        cls = self.types.get(data["type"])
        if cls is None:
            raise ValueError(f"unknown event type {data['type']!r}")
        hints = self.hints.get(cls)
        if hints is None:  # evaluating the annotations was a third of a replay's time
            hints = self.hints[cls] = typing.get_type_hints(cls)
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
        if len(args) == 2 and args[1] is Ellipsis or not args:  # tuple[int, ...]
            item = args[0] if args else Any
            return tuple(_coerce(item, v, name) for v in value)
        if len(value) != len(args):  # tuple[str, int]: so many, each its own type
            raise ValueError(f"field {name!r}: expected {len(args)} items, got {value!r}")
        return tuple(_coerce(a, v, name) for a, v in zip(args, value, strict=True))
    if origin in (dict, Mapping, collections.abc.Mapping):
        if not isinstance(value, Mapping):
            raise ValueError(f"field {name!r}: expected an object, got {value!r}")
        key, item = args if args else (Any, Any)
        return {_key(key, k, name): _coerce(item, v, name) for k, v in value.items()}
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


def _key(hint: Any, key: Any, name: str) -> Any:
    """A mapping's key from JSON's text: "3" is 3 for ``Mapping[int, …]``."""
    if hint is int and isinstance(key, str):
        if not key.lstrip("-").isdigit():
            raise ValueError(f"field {name!r}: key {key!r} is not a whole number")
        return int(key)
    return _coerce(hint, key, name)


def refusal_of(apply: Callable[[Any, Event], Any], state: Any, event: Event) -> Refusal | None:
    """The refusal ``apply(state, event)`` would raise, or None when the rules allow it."""
    try:
        apply(state, event)
    except Refusal as refusal:
        return refusal
    return None
