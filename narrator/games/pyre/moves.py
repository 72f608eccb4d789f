"""The entries worth trying at each step: a few representative influences and one fixed card
name, so the list stays small and a random walk ends (``rules.legal_moves`` keeps only those
the rules allow)."""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.pyre import events as ev
from narrator.games.pyre.state import (
    ACTION,
    DEAL,
    FIRST,
    PICK,
    ROLL,
    TURN_END,
    WINDOW,
    State,
)

INFLUENCES = (0, 2, 4, 6)  # P10: typed 0–20; a few values are enough to walk
CARD = "Card"  # P23: typed as the table reads it; one name is enough to walk


def moves(s: State) -> list[Event]:
    step = s.step
    if step == DEAL:
        return [ev.Dealt()]
    if step == FIRST:
        return [ev.FirstPlayer(p, s.options.first_player == "drawn") for p in s.seats]
    if step == ROLL:
        return rolls(s, drawn=s.options.roll == "app")
    if step == PICK:
        return [ev.CardPicked(s.pointed, n) for n in (1, s.hands[s.pointed])]
    if step == ACTION:
        return actions(s) + effects(s)
    if step == WINDOW:
        return window(s) + effects(s)
    if step == TURN_END:
        return [ev.DominanceFlipped(s.current), ev.TurnEnded(), *effects(s)]
    return []  # SETUP: the shell makes GameCreated; OVER: the game is won


def rolls(s: State, drawn: bool) -> list[Event]:
    return [ev.Rolled(v, drawn) for v in range(1, s.options.die_faces + 1)]


def council_places(s: State) -> list[tuple[int, int]]:
    return [(p, i) for p in s.seats for i in range(len(s.councils[p]))]


def actions(s: State) -> list[Event]:
    """P8–P14: the current player's actions."""
    found: list[Event] = [ev.Drew(), ev.Forfeited()]
    found += [ev.CitizenPlayed(v) for v in INFLUENCES]
    found += [ev.Accused(p, i) for p, i in council_places(s)]
    found += [ev.Exonerated(i) for i in range(len(s.pyre))]
    found += [ev.ActionCardPlayed(CARD, 1), ev.ActionCardPlayed(CARD, 2)]
    return found


def window(s: State) -> list[Event]:
    """P16, P24: claims, a reaction, a changed roll, the close."""
    found: list[Event] = [ev.WindowClosed()]
    found += [ev.ReactionClaimed(p) for p in s.seats]
    found += [ev.Reacted(p, CARD) for p in s.seats]
    found += [ev.RollChanged(v, CARD) for v in range(1, s.options.die_faces + 1)]
    return found


def effects(s: State) -> list[Event]:
    """P9's marks, P13, P16's window for a card, P17, P22, P23: what a card's effect may key."""
    by = s.current
    nxt = (by + 1) % s.count
    found: list[Event] = [ev.DeckEmptied(), ev.DeckRefilled(), ev.WindowOpened(CARD)]
    found += [ev.HandChanged(p, n, CARD) for p in s.seats for n in (1, -1)]
    found += [ev.HandPointedOut(p) for p in s.seats]
    found.append(ev.Ignited(CARD))
    for p, i in council_places(s):
        found.append(ev.CitizenMoved("council", "pyre", by, CARD, owner=p, place=i))
        found.append(ev.CitizenMoved("council", "discard", by, CARD, owner=p, place=i))
        found.append(ev.CitizenMoved("council", "council", by, CARD, p, i, to_owner=nxt))
        found.append(ev.AutoSucceeded("accuse", by, CARD, i, owner=p))
    for i in range(len(s.pyre)):
        found.append(ev.CitizenMoved("pyre", "council", by, CARD, place=i, to_owner=by))
        found.append(ev.CitizenMoved("pyre", "discard", by, CARD, place=i))
        found.append(ev.AutoSucceeded("exonerate", by, CARD, i))
    for v in INFLUENCES[1:3]:
        found.append(ev.CitizenMoved("discard", "pyre", nxt, CARD, influence=v))
        found.append(ev.CitizenMoved("discard", "council", by, CARD, influence=v, to_owner=by))
    return found
