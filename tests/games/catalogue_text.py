"""Every string of a words catalogue, by its dotted id, for the tests that read the words
(gender, Russian agreement, the glossaries): the catalogues' own flattening, strings only."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

from narrator.prompts.sources import flatten


def strings(path: Path) -> Iterator[tuple[str, str]]:
    table = flatten(tomllib.loads(path.read_text(encoding="utf-8")))
    return ((key, value) for key, value in table.items() if isinstance(value, str))
