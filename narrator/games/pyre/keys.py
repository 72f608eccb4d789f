"""The keys of a Pyre table and what they name, in one place: seats (1–6), a Citizen's place
in a council or on the Pyre (1–9, in the order played or arrived), the actions' letters (P9–P14),
the card effects' (P23), and the card name an effect is journaled with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from narrator.games.base import Refusal
from narrator.games.common.seats import seat_choices as common_seat_choices
from narrator.games.common.seats import seat_range
from narrator.games.pyre.state import Citizen, State
from narrator.games.shell_data import Choice, StepView, Typed
from narrator.prompts import Words

DRAW, CITIZEN, ACCUSE, EXONERATE, CARD, FORFEIT = "d", "c", "a", "o", "k", "f"
POINT, FLIP, EFFECT, REACT = "p", "l", "g", "r"
# P23, after "g": a hand, a move, an ignition, an automatic success, a window, the deck's marks,
# a changed roll (in a window)
HAND, MOVE, IGNITE, AUTO, WINDOW, EMPTY, REFILL, CHANGED = "h", "m", "i", "u", "w", "n", "r", "c"
# a move's ends: a council (then a seat), the Pyre, the discard pile
TO_COUNCIL, TO_PYRE, TO_DISCARD = "c", "p", "d"
NAME = "~"  # the path's mark: a card's name is typed next
PLACES = "123456789"


def seat_choices(s: State, make=None, refusal: Words | None = None, listed=None):
    return common_seat_choices(s.players, make, refusal, no_seat="py.no_seat", listed=listed)


def seat_keys(s: State) -> Words:
    return seat_range(s.count, "py.seat_range")


def place_choices(
    count: int, make: Callable[[int], Any], empty_rule: str | None = None
) -> tuple[Choice, ...]:
    """A key for each place 1…9 (from 0 in the events): those past ``count`` are refused by the
    rules (P11, P12) with their rule, so no key is silent. A place that leads to more keys
    (a Citizen moved: then where to, P23) is refused at once when empty, with ``empty_rule``."""
    out = []
    for i, key in enumerate(PLACES):
        made = make(i)
        goto = made if isinstance(made, tuple) else None
        if goto is not None and i >= count and empty_rule is not None:
            out.append(Choice(key, refusal=Refusal("py_no_place", empty_rule, place=i + 1)))
            continue
        out.append(Choice(key, key, None if goto else made, goto, listed=i < count))
    return tuple(out)


def influences(items) -> str:
    """A list of Citizens as their influences, in order: "3, 5, 0"."""
    return ", ".join(str(c.influence) for c in items) or "—"


def resolving(s: State) -> str | None:
    """The card whose effects are keyed now (P23): the reaction played, or the Action card."""
    if s.window is not None and s.window.reacted is not None:
        return s.window.reaction
    return s.action_card


def named(s: State, path: tuple[str, ...], make: Callable[[str], Any]):
    """An effect's entry with the card being resolved, or the keys to type its name first."""
    card = resolving(s)
    return make(card) if card else (*path, NAME)


def name_view(title: Words, make: Callable[[str], Any]) -> StepView:
    """A card's name typed, then Enter (P23: journaled with the name as typed)."""
    return StepView(
        "choose",
        None,
        title=title,
        body=(Words("py.name.body"),),
        keys=Words("py.name.keys"),
        typed=Typed(Words("py.name.label"), make, number=False, length=60, rule="P23"),
    )


def burnt_card(s: State, c: Citizen) -> Words:
    """P1, P17: a Citizen of an ignition by whose it was and its influence (one out of the
    discard pile has no owner)."""
    if c.owner is None:
        return Words("py.ignition.discard", {"influence": c.influence})
    return Words("py.ignition.owned", {"player": s.players[c.owner], "influence": c.influence})


def ignition_params(s: State) -> dict[str, Any]:
    """P17: the last ignition's Citizen taken as permanent points, and those burnt."""
    assert s.ignition is not None
    burnt = tuple(burnt_card(s, c) for c in s.ignition.burnt)
    return {"taken": burnt_card(s, s.ignition.taken), "burnt": burnt or Words("py.ignition.none")}
