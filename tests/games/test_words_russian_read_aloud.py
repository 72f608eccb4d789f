"""Russian read aloud (issue 27, item 5): the classes of error that reading every Russian line of
Blood Bound and the Pyre to a table found, so that none comes back. A pronoun never stands for
a player's seat ("нажмите его место": the name's gender is unknown); a card's name as the table
typed it stands in «», so that "Сыграна карта действия Подкуп" cannot read as a run-on phrase;
a number with a fixed noun after it agrees with every number it can be ("3 персонажа",
"по 5 карт"), so the noun comes from the placeholder's plural forms; no masculine adjective
stands for a player before the name ("следующий: Аня"). A record (a game's story.toml, in
either language) tells what happened and never speaks to the table ("Ход 1: Борис, ваш ход").
The glossaries' avoided forms are tests/games/test_words_glossary.py's; the gendered forms
test_words_russian_agreement's. Every game registered (tests/every_game.py) is read for the
pronouns, the masculine words, the gendered forms and a record that speaks to the table
(``read_aloud_problems``); the counts and the typed card names, where the reading found them.
Comments are not read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import narrator
from tests.every_game import catalogues, names, words_dir
from tests.games.catalogue_text import strings
from tests.games.test_words_russian_agreement import PLAYER, masculine_forms, russian_catalogues

ROOT = Path(narrator.__file__).parent

# "его место", "её клавиша": a player's seat or key named by a gendered pronoun.
SEAT_PRONOUN = re.compile(r"(?<![а-яё])(?:его|её|ее) (?:мест|клавиш)[а-яё]*", re.IGNORECASE)

# A card's name as typed, not inside «».
BARE_CARD = re.compile(r"(?<!«)\{card\}|\{card\}(?!»)")

# A placeholder without plural forms followed by a counted noun of the games: its form is right
# for some numbers only ("по {clan} карты": "по 5 карты").
BARE_COUNT = re.compile(
    r"\{(\w+)\} (?:персонаж(?:а|ей|и)?|карт[аыуе]?|ран[аы]?|очк(?:о|а|ов)|жетон(?:а|ов|ы)?"
    r"|действи[еяй]|голос(?:а|ов)?)(?![а-яё])"
)

# A masculine adjective or participle, then a colon or a dash, then a player's name.
NAMED_AS = re.compile(r"(?<![а-яё])([а-яё]+(?:ий|ый|ой))\s*[:—]\s*(?=\{)", re.IGNORECASE)
PLURALS = frozenset({"гильдий"})  # a genitive plural ("порядок гильдий: {player}")

# The table addressed: "your turn", "ваш ход".
ADDRESSED = re.compile(r"(?<![\w])(?:you|your|yours|ваш\w*|вас|вам|вами)(?![\w])", re.IGNORECASE)


def catalogues_of(*parts: str) -> list[Path]:
    """The Russian catalogues under narrator/<part> for each part."""
    return [path for path in russian_catalogues() if path.relative_to(ROOT).parts[:2] in parts]


def seat_pronouns(text: str) -> list[str]:
    return SEAT_PRONOUN.findall(text)


def bare_cards(text: str) -> list[str]:
    return BARE_CARD.findall(text)


def bare_counts(text: str) -> list[str]:
    """Each count placeholder with a fixed noun after it; a player's name is no count."""
    return [
        match.group()
        for match in BARE_COUNT.finditer(text)
        if not PLAYER.match(match.group())  # "У игрока {player} карт в руке"
    ]


def masculine_names(text: str) -> list[str]:
    """Each masculine word said of the player named after it."""
    return [
        match.group(1)
        for match in NAMED_AS.finditer(text)
        if PLAYER.match(text, match.end()) and match.group(1).lower() not in PLURALS
    ]


def addressed(text: str) -> list[str]:
    return ADDRESSED.findall(text)


def records() -> list[Path]:
    """Every game's record catalogues (and the common one), in both languages."""
    return sorted(ROOT.glob("games/*/words/ui/*/story.toml")) + sorted(
        ROOT.glob("prompts/ui/*/story.toml")
    )


def found(paths: list[Path], check) -> list[str]:
    return [
        f"{path}: {key} = {text!r} ({', '.join(hits)})"
        for path in paths
        for key, text in strings(path)
        if (hits := check(text))
    ]


