"""The script as data: both languages say every line, with the same placeholders: the
common lines alone, and each game's on top of them (two games may each say an id their way)."""

from __future__ import annotations

import ast
import enum
import functools
import re
from pathlib import Path

import pytest

from narrator import prompts
from narrator.games.ravnica.tables import GUILDS
from narrator.prompts import Catalogue, PromptError, Term, prompt, prompt_ids, use_game
from narrator.voice import player, synth
from narrator.voice.chimes import CHIMES
from tests.prompts.scopes import COMMON, game_words, lines, modules, scopes

NARRATOR = Path(prompts.__file__).resolve().parents[1]
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# What a Russian line may still hold in Latin letters: the tools and keys a notice names, and
# the guild names, as printed on the cards.
KEY_WORDS = {"ALSA", "eSpeak", "NG", "scripts", "setup", "F5"} | set(GUILDS)

# The lines the shell says in any game (the discussion clock, a refused entry, the language),
# and the params it passes.
SHELL_CONTRACT: dict[str, set[str]] = {
    "thirty_seconds_left": set(),
    "time_up": set(),
    "discussion_paused": set(),
    "discussion_resumed": set(),
    "time_added": {"seconds"},
    "vote_refused": {"reason"},
    "language_set": set(),
}
# The lines Ravnica says, and the params it passes (a line may use fewer of them: a secret
# draw's colour, for one, is passed but never spoken - R18).
RAVNICA_CONTRACT: dict[str, set[str]] = {
    "setup_checklist": {"agents", "loyalists", "players"},
    "setup_guilds": {"guilds"},
    "setup_decks": set(),
    "setup_ready": set(),
    "opening_close_eyes": set(),
    "opening_agents_open": set(),
    "opening_agents_close": set(),
    "opening_all_open": set(),
    "round_start": {"round", "colour"},
    "turn_leader_card": {"round"},
    "election_start": {"colour", "candidates"},
    "election_result": {"colour", "player"},
    "election_tie": {"players", "player", "reason"},
    "election_revote": {"players"},
    "election_narrator_pick": {"players"},
    "draw_card_secret": {"leader", "colour"},
    "white_choose": {"leader", "target_colour"},
    "white_act": {"leader", "player"},
    "blue_draw": {"leader"},
    "blue_drawn": {"target_colour"},
    "blue_choose": {"leader", "target_colour"},
    "blue_act": {"player", "others"},
    "black_eyes_close": {"leader"},
    "black_choose": {"leader"},
    "black_eyes_open": set(),
    "green_choose": {"leader", "target_colour"},
    "green_act": {"leader", "player"},
    "red_act": {"leader"},
    "privacy_close_eyes": {"leader"},
    "privacy_open_eyes": set(),
    "final_start": set(),
    "ablaze_draw": {"leader"},
    "ablaze_given": {"player"},
    "final_discussion": {"minutes"},
    "final_vote_start": {"voters"},
    "final_voteoff": {"players"},
    "final_nonleaders_vote": {"voters", "players"},
    "final_tie_guild_order": {"player"},
    "final_tie_nobody": set(),
    "final_tie_narrator": {"players"},
    "death_vote": {"player"},
    "death_ablaze": {"player"},
    "ultimate_price_reveal": {"player"},
    "already_dead": {"player"},
    "roles_reveal": set(),
    "winner_loyalists": set(),
    "winner_agents": set(),
    "vote_confirmed": set(),
    "turn_leader_card_app": {"round"},
    "draw_card_secret_app": {"leader", "colour"},
    "blue_draw_app": {"leader"},
    "ablaze_draw_app": {"leader"},
    "ultimate_price_call": set(),
    "final_tied": {"players"},
}
CONTRACTS = {COMMON: SHELL_CONTRACT, "ravnica": SHELL_CONTRACT | RAVNICA_CONTRACT}
SECRET_DRAW_LINES = (
    "white_choose",
    "green_choose",
    "black_choose",
    "draw_card_secret",
    "draw_card_secret_app",
    "ablaze_draw_app",
)


def sample_params(names) -> dict[str, object]:
    numbers = {"round", "seconds", "minutes", "players", "agents", "loyalists"}
    return {name: (2 if name in numbers else f"<{name}>") for name in names}


@pytest.mark.parametrize("scope", scopes())
def test_english_and_russian_have_the_same_ids(scope):
    with game_words(scope):
        assert Catalogue("en").ids == Catalogue("ru").ids == prompt_ids()


