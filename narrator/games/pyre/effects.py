"""The generic entries for what cards do (P23), each with the card's name as typed: a hand ±n,
a Citizen moved, the Pyre ignited by an Action card (P17), an automatic success (P13); and a
hand above 7 pointed out, one card picked at random by the app (P22)."""

from __future__ import annotations

import dataclasses
import random

from narrator.games.entries import Refusal
from narrator.games.pyre import events as ev
from narrator.games.pyre.flow import (
    card_name,
    hand_changed,
    ignite,
    in_council,
    influence_keyed,
    name,
    new_citizen,
    on_pyre,
    removed,
    seat,
    to_council,
    to_pyre,
)
from narrator.games.pyre.reactions import succeeded
from narrator.games.pyre.state import HAND_LIMIT, Citizen, State


def hand_entry(s: State, e: ev.HandChanged) -> State:
    """P23: a hand ±n (n ≥ 1), never below 0: refused, not clamped."""
    p = seat(s, e.seat, "P23")
    card_name(e.card, "P23")
    if not isinstance(e.change, int) or isinstance(e.change, bool) or e.change == 0:
        raise Refusal("py_no_change", "P23", change=e.change)
    return hand_changed(s, p, e.change, "P23")


def moved_out(s: State, e: ev.CitizenMoved) -> tuple[State, Citizen]:
    """The Citizen leaving where ``e`` says, and the state without it."""
    if e.origin == "points":  # P18: permanent points cannot be lost
        raise Refusal("py_points_kept", "P18", player=name(s, seat(s, e.owner, "P18")))
    if e.origin == "council":
        citizen = in_council(s, e.owner, e.place, "P23")
        return removed(s, citizen), citizen
    if e.origin == "pyre":
        citizen = on_pyre(s, e.place, "P23")
        return removed(s, citizen), citizen
    if e.origin == "discard":  # P1: the pile is not tracked; its influence is keyed
        return new_citizen(s, influence_keyed(s, e.influence, "P10"), None)
    raise Refusal("py_no_place", "P23", place=e.origin)


def citizen_moved(s: State, e: ev.CitizenMoved) -> State:
    """P23: between a council, the Pyre and the discard pile, or council to council; a third
    Citizen on the Pyre ignites it, ``by`` the card's player (P17)."""
    by = seat(s, e.by, "P23")
    card_name(e.card, "P23")
    if e.to == "points":  # P17: only an ignition gives permanent points
        raise Refusal("py_points_by_ignition", "P17")
    if e.to not in ("council", "pyre", "discard"):
        raise Refusal("py_no_place", "P23", place=e.to)
    to_owner = seat(s, e.to_owner, "P23") if e.to == "council" else 0
    same = e.origin == e.to and (e.to != "council" or e.owner == to_owner)
    if same:
        raise Refusal("py_same_place", "P23")
    s, citizen = moved_out(s, e)
    if e.to == "council":
        return to_council(s, citizen, to_owner)
    if e.to == "pyre":
        return to_pyre(s, citizen, by)
    return s  # the discard pile


def ignited(s: State, e: ev.Ignited) -> State:
    """P17: only an Action card's effect ignites (keyed after its window closed: never a
    Citizen's or a Reaction's); an empty Pyre cannot ignite. The igniter is its player."""
    card_name(e.card, "P23")
    if s.window is not None or s.action_card is None:
        raise Refusal("py_ignite_action", "P17")
    if not s.pyre:
        raise Refusal("py_no_fuel", "P17")
    return ignite(s, s.current)


def auto_succeeded(s: State, e: ev.AutoSucceeded) -> State:
    """P13: no action spent, no die, no window: the Citizen moves at once, then P17 (P20
    follows every entry)."""
    by = seat(s, e.by, "P13")
    card_name(e.card, "P23")
    if e.kind == "accuse":
        if not s.in_play:
            raise Refusal("py_none_in_play", "P11")
        citizen = in_council(s, e.owner, e.place, "P13")
    elif e.kind == "exonerate":
        citizen = on_pyre(s, e.place, "P12")
    else:
        raise Refusal("py_no_kind", "P13", kind=e.kind)
    return succeeded(s, e.kind, citizen.id, by)


def hand_pointed_out(s: State, e: ev.HandPointedOut) -> State:
    """P22: a hand above 7, pointed out; the app picks one card next."""
    p = seat(s, e.seat, "P22")
    if s.hands[p] <= HAND_LIMIT:
        raise Refusal("py_hand_within", "P22", player=name(s, p), hand=s.hands[p])
    return dataclasses.replace(s, pointed=p)


def pick_card(s: State, rng: random.Random) -> ev.CardPicked:
    """P22: the app's pick, a face-down card's position (seeded like the die)."""
    assert s.pointed is not None
    return ev.CardPicked(s.pointed, rng.randint(1, s.hands[s.pointed]))


def card_picked(s: State, e: ev.CardPicked) -> State:
    """P22: one card per pointing-out: the hand drops by 1."""
    p = seat(s, e.seat, "P22")
    if p != s.pointed:
        raise Refusal("py_not_pointed", "P22", player=name(s, p), pointed=name(s, s.pointed))
    hand = s.hands[p]
    if not isinstance(e.position, int) or not 1 <= e.position <= hand:
        raise Refusal("py_no_position", "P22", position=e.position, hand=hand)
    return dataclasses.replace(hand_changed(s, p, -1, "P22"), pointed=None)
