"""Ravnica: Inquisition, the flagship game: rules R1–R31 of shared/design/ravnica-inquisition.md."""

from narrator.games.base import GameModule
from narrator.games.ravnica.events import CODEC, EVENT_TYPES, Options
from narrator.games.ravnica.moves import legal_moves
from narrator.games.ravnica.rules import apply, check
from narrator.games.ravnica.state import State, Step

GAME = GameModule(
    name="ravnica",
    title="Ravnica: Inquisition",
    codec=CODEC,
    initial=State,
    apply=apply,
    legal_moves=legal_moves,
)

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