@pytest.mark.parametrize("scope", scopes())
def test_every_line_has_the_same_placeholders_in_both_languages(scope):
    with game_words(scope):
        en, ru = Catalogue("en"), Catalogue("ru")
        different = {i: (en.placeholders(i), ru.placeholders(i)) for i in prompt_ids()}
    assert {i: p for i, p in different.items() if p[0] != p[1]} == {}


@pytest.mark.parametrize("scope", [s for s in scopes() if s != COMMON])
def test_a_game_that_says_a_common_line_its_own_way_keeps_its_placeholders(scope):
    """The shell passes a common line's params whatever the game: a game's wording of it may
    not ask for others."""
    for lang in ("en", "ru"):
        common = Catalogue(lang)
        with game_words(scope):
            game = Catalogue(lang)
            for i in common.ids:
                assert game.placeholders(i) == common.placeholders(i), (lang, i)


@pytest.mark.parametrize("scope", scopes())
def test_no_russian_line_holds_an_english_word(scope):
    stray = {}
    for key, text in lines(scope, "ru").items():
        words = set(LATIN_WORD.findall(re.sub(r"\{[^}]*\}", "", text))) - KEY_WORDS
        if words:
            stray[key] = words
    assert stray == {}


@pytest.mark.parametrize("scope", sorted(CONTRACTS))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_line_the_tui_uses_formats_with_the_params_it_passes(scope, lang):
    with game_words(scope):
        for prompt_id, params in CONTRACTS[scope].items():
            assert prompt_id in prompt_ids(), prompt_id
            assert Catalogue(lang).placeholders(prompt_id) <= params, prompt_id
            text = prompt(prompt_id, lang, **sample_params(params))
            assert text.strip() and "{" not in text and "}" not in text


def test_the_common_lines_say_nothing_of_ravnica():
    """The shell's lines are the common ones: Ravnica's are its own, loaded with it."""
    own = Catalogue("en", game=None).ids  # the common lines alone
    assert set(SHELL_CONTRACT) <= own
    assert not set(RAVNICA_CONTRACT) & own
    assert not {i for i in own if i.startswith(("colour.", "team."))}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_secret_targeting_draw_is_never_spoken_R18(lang, ravnica_words):
    for prompt_id in SECRET_DRAW_LINES:
        assert "<target_colour>" not in prompt(
            prompt_id, lang, **sample_params(["leader", "colour", "target_colour"])
        )


def _given(node: ast.Call, name: str) -> set[str] | None:
    """The params a call names one by one; None when they cannot be read (a **params, a
    mapping built elsewhere)."""
    if name != "Line":
        given = {keyword.arg for keyword in node.keywords}
        return None if None in given else given
    params = node.args[1] if len(node.args) > 1 else None
    for keyword in node.keywords:
        if keyword.arg == "params":
            params = keyword.value
    if params is None:
        return set()
    if isinstance(params, ast.Dict) and all(
        isinstance(k, ast.Constant) and isinstance(k.value, str) for k in params.keys
    ):
        return {k.value for k in params.keys}
    return None


@functools.cache  # the code does not change during a run: read once a worker, not once a test
def _ids_used_in_code() -> dict[str, dict[str, set[str]]]:
    """By scope (the shell, each game): string literals passed first to prompt(), .say(),
    .speak() and Line(), and to .chime() (or as a Line's chime).

    Also, in used[scope]["missing"], "id: param" for each call that names its params one by
    one (no **params) yet leaves out one of the line's placeholders.
    """
    used: dict[str, dict[str, set[str]]] = {
        scope: {"prompt": set(), "chime": set(), "missing": set()} for scope in scopes()
    }
    for scope, path in modules():
        found = used[scope]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        with game_words(scope):
            cat = Catalogue("en")
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                first = node.args[0] if node.args else None
                for keyword in node.keywords:
                    if keyword.arg in ("prompt_id", "name") and first is None:
                        first = keyword.value
                    chime = keyword.value if keyword.arg == "chime" else None
                    if name == "Line" and isinstance(chime, ast.Constant) and chime.value:
                        found["chime"].add(chime.value)
                if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                    continue
                if name in ("prompt", "say", "speak", "Line"):
                    found["prompt"].add(first.value)
                    given = _given(node, name)
                    if given is not None and first.value in cat.ids:
                        for missing in cat.placeholders(first.value) - given:
                            where = f"{path.relative_to(NARRATOR.parent)}:{node.lineno}"
                            found["missing"].add(f"{where} {first.value}: {missing}")
                elif name == "chime":
                    found["chime"].add(first.value)
    return used


