"""Setup and the five actions: the count and deal (P2–P6), draw and the deck's marks (P9), play
a Citizen (P10), accuse and exonerate with their roll (P11, P12, P15), an Action card (P14),
and the forfeit (P8). A roll or an Action card opens a reaction window (P16)."""

from __future__ import annotations

import dataclasses
import random

from narrator.games.common.names import clean_names
from narrator.games.entries import Refusal
from narrator.games.pyre import events as ev
from narrator.games.pyre.die import face
from narrator.games.pyre.flow import (
    card_name,
    hand_changed,
    in_council,
    influence_keyed,
    name,
    new_citizen,
    on_pyre,
    seat,
    spend,
    to_council,
)
from narrator.games.pyre.state import (
    ACTIONS,
    COUNTS,
    DEALT,
    HAND_LIMIT,
    Roll,
    State,
    Window,
)
from narrator.prompts import Either, Words


def game_created(s: State, e: ev.GameCreated) -> State:
    count = len(e.players)
    if count not in COUNTS:  # P2
        raise Refusal("py_count", "P2", count=count)
    o = e.options
    if o.shift not in (1, 2):  # P4
        raise Refusal("py_shift", "P4", shift=o.shift)
    if not isinstance(o.die_faces, int) or o.die_faces < 2:  # P15
        raise Refusal("py_die", "P15", faces=o.die_faces)
    if not isinstance(o.influence_max, int) or o.influence_max < 0:  # P10
        raise Refusal("py_influence_top", "P10", top=o.influence_max)
    players = clean_names(e.players, "P6")  # P6: the names clockwise
    return State(players=players, options=o, seed=e.seed)


def dealt(s: State, e: ev.Dealt) -> State:
    """P5: 6 cards each, every Dominance token inactive, no Citizen anywhere."""
    n = s.count
    return dataclasses.replace(
        s,
        dealt=True,
        hands=(DEALT,) * n,
        councils=((),) * n,
        permanent=(0,) * n,
        active=(False,) * n,
    )


def draw_first_player(s: State, rng: random.Random) -> ev.FirstPlayer:
    """P6: the app's draw (seeded by the game's seed and the journal's length)."""
    return ev.FirstPlayer(rng.randrange(s.count), drawn=True)


def first_player(s: State, e: ev.FirstPlayer) -> State:
    return dataclasses.replace(s, current=seat(s, e.seat, "P6"), turn=1, actions=0)  # P6, P7


def drew(s: State, e: ev.Drew) -> State:
    """P9: hand +1; refused at 7 cards or more, or with the deck marked empty."""
    p = s.current
    if s.hands[p] >= HAND_LIMIT:
        raise Refusal("py_hand_full", "P9", player=name(s, p), hand=s.hands[p])
    if s.deck_empty:
        raise Refusal("py_deck_empty", "P9")
    return spend(hand_changed(s, p, 1, "P9"))


def deck_emptied(s: State, e: ev.DeckEmptied) -> State:
    if s.deck_empty:  # P9
        raise Refusal("py_deck_already_empty", "P9")
    return dataclasses.replace(s, deck_empty=True)


def deck_refilled(s: State, e: ev.DeckRefilled) -> State:
    if not s.deck_empty:  # P9
        raise Refusal("py_deck_not_empty", "P9")
    return dataclasses.replace(s, deck_empty=False)


def citizen_played(s: State, e: ev.CitizenPlayed) -> State:
    """P10: hand −1; it joins the end of his council; its entering ability is keyed next."""
    influence = influence_keyed(s, e.influence, "P10")
    s = spend(hand_changed(s, s.current, -1, "P10"))
    s, citizen = new_citizen(s, influence, s.current)
    return dataclasses.replace(to_council(s, citizen, s.current), entered=citizen.id)


def accused(s: State, e: ev.Accused) -> State:
    """P11: any Citizen in any council (his own too); the die is rolled next."""
    if not s.in_play:
        raise Refusal("py_none_in_play", "P11")
    citizen = in_council(s, e.owner, e.place, "P11")
    roll = Roll("accuse", citizen.id, citizen.influence, council=e.owner)
    return dataclasses.replace(spend(s), rolling=roll)


def exonerated(s: State, e: ev.Exonerated) -> State:
    """P12: any Citizen on the Pyre; the die is rolled next."""
    citizen = on_pyre(s, e.place, "P12")
    roll = Roll("exonerate", citizen.id, citizen.influence)
    return dataclasses.replace(spend(s), rolling=roll)


def rolled(s: State, e: ev.Rolled) -> State:
    """P15: the die; then the reaction window (P16); the outcome waits for its close (P24)."""
    assert s.rolling is not None
    roll = dataclasses.replace(s.rolling, value=face(s, e.value, "P15"))
    return dataclasses.replace(s, rolling=None, window=Window("roll", roll=roll))


def action_card_played(s: State, e: ev.ActionCardPlayed) -> State:
    """P14: hand −1, 1 or 2 actions (2 never as the second); its window opens first."""
    card = card_name(e.card, "P14")
    if e.cost not in (1, 2):
        raise Refusal("py_cost", "P14", cost=e.cost)
    if s.actions + e.cost > ACTIONS:
        raise Refusal("py_cost_two_second", "P14", card=card)
    s = spend(hand_changed(s, s.current, -1, "P14"), e.cost)
    return dataclasses.replace(s, window=Window("action", card=card))


def actions_possible(s: State) -> tuple[str, ...]:
    """P8, as the public state shows it: Draw, an accusation, an exoneration (those possible)."""
    can_draw = s.hands[s.current] < HAND_LIMIT and not s.deck_empty
    possible = {"draw": can_draw, "accuse": s.in_play > 0, "exonerate": bool(s.pyre)}
    return tuple(kind for kind, can in possible.items() if can)


def action_possible(s: State) -> bool:
    return bool(actions_possible(s))


def forfeited(s: State, e: ev.Forfeited) -> State:
    """P8: only when no action is possible; it counts as an action."""
    possible = actions_possible(s)
    if possible:  # P8: name only what is possible
        kinds = Either(Words(f"py.possible.{kind}") for kind in possible)
        raise Refusal("py_action_possible", "P8", player=name(s, s.current), actions=kinds)
    return spend(s)
