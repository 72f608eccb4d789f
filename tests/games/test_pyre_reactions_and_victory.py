"""The Pyre: reaction windows and their close (P16, P24), the Pyre and influence (P17, P18),
Dominance and the win (P19–P21), the hand above 7 (P22) and the generic entries (P23)."""

from __future__ import annotations

import dataclasses
import random

from narrator.games.pyre import events as ev
from narrator.games.pyre import rules
from narrator.games.pyre.die import comparison
from narrator.games.pyre.dominance import flip_reminder
from narrator.games.pyre.events import Options
from tests.games.test_pyre_rules import (
    CARD,
    TWO,
    A,
    B,
    C,
    D,
    _words,
    accuse,
    influences,
    play,
    refused,
    started,
    table,
)

__all__ = ["_words"]  # the words fixture, used here too


def test_p16_reactions_priority_one_per_event_and_a_changed_roll():
    s = table(started(first=B), councils={A: (4,)})
    refused(s, ev.Reacted(C, "Alibi"), "P16", "py_no_window")
    s = accuse(s, A, 0, 2)
    assert s.priority == (C, D, A, B)  # the player after the current one first, his last
    s = play(s, ev.ReactionClaimed(B), ev.ReactionClaimed(A), ev.ReactionClaimed(D))
    refused(s, ev.Reacted(A, "Alibi"), "P16", "py_no_priority")
    refused(s, ev.Reacted(B, "Alibi"), "P16", "py_no_priority")
    refused(s, ev.RollChanged(5, "Luck"), "P16", "py_change_without_reaction")
    s = play(s, ev.Reacted(D, "Luck"))
    assert s.hands[D] == 5 and s.actions == 1  # no action spent
    refused(s, ev.Reacted(A, "Alibi"), "P16", "py_one_reaction")  # a second, or to a reaction
    refused(s, ev.ReactionClaimed(A), "P16", "py_one_reaction")
    s = play(s, ev.RollChanged(4, "Luck"))  # shown again: 4 ≥ 4
    assert comparison(s.window.roll).success and s.window.reaction == "Luck"
    assert play(s, ev.WindowClosed()).councils[A] == ()
    lone = play(table(started(), councils={B: (1,)}), ev.Accused(B, 0), ev.Rolled(6))
    assert play(lone, ev.Reacted(A, "Alibi")).window.reacted == A  # a lone claimant: no claim
    refused(table(lone, hands={C: 0}), ev.Reacted(C, "Alibi"), "P16", "py_hand_empty")
    claim = play(lone, ev.ReactionClaimed(C), ev.ReactionClaimed(C))
    assert claim.window.claims == ()  # keyed again: taken back
    refused(play(started(), ev.Drew()), ev.RollChanged(3, "Luck"), "P16", "py_no_roll")


def test_p24_the_outcome_at_the_close_and_nothing_else_while_open():
    s = table(started(), councils={B: (2, 3)}, pyre=((1, C), (1, D)))
    s = accuse(s, B, 0, 6)
    for e in (ev.Drew(), ev.TurnEnded(), ev.DominanceFlipped(A), ev.CitizenPlayed(1)):
        refused(s, e, "P24", "py_not_now")
    assert len(s.pyre) == 2 and s.permanent[A] == 0  # nothing moved before the close
    changed = play(s, ev.Reacted(B, "Luck"), ev.RollChanged(1, "Luck"), ev.WindowClosed())
    assert influences(changed, B) == [2, 3] and changed.permanent[A] == 0
    burnt = play(s, ev.WindowClosed())  # the move, then P17
    assert burnt.pyre == () and burnt.permanent[A] == 1 and influences(burnt, B) == [3]


