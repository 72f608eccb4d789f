"""What a command of ``narrator`` says when it stops, and the code it ends with.

A command that cannot go on raises `Stop`: ``narrator.cli.main`` says it in one line on
standard error, in the user's language (`language`), and exits with its code. No traceback.
Apart from the command itself, so that the commands (play, history, display) use it without
importing the command that imports them.
"""

from __future__ import annotations

import errno
import functools
from typing import Any

# The exit codes (README, ``--help``): a script or a shell can tell them apart.
DONE = 0  # the game played to its end; the history printed or written; the display closed
ENDED_EARLY = 1  # narrator play: the script ended before the game did
REFUSED = 2  # narrator play: a line refused (the rules or the reader); argparse: a wrong command
UNUSABLE = 3  # a file or folder that cannot be used: read, written, the disk full
NO_DISPLAY = 4  # narrator display: no table display's address, or none answers there
INTERRUPTED = 130  # Ctrl-C, as a shell counts it
PIPE_CLOSED = 141  # its reader stopped reading (``| head``), as a shell counts SIGPIPE

EXIT_CODES = f"""exit codes:
  {DONE}  done: the game played to its end, the history printed or written
  {ENDED_EARLY}  play: the script ended before the game did
  {REFUSED}  play: a line refused (the rules or the reader); a wrong command line
  {UNUSABLE}  a file or folder that cannot be used (read or written; the disk full)
  {NO_DISPLAY}  display: not a table display's address, or none answers there
  {INTERRUPTED}  stopped by Ctrl-C
  {PIPE_CLOSED}  what read its output stopped reading (| head)"""


class Stop(Exception):
    """A command that cannot go on: the words id of its one line (``command.*``), the line's
    parameters, and the exit code."""

    def __init__(self, code: int, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.code, self.key, self.params = code, key, params


def language(args: Any) -> str:
    """The user's language: ``--lang``, else the saved settings', else English."""
    if getattr(args, "lang", None):
        return args.lang
    try:
        from narrator.settings import load

        return load()[0].language
    except Exception:  # noqa: BLE001 - settings are a comfort: English without them
        return "en"


def say(lang: str, key: str, /, **params: Any) -> str:
    """One of the command's lines in ``lang``, its control characters shown escaped."""
    from narrator.prompts import words

    return escaped(words(lang, None).format(key, **params))


def why(error: BaseException) -> Any:
    """Why a file could not be used, as a line's parameter: the system's words in English
    ("Permission denied"), ``files.reason.*`` in another language."""
    from narrator.prompts import Localized, reason, words

    if isinstance(error, UnicodeDecodeError):
        return Localized(lambda lang: words(lang, None).format("files.reason.not_utf8"))
    if isinstance(error, TimeoutError) and error.errno is None:  # a socket's: no errno
        error = TimeoutError(errno.ETIMEDOUT, "Timed out")
    return reason(error, getattr(error, "strerror", None) or str(error))


# What a terminal would obey rather than show: the C0 and C1 controls (an escape sequence can
# clear the screen, retitle the window or paste), and the marks that reorder text around them.
_CONTROLS = {c for c in range(0xA0) if c < 0x20 or c >= 0x7F} - {ord("\n"), ord("\t")}
_BIDI = {*range(0x200E, 0x2010), *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


@functools.cache
def _shown() -> dict[int, str]:
    """Each of them as its escape, made once at the first use (not at start-up)."""
    return {c: chr(c).encode("unicode_escape").decode("ascii") for c in _CONTROLS | _BIDI}


def escaped(text: str) -> str:
    """``text`` for a terminal: each control character shown as its escape (``\\x1b``)."""
    return text.translate(_shown())
