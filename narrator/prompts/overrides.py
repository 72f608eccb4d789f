"""A user's own wording of the spoken lines, ``prompts.<lang>.toml`` in the config folder,
checked whole when it is read: a line is used only if it says no more than the built-in line
can (the same placeholders, plural forms as `plurals` reads them and as many as the language
has, no placeholder inside them) and is of a bounded size, and so is the file. A file or a
line refused is a `Fault` naming it and why, which the catalogue words as a `Problem` (this
module knows no catalogue: the catalogue reads it); the built-in line is said instead."""

from __future__ import annotations

import os
import string
import tomllib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrator.prompts import sources
from narrator.prompts.plurals import plural_count
from narrator.prompts.terms import Term

# The longest built-in line is under 400 characters and all of a language's lines together
# under 50 KB: five times each leaves room for any rewording, and bounds what a file costs.
FILE_LIMIT = 256 * 1024  # bytes
LINE_LIMIT = 2000  # characters

_PARSER = string.Formatter()


@dataclass(frozen=True)
class Fault:
    """Why a file or a line may not be used: the words id ``files.<key>`` and its parameters.
    A parameter may be the error the system or the parser gave (worded as the reason, and as
    ``files.reason.<other>`` where its kind has no words of its own) or a `Fault` within it."""

    key: str
    params: dict[str, Any]
    other: str = "unknown"


def read(
    path: Path,
    lang: str,
    fields_of: Callable[[str], frozenset[str] | None],
    fields_in: Callable[[str], frozenset[str]],
) -> tuple[dict[str, str], list[Fault]]:
    """The lines of ``path`` that may be said, and why the others (or the whole file) may
    not. ``fields_of(id)``: the placeholders of the built-in line, None for no such id;
    ``fields_in(line)``: those of a line, a ValueError if it is malformed."""
    try:
        text = _text(path)
    except FileNotFoundError:
        return {}, []
    except _TooLarge as large:
        kilobytes = {"size": -(-large.size // 1024), "limit": FILE_LIMIT // 1024}
        return {}, [Fault("prompts_too_large", {"file": str(path), **kilobytes})]
    except (OSError, UnicodeDecodeError) as error:
        return {}, [Fault("prompts_unreadable", {"file": str(path), "reason": error})]
    try:
        table = sources.flatten(tomllib.loads(text))
    except (ValueError, RecursionError) as error:  # as in settings.parse
        why = error if isinstance(error, tomllib.TOMLDecodeError) else Term("files.reason.too_deep")
        return {}, [Fault("prompts_not_toml", {"file": str(path), "reason": why})]
    lines: dict[str, str] = {}
    faults = []
    for key, value in table.items():
        fault = line_fault(str(path), lang, key, value, fields_of(key), fields_in)
        if fault is None:
            lines[key] = value
        else:
            faults.append(fault)
    return lines, faults


def line_fault(
    file: str,
    lang: str,
    key: str,
    value: object,
    expected: frozenset[str] | None,
    fields_in: Callable[[str], frozenset[str]],
) -> Fault | None:
    """Why one line of an override file may not be said, or None if it may."""
    where = {"file": file, "id": key}
    if expected is None:
        return Fault("prompts_no_such_id", where)
    if not isinstance(value, str):
        return Fault("prompts_not_text", where)
    if len(value) > LINE_LIMIT:  # before anything reads it through
        return Fault("prompts_too_long", {**where, "length": len(value), "limit": LINE_LIMIT})
    if any(ch != "\n" and unicodedata.category(ch) == "Cc" for ch in value):
        return Fault("prompts_control", where)
    try:
        fields = fields_in(value)
    except ValueError as error:
        return Fault("prompts_bad_line", {**where, "reason": error}, other="braces")
    forms = _plural_forms_fault(value, lang)
    if forms is not None:
        return Fault("prompts_bad_line", {**where, "reason": forms})
    if fields != expected:
        want = ", ".join(f"{{{name}}}" for name in sorted(expected))
        return Fault(
            "prompts_placeholders", {**where, "want": want or Term("files.placeholders_none")}
        )
    return None


def _plural_forms_fault(line: str, lang: str) -> Fault | None:
    """Each ``{n:…|…}`` has as many forms as the language has (`plurals.plural_count`): a
    form more or fewer would be a word never said, or said for the wrong number. (The line
    parses: its placeholders were read.)"""
    wanted = plural_count(lang)
    for _literal, name, spec, _conversion in _PARSER.parse(line):
        if name is not None and spec and spec.count("|") + 1 != wanted:
            forms = Term(f"files.plural_forms.{lang}")
            count = spec.count("|") + 1
            return Fault("placeholder_forms", {"field": name, "count": count, "forms": forms})
    return None


class _TooLarge(Exception):
    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


def _text(path: Path) -> str:
    """The file's text, unless it is larger than a prompts file may be: then it is not read."""
    with path.open("rb") as file:
        size = os.fstat(file.fileno()).st_size
        if size > FILE_LIMIT:
            raise _TooLarge(size)
        data = file.read(FILE_LIMIT + 1)  # a file that grew, or one the system sizes as 0
    if len(data) > FILE_LIMIT:
        raise _TooLarge(len(data))
    return data.decode("utf-8")
