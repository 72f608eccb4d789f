"""The games the narrator can run. Each is a pure module: no screen, sound, files or clock."""

from __future__ import annotations

from narrator.games.base import Game, Refusal


def get_game(name: str) -> Game:
    """The game module called ``name`` (imported on demand, so games stay independent)."""
    if name == "ravnica":
        from narrator.games.ravnica import GAME

        return GAME
    raise KeyError(f"unknown game {name!r}")


GAME_NAMES = ("ravnica",)

__all__ = ["GAME_NAMES", "Game", "Refusal", "get_game"]
