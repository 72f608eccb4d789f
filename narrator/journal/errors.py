"""Why a file cannot be used as a journal, or not by this narrator."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from narrator import holding
from narrator.prompts import Problem


class JournalError(Exception):
    """A file that cannot be used as a journal: the words id ``files.<key>`` with its
    parameters, as a `Refusal` is. ``str()`` is the English; a screen words it in the user's
    language with ``text(lang)``.

    ``kept``: for an entry that cannot be read or replayed, the journal of the entries before
    it (None if there are none), which ``mending.mend`` can resume."""

    kept: Any = None  # a Journal (not imported here: the journal package imports this)

    def __init__(self, key: str, /, **params: Any) -> None:
        self.problem = Problem(key, **params)
        super().__init__(str(self.problem))
        self.key, self.params = key, params

    def text(self, lang: str = "en") -> str:
        return self.problem.text(lang)

    def __str__(self) -> str:
        return str(self.problem)

    def __reduce__(self) -> tuple[Any, tuple[()]]:  # pickled by its id, not its English
        return functools.partial(type(self), self.key, **self.params), ()


class JournalInUse(JournalError):
    """The journal is played by another narrator: where, as its note says."""


def in_use(path: Path) -> JournalInUse:
    note = holding.read_note(path)
    if note is None:
        where = Problem("in_use_unknown")
    elif note["terminal"]:
        where = Problem("in_use_where", **note)
    else:
        where = Problem("in_use_where_no_terminal", **note)
    return JournalInUse("in_use", file=Path(path).name, where=where.part())
