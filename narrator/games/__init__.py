"""The games the narrator can run. Each is a pure module: no screen, sound, files or clock.
They are found by name through `narrator.games.registry`."""

from __future__ import annotations

from narrator.games.base import Game, Refusal
from narrator.games.registry import get as get_game
from narrator.games.registry import names as game_names

__all__ = ["Game", "Refusal", "game_names", "get_game"]