GAMES = ("games", "blood_bound"), ("games", "pyre")
PROMPTS = (("prompts", "ru.toml"), ("prompts", "ui"))


def read_aloud_problems(name: str) -> list[str]:
    """What reading the game ``name``'s words aloud would find (its words need not be
    imported, nor under narrator/): the check of one game."""
    russian = catalogues(words_dir(name), "ru")
    story = [
        path for lang in ("en", "ru") for path in words_dir(name).glob(f"ui/{lang}/story.toml")
    ]
    return [
        *found(russian, seat_pronouns),
        *found(russian, masculine_names),
        *found(russian, masculine_forms),
        *found(story, addressed),
    ]


@pytest.mark.parametrize("name", names())
def test_each_games_russian_reads_aloud(name):
    assert not (hits := read_aloud_problems(name)), "\n".join(hits)


def test_the_scopes_are_read():
    assert len(catalogues_of(("games", "pyre"))) > 5
    assert len(catalogues_of(*GAMES, *PROMPTS)) > 20


def test_no_pronoun_stands_for_a_players_seat():
    assert not (hits := found(russian_catalogues(), seat_pronouns)), "\n".join(hits)


def test_a_typed_card_name_is_in_quotes():
    assert not (hits := found(catalogues_of(("games", "pyre")), bare_cards)), "\n".join(hits)


def test_a_count_agrees_with_its_noun():
    assert not (hits := found(catalogues_of(*GAMES, *PROMPTS), bare_counts)), "\n".join(hits)


def test_no_masculine_word_stands_for_a_player():
    assert not (hits := found(russian_catalogues(), masculine_names)), "\n".join(hits)


def test_a_record_never_speaks_to_the_table():
    assert len(records()) >= 10
    assert not (hits := found(records(), addressed)), "\n".join(hits)


def test_the_checks_find_what_the_reading_found():
    """Each check on a line as it read before (issue 27), and on the line as it reads now."""
    assert seat_pronouns("Если стол уже выбрал, нажмите его место.")
    assert seat_pronouns("…лицом вниз; его клавиша ещё раз — отказ (B12).")
    assert not seat_pronouns("Если стол уже выбрал, нажмите место этого игрока.")
    assert not seat_pronouns("показывает его соседу слева")  # the clue icon: masculine
    assert bare_cards("Окно реакций: {card}.") and bare_cards("{card} меняет бросок")
    assert not bare_cards("Окно реакций: «{card}».")
    assert bare_counts("Каждого клана сдано только {n} персонажей")
    assert bare_counts("Перемешайте по {clan} карты персонажей")
    assert bare_counts("Раздайте каждому по {cards} карт и жетон господства")
    assert not bare_counts("Каждого клана сдано только {n:персонаж|персонажа|персонажей}")
    assert not bare_counts("У игрока {player} карт в руке: {hand}")
    assert not bare_counts("{player} ранит игрока {target}")
    assert masculine_names("Проклятия открывают по порядку мест; следующий: {player} (B26).")
    assert masculine_names("И второй игрок (первый — {first})?")
    assert not masculine_names("Проклятия открывают по порядку мест; очередь игрока {player}")
    assert not masculine_names("Первый игрок: {player} (P6).")
    assert not masculine_names("Снова ничья. Её решает порядок гильдий: {player}.")
    assert addressed("Turn {turn}: {player}, your turn.") and addressed("Ход 1: Борис, ваш ход.")
    assert not addressed("Turn {turn}: {player}'s turn.") and not addressed(
        "Ход {turn}: ходит {player}."
    )


# Issue 40, item 6: what the voice read aloud at the table.

# A count listed after its adjective, "истинных — {true}, ложных {false}": read aloud as
# "истинных — 1"; "1 карта истинного проклятия" says it ("базы данных {name}" is no count).
LISTED_COUNT = re.compile(r"(?<![а-яё])([а-яё]+(?:ых|их))(?:\s*—)?\s*\{\w+\}")
NOT_COUNTED = frozenset({"данных"})

# A number in brackets, "(2)", or a placeholder in brackets: a count when the words give it
# plural forms anywhere in its scope ("({cards})" beside "{cards:curse card|curse cards}").
BRACKETED = re.compile(r"\((\d+|\{(\w+)\})\)")
PLURAL_PLACEHOLDER = re.compile(r"\{(\w+):[^}]*\|[^}]*\}")

