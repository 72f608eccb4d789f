"""scripts/new-game NAME (issue 39, items 2 and 3): the skeleton it writes is a whole game as it
is. Written into a temporary folder under a throwaway name and registered for these tests only:
its example played to the end by the headless player, its own rules test run, its words in both
languages holding every id the shell asks of it, and the app opening it to its first step and
its privacy screen. A check that covers every game takes the game's name (``NAME``): the
storm, the torture, the fit walks and the secrecy audit are called the same way."""

from __future__ import annotations

import importlib
import inspect
import io
import subprocess

import pytest

from narrator.games import registry
from narrator.games.base import Refusal
from narrator.journal import Journal
from narrator.play import play_script
from narrator.prompts import use_game
from narrator.tui.app import NarratorApp
from narrator.tui.game import GameScreen
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.speech import CaptionsOnly
from tests.conftest import NEW_GAME as NAME
from tests.games.catalogue_text import strings
from tests.games.test_words_name_no_gender import GENDERED
from tests.games.test_words_russian_agreement import masculine_forms
from tests.new_game import TOP, Refused, generate, registry_line
from tests.prompts.scopes import game_words
from tests.prompts.test_game_words import unresolved, walk
from tests.tui.driver import wait_for


def test_the_skeleton_has_every_part(new_game):
    package, written = new_game
    names = {p.relative_to(package).as_posix() for p in written}
    parts = {"game.py", "events.py", "rules.py", "steps.py", "narration.py", "public.py"}
    parts |= {"story.py", "script.py", "example.txt", "test_rules.py", "words/en.toml"}
    parts |= {f"words/ui/{lang}/{f}.toml" for lang in ("en", "ru") for f in ("about", "game")}
    assert parts <= names
    text = "".join(p.read_text(encoding="utf-8") for p in written)
    assert "skeleton" not in text.lower() and "Скелет" not in text and "X1" not in text
    assert "H1" in text and "Hands Up" in text
    assert registry.title(NAME, "en") == "Hands Up" and registry.title(NAME, "ru") == "Хандс Уп"


def test_its_example_plays_to_the_end_with_the_headless_player(new_game, tmp_path):
    package, _ = new_game
    out = io.StringIO()
    lines = (package / "example.txt").read_text(encoding="utf-8").splitlines()
    assert play_script(lines, out, tmp_path) == 0, out.getvalue()
    assert "The most points" in out.getvalue()


def test_its_own_rules_test_passes(new_game):
    module = importlib.import_module(f"{NAME}.test_rules")
    tests = [f for n, f in inspect.getmembers(module, inspect.isfunction) if n.startswith("test_")]
    assert len(tests) >= 5
    for test in tests:
        test()


def test_its_words_hold_every_id_the_shell_asks_for_in_both_languages(new_game):
    game = registry.get(NAME)
    missing: list[str] = []
    with game_words(NAME):
        for seed in (1, 2):
            for part, value in walk(game, seed):
                missing += [f"{part}: {gap}" for gap in unresolved(game, value)]
    assert missing == []


def test_its_words_name_no_gender_in_either_language(new_game):
    """The checks of every game's words (issue 27) read narrator/: the skeleton's here."""
    package, _ = new_game
    words = package / "words"
    english = [words / "en.toml", *sorted((words / "ui" / "en").glob("*.toml"))]
    russian = [words / "ru.toml", *sorted((words / "ui" / "ru").glob("*.toml"))]
    assert [t for p in english for _, t in strings(p) if GENDERED.search(t)] == []
    assert [t for p in russian for _, t in strings(p) if masculine_forms(t)] == []


def test_a_refusal_every_game_has_is_worded_by_the_common_words():
    """Item 3: not_now, no_seat and not_this_game need no words of a game's own."""
    use_game(None)
    said = {
        lang: [
            Refusal("not_now", "X3", wants="the vote").text(lang),
            Refusal("no_seat", "X3", seat=7, count=4).text(lang),
            Refusal("not_this_game", entry="vote_cast").text(lang),
        ]
        for lang in ("en", "ru")
    }
    assert said["en"] == [
        "Not now: the game is waiting for the vote (X3)",
        "There is no seat 7: seats go from 1 to 4 (X3)",
        "vote_cast is not an entry of this game",
    ]
    assert all("(X3)" in line for line in said["ru"][:2]) and "vote_cast" in said["ru"][2]


async def test_the_app_opens_it_at_its_first_step_and_its_privacy_screen(new_game, tmp_path):
    game = registry.get(NAME)
    created = game.created(("Ann", "Bob", "Cid"), {}, seed=3)
    journal = Journal.create(NAME, tmp_path / "games", stem="new")
    journal.append(created)
    app = NarratorApp(data_dir=tmp_path / "games", voice=CaptionsOnly(), resume=journal.path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and not app.pages)
        text = screen(app)
        header = str(app.screen.query_one("#banner").render())  # the shell's, by default
        assert header.strip() == "The secret seat", header  # its step's name
        assert "The secret seat: a private step" in text and "Ann takes the laptop" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await wait_for(pilot, lambda: "Only Ann looks at this screen" in screen(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Ann, pick the secret seat" in screen(app))
        await pilot.press("2")
        await wait_for(pilot, lambda: "The secret seat is Bob's" in screen(app))
        assert app.state.secret == 1


def screen(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def test_a_name_that_is_not_one_is_refused_and_nothing_written(tmp_path):
    for name in ("Bad-Name", "class", "skeleton", "x"):
        with pytest.raises(Refused):
            generate(name, tmp_path)
    generate("twice", tmp_path)
    with pytest.raises(Refused, match="exists already"):
        generate("twice", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["twice"]


def test_the_registry_line_is_as_ruff_formats_it():
    assert registry_line("pyre") in (TOP / "narrator/games/registry.py").read_text()
    assert registry_line("blood_bound") in (TOP / "narrator/games/registry.py").read_text()


def test_the_script_writes_nothing_for_a_bad_name():
    done = subprocess.run(
        [str(TOP / "scripts" / "new-game"), "Bad-Name"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and done.stderr.startswith("new-game: ")
    assert "Traceback" not in done.stderr
