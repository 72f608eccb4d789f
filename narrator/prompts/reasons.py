"""Why a file could not be read or a line used, worded in the user's language: the parameter
``reason`` of a `narrator.prompts.Problem`."""

from __future__ import annotations

import errno
import re
import tomllib

from narrator.prompts import DEFAULT_LANGUAGE, Localized, Problem, words

_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def reason(error: BaseException, english: str | None = None, other: str = "unknown") -> Localized:
    """Why a file could not be read or a line used, as a parameter of a `Problem`. In English it
    is the message the system or the parser gave (``english``, else ``str(error)``); in another
    language, ``files.reason.*``: the system's error by its errno, the line and column where
    the TOML breaks, a placeholder's problem, or ``files.reason.<other>``."""
    said = str(error) if english is None else english

    def worded(lang: str) -> str:
        if lang == DEFAULT_LANGUAGE:
            return said
        first = error.args[0] if error.args else None
        if isinstance(first, Problem):
            return first.text(lang)
        key, params = other, {}
        if isinstance(error, UnicodeDecodeError):
            key = "not_utf8"
        elif isinstance(error, tomllib.TOMLDecodeError):
            at = _TOML_AT.search(str(error))
            if at:
                key, params = "toml_at", {"line": at[1], "column": at[2]}
            else:
                key = "toml_end" if "(at end of document)" in str(error) else "toml"
        elif isinstance(error, OSError) and error.errno is not None:
            key = errno.errorcode.get(error.errno, "").lower()
            if f"files.reason.{key}" not in words(lang).lines:
                key, params = "os_error", {"number": error.errno}
        return words(lang).format(f"files.reason.{key}", **params)

    return Localized(worded)
