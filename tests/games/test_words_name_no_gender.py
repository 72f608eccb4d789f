"""English names no gender for a player (issue 27): Blood Bound's and the Pyre's English
catalogues, spoken and shown, say "they", "their" or the name, never "he", "him", "his" or
"himself" (nor "she", "her", "hers", "herself"). Comments are not read."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from narrator.games.blood_bound import rules as blood_bound
from narrator.games.pyre import rules as pyre

GENDERED = re.compile(r"\b(he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)


def catalogues(game: Path) -> list[Path]:
    words = game.parent / "words"
    return [words / "en.toml", *sorted((words / "ui" / "en").glob("*.toml"))]


def strings(table: dict, path: str = "") -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, dict):
            yield from strings(value, f"{path}{key}.")
        elif isinstance(value, str):
            yield f"{path}{key}", value


@pytest.mark.parametrize("game", [blood_bound, pyre], ids=["blood_bound", "pyre"])
def test_english_names_no_gender_for_a_player(game):
    found = [
        f"{path.name}: {key} = {text!r}"
        for path in catalogues(Path(game.__file__))
        for key, text in strings(tomllib.loads(path.read_text(encoding="utf-8")))
        if GENDERED.search(text)
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_gendered_word():
    assert GENDERED.search("Ann cannot attack himself") and GENDERED.search("His turn")
    assert not GENDERED.search("the Shield holder takes their rank token, then the theme")