@pytest.mark.parametrize("scope", scopes())
def test_every_prompt_id_the_code_uses_exists_in_both_languages(scope):
    """The shell's code says common lines only; a game's code, common lines and its own."""
    used = _ids_used_in_code()[scope]["prompt"]
    assert used, scope
    with game_words(scope):
        for lang in ("en", "ru"):
            assert used - Catalogue(lang).ids == set(), lang


def test_every_call_with_named_params_gives_every_placeholder():
    used = _ids_used_in_code()
    assert {scope: found["missing"] for scope, found in used.items() if found["missing"]} == {}


def test_every_chime_the_code_uses_exists():
    used = _ids_used_in_code()
    assert set().union(*(found["chime"] for found in used.values())) - set(CHIMES) == set()


def test_every_notice_the_voice_can_show_exists():
    kinds = {player.NO_DEVICE, player.NO_LIBRARY, synth.NO_ENGINE, synth.FAILED}
    for lang in ("en", "ru"):
        for kind in kinds:
            text = prompt(f"notice.{kind}", lang, detail="why", retry_key="F5")
            assert "why" in text
            assert "F5" in text or kind == synth.FAILED  # a failed line needs no retry


def test_colours_and_teams_are_translated_R1_R5(ravnica_words):
    from narrator.games.ravnica.tables import COLOURS, colour_term

    class Colour(enum.Enum):
        WHITE = "W"
        BLUE = "U"

    def names(lang):
        return [prompts.catalogue(lang).text_of(colour_term(c)) for c in COLOURS]

    assert names("en") == ["White", "Blue", "Black", "Red", "Green"]
    assert names("ru") == ["белый", "синий", "чёрный", "красный", "зелёный"]
    assert prompts.catalogue("ru").text_of(Colour.BLUE) == "синий"
    assert prompt("team.loyalists") == "Loyalists"
    assert prompt("team.loyalists_full") == "Guildpact Loyalists"
    assert prompt("round_start", "ru", round=2, colour=Colour.BLUE) == (
        "Раунд 2. Цвет раунда — синий. Начинается обсуждение."
    )


def test_ravnica_s_colours_are_its_own_words_R1():
    """The common catalogues know no colour: a colour is Ravnica's word, said in its game."""
    from narrator.games.ravnica.tables import colour_term

    for lang in ("en", "ru"):
        assert not {i for i in prompts.catalogue(lang).ids if i.startswith("colour.")}
        assert not {i for i in prompts.words(lang).ids if i.startswith("colour.")}
        with pytest.raises(PromptError):
            prompt("round_start", lang, round=1, colour=colour_term("W"))


def test_lists_read_as_a_sentence(ravnica_words):
    assert prompt("election_revote", players=["Ann", "Bob", "Cy"]) == (
        "A tie. Vote again, only for Ann, Bob and Cy."
    )
    assert prompt("election_revote", "ru", players=("Аня", "Боря")).endswith("Аня и Боря.")


def test_numbers_take_the_right_plural(ravnica_words):
    assert prompt("final_discussion", minutes=1).startswith("1 minute of")
    assert prompt("final_discussion", minutes=5).startswith("5 minutes of")
    ru = [prompt("time_added", "ru", seconds=n) for n in (1, 3, 5, 11, 21, 22, 25)]
    assert ru == [
        "Добавлено: 1 секунда.",
        "Добавлено: 3 секунды.",
        "Добавлено: 5 секунд.",
        "Добавлено: 11 секунд.",
        "Добавлено: 21 секунда.",
        "Добавлено: 22 секунды.",
        "Добавлено: 25 секунд.",
    ]


def test_a_missing_placeholder_value_names_the_line(ravnica_words):
    with pytest.raises(KeyError) as raised:
        prompt("election_result", colour="Blue")
    assert isinstance(raised.value, PromptError)
    assert "election_result" in str(raised.value) and "player" in str(raised.value)


def test_an_unknown_id_is_a_clear_error():
    with pytest.raises(PromptError, match="no_such_line"):
        prompt("no_such_line")


def write_override(lang: str, text: str) -> Path:
    folder = Path(prompts.paths.config_dir())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"prompts.{lang}.toml"
    path.write_text(text, encoding="utf-8")
    prompts.reload()
    return path


