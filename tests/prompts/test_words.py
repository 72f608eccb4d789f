"""The screens' words: both languages word every screen, with the same placeholders, and
every id the code asks for exists (issue 9: Russian is the whole app)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from narrator import prompts
from narrator.games.ravnica.tables import GUILDS
from narrator.prompts import Catalogue, Either, Localized, Term

NARRATOR = Path(prompts.__file__).resolve().parents[1]
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# What a Russian screen may still show in Latin letters: key names, file and tool names,
# the rule ids' R, and the colour letters of the cards.
KEY_WORDS = {"Enter", "Esc", "Backspace", "ctrl", "space", "Markdown", "ALSA", "eSpeak", "NG"}
KEY_WORDS |= {"scripts", "setup", "settings", "toml", "data", "dir", "leader", "draw", "F5"}
KEY_WORDS |= set(GUILDS)  # guild names stay as printed on the cards
SCRIPT_WORDS = {"vote", "role", "agent", "loyalist"}  # the headless script's own keywords


def words(lang: str) -> Catalogue:
    return Catalogue(lang, ui=True)


def test_english_and_russian_word_the_same_ids_with_the_same_placeholders():
    en, ru = words("en"), words("ru")
    assert en.ids == ru.ids
    differ = {i for i in en.ids if en.placeholders(i) != ru.placeholders(i)}
    assert differ == set()


def _ids_asked_for() -> set[str]:
    """String literals that name a words id: say(lang, "a.b"), self.words("a.b"), …"""
    asked = set()
    for path in (NARRATOR / "tui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name not in ("say", "words", "refuse"):
                continue
            for arg in node.args[:2]:
                value = arg.value if isinstance(arg, ast.Constant) else None
                if isinstance(value, str) and re.fullmatch(r"[a-z_]+\.[a-z_.]+", value):
                    asked.add(value)
    return asked


def test_every_id_the_screens_ask_for_is_worded():
    missing = {i for i in _ids_asked_for() if i not in words("en").ids}
    assert missing == set()


def test_refusals_are_worded_in_both_languages():
    from narrator.games.base import Refusal

    refusal = Refusal(
        "not_of_colour",
        "R14",
        player="Ann",
        colour=Term("colour.red"),
        guild="Azorius",
        colours=(Term("colour.white"), Term("colour.blue")),
    )
    assert refusal.text("en") == "Ann is not Red: Azorius is White and Blue (R14)"
    assert refusal.text("ru") == "Ann: гильдия Azorius — это белый и синий, а не «красный» (R14)"
    choice = Refusal(
        "option_choice",
        "R15",
        option="election_tie",
        choices=Either(("guild_order", "revote", "narrator")),
    )
    assert str(choice) == "election_tie must be guild_order, revote or narrator (R15)"


@pytest.mark.parametrize("key", sorted(words("ru").ids))
def test_no_russian_screen_text_holds_an_english_word(key):
    text = words("ru").lines[key]
    text = re.sub(r"\{[^}]*\}", "", text)  # placeholders are filled with names
    stray = set(LATIN_WORD.findall(text)) - KEY_WORDS
    if key.startswith("refusal.script_"):
        stray -= SCRIPT_WORDS
    assert not stray, (key, stray)


def test_a_localized_parameter_is_worded_in_the_line_s_own_language():
    reason = Localized(lambda lang: {"en": "most votes", "ru": "больше всех голосов"}[lang])
    assert "больше всех голосов" in Catalogue("ru").format("vote_refused", reason=reason)
    assert "most votes" in Catalogue("en").format("vote_refused", reason=reason)
