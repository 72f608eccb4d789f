"""What every handler shares: seats and places checked, hands changed, Citizens moved, the
Pyre's ignition (P17) and the flip-back (P20) that follows every entry."""

from __future__ import annotations

import dataclasses

from narrator.games.common.seats import checked_seat
from narrator.games.entries import Refusal
from narrator.games.pyre.state import (
    ACTION,
    DEAL,
    FIRST,
    OVER,
    PICK,
    ROLL,
    SETUP,
    TURN_END,
    WINDOW,
    Citizen,
    Ignition,
    State,
)

RULE_OF_STEP = {
    SETUP: "P2",
    DEAL: "P5",
    FIRST: "P6",
    ACTION: "P7",
    ROLL: "P15",
    WINDOW: "P24",
    PICK: "P22",
    TURN_END: "P7",
    OVER: "P21",
}
PLAY = (ACTION, WINDOW, TURN_END)  # where a card's effects may be keyed (P23)
CARD_NAME_LIMIT = 60


def seat(s: State, n: object, rule: str) -> int:
    return checked_seat(n, s.count, rule, "py_no_seat")


def name(s: State, p: int) -> str:
    return s.players[p]


def card_name(raw: object, rule: str) -> str:
    """A card's name as typed (P23), refused only when blank, too long or not text."""
    if not isinstance(raw, str) or not raw.strip() or len(raw) > CARD_NAME_LIMIT:
        raise Refusal("py_card_name", rule, limit=CARD_NAME_LIMIT)
    if any(not ch.isprintable() for ch in raw):
        raise Refusal("py_card_name", rule, limit=CARD_NAME_LIMIT)
    return raw


def in_council(s: State, owner: object, place: object, rule: str) -> Citizen:
    owner = seat(s, owner, rule)
    council = s.councils[owner]
    if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < len(council):
        raise Refusal("py_no_citizen", rule, player=name(s, owner), place=_shown(place))
    return council[place]


def on_pyre(s: State, place: object, rule: str) -> Citizen:
    if not s.pyre:
        raise Refusal("py_pyre_empty", rule)
    if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place < len(s.pyre):
        raise Refusal("py_not_on_pyre", rule, place=_shown(place), count=len(s.pyre))
    return s.pyre[place]


def _shown(place: object) -> object:
    return place + 1 if isinstance(place, int) else place


def influence_keyed(s: State, value: object, rule: str) -> int:
    """P10: a whole number 0…the configured top."""
    top = s.options.influence_max
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise Refusal("py_influence", rule, influence=value, top=top)
    return value


def hand_changed(s: State, p: int, change: int, rule: str) -> State:
    """A hand ±n; never below 0 (refused with the entry's rule, P23)."""
    size = s.hands[p] + change
    if size < 0:
        raise Refusal("py_hand_empty", rule, player=name(s, p), hand=s.hands[p])
    hands = tuple(size if q == p else h for q, h in enumerate(s.hands))
    return dataclasses.replace(s, hands=hands)


def spend(s: State, actions: int = 1) -> State:
    """P7: the actions spent; what the last card left to key is done."""
    return dataclasses.replace(s, actions=s.actions + actions, entered=None, action_card=None)


def removed(s: State, citizen: Citizen) -> State:
    """A Citizen out of wherever it is (a council or the Pyre)."""
    councils = tuple(tuple(c for c in cs if c.id != citizen.id) for cs in s.councils)
    pyre = tuple(c for c in s.pyre if c.id != citizen.id)
    return dataclasses.replace(s, councils=councils, pyre=pyre)


def to_council(s: State, citizen: Citizen, owner: int) -> State:
    """P10, P12: it joins the end of ``owner``'s council, where its place is final."""
    joined = dataclasses.replace(citizen, owner=owner)
    councils = tuple((*cs, joined) if p == owner else cs for p, cs in enumerate(s.councils))
    return dataclasses.replace(s, councils=councils)


def to_pyre(s: State, citizen: Citizen, igniter: int) -> State:
    """P11, P17: it goes to the end of the Pyre; the third one ignites it at once."""
    s = dataclasses.replace(s, pyre=(*s.pyre, citizen))
    return ignite(s, igniter) if len(s.pyre) >= 3 else s


def ignite(s: State, igniter: int) -> State:
    """P17: the igniter takes the last-added card as 3 permanent points (whatever its
    influence); the rest go to the discard pile. An empty Pyre is refused before."""
    assert s.pyre
    permanent = tuple(n + 1 if p == igniter else n for p, n in enumerate(s.permanent))
    ignition = Ignition(igniter, s.pyre[-1], s.pyre[:-1])
    return dataclasses.replace(s, pyre=(), permanent=permanent, ignition=ignition)


def new_citizen(s: State, influence: int, owner: int | None) -> tuple[State, Citizen]:
    return dataclasses.replace(s, next_id=s.next_id + 1), Citizen(s.next_id, influence, owner)


def flipped_back(s: State) -> State:
    """P20: an active token whose player's influence is below the target flips back at once."""
    if not s.active:
        return s
    active = tuple(a and s.influence(p) >= s.target for p, a in enumerate(s.active))
    return s if active == s.active else dataclasses.replace(s, active=active)
