"""A user's own wording of the spoken lines, ``prompts.<lang>.toml`` in the config folder,
checked whole when it is read: a line is used only if it says no more than the built-in line
can (the same placeholders, plural forms as `plurals` reads them and as many as the language
has, no placeholder inside them) and is of a bounded size, and so is the file. A file or a
line refused is a `Problem` naming it and why; the built-in line is said instead."""

from __future__ import annotations

import os
import string
import tomllib
import unicodedata
from collections.abc import Callable
from pathlib import Path

from narrator.prompts import Problem, Term, placeholders, reason, sources
from narrator.prompts.plurals import plural_count

# The longest built-in line is under 400 characters and all of a language's lines together
# under 50 KB: five times each leaves room for any rewording, and bounds what a file costs.
FILE_LIMIT = 256 * 1024  # bytes
LINE_LIMIT = 2000  # characters

_PARSER = string.Formatter()


def read(
    path: Path, lang: str, fields_of: Callable[[str], frozenset[str] | None]
) -> tuple[dict[str, str], list[Problem]]:
    """The lines of ``path`` that may be said, and why the others (or the whole file) may
    not. ``fields_of(id)``: the placeholders of the built-in line, None for no such id."""
    try:
        text = _text(path)
    except FileNotFoundError:
        return {}, []
    except _TooLarge as large:
        kilobytes = {"size": -(-large.size // 1024), "limit": FILE_LIMIT // 1024}
        return {}, [Problem("prompts_too_large", file=str(path), **kilobytes)]
    except (OSError, UnicodeDecodeError) as error:
        return {}, [Problem("prompts_unreadable", file=str(path), reason=reason(error))]
    try:
        table = sources.flatten(tomllib.loads(text))
    except (ValueError, RecursionError) as error:  # as in settings.parse
        why = (
            reason(error)
            if isinstance(error, tomllib.TOMLDecodeError)
            else Term("files.reason.too_deep")
        )
        return {}, [Problem("prompts_not_toml", file=str(path), reason=why)]
    lines: dict[str, str] = {}
    warnings = []
    for key, value in table.items():
        problem = line_problem(str(path), lang, key, value, fields_of(key))
        if problem is None:
            lines[key] = value
        else:
            warnings.append(problem)
    return lines, warnings


def line_problem(
    file: str, lang: str, key: str, value: object, expected: frozenset[str] | None
) -> Problem | None:
    """Why one line of an override file may not be said, or None if it may."""
    where = {"file": file, "id": key}
    if expected is None:
        return Problem("prompts_no_such_id", **where)
    if not isinstance(value, str):
        return Problem("prompts_not_text", **where)
    if len(value) > LINE_LIMIT:  # before anything reads it through
        return Problem("prompts_too_long", **where, length=len(value), limit=LINE_LIMIT)
    if any(ch != "\n" and unicodedata.category(ch) == "Cc" for ch in value):
        return Problem("prompts_control", **where)
    try:
        fields = placeholders(value)
        _check_plural_forms(value, lang)
    except ValueError as error:
        return Problem("prompts_bad_line", **where, reason=reason(error, other="braces"))
    if fields != expected:
        want = ", ".join(f"{{{name}}}" for name in sorted(expected))
        return Problem(
            "prompts_placeholders", **where, want=want or Term("files.placeholders_none")
        )
    return None


def _check_plural_forms(line: str, lang: str) -> None:
    """Each ``{n:…|…}`` has as many forms as the language has (`plurals.plural_count`): a
    form more or fewer would be a word never said, or said for the wrong number."""
    wanted = plural_count(lang)
    for _literal, name, spec, _conversion in _PARSER.parse(line):
        if name is not None and spec and spec.count("|") + 1 != wanted:
            forms = Term(f"files.plural_forms.{lang}")
            count = spec.count("|") + 1
            raise ValueError(Problem("placeholder_forms", field=name, count=count, forms=forms))


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
