"""The games the narrator can run. Each is a pure module: no screen, sound, files or clock.
They are found by name through `narrator.games.registry`.

The names below are looked up when first asked for: the home screen reads the registry (the
games' titles) without loading the rules' interface (``base``) at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from narrator.games.base import Game, Refusal
    from narrator.games.registry import get as get_game
    from narrator.games.registry import names as game_names

__all__ = ["Game", "Refusal", "game_names", "get_game"]


def __getattr__(name: str) -> Any:
    if name in ("Game", "Refusal"):
        from narrator.games import base

        return getattr(base, name)
    if name in ("get_game", "game_names"):
        from narrator.games import registry

        return registry.get if name == "get_game" else registry.names
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
