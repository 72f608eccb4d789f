"""The Pyre's entries that a step does not take, and those that their first key already
decides, each refused at that key with its rule (issue 26: no key goes unanswered, and the
game, not the shell, says why). A key of an action (P9–P14), a reaction (P16), a flip (P19)
or a card's effect (P23) keyed where it cannot be entered is refused at once."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.base import Refusal
from narrator.games.common.closed import with_closed_entries as closed_entries
from narrator.games.pyre import events as ev
from narrator.games.pyre import rules
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
from narrator.games.pyre.reactions import first_claim
from narrator.games.pyre.state import ACTION, HAND_LIMIT, OVER, PICK, ROLL, TURN_END, WINDOW, State
from narrator.games.shell_data import StepView
from narrator.prompts import Words

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


def refused_at_first_key(s: State, view: StepView, path: tuple[str, ...]) -> StepView:
    """An entry that no later key can make legal is refused at the key that decides it, with
    the rules' own refusal (issue 26, item 2): an accusation with no Citizen in play (P11), an
    exoneration with the Pyre empty (P12), a Citizen or an Action card from an empty hand (P10,
    P14), a card of cost 2 as the second action (P14), a reaction after the one the event has,
    or by a claimant without priority or with no card (P16)."""
    decided = {}
    for choice in view.choices:
        if choice.refusal is None:
            refusal = _decided(s, path, choice.key)
            if refusal is not None:
                decided[choice.key] = refusal
    if not decided:
        return view
    choices = tuple(
        replace(c, refusal=decided[c.key], goto=None, event=None) if c.key in decided else c
        for c in view.choices
    )
    return replace(view, choices=choices)


# (step, path) -> {key: (the entry that stands for every entry the key starts, the refusals
# that no later key can change)}
_HAND = ("py_hand_empty",)


def _decided(s: State, path: tuple[str, ...], key: str) -> Refusal | None:
    probe: ev.Event | None = None
    final: tuple[str, ...] = ()
    if s.step in (ACTION, TURN_END) and not path and key == POINT:
        return None if any(h > HAND_LIMIT for h in s.hands) else Refusal("py_no_hand_above", "P22")
    if s.step == WINDOW and not path and key == REACT and s.window.reacted is None:
        return _nobody_reacts(s)
    if s.step == ACTION and not path:
        probe, final = {
            ACCUSE: (ev.Accused(s.current, 0), ("py_none_in_play",)),
            EXONERATE: (ev.Exonerated(0), ("py_pyre_empty",)),
            CITIZEN: (ev.CitizenPlayed(0), _HAND),
            CARD: (ev.ActionCardPlayed("?", 1), _HAND),
        }.get(key, (None, ()))
    elif s.step == ACTION and path == (CARD,) and key == "2":
        refusal = rules.check(s, ev.ActionCardPlayed("?", 2))
        if refusal is not None and refusal.key == "py_cost_two_second":
            return Refusal("py_cost_two_any", "P14")  # no name yet: the cost decides
        return None
    elif s.step == WINDOW and not path and key == REACT and s.window.reacted is not None:
        probe, final = ev.Reacted(s.window.reacted, "?"), ("py_one_reaction",)
    elif s.step == WINDOW and path == (REACT,) and key.isdigit():
        seat = int(key) - 1 if key != "0" else 9
        if seat < s.count:
            probe, final = ev.Reacted(seat, "?"), ("py_no_priority", *_HAND)
    if probe is None:
        return None
    refusal = rules.check(s, probe)
    return refusal if refusal is not None and refusal.key in final else None


def _nobody_reacts(s: State) -> Refusal | None:
    """P16: r leads to no reaction when the claimant with priority holds no card (only he may
    react), or when nobody claims and no hand holds a card."""
    first = first_claim(s)
    if first is not None:
        refusal = rules.check(s, ev.Reacted(first, "?"))
        return refusal if refusal is not None and refusal.key in _HAND else None
    return Refusal("py_no_hand_to_react", "P16") if not any(s.hands) else None
