"""English names no gender for a player (issue 27, item 4): every English catalogue of the app,
the common ones and each game's (every game registered, tests/every_game.py), spoken and shown,
says "they", "their" or the name, never "he", "him", "his" or "himself" (nor "she", "her",
"hers", "herself"). Comments are not read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import narrator
from narrator.games import registry
from tests.every_game import catalogues, names, registered
from tests.games.catalogue_text import strings

ROOT = Path(narrator.__file__).parent
GENDERED = re.compile(r"\b(he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)


def gendered(words_dir: Path) -> list[str]:
    """Each English line of the scope ``words_dir`` that names a gender."""
    return [
        f"{path}: {key} = {text!r}"
        for path in catalogues(words_dir, "en")
        for key, text in strings(path)
        if GENDERED.search(text)
    ]


def test_every_english_catalogue_is_read():
    scopes = (ROOT / "prompts", *(registry.get(name).words_dir for name in registry.names()))
    read = {path for words_dir in scopes for path in catalogues(words_dir, "en")}
    english = {p for p in ROOT.rglob("*.toml") if p.name == "en.toml" or p.parent.name == "en"}
    assert english == read


def test_the_common_english_names_no_gender_for_a_player():
    assert not (found := gendered(ROOT / "prompts")), "\n".join(found)


@pytest.mark.parametrize("name", names())
def test_english_names_no_gender_for_a_player(name):
    with registered(name) as game:
        assert not (found := gendered(game.words_dir)), "\n".join(found)


def test_the_check_finds_a_gendered_word():
    assert GENDERED.search("Ann cannot attack himself") and GENDERED.search("His turn")
    assert GENDERED.search("Ann cannot vote for herself")
    assert not GENDERED.search("the Shield holder takes their rank token, then the theme")
    assert not GENDERED.search("Ann cannot vote for themselves")
