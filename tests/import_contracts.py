"""Import contracts for every game in the registry, so adding a game adds no line to
``pyproject.toml``: `lint-imports` reads these types (``[tool.importlinter] contract_types``).

A contract of these types is a ``forbidden`` or ``independence`` contract whose module lists
may name ``{rules}`` (a game's rules package, ``narrator.games.<game>``) and ``{screens}``
(its own screens, ``Game.screens``): such an entry stands for one entry a registered game,
the same game's in both places of an import (``"{screens}.** -> {rules}.**"``); a game
without screens of its own has no entry where ``{screens}`` is named.
"""

from __future__ import annotations

from typing import Any

from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.independence import IndependenceContract

from narrator.games import registry

PLACES = ("{rules}", "{screens}")


def game_packages() -> dict[str, dict[str, str | None]]:
    """Each registered game's packages: {"{rules}": ..., "{screens}": ...}."""
    packages = {}
    for name in registry.names():
        game = registry.get(name)  # its GAME: the screens are its own word
        rules = type(game).__module__.rpartition(".")[0]
        packages[name] = {"{rules}": rules, "{screens}": game.screens}
    return packages


def for_each_game(entry: str, packages: dict[str, dict[str, str | None]]) -> list[str]:
    """``entry`` once a game where it names a game's package; as it is otherwise."""
    if not any(place in entry for place in PLACES):
        return [entry]
    entries = []
    for places in packages.values():
        named = [place for place in PLACES if place in entry]
        if any(places[place] is None for place in named):
            continue  # no screens of its own: nothing of it to forbid or allow
        expanded = entry
        for place in named:
            expanded = expanded.replace(place, str(places[place]))
        entries.append(expanded)
    return entries


def expand(options: dict[str, Any]) -> dict[str, Any]:
    packages = game_packages()
    return {
        key: [e for entry in value for e in for_each_game(entry, packages)]
        if isinstance(value, list)
        else value
        for key, value in options.items()
    }


class ForbiddenForEachGame(ForbiddenContract):
    """A ``forbidden`` contract over every registered game."""

    def __init__(self, name: str, session_options: dict, contract_options: dict) -> None:
        super().__init__(name, session_options, expand(contract_options))


class IndependenceOfEachGame(IndependenceContract):
    """An ``independence`` contract over every registered game."""

    def __init__(self, name: str, session_options: dict, contract_options: dict) -> None:
        super().__init__(name, session_options, expand(contract_options))
