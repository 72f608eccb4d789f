"""Russian agrees with whoever plays (issue 27): no Russian catalogue of the app makes a player's
name govern a masculine-only past-tense verb or short form ("{player} атаковал", "Пленён:
{player}", "{player}… захвачен"). Lines say it in the present tense, "в плену", or a
construction where the name governs nothing gendered ("Ход игрока: {player}"). A form with its
feminine alternative, "получил(а)", passes. Comments are not read."""

from __future__ import annotations

import re
from pathlib import Path

import narrator
from tests.games.catalogue_text import strings

ROOT = Path(narrator.__file__).parent

# The placeholders that stand for a player's name.
PLAYER = re.compile(
    r"\{(player|players|target|leader|captor|captured|by|owner|to_owner|holder|voter|voters"
    r"|claimant|first|wounded|candidate|winners)\b"
)

# A masculine past tense ("атаковал", "вмешался") or short form ("пленён", "захвачен",
# "атакован", "открыт", "активен") or participle ("атаковавший"), not followed by a feminine
# alternative "(а)".
MASCULINE = re.compile(
    r"(?<![а-яё])([а-яё]+(?:[аеиоуыяюё]л|[аеиоуыяюё]лся|ён|[аяе]н|ыт|вший|вшийся)|убит|взят|достиг|смог|мог|первым)(?![а-яё(])",
    re.IGNORECASE,
)

# Words of those shapes that are not verbs or short forms of a player.
NOUNS = frozenset(
    {
        "кинжал",
        "клан",
        "плен",
        "ран",
        "стол",
        "экран",
        "ритуал",
        "журнал",
        "сигнал",
        "символ",
        "финал",
        "план",
        "сан",
        "тан",
        "член",
        "обмен",
    }
)


def russian_catalogues() -> list[Path]:
    return sorted(
        path for path in ROOT.rglob("*.toml") if path.name == "ru.toml" or path.parent.name == "ru"
    )


def masculine_forms(text: str) -> list[str]:
    if not PLAYER.search(text):
        return []
    return [word for word in MASCULINE.findall(text) if word.lower() not in NOUNS]


def test_every_russian_catalogue_is_read():
    names = {path.relative_to(ROOT).as_posix() for path in russian_catalogues()}
    assert "prompts/ru.toml" in names
    assert {f"games/{game}/words/ru.toml" for game in ("ravnica", "werewolf")} <= names
    assert "games/blood_bound/words/ui/ru/refusal.toml" in names


def test_russian_agrees_with_any_player():
    found = [
        f"{path.relative_to(ROOT)}: {key} = {text!r} ({', '.join(forms)})"
        for path in russian_catalogues()
        for key, text in strings(path)
        if (forms := masculine_forms(text))
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_masculine_form():
    assert masculine_forms("{by} атаковал, цель — {player}.")
    assert masculine_forms("Пленён: {player} (B16).")
    assert masculine_forms("{player}: 3 раны и ещё одна — захвачен")
    assert masculine_forms("{player} уже вмешался")
    assert masculine_forms("{player} не пленивший")
    assert masculine_forms("{player} достиг цели") and masculine_forms("{player} первым берёт")
    assert not masculine_forms("На экране тайны Истинное проклятие получил(а): {player}")
    assert not masculine_forms("В плену: {player}; кинжал у игрока {holder}.")
    assert not masculine_forms("Ход игрока: {player}")