def test_a_user_override_replaces_a_line(ravnica_words):
    write_override("en", 'time_up = "Stop talking!"\n[colour]\nblue = "Azure"\n')
    assert prompt("time_up") == "Stop talking!"
    assert prompts.catalogue("en").text_of(Term("colour.blue")) == "Azure"
    assert prompt("time_up", "ru") == "Время вышло."  # the other language is untouched
    assert prompts.catalogue("en").warnings == []


def test_a_bad_override_line_is_refused_with_a_warning_and_the_rest_kept(ravnica_words):
    write_override(
        "ru",
        """
time_up = "Стоп!"
round_start = "Раунд {round}."
election_result = "{player} {colour} {extra}"
no_such_id = "x"
vote_confirmed = 3
thirty_seconds_left = "{seconds!r}"
time_added = "{seconds:>5}"
discussion_paused = "{"
""",
    )
    cat = prompts.catalogue("ru")
    assert prompt("time_up", "ru") == "Стоп!"
    assert prompt("round_start", "ru", round=1, colour="белый").startswith("Раунд 1. Цвет раунда")
    bad = ["round_start", "election_result", "no_such_id", "vote_confirmed"]
    bad += ["thirty_seconds_left", "time_added", "discussion_paused"]
    assert len(cat.warnings) == len(bad)
    for prompt_id, warning in zip(bad, cat.warnings, strict=True):
        assert prompt_id in warning and "ignored" in warning
        assert f": {prompt_id}: " in warning.text("ru")
        assert warning.text("ru").endswith("; строка пропущена.")
    assert "exactly {colour}, {round}" in cat.warnings[0]
    assert "ровно такие: {colour}, {round}" in cat.warnings[0].text("ru")
    assert "скобка { или } без пары" in cat.warnings[-1].text("ru")  # Python's own words in English
    assert "Single '{'" in cat.warnings[-1]


def test_an_override_file_that_is_not_toml_is_ignored_with_a_warning():
    path = write_override("en", 'time_up = "unclosed\n')
    assert prompt("time_up") == "Time is up."
    [warning] = prompts.catalogue("en").warnings
    assert str(path) in warning and "not valid TOML" in warning
    assert "ошибка в записи файла (строка 1, столбец 20)" in warning.text("ru")


def test_an_unreadable_override_file_is_ignored_with_a_warning():
    folder = Path(prompts.paths.config_dir())
    folder.mkdir(parents=True)
    (folder / "prompts.en.toml").write_bytes(b"\xff\xfe not utf-8")
    prompts.reload()
    assert prompt("time_up") == "Time is up."
    assert "cannot be read" in prompts.catalogue("en").warnings[0]
    assert "(это не текст в кодировке юникод)" in prompts.catalogue("en").warnings[0].text("ru")


def write_game(folder: Path, en: str, ru: str) -> Path:
    """A game's words folder of its own: what it says, in both languages."""
    folder.mkdir(parents=True)
    (folder / "en.toml").write_text(en, encoding="utf-8")
    (folder / "ru.toml").write_text(ru, encoding="utf-8")
    return folder


def test_two_games_say_the_same_id_each_their_own_way(tmp_path, ravnica_words):
    use_game(None)
    common = {lang: prompts.catalogue(lang).format("time_up") for lang in ("en", "ru")}
    assert common == {"en": "Time is up.", "ru": "Время вышло."}
    other = write_game(
        tmp_path / "other", 'time_up = "Stop talking."\n', 'time_up = "Хватит говорить."\n'
    )
    use_game(other)
    assert prompts.catalogue("en").format("time_up") == "Stop talking." != common["en"]
    assert prompts.catalogue("ru").format("time_up") == "Хватит говорить." != common["ru"]
    assert prompt("thirty_seconds_left") == "Thirty seconds left."  # the rest: the common lines
    assert "round_start" not in Catalogue("en").ids  # Ravnica's are its own, never a fallback
    use_game(ravnica_words)
    assert prompt("time_up") == common["en"] and "round_start" in prompt_ids()
    use_game(None)
    assert {lang: prompts.catalogue(lang).format("time_up") for lang in ("en", "ru")} == common
    assert "round_start" not in Catalogue("en").ids


def test_a_user_override_rewords_a_game_s_own_line_over_its_wording(tmp_path):
    other = write_game(tmp_path / "other", 'time_up = "Stop talking."\n', 'time_up = "Стоп."\n')
    write_override("en", 'time_up = "Enough!"\n')
    use_game(other)
    assert prompt("time_up") == "Enough!"
    assert prompts.catalogue("en").warnings == []
