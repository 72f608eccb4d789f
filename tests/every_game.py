"""The games the house's checks of every game run on: the registry's, and the tests' own
(``tests/games/<name>/``, a folder with a ``game.py`` and its ``words/``, registered only
while a test plays it). No check lists games by hand: a game registered is a game checked.

A check of every game is a function of one game's name (``storm_game``, ``torture_game``…),
parametrized over ``names()``; a test that registers a game of its own (a skeleton written by
``scripts/new-game``) calls the same functions with its name.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from narrator.games import registry
from narrator.games.base import Game
from narrator.prompts import use_game
from tests.new_game import TEMPLATE

TESTS_GAMES = Path(__file__).resolve().parent / "games"


def test_only() -> dict[str, Path]:
    """The tests' own games: each folder of tests/games that holds a game and its words, but
    the template of ``scripts/new-game``: the game it writes is checked (tests/test_new_game.py
    and tests/tui/test_new_game_checked.py), under its own name, as a contributor's would be."""
    return {
        folder.name: folder
        for folder in sorted(TESTS_GAMES.iterdir())
        if (folder / "game.py").is_file() and (folder / "words").is_dir() and folder != TEMPLATE
    }


def names() -> tuple[str, ...]:
    """Every game registered now, then the tests' own games not registered."""
    registered = registry.names()
    return (*registered, *(name for name in test_only() if name not in registered))


@contextmanager
def registered(name: str) -> Iterator[Game]:
    """The game called ``name``, its words the current game's; a test-only game is
    registered for the while (and unregistered after)."""
    added = name not in registry.names()
    if added:
        folder = test_only()[name]
        registry.register(name, f"tests.games.{name}.game", folder / "words")
    game = registry.get(name)
    use_game(game.words_dir)
    try:
        yield game
    finally:
        use_game(None)
        if added:
            registry.unregister(name)


def with_example() -> tuple[str, ...]:
    """The games with an example script (``Game.example_script``): what the storm, the
    torture and the walks play."""
    out = []
    for name in names():
        with registered(name) as game:
            if game.example() is not None:
                out.append(name)
    return tuple(out)


def catalogues(words_dir: Path, lang: str) -> list[Path]:
    """The words files of one scope (a game's ``words_dir``, or the common ``narrator/prompts``)
    in ``lang``: what is said, then the screens' words."""
    return [words_dir / f"{lang}.toml", *sorted((words_dir / "ui" / lang).glob("*.toml"))]


def words_dir(name: str) -> Path:
    """A game's words folder, without importing its rules."""
    if name in registry.names():
        return dict(zip(registry.names(), registry.words_dirs(), strict=True))[name]
    return test_only()[name] / "words"
