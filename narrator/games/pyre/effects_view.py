"""A card's effect keyed after "g" (P23), at an action, in a window or at the turn's end: a
hand's size, a Citizen moved, an ignition (P17), an automatic success (P13), a window opened for
an event a card names (P16), a changed roll (P16). Each is journaled with the name of the card
being resolved (the Action card, the reaction), or with a name typed first. The path holds what
was keyed so far: "g", then "~Bribe" (a name typed), the effect's letter and its keys."""

from __future__ import annotations

from narrator.games.base import Refusal
from narrator.games.common.seats import seat_key, seat_of_key
from narrator.games.pyre import events as ev
from narrator.games.pyre.keys import (
    ACCUSE,
    AUTO,
    CHANGED,
    EFFECT,
    EXONERATE,
    HAND,
    IGNITE,
    MOVE,
    NAME,
    TO_COUNCIL,
    TO_DISCARD,
    TO_PYRE,
    WINDOW,
    name_view,
    place_choices,
    resolving,
    seat_choices,
    seat_keys,
)
from narrator.games.pyre.state import State
from narrator.games.shell_data import Choice, StepView, Typed
from narrator.prompts import Words

NUMBER = "="  # the path's mark of a number typed (a discarded Citizen's influence)


def effect_view(s: State, path: tuple[str, ...]) -> StepView:
    """The view after "g": the card's name first if none is being resolved, then the menu."""
    card = resolving(s)
    rest = path[1:]
    if rest[:1] and rest[0].startswith(NAME):
        card, rest = rest[0][1:], rest[1:]
    if not card:
        return name_view(Words("py.effect.title"), lambda name: (EFFECT, NAME + name))
    base = path[: len(path) - len(rest)]
    return _menu(s, card, base, rest)


def _menu(s: State, card: str, base: tuple[str, ...], rest: tuple[str, ...]) -> StepView:
    params = {"card": card, "seats": seat_keys(s)}
    if not rest:
        choices = [
            Choice(HAND, Words("py.effect.hand"), goto=(*base, HAND)),
            Choice(MOVE, Words("py.effect.move"), goto=(*base, MOVE)),
            Choice(IGNITE, Words("py.effect.ignite"), ev.Ignited(card)),
            Choice(AUTO, Words("py.effect.auto"), goto=(*base, AUTO)),
            Choice(WINDOW, Words("py.effect.window"), ev.WindowOpened(card)),
        ]
        if s.window is not None and s.window.roll is not None:
            choices.append(Choice(CHANGED, Words("py.effect.changed"), goto=(*base, CHANGED)))
        return _view(s, "menu", params, tuple(choices))
    what, keys = rest[0], rest[1:]
    if what == HAND:
        if not keys:
            return _view(s, "hand", params, seat_choices(s, lambda p: (*base, HAND, _key(s, p))))
        p = seat_of_key(keys[0], s.count)
        typed = Typed(
            Words("py.effect.hand_label"),
            lambda n: ev.HandChanged(p, n, card),
            low=-9,
            high=9,
            rule="P23",
        )
        player = s.players[p] if p is not None and p < s.count else ""
        return _view(s, "hand_by", {**params, "player": player}, (), typed)
    if what == CHANGED:
        top = s.options.die_faces
        # a face of the die, or refused at once as a face it does not have (0, 7 on a d6: P15)
        choices = tuple(
            Choice(str(v), str(v), ev.RollChanged(v, card))
            if 1 <= v <= top
            else Choice(str(v), refusal=Refusal("py_no_face", "P15", value=v, faces=top))
            for v in range(10)
        )
        return _view(s, "changed", {**params, "faces": s.options.die_faces}, choices)
    if what == AUTO:
        return _auto(s, card, base, keys, params)
    return _move(s, card, (*base, MOVE), keys, params)


