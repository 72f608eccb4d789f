"""The screens' words: both languages word every screen, with the same placeholders, and
every id the code asks for exists (issue 9: Russian is the whole app): the common words
alone, and each game's on top of them."""

from __future__ import annotations

import ast
import functools
import re

import pytest

from narrator.games.ravnica.tables import GUILDS
from narrator.prompts import Catalogue, Either, Localized, Term
from tests.prompts.scopes import COMMON, NARRATOR, game_words, lines, modules, scopes

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# What a Russian screen may still show in Latin letters: key names, file and tool names,
# the rule ids' R, and the colour letters of the cards.
KEY_WORDS = {"Enter", "Esc", "Backspace", "ctrl", "space", "Markdown", "ALSA", "eSpeak", "NG"}
KEY_WORDS |= {"scripts", "setup", "settings", "toml", "data", "dir", "leader", "draw", "F5"}
KEY_WORDS |= set(GUILDS)  # guild names stay as printed on the cards
SCRIPT_WORDS = {"vote", "role", "agent", "loyalist"}  # the headless script's own keywords
AS_PRINTED = {"about.banner"}  # a game's title as printed on its box, in its own letters


def words(lang: str) -> Catalogue:
    return Catalogue(lang, ui=True)


@pytest.mark.parametrize("scope", scopes())
def test_english_and_russian_word_the_same_ids_with_the_same_placeholders(scope):
    with game_words(scope):
        en, ru = words("en"), words("ru")
    assert en.ids == ru.ids
    differ = {i for i in en.ids if en.placeholders(i) != ru.placeholders(i)}
    assert differ == set()


@pytest.mark.parametrize("scope", [s for s in scopes() if s != COMMON])
def test_a_game_that_words_a_common_id_its_own_way_keeps_its_placeholders(scope):
    """The shell fills a common id's placeholders whatever the game (the set-up form's title,
    the player count's refusals): a game's wording of it may not ask for others."""
    for lang in ("en", "ru"):
        common = words(lang)
        with game_words(scope):
            game = words(lang)
        for i in common.ids:
            assert game.placeholders(i) == common.placeholders(i), (lang, i)


@functools.cache  # the code does not change during a run: read once a worker, not once a test
def _ids_asked_for() -> dict[str, set[str]]:
    """By scope (the shell, each game): string literals that name a words id:
    say(lang, "a.b"), self.tr("a.b"), Words("a.b"), … (the screens' say, words, tr and refuse,
    and a Words anywhere)."""
    asked: dict[str, set[str]] = {scope: set() for scope in scopes()}
    for scope, path in modules():
        screens = "tui" in path.relative_to(NARRATOR).parts
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name == "Words":
                args = node.args[:1]
            elif screens and name in ("say", "words", "refuse", "tr"):
                args = node.args[:2]
            else:
                continue
            for arg in args:
                value = arg.value if isinstance(arg, ast.Constant) else None
                if isinstance(value, str) and re.fullmatch(r"[a-z_]+\.[a-z_.]+", value):
                    asked[scope].add(value)
    return asked


@pytest.mark.parametrize("scope", scopes())
def test_every_id_the_screens_ask_for_is_worded(scope):
    """The shell's screens ask for common words only; a game's code, common words and its own."""
    asked = _ids_asked_for()[scope]
    assert asked, scope
    with game_words(scope):
        for lang in ("en", "ru"):
            assert asked - words(lang).ids == set(), lang


def test_the_common_words_say_nothing_of_ravnica():
    """The shell's words are the common ones: Ravnica's steps, tables and refusals are its own,
    loaded with it."""
    from narrator.prompts import Catalogue

    ids = Catalogue("en", ui=True, game=None).ids  # the common words alone
    assert "game.use_keys" in ids and "refusal.seat_name" in ids
    ravnica = {"game.white_act", "step.deal", "refusal.rna_missing", "colour.white", "team.agents"}
    ravnica |= {"home.round", "home.step.deal"}  # where an unfinished game of Ravnica stands
    assert not ravnica & ids
    with game_words("ravnica"):
        assert ravnica <= words("en").ids


def test_refusals_are_worded_in_both_languages(ravnica_words):
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


RUSSIAN = {scope: lines(scope, "ru", ui=True) for scope in scopes()}


def english_words(key: str, text: str) -> set[str]:
    text = re.sub(r"\{[^}]*\}", "", text)  # placeholders are filled with names
    stray = set(LATIN_WORD.findall(text)) - KEY_WORDS
    if key.startswith("refusal.script_"):
        stray -= SCRIPT_WORDS
    if key in AS_PRINTED:
        stray = set()
    return stray


@pytest.mark.parametrize("scope", list(RUSSIAN))
def test_no_russian_screen_text_holds_an_english_word(scope):
    """Every Russian line of the scope, each read on its own (one test a scope, not a line:
    2,773 tests of a regular expression each cost more to run than to check); a failure
    lists every line with its English words."""
    texts = RUSSIAN[scope]
    stray = {key: words for key in sorted(texts) if (words := english_words(key, texts[key]))}
    assert not stray, stray


def test_a_localized_parameter_is_worded_in_the_line_s_own_language():
    reason = Localized(lambda lang: {"en": "most votes", "ru": "больше всех голосов"}[lang])
    assert "больше всех голосов" in Catalogue("ru").format("vote_refused", reason=reason)
    assert "most votes" in Catalogue("en").format("vote_refused", reason=reason)
