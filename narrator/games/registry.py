"""The games the narrator can run, found by name: the one place that lists them.

Nothing is imported until a game is chosen (start-up does not grow with the games): an entry
names the module that holds the game's ``GAME`` (a `narrator.games.base.Game`) and the folder
of its words, read for the game picker's titles without importing the rules.
"""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

GAMES_DIR = Path(__file__).parent


class Entry(NamedTuple):  # (not a dataclass: built at start-up, a tenth the cost)
    name: str
    module: str  # holds GAME
    words_dir: Path  # <dir>/ui/<lang>/about.toml: [about] title = "…"


_ENTRIES: dict[str, Entry] = {
    "ravnica": Entry("ravnica", "narrator.games.ravnica.game", GAMES_DIR / "ravnica" / "words"),
    "werewolf": Entry("werewolf", "narrator.games.werewolf.game", GAMES_DIR / "werewolf" / "words"),
    "blood_bound": Entry(
        "blood_bound", "narrator.games.blood_bound.game", GAMES_DIR / "blood_bound" / "words"
    ),
    "pyre": Entry("pyre", "narrator.games.pyre.game", GAMES_DIR / "pyre" / "words"),
}
# A game is a narrator.games.base.Game, not named here: the catalogues read this list (the
# games' words folders), and the rules' interface reads the catalogues (no cycle, even for the
# type checker).
_loaded: dict[str, Any] = {}


def register(name: str, module: str, words_dir: Path) -> None:
    """Add a game (the tests' own game registers itself so)."""
    _ENTRIES[name] = Entry(name, module, Path(words_dir))
    _loaded.pop(name, None)


def unregister(name: str) -> None:
    _ENTRIES.pop(name, None)
    _loaded.pop(name, None)


def names() -> tuple[str, ...]:
    """Every game that exists, in the order they are offered."""
    return tuple(_ENTRIES)


def words_dirs() -> tuple[Path, ...]:
    """Every game's words folder (read by the catalogues, never imported: a user's override of
    any game's line is checked against them, `narrator.prompts.sources`)."""
    return tuple(entry.words_dir for entry in _ENTRIES.values())


def get(name: str) -> Any:
    """The game called ``name`` (its ``GAME``, a ``Game``), imported now if it was not yet;
    KeyError if there is none."""
    if name not in _ENTRIES:
        raise KeyError(f"unknown game {name!r}")
    if name not in _loaded:
        _loaded[name] = importlib.import_module(_ENTRIES[name].module).GAME
    return _loaded[name]


def title(name: str, lang: str) -> str:
    """A game's title as printed, in ``lang``, without importing its rules."""
    path = _ENTRIES[name].words_dir / "ui" / lang / "about.toml"
    try:
        return str(tomllib.loads(path.read_text(encoding="utf-8"))["about"]["title"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return name