# A character's ability as the table reads it names the character, never "он"/"его": a
# character is a player, whose gender is unknown ("тот, за кого он вмешался").
PRONOUN = re.compile(r"(?<![а-яё])(?:он|она|его|её|ее|ему|ей|него|неё|нему|ней|им|ним)(?![а-яё])")
ABILITY_TEXT = re.compile(r"(?:^|\.)ability\.text\.")

# The common words' lines that name a game by its title ({game}) say it in «», as the home
# screen's "Новая игра: «{game}»" does; these {game} are no title in a sentence.
NOT_A_TITLE = frozenset(
    {
        "home.abandon_question",  # the game's own summary ("Ход 3 · …")
        "files.unknown_game",  # a journal's game that no title names
        "history.filter",  # a title or "все игры", in a status line
    }
)
BARE_TITLE = re.compile(r"(?<!«)\{game\}|\{game\}(?!»)")


def listed_counts(text: str) -> list[str]:
    return [m.group() for m in LISTED_COUNT.finditer(text) if m.group(1) not in NOT_COUNTED]


def speech(words_dir: Path) -> list[Path]:
    """A scope's spoken lines, in every language: <scope>/<lang>.toml."""
    return sorted(path for path in words_dir.glob("*.toml") if path.stem in ("en", "ru"))


def counted(words_dir: Path) -> frozenset[str]:
    """The placeholders a scope's words count somewhere, in either language."""
    paths = [path for lang in ("en", "ru") for path in catalogues(words_dir, lang)]
    return frozenset(
        name
        for path in paths
        for _, text in strings(path)
        for name in PLURAL_PLACEHOLDER.findall(text)
    )


def bracketed_numbers(words_dir: Path) -> list[str]:
    counts = counted(words_dir)
    return [
        f"{path}: {key} = {text!r}"
        for path in speech(words_dir)
        for key, text in strings(path)
        for match in BRACKETED.finditer(text)
        if match.group(2) is None or match.group(2) in counts
    ]


def scopes() -> list[Path]:
    return [ROOT / "prompts", *(words_dir(name) for name in names())]


def test_no_count_is_listed_after_its_adjective():
    assert not (hits := found(russian_catalogues(), listed_counts)), "\n".join(hits)


@pytest.mark.parametrize("scope", scopes(), ids=lambda path: path.parent.name)
def test_no_spoken_line_brackets_a_number(scope):
    assert not (hits := bracketed_numbers(scope)), "\n".join(hits)


def test_a_characters_ability_names_the_character():
    hits = [
        f"{path}: {key} = {text!r}"
        for path in russian_catalogues()
        for key, text in strings(path)
        if ABILITY_TEXT.search(key) and PRONOUN.search(text)
    ]
    assert not hits, "\n".join(hits)


def test_a_games_title_stands_in_quotes():
    hits = [
        f"{path}: {key} = {text!r}"
        for path in catalogues(ROOT / "prompts", "ru")
        for key, text in strings(path)
        if key not in NOT_A_TITLE and BARE_TITLE.search(text)
    ]
    assert not hits, "\n".join(hits)


def test_the_checks_find_what_the_table_heard():
    """Each check on a line as it read before (issue 40), and on the line as it reads now."""
    assert listed_counts("карты проклятий: истинных — {true}, ложных — {false}.")
    assert listed_counts("Рядом: карты проклятий, истинных {true}, ложных {false} (B6, B7).")
    assert not listed_counts(
        "{true:карта|карты|карт} Истинного проклятия и {false:карта|карты|карт} Ложного"
    )
    assert not listed_counts("ошибка базы данных {name}")
    assert BRACKETED.search("отдайте карты проклятий ({cards})") and BRACKETED.search("(2)")
    assert not BRACKETED.search("Перемешайте столбец {column} (W23)")
    assert PRONOUN.search("Алхимик: тот, за кого он вмешался, получает 1 рану")
    assert PRONOUN.search("Берсерк: тот, кто его атакует") and not PRONOUN.search("Берсерка")
    assert BARE_TITLE.search("Те же игроки: {game} ({names})")
    assert not BARE_TITLE.search("Новая игра: «{game}»")
