"""`Term`: a word a catalogue translates, passed as a parameter. A module of its own so the
override checker (`overrides`) names words without the catalogues that word them."""

from __future__ import annotations


class Term(str):
    """A word a catalogue translates (its id, e.g. ``Term("colour.white")``), passed as a
    parameter where a name would stay as it is. Rules use it for colours, roles and steps."""

    __slots__ = ()
