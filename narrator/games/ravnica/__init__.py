"""Ravnica: Inquisition, the flagship game: rules R1–R31 of shared/design/ravnica-inquisition.md."""

from narrator.games.ravnica.events import CODEC, EVENT_TYPES, Options
from narrator.games.ravnica.game import GAME
from narrator.games.ravnica.moves import legal_moves
from narrator.games.ravnica.rules import apply, check
from narrator.games.ravnica.state import State, Step

__all__ = [
    "GAME",
    "CODEC",
    "EVENT_TYPES",
    "Options",
    "State",
    "Step",
    "apply",
    "check",
    "legal_moves",
]
