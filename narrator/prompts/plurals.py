"""A line's placeholders as the words around a number want them: ``{minutes:minute|minutes}``
(English: one|other) or ``{minutes:минута|минуты|минут}`` (Russian: one|few|many)."""

from __future__ import annotations

import string
from typing import Any

PLURAL_COUNTS = {"ru": 3}  # one, few, many; any other language: one, other


def plural_count(lang: str) -> int:
    """How many forms a word has for a number in ``lang``: a line's ``{n:…}`` gives as many."""
    return PLURAL_COUNTS.get(lang, 2)


def plural_form(n: int, forms: list[str], lang: str) -> str:
    """Pick the plural form of a word for n (Russian: one, few, many; others: one, other)."""
    if plural_count(lang) == 3 and len(forms) >= 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


class LineFormatter(string.Formatter):
    """Formats a line in one language: a ``{n:one|many}`` placeholder is the number and the
    right form of the word."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            try:
                n = int(value)
            except (TypeError, ValueError):  # an override gave plural forms to a name
                return str(value)
            return f"{n} {plural_form(n, format_spec.split('|'), self.lang)}"
        return format(value, format_spec)
