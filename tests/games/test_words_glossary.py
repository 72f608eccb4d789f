"""One word per thing (issue 27, item 6): each game keeps a glossary beside its words
(narrator/games/<game>/words/glossary.toml), the app one for its common terms
(narrator/prompts/glossary.toml): each term's one English and one Russian form and the forms to
avoid. No line of the catalogues a glossary covers uses an avoided form, and each term's own
form is in use: a game's glossary covers its catalogues, the common one every game's (every game
registered, tests/every_game.py; one without a glossary has no terms of its own). Comments are
not read; a placeholder's name is not a word, its plural forms are."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import narrator
from tests.every_game import catalogues as catalogues_in
from tests.every_game import names, words_dir
from tests.games.catalogue_text import strings

ROOT = Path(narrator.__file__).parent
LANGS = ("en", "ru")
PLACEHOLDER = re.compile(r"\{\w+(?::([^{}]*))?\}")


def game_catalogues(game: str, lang: str) -> list[Path]:
    return catalogues_in(words_dir(game), lang)


def common_catalogues(lang: str) -> list[Path]:
    own = catalogues_in(ROOT / "prompts", lang)
    return own + [path for game in names() for path in game_catalogues(game, lang)]


def lines(paths: list[Path]) -> Iterator[tuple[str, str]]:
    """Each line as it reads: a placeholder's name dropped, its plural forms kept."""
    for path in paths:
        for key, text in strings(path):
            read = PLACEHOLDER.sub(lambda m: f" {(m.group(1) or '').replace('|', ' ')} ", text)
            yield f"{path}: {key}", read


def glossary(path: Path) -> dict[str, dict]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def avoided(term: dict, lang: str) -> re.Pattern[str] | None:
    forms = term.get(f"avoid_{lang}", [])
    if not forms:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(forms) + r")(?!\w)")


SCOPES = [
    pytest.param(words_dir(game) / "glossary.toml", game, lang, id=f"{game}-{lang}")
    for game in names()
    if (words_dir(game) / "glossary.toml").is_file()
    for lang in LANGS
] + [
    pytest.param(ROOT / "prompts" / "glossary.toml", None, lang, id=f"common-{lang}")
    for lang in LANGS
]


def catalogues(game: str | None, lang: str) -> list[Path]:
    return game_catalogues(game, lang) if game else common_catalogues(lang)


def misuses(path: Path, game: str | None, lang: str) -> list[str]:
    read = list(lines(catalogues(game, lang)))
    found = []
    for name, term in glossary(path).items():
        if (pattern := avoided(term, lang)) is None:
            continue
        for where, text in read:
            if match := pattern.search(text):
                found.append(f"{where}: {match.group()!r}, not {term[lang]!r} ({name})")
    return found


@pytest.mark.parametrize(("path", "game", "lang"), SCOPES)
def test_every_line_uses_the_glossarys_terms(path, game, lang):
    found = misuses(path, game, lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("path", "game", "lang"), SCOPES)
def test_each_term_has_both_forms_and_its_own_is_in_use(path, game, lang):
    text = "\n".join(text for _, text in lines(catalogues(game, lang))).casefold()
    for name, term in glossary(path).items():
        assert {"en", "ru"} <= term.keys(), name
        assert term[lang].casefold() in text, f"{name}: {term[lang]!r} is in no line"


def test_the_check_finds_an_avoided_form():
    fleur = glossary(words_dir("blood_bound") / "glossary.toml")["fleur_cross"]
    assert avoided(fleur, "ru").search("Вика берёт лилию")
    assert not avoided(fleur, "ru").search("Вика берёт крест с лилией")
    pyre = glossary(words_dir("pyre") / "glossary.toml")
    assert avoided(pyre["pyre"], "ru").search("Карта зажигает костёр")
    assert not avoided(pyre["pyre"], "ru").search("Костёр разгорается")
    assert avoided(pyre["dominance_token"], "ru").search("перевернуть жетон Господства")
    assert avoided(pyre["reaction_window"], "ru").search("Открыто окно ответа: заявки")
    assert not avoided(pyre["reaction_window"], "ru").search("Открыто окно реакций")
    assert avoided(pyre["claim"], "ru").search("Кто хочет реагировать?")
    captor = glossary(words_dir("blood_bound") / "glossary.toml")["captor"]
    assert avoided(captor, "ru").search("В плену — Bob: в плен берёт Ann.")
    assert not avoided(captor, "ru").search("В плену — Bob, пленитель — Ann.")
    true_curse = glossary(words_dir("blood_bound") / "glossary.toml")["true_curse"]
    assert avoided(true_curse, "ru").search("Карта проклятия игрока Аня: истинное проклятие.")
    assert not avoided(true_curse, "ru").search("Карта проклятия игрока Аня: Истинное проклятие.")
    home = glossary(ROOT / "prompts" / "glossary.toml")["home"]
    assert avoided(home, "ru").search("t запись игры · x экспорт · h домой")