def test_p17_the_third_citizen_ignites_and_the_igniter_takes_the_last():
    s = table(started(), councils={B: (5,)}, pyre=((1, C), (2, D)))
    s = play(accuse(s, B, 0, 6), ev.WindowClosed())
    assert s.pyre == () and s.permanent == (1, 0, 0, 0)  # 3 points, not its 5
    assert s.influence(A) == 3
    refused(started(), ev.Ignited(CARD), "P17", "py_ignite_action")  # no Action card keyed
    card = play(started(), ev.ActionCardPlayed(CARD), ev.WindowClosed())
    refused(card, ev.Ignited(CARD), "P17", "py_no_fuel")
    lit = play(table(card, pyre=((5, C), (1, D))), ev.Ignited(CARD))
    assert lit.pyre == () and lit.permanent[A] == 1
    in_window = play(table(card, pyre=((5, C),)), ev.WindowOpened("Curse"))
    refused(in_window, ev.Ignited(CARD), "P17", "py_ignite_action")  # a Reaction's: never
    citizen = play(table(started(), pyre=((5, C),)), ev.CitizenPlayed(2))
    refused(citizen, ev.Ignited(CARD), "P17", "py_ignite_action")  # a Citizen's: never
    # an exoneration took the latest arrival away: the last of those still on it
    s = table(started(), councils={B: (4,)}, pyre=((1, C), (2, D)))
    s = play(s, ev.Exonerated(1), ev.Rolled(6), ev.WindowClosed())
    s = play(s, ev.AutoSucceeded("accuse", A, CARD, 0, owner=B))
    assert len(s.pyre) == 2 and [c.influence for c in s.pyre] == [1, 4]
    moved = ev.CitizenMoved("council", "pyre", C, CARD, owner=A, place=0)  # a card's move
    s = play(s, moved)
    assert s.pyre == () and s.permanent[C] == 1


def test_p18_influence_is_the_council_plus_three_a_card_and_points_stay():
    s = table(started(), councils={A: (2, 5), B: (1,)}, pyre=((6, A),), permanent={A: 2})
    assert s.influence(A) == 2 + 5 + 3 * 2 and s.influence(B) == 1  # the Pyre counts nothing
    out = ev.CitizenMoved("points", "discard", B, CARD, owner=A)
    refused(s, out, "P18", "py_points_kept")
    to_points = ev.CitizenMoved("council", "points", B, CARD, owner=B)
    refused(s, to_points, "P17", "py_points_by_ignition")


def test_p19_the_flip_at_the_end_of_ones_own_turn_with_the_target():
    s = table(started(2), councils={A: (13,)})
    refused(s, ev.DominanceFlipped(A), "P19", "py_flip_too_soon")
    end = play(s, *TWO)
    assert flip_reminder(end)
    assert not flip_reminder(dataclasses.replace(end, options=Options(reminder=False)))
    refused(end, ev.DominanceFlipped(B), "P19", "py_flip_not_turn")
    low = table(end, councils={A: (12,)})
    refused(low, ev.DominanceFlipped(A), "P19", "py_flip_below")
    assert not flip_reminder(low)
    flipped = play(end, ev.DominanceFlipped(A))
    assert flipped.active == (True, False)
    refused(flipped, ev.DominanceFlipped(A), "P19", "py_flip_active")


def test_p20_the_token_flips_back_at_once_and_stays_back():
    s = play(table(started(2), councils={A: (7, 6)}), *TWO)
    s = play(s, ev.DominanceFlipped(A), ev.TurnEnded())
    s = accuse(s, A, 1, 6)
    assert s.active == (True, False)  # the window is open: nothing moved yet
    s = play(s, ev.WindowClosed())
    assert s.active == (False, False) and s.influence(A) == 7
    back = play(s, ev.CitizenMoved("discard", "council", B, CARD, influence=13, to_owner=A))
    assert back.influence(A) == 20 and back.active == (False, False)  # stays inactive
    by_card = play(table(started(2), councils={A: (13,)}), *TWO)
    by_card = play(by_card, ev.DominanceFlipped(A))
    hand = ev.CitizenMoved("council", "discard", A, CARD, owner=A, place=0)
    assert play(by_card, hand).active == (False, False)  # for any reason


