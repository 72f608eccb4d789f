"""The rules of the Pyre, as a pure fold over its events.

Every refusal cites its P-id of ``shared/design/pyre.md``. When several apply the id is the
first of P21 (the game is won), P24 (a window is open), P7 (the turn's actions), then the
entry's own: the first three are the steps' rules (``not_now``), the rest the handlers'.
Covered: setup and the actions (P2–P15: ``actions.py``, ``die.py``), reactions and the close
(P16, P24: ``reactions.py``), the generic entries and the hand above 7 (P13, P17, P22, P23:
``effects.py``), Dominance and the win (P19, P21: ``dominance.py``); P17's ignition, P18's
influence and P20's flip-back after every entry (``flow.py``, ``state.py``).
"""

from __future__ import annotations

import random

from narrator.games.base import Event, Refusal, refusal_of
from narrator.games.common.dispatch import Dispatch
from narrator.games.pyre import actions, dominance, effects, reactions
from narrator.games.pyre import events as ev
from narrator.games.pyre.die import roll_die
from narrator.games.pyre.flow import PLAY, RULE_OF_STEP, flipped_back
from narrator.games.pyre.moves import moves
from narrator.games.pyre.state import (
    ACTION,
    DEAL,
    FIRST,
    PICK,
    ROLL,
    SETUP,
    TURN_END,
    State,
)
from narrator.prompts import Words

draw_first_player = actions.draw_first_player
pick_card = effects.pick_card


def waiting_for(s: State) -> tuple[Words, str]:
    """What the game waits for, worded, and the rule of that step."""
    return Words(f"py.wants.{s.step}"), RULE_OF_STEP[s.step]


def not_now(s: State) -> Refusal:
    wants, rule = waiting_for(s)
    return Refusal("py_not_now", rule, wants=wants)


RULES: Dispatch[State] = Dispatch(
    {  # event type: (the steps it is entered in, what it does)
        ev.GameCreated: (SETUP, actions.game_created),  # P2–P4, P6
        ev.Dealt: (DEAL, actions.dealt),  # P5
        ev.FirstPlayer: (FIRST, actions.first_player),  # P6
        ev.Drew: (ACTION, actions.drew),  # P9
        ev.DeckEmptied: (PLAY, actions.deck_emptied),  # P9
        ev.DeckRefilled: (PLAY, actions.deck_refilled),  # P9
        ev.CitizenPlayed: (ACTION, actions.citizen_played),  # P10
        ev.Accused: (ACTION, actions.accused),  # P11
        ev.Exonerated: (ACTION, actions.exonerated),  # P12
        ev.Rolled: (ROLL, actions.rolled),  # P15
        ev.ActionCardPlayed: (ACTION, actions.action_card_played),  # P14
        ev.Forfeited: (ACTION, actions.forfeited),  # P8
        ev.WindowOpened: ((ACTION, TURN_END), reactions.window_opened),  # P16
        ev.ReactionClaimed: ((*PLAY, ROLL), reactions.reaction_claimed),  # P16: no window
        ev.Reacted: ((*PLAY, ROLL), reactions.reacted),  # P16: none without a window
        ev.RollChanged: (PLAY, reactions.roll_changed),  # P16
        ev.WindowClosed: ((*PLAY, ROLL), reactions.window_closed),  # P24; P16: no window
        ev.HandChanged: (PLAY, effects.hand_entry),  # P23
        ev.CitizenMoved: (PLAY, effects.citizen_moved),  # P23
        ev.Ignited: (PLAY, effects.ignited),  # P17
        ev.AutoSucceeded: (PLAY, effects.auto_succeeded),  # P13
        ev.HandPointedOut: (PLAY, effects.hand_pointed_out),  # P22
        ev.CardPicked: (PICK, effects.card_picked),  # P22
        ev.DominanceFlipped: ((ACTION, TURN_END), dominance.dominance_flipped),  # P19
        ev.TurnEnded: ((ACTION, TURN_END), dominance.turn_ended),  # P7 (too soon), P21
    },
    not_now=not_now,
    not_this_game=lambda e: Refusal("py_not_this_game", entry=getattr(e, "type", "?")),
)


def apply(s: State, e: Event) -> State:
    """The state after ``e``; P20: every active token below the target flips back at once."""
    return flipped_back(RULES.apply(s, e))


def check(s: State, e: Event) -> Refusal | None:
    """The refusal ``e`` would meet, or None when it is allowed."""
    return refusal_of(apply, s, e)


def app_move(s: State, rng: random.Random) -> Event | None:
    """The app's own entry now, if any (the game seeds ``rng`` by its seed and the journal's
    length): the starting player drawn (P6), the die rolled (P15), a card picked (P22)."""
    if s.step == FIRST and s.options.first_player == "drawn":
        return draw_first_player(s, rng)
    if s.step == ROLL and s.options.roll == "app":
        return roll_die(s, rng)
    if s.step == PICK:
        return pick_card(s, rng)
    return None


def legal_moves(s: State) -> list[Event]:
    """A small, finite set of the entries the rules allow now (``moves.py``)."""
    return [m for m in moves(s) if check(s, m) is None]