def _auto(s: State, card: str, base, keys, params) -> StepView:
    """P13: an accusation (a council's seat, then the place) or an exoneration (a place on the
    Pyre) that succeeds without the die."""
    by = s.current
    here = (*base, AUTO)
    if not keys:
        choices = (
            Choice(ACCUSE, Words("py.effect.auto_accuse"), goto=(*here, ACCUSE)),
            Choice(EXONERATE, Words("py.effect.auto_exonerate"), goto=(*here, EXONERATE)),
        )
        return _view(s, "auto", params, choices)
    if keys[0] == EXONERATE:
        choices = place_choices(len(s.pyre), lambda i: ev.AutoSucceeded("exonerate", by, card, i))
        return _view(s, "pyre_place", params, choices)
    if len(keys) == 1:
        return _view(s, "council", params, seat_choices(s, lambda p: (*here, ACCUSE, _key(s, p))))
    owner = seat_of_key(keys[1], s.count) or 0
    choices = place_choices(
        len(s.councils[owner]), lambda i: ev.AutoSucceeded("accuse", by, card, i, owner)
    )
    return _view(s, "place", {**params, "player": s.players[owner]}, choices)


def _move(s: State, card: str, here, keys, params) -> StepView:
    """P23: from a council (seat, place), the Pyre (place) or the discard pile (its influence
    typed: P1), to a council (seat), the Pyre or the discard pile."""
    ends = (
        (TO_COUNCIL, Words("py.effect.council_end")),
        (TO_PYRE, Words("py.effect.pyre_end")),
        (TO_DISCARD, Words("py.effect.discard_end")),
    )
    if not keys:
        choices = tuple(Choice(k, label, goto=(*here, k)) for k, label in ends)
        return _view(s, "from", params, choices)
    origin, more = keys[0], keys[1:]
    if origin == TO_COUNCIL and not more:
        return _view(s, "council", params, seat_choices(s, lambda p: (*here, *keys, _key(s, p))))
    if origin == TO_COUNCIL and len(more) == 1:
        owner = seat_of_key(more[0], s.count) or 0
        choices = place_choices(
            len(s.councils[owner]), lambda i: (*here, *keys, str(i + 1)), empty_rule="P23"
        )
        return _view(s, "place", {**params, "player": s.players[owner]}, choices)
    if origin == TO_PYRE and not more:
        choices = place_choices(len(s.pyre), lambda i: (*here, *keys, str(i + 1)), empty_rule="P23")
        return _view(s, "pyre_place", params, choices)
    if origin == TO_DISCARD and not more:
        typed = Typed(
            Words("py.effect.influence_label"),
            lambda n: (*here, *keys, NUMBER + str(n)),
            low=0,
            high=s.options.influence_max,
            rule="P10",
        )
        return _view(s, "discard_influence", params, (), typed)
    n = 2 if origin == TO_COUNCIL else 1  # the keys that say where it is
    where, to = more[:n], more[n:]

    def moved(destination: str, to_owner: int = 0) -> ev.CitizenMoved:
        names = {TO_COUNCIL: "council", TO_PYRE: "pyre", TO_DISCARD: "discard"}
        fields: dict = {"to_owner": to_owner}
        if origin == TO_COUNCIL:
            fields |= {"owner": seat_of_key(where[0], s.count) or 0, "place": int(where[1]) - 1}
        elif origin == TO_PYRE:
            fields |= {"place": int(where[0]) - 1}
        else:
            fields |= {"influence": int(where[0][1:])}
        return ev.CitizenMoved(names[origin], names[destination], s.current, card, **fields)

    if not to:
        choices = tuple(
            Choice(k, label, goto=(*here, *keys, k))
            if k == TO_COUNCIL
            else Choice(k, label, moved(k))
            for k, label in ends
        )
        return _view(s, "to", params, choices)
    choices = seat_choices(s, lambda p: moved(TO_COUNCIL, p))
    return _view(s, "council_to", params, choices)


def _key(s: State, p: int) -> str:
    return seat_key(p, s.count)


def _view(s: State, what: str, params: dict, choices, typed: Typed | None = None) -> StepView:
    return StepView(
        "choose",
        None,
        title=Words("py.effect.title_card", params),
        body=(Words(f"py.effect.ask.{what}", params),),
        keys=Words(f"py.effect.keys.{what}", params),
        choices=tuple(choices),
        typed=typed,
    )