def test_p21_the_win_at_the_start_of_the_owners_turn_then_only_undo():
    s = play(table(started(2), councils={A: (13,)}), *TWO)
    s = play(s, ev.DominanceFlipped(A), ev.TurnEnded())
    assert s.winner is None and s.current == B  # he must survive the round
    s = play(s, *TWO, ev.TurnEnded())
    assert s.winner == A and s.step == "over" and rules.legal_moves(s) == []
    for e in (ev.Drew(), ev.TurnEnded(), ev.HandChanged(B, 1, CARD), ev.Dealt()):
        refused(s, e, "P21", "py_not_now")
    unflipped = play(table(started(2), councils={A: (13,)}), *TWO)
    unflipped = play(unflipped, ev.TurnEnded(), *TWO, ev.TurnEnded())
    assert unflipped.winner is None  # "tough luck": he never flipped


def test_p22_a_hand_above_seven_pointed_out_loses_a_card_picked_by_the_app():
    s = started()
    refused(table(s, hands={B: 7}), ev.HandPointedOut(B), "P22", "py_hand_within")
    s = play(table(s, hands={B: 9}), ev.HandPointedOut(B))
    assert s.step == "pick"
    refused(s, ev.Drew(), "P22", "py_not_now")
    picked = rules.app_move(s, random.Random("pyre:7:5"))
    assert picked == rules.app_move(s, random.Random("pyre:7:5"))
    assert picked.seat == B and 1 <= picked.position <= 9
    refused(s, ev.CardPicked(B, 10), "P22", "py_no_position")
    refused(s, ev.CardPicked(C, 1), "P22", "py_not_pointed")
    s = play(s, picked, ev.HandPointedOut(B), ev.CardPicked(B, 1))  # twice: one card each
    assert s.hands[B] == 7 and s.step == "action"
    refused(s, ev.HandPointedOut(B), "P22", "py_hand_within")


def test_p23_generic_entries_with_the_card_name_never_a_hand_below_zero():
    s = table(started(), councils={B: (2, 5)}, pyre=((1, C),), hands={C: 1})
    assert play(s, ev.HandChanged(C, 2, CARD)).hands[C] == 3
    refused(s, ev.HandChanged(C, -2, CARD), "P23", "py_hand_empty")  # refused, not clamped
    refused(s, ev.HandChanged(C, 0, CARD), "P23", "py_no_change")
    refused(s, ev.HandChanged(C, 1, ""), "P23", "py_card_name")
    to_c = ev.CitizenMoved("council", "council", A, CARD, owner=B, place=1, to_owner=C)
    moved = play(s, to_c)
    assert influences(moved, B) == [2] and influences(moved, C) == [5]
    assert moved.councils[C][0].owner == C
    to_pyre = ev.CitizenMoved("council", "pyre", A, CARD, owner=B, place=0)
    assert [c.influence for c in play(s, to_pyre).pyre] == [1, 2]
    off = ev.CitizenMoved("pyre", "discard", A, CARD, place=0)
    assert play(s, off).pyre == ()
    back = ev.CitizenMoved("discard", "council", A, CARD, influence=4, to_owner=A)
    assert influences(play(s, back), A) == [4]
    too_high = ev.CitizenMoved("discard", "pyre", A, CARD, influence=21)
    refused(s, too_high, "P10", "py_influence")
    same = ev.CitizenMoved("council", "council", A, CARD, owner=B, place=0, to_owner=B)
    refused(s, same, "P23", "py_same_place")
    refused(s, ev.CitizenMoved("council", "pyre", A, CARD, owner=D), "P23", "py_no_citizen")
    rolling = play(s, ev.Accused(B, 0))
    refused(rolling, ev.HandChanged(C, 1, CARD), "P15", "py_not_now")  # the die first


def test_the_accused_citizen_moved_away_during_the_window_stays_where_it_is_P16_P24():
    s = accuse(table(started(), councils={B: (2,)}), B, 0, 6)
    s = play(s, ev.Reacted(B, "Flight"))
    s = play(s, ev.CitizenMoved("council", "council", B, "Flight", owner=B, to_owner=C))
    s = play(s, ev.WindowClosed())
    assert influences(s, C) == [2] and s.pyre == ()  # nothing moved it to the Pyre
