"""Dominance and victory: the flip at the end of one's own turn (P19), the turn's end and the
next turn's start with its win check (P7, P21). The flip-back (P20) follows every entry
(``flow.flipped_back``)."""

from __future__ import annotations

import dataclasses

from narrator.games.entries import Refusal
from narrator.games.pyre import events as ev
from narrator.games.pyre.flow import name, seat
from narrator.games.pyre.state import ACTION, TURN_END, State


def flip_refusal(s: State, p: int) -> Refusal | None:
    """P19: only the current player, after his second action, with the target reached."""
    if p != s.current:
        return Refusal("py_flip_not_turn", "P19", player=name(s, p))
    if s.step != TURN_END:
        return Refusal("py_flip_too_soon", "P19", player=name(s, p))
    if s.active[p]:
        return Refusal("py_flip_active", "P19", player=name(s, p))
    if s.influence(p) < s.target:
        return Refusal(
            "py_flip_below", "P19", player=name(s, p), influence=s.influence(p), target=s.target
        )
    return None


def may_flip(s: State) -> bool:
    """P19: whether the current player may flip now."""
    return s.current is not None and flip_refusal(s, s.current) is None


def flip_reminder(s: State) -> bool:
    """P19: the app reminds him (unless the table plays "tough luck")."""
    return s.options.reminder and may_flip(s)


def dominance_flipped(s: State, e: ev.DominanceFlipped) -> State:
    p = seat(s, e.seat, "P19")
    refusal = flip_refusal(s, p)
    if refusal:
        raise refusal
    return dataclasses.replace(s, active=tuple(a or q == p for q, a in enumerate(s.active)))


def turn_too_soon(s: State) -> Refusal:
    """P7: a turn's end keyed before its second action: which action is still to key (not
    the step's "the game waits for an action", which does not say why Enter is refused)."""
    return Refusal("py_turn_too_soon", "P7", player=name(s, s.current), n=s.actions + 1)


def turn_ended(s: State, e: ev.TurnEnded) -> State:
    """P7: the next player's turn begins; P21: his token active, he wins before any action
    (P20 has kept it at or above the target)."""
    if s.step == ACTION:
        raise turn_too_soon(s)
    nxt = (s.current + 1) % s.count
    s = dataclasses.replace(
        s, current=nxt, turn=s.turn + 1, actions=0, entered=None, action_card=None
    )
    if s.active[nxt]:
        return dataclasses.replace(s, winner=nxt)
    return s
