"""Reaction windows (P16) and their close (P24): who claims, who has priority, one reaction per
event, a roll changed by it, and the outcome applied at the close: the Citizen moves (P11,
P12), then the Pyre's ignition (P17), then the flip-backs (P20, after every entry)."""

from __future__ import annotations

import dataclasses

from narrator.games.entries import Refusal
from narrator.games.pyre import events as ev
from narrator.games.pyre.die import face, succeeds
from narrator.games.pyre.flow import (
    card_name,
    hand_changed,
    name,
    removed,
    seat,
    to_council,
    to_pyre,
)
from narrator.games.pyre.state import State, Window


def window_opened(s: State, e: ev.WindowOpened) -> State:
    """P16: the narrator opens a window for another event a card names."""
    return dataclasses.replace(s, window=Window("card", card=card_name(e.card, "P16")))


def window_open(s: State) -> None:
    """P16: a reaction, a claim or a close with no window open is refused."""
    if s.window is None:
        raise Refusal("py_no_window", "P16")


def reacted_already(s: State) -> None:
    window_open(s)
    assert s.window is not None
    if s.window.reacted is not None:  # P16: one reaction per event
        raise Refusal("py_one_reaction", "P16", player=name(s, s.window.reacted))


def reaction_claimed(s: State, e: ev.ReactionClaimed) -> State:
    """P16: a claim keyed (keyed again: taken back)."""
    window_open(s)
    p = seat(s, e.seat, "P16")
    reacted_already(s)
    w = s.window
    assert w is not None
    claims = tuple(c for c in w.claims if c != p) if p in w.claims else (*w.claims, p)
    return dataclasses.replace(s, window=dataclasses.replace(w, claims=claims))


def first_claim(s: State) -> int | None:
    """P16: of those who claim, the one whose turn comes soonest (the current player last)."""
    assert s.window is not None
    return next((p for p in s.priority if p in s.window.claims), None)


def reacted(s: State, e: ev.Reacted) -> State:
    """P16: a Reaction, no action, hand −1; only in an open window, once, by the claimant with
    priority (a lone one just keys it). Its effects are keyed next (P23)."""
    window_open(s)
    p = seat(s, e.seat, "P16")
    card = card_name(e.card, "P16")
    reacted_already(s)
    first = first_claim(s)
    if first is not None and p != first:
        raise Refusal("py_no_priority", "P16", player=name(s, p), first=name(s, first))
    s = hand_changed(s, p, -1, "P16")
    return dataclasses.replace(s, window=dataclasses.replace(s.window, reacted=p, reaction=card))


def roll_changed(s: State, e: ev.RollChanged) -> State:
    """P16, P23: a reaction's changed roll: no new event, no new window; nothing has moved."""
    w = s.window
    if w is None or w.roll is None:
        raise Refusal("py_no_roll", "P16")
    if w.reacted is None:
        raise Refusal("py_change_without_reaction", "P16")
    card_name(e.card, "P16")
    roll = dataclasses.replace(w.roll, value=face(s, e.value, "P16"))
    return dataclasses.replace(s, window=dataclasses.replace(w, roll=roll))


def window_closed(s: State, e: ev.WindowClosed) -> State:
    """P24: the window closes; a roll's outcome now (the move, then P17); an Action card's
    effects are keyed next (P14: none if a reaction cancelled it)."""
    window_open(s)
    w = s.window
    assert w is not None
    s = dataclasses.replace(s, window=None)
    if w.event == "action":
        return dataclasses.replace(s, action_card=w.card)
    if w.roll is None or not succeeds(w.roll.kind, w.roll.value, w.roll.defence):
        return s
    return succeeded(s, w.roll.kind, w.roll.citizen, s.current, w.roll.council)


def succeeded(s: State, kind: str, citizen: int, by: int, council: int | None = None) -> State:
    """P11, P12, P13: an accusation's Citizen to the end of the Pyre (its third ignites it,
    P17), an exoneration's to the end of a council (P12's option). A Citizen no longer where
    it was (a reaction's effect moved it) stays where it is."""
    where = s.find(citizen)
    wanted = "council" if kind == "accuse" else "pyre"
    if where is None or where[0] != wanted or council not in (None, where[1]):
        return s
    _, owner, place = where
    if kind == "accuse":
        moving = s.councils[owner][place]
        return to_pyre(removed(s, moving), moving, by)
    moving = s.pyre[place]
    council = by
    if s.options.exonerated_to == "former_owner" and moving.owner is not None:
        council = moving.owner
    return to_council(removed(s, moving), moving, council)
