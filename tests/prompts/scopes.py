"""Which words a test reads: the common catalogues alone, or one registered game's on top.

A scope is ``COMMON`` or a game's name (``narrator.games.registry.names()``). The code of a
game is its rules' package (``narrator/games/<game>/``) and its screens' (``Game.screens``);
every other module of ``narrator`` is the shell, which may use the common words only.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from narrator import prompts
from narrator.games import registry

COMMON = "common"
NARRATOR = Path(prompts.__file__).resolve().parents[1]


def scopes() -> list[str]:
    """The common words, then each game's."""
    return [COMMON, *registry.names()]


def words_dir(scope: str) -> Path | None:
    return None if scope == COMMON else registry.get(scope).words_dir


@contextmanager
def game_words(scope: str) -> Iterator[None]:
    """The words of ``scope`` while the block runs; the common ones alone after it."""
    prompts.use_game(words_dir(scope))
    try:
        yield
    finally:
        prompts.use_game(None)


def lines(scope: str, lang: str, ui: bool = False) -> dict[str, str]:
    """Every line of one catalogue of ``scope`` (the packaged ones: no user overrides)."""
    with game_words(scope):
        return dict(prompts.Catalogue(lang, ui=ui, config_dir=Path("/nonexistent")).lines)


def _package_dir(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    return Path(spec.origin).resolve().parent


def code_dirs(scope: str) -> list[Path]:
    """The folders of a game's own code: its rules' package and its screens'."""
    game = registry.get(scope)
    dirs = [_package_dir(type(game).__module__)]
    if game.screens:
        dirs.append(_package_dir(game.screens))
    return dirs


def scope_of(path: Path) -> str:
    """Whose code a module of ``narrator`` is: a game's, or the shell's (``COMMON``)."""
    path = path.resolve()
    for name in registry.names():
        if any(path.is_relative_to(folder) for folder in code_dirs(name)):
            return name
    return COMMON


def modules() -> Iterator[tuple[str, Path]]:
    """Every module of ``narrator`` with its scope."""
    for path in sorted(NARRATOR.rglob("*.py")):
        yield scope_of(path), path
