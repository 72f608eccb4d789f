"""The Pyre's entries that are not open at a step, each with the rule that closes it (issue 26:
no key goes unanswered; the game, not the shell, says why). A key of an action (P9–P14), a
reaction (P16), a flip (P19) or a card's effect (P23) keyed where it cannot be entered is
refused at once, naming the rule."""

from __future__ import annotations

from narrator.games.common.closed import with_closed_entries as closed_entries
from narrator.games.pyre.keys import (
    ACCUSE,
    CARD,
    CITIZEN,
    DRAW,
    EFFECT,
    EXONERATE,
    FLIP,
    FORFEIT,
    POINT,
    REACT,
)
from narrator.games.pyre.state import ACTION, OVER, PICK, ROLL, TURN_END, WINDOW, State
from narrator.games.views import StepView, Words

EMPTY, REFILLED = "n", "y"  # P9: the deck's marks
ACTIONS = (DRAW, CITIZEN, ACCUSE, EXONERATE, CARD, FORFEIT)
ENTRIES = (*ACTIONS, POINT, FLIP, EFFECT, REACT, EMPTY, REFILLED)


def why_closed(s: State, key: str) -> Words | None:
    """Why ``key`` enters nothing at this step, with its rule; None where the step takes it."""
    params = {"player": s.players[s.winner] if s.winner is not None else ""}
    if s.step == OVER:
        return Words("py.closed.over", params)  # P21
    if s.step == ROLL:
        return Words("py.closed.roll")  # P15: the die first
    if s.step == PICK:
        return Words("py.closed.pick")  # P22: the app's pick first
    if s.step == WINDOW:
        return Words("py.closed.window")  # P16, P24: claims, a reaction, the close
    if s.step == TURN_END and key in ACTIONS:
        return Words("py.closed.third_action")  # P7: two actions a turn
    if s.step in (ACTION, TURN_END) and key == REACT:
        return Words("py.closed.no_window")  # P16: only in a window
    return None


def with_closed_entries(s: State, view: StepView) -> StepView:
    """``view`` with a refusing choice for each entry key it does not take."""
    return closed_entries(view, ENTRIES, lambda key: why_closed(s, key))
