"""English names no gender for a player (issue 27, item 4): every English catalogue of the app,
the common ones and each game's, spoken and shown, says "they", "their" or the name, never
"he", "him", "his" or "himself" (nor "she", "her", "hers", "herself"). Comments are not read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import narrator
from tests.games.catalogue_text import strings

ROOT = Path(narrator.__file__).parent
GAMES = ("ravnica", "werewolf", "blood_bound", "pyre")
GENDERED = re.compile(r"\b(he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)


def catalogues(scope: str) -> list[Path]:
    words = ROOT / "prompts" if scope == "common" else ROOT / "games" / scope / "words"
    return [words / "en.toml", *sorted((words / "ui" / "en").glob("*.toml"))]


def test_every_english_catalogue_is_read():
    read = {path for scope in ("common", *GAMES) for path in catalogues(scope)}
    english = {p for p in ROOT.rglob("*.toml") if p.name == "en.toml" or p.parent.name == "en"}
    assert english == read


@pytest.mark.parametrize("scope", ["common", *GAMES])
def test_english_names_no_gender_for_a_player(scope):
    found = [
        f"{path.relative_to(ROOT)}: {key} = {text!r}"
        for path in catalogues(scope)
        for key, text in strings(path)
        if GENDERED.search(text)
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_gendered_word():
    assert GENDERED.search("Ann cannot attack himself") and GENDERED.search("His turn")
    assert GENDERED.search("Ann cannot vote for herself")
    assert not GENDERED.search("the Shield holder takes their rank token, then the theme")
    assert not GENDERED.search("Ann cannot vote for themselves")
