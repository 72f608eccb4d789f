"""Where the catalogues' lines come from: the common files beside this module, and one game's
words folder on top (``choose`` picks the current game's). A catalogue never reads another
game's lines: a missing id is an error, not another game's wording. The other games' folders
are the registry's, read only so that a user's override of another game's line is checked
(``other_lines``), though never said in this one."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from narrator.games import registry

COMMON = Path(__file__).parent  # the common lines (a package folder, never a zip)
SHARED_WITH_WORDS = ("term.", "colour.", "team.", "list.")  # what screens and voice both use

_game_dir: Path | None = None  # the words of the game being played
_games_seen = registry.words_dirs()  # the registry's games when the catalogues were last made


def choose(words_dir: Path | None) -> bool:
    """Read the words of the game in ``words_dir`` from now on; True if that changed them."""
    global _game_dir
    changed = words_dir != _game_dir
    _game_dir = words_dir
    return changed


def current() -> Path | None:
    """The words folder of the game being played (None: the common words alone)."""
    return _game_dir


def games_changed() -> bool:
    """True once after a game was registered or taken out: the catalogues made before checked
    a user's overrides against other games' lines."""
    global _games_seen
    games = registry.words_dirs()
    changed, _games_seen = games != _games_seen, games
    return changed


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested TOML tables as dotted ids: ``[colour] white`` is ``colour.white``."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, full + "."))
        else:
            flat[full] = value
    return flat


def _read(entry: Path) -> dict[str, str]:
    table = flatten(tomllib.loads(entry.read_text(encoding="utf-8")))
    return {k: str(v) for k, v in table.items()}


def _spoken(folder: Path, lang: str) -> dict[str, str]:
    entry = folder.joinpath(f"{lang}.toml")
    return _read(entry) if entry.is_file() else {}


def _shown(folder: Path, lang: str) -> dict[str, str]:
    """Every ``ui/<lang>/*.toml`` of one words folder: no two files of it hold the same id."""
    own: dict[str, str] = {}
    place = folder.joinpath("ui", lang)
    if not place.is_dir():
        return own
    for entry in sorted(place.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            table = _read(entry)
            twice = sorted(set(table) & set(own))
            if twice:
                raise ValueError(f"ui/{lang}/{entry.name}: ids said elsewhere too: {twice}")
            own.update(table)
    return own


def _lines(folder: Path, lang: str, ui: bool) -> dict[str, str]:
    """One folder's lines: what is said, or the screens' words with the terms they share."""
    spoken = _spoken(folder, lang)
    if not ui:
        return spoken
    shared = {k: v for k, v in spoken.items() if k.startswith(SHARED_WITH_WORDS)}
    shown = _shown(folder, lang)
    twice = sorted(set(shown) & set(shared))
    if twice:
        raise ValueError(f"ui/{lang}: ids said elsewhere too: {twice}")
    return shared | shown


def load(lang: str, ui: bool, words_dir: Path | None) -> dict[str, str]:
    """The common lines with the game's in ``words_dir`` on top."""
    lines = _lines(COMMON, lang, ui)
    if words_dir is not None:
        lines.update(_lines(words_dir, lang, ui))
    return lines


def other_lines(lang: str, ui: bool, words_dir: Path | None) -> dict[str, str]:
    """The other games' lines (a user's override of one is checked, never said here)."""
    lines: dict[str, str] = {}
    for folder in registry.words_dirs():
        if folder != words_dir:
            for key, line in _lines(folder, lang, ui).items():
                lines.setdefault(key, line)
    return lines
