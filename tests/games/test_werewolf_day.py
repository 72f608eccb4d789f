"""Werewolf by day: the hut turns and every hut's action with its refusals (W12–W17), the vote
(W18), the lynch (W19–W20) and combining the columns (W21)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from narrator.games.werewolf import events as ev
from narrator.games.werewolf import rules, village
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.village import EMPTY, Spot
from tests.games.werewolf_table import (
    HUTS_A,
    HUTS_B,
    NIGHT,
    at_lynch,
    at_turn,
    dealt,
    lynch,
    only,
    pass_huts,
    refused,
    run,
    spot,
    vote,
    with_held,
    with_spots,
    with_supply,
)


def day(kinds=HUTS_A, **options) -> State:
    return dealt(6, kinds, **options)


def hut(state: State, name: str, *spots: str, seat=None, line=None, passed=False):
    return ev.HutTaken(state.hut_seat, name, tuple(spots), seat, line, passed)


def act(state: State, name: str, *spots: str, seat=None, line=None) -> State:
    after = rules.apply(state, hut(state, name, *spots, seat=seat, line=line))
    assert after.total_votes == 50  # W4
    return after


# --- W12 the hut turns ----------------------------------------------------------------------------
def test_hut_turns_from_the_grand_inquisitor_clockwise_W12():
    state = dealt(6, HUTS_A, gi=3)
    order = []
    for name in ("prince", "cursed", "seer", "mayor", "minion", "mason"):
        order.append(state.hut_seat)
        state = rules.apply(state, hut(state, name, passed=True))
    assert order == [3, 4, 5, 0, 1, 2] and state.step is Step.VOTE


def test_not_your_hut_turn_refused_W12():
    state = day()
    refused(state, ev.HutTaken(1, "prince"), "ww_not_your_turn", "W12")
    refused(state, ev.NoHutLeft(5), "ww_not_your_turn", "W12")


def test_a_hut_taken_today_is_gone_W12():
    state = act(day(), "prince")
    assert state.huts_left["prince"] == 0 and state.huts_taken == ("prince",)
    refused(state, hut(state, "prince"), "ww_hut_gone", "W12")
    refused(state, hut(state, "prince", passed=True), "ww_hut_gone", "W12")


def test_two_villager_huts_with_a_werewolf_and_a_villager_W12_W6():
    state = day()
    assert state.huts_left["villager"] == 2
    state = act(state, "villager", "A1")
    state = act(state, "villager", "A2")
    refused(state, hut(state, "villager", "A3"), "ww_hut_gone", "W12")


def test_no_werewolf_hut_W6_W12():
    refused(day(), ev.HutTaken(0, "werewolf", ("A1",)), "ww_no_such_hut", "W6")
    refused(day(), ev.HutTaken(0, "dragon", passed=True), "ww_no_such_hut", "W6")


def test_a_hut_never_in_the_village_is_refused_as_such_not_as_taken_W6():
    """No Witch in the village: no Witch hut was ever there (W6), none was taken today (W12)."""
    refusal = refused(day(), ev.HutTaken(0, "witch", ("A1", "A2")), "ww_hut_not_in_play", "W6")
    assert str(refusal) == "There is no Witch in this village, so no Witch hut (W6)"
    assert "left today" not in refusal.text("ru") and refusal.text("ru").endswith("(W6)")


def test_a_pass_takes_two_votes_W12():
    state = day()
    after = rules.apply(state, hut(state, "seer", passed=True))
    assert after.held[0] == 4 and after.supply == state.supply - 2
    assert after.huts_taken == ("seer",) and spot(after, "A1") == Spot()


def test_a_pass_names_no_target_W12_W17():
    state = day()
    refused(state, hut(state, "seer", "A1", passed=True), "ww_targets", "W17")


def test_no_hut_left_only_when_the_huts_ran_out_W12():
    state = day()
    refused(state, ev.NoHutLeft(0), "ww_huts_left", "W12")
    # 12 players, 10 residents alive: the last two seats find no hut
    state = dealt(12, HUTS_A)
    state = replace(state, dead=("seer", "mason"), spots=village.put(state.spots, "A1", EMPTY))
    state = replace(state, spots=village.put(state.spots, "B1", EMPTY))
    assert sum(state.huts_left.values()) == 10
    for _ in range(10):
        state = rules.apply(state, hut(state, sorted(state.huts_left)[0], passed=True))
    assert not state.huts_left and state.hut_seat == 10
    refused(state, hut(state, "prince", passed=True), "ww_hut_gone", "W12")
    before = state.supply
    state = rules.apply(state, ev.NoHutLeft(10))
    assert state.held[10] == 4 and state.supply == before - 2
    state = rules.apply(state, ev.NoHutLeft(11))
    assert state.step is Step.VOTE and state.total_votes == 50


def test_hut_order_fixed_when_the_mayor_moves_the_marker_W12_W17():
    state = dealt(6, HUTS_A, gi=0)
    state = act(state, "mayor", seat=3)
    assert state.gi == 3
    assert state.order == (0, 1, 2, 3, 4, 5) and state.hut_seat == 1
    state = pass_huts(state)
    assert state.voters[0] == 3  # W18: the vote starts at the new Grand Inquisitor


# --- W13 pay --------------------------------------------------------------------------------------
def test_pay_moves_own_votes_to_the_supply_W13():
    state = day(HUTS_B)
    after = act(state, "apprentice_seer", "B1")
    assert after.held[0] == 1 and after.supply == state.supply + 1


def test_pay_refused_with_too_few_votes_W13():
    state = with_held(day(HUTS_B), 0, 0)
    refused(state, hut(state, "apprentice_seer", "B1"), "ww_cannot_pay", "W13")
    state = with_held(day(), 0, 1)
    refused(state, hut(state, "mason", seat=2), "ww_cannot_pay", "W13")
    state = with_held(day(), 0, 0)
    refused(state, hut(state, "troublemaker", line="A"), "ww_cannot_pay", "W13")


# --- W14 take from a limited supply ---------------------------------------------------------------
def test_supply_ruling_partial_by_default_W14():
    assert ev.Options().supply == "partial"
    refused(
        State(), ev.GameCreated(("a", "b", "c"), ev.Options(supply="lax")), "option_choice", "W14"
    )


@pytest.mark.parametrize("name", ["prince", "cursed", "hunter", "minion", "villager"])
@pytest.mark.parametrize("supply", [0, 1])
def test_partial_supply_takes_what_is_left_W14(name, supply):
    state = with_spots(day(supply="partial"), A1=Spot(votes=1, horizontal=True))
    state = with_supply(state, supply)
    spots = () if name in ("prince", "cursed") else ("A1",)
    after = act(state, name, *spots)
    assert after.supply == 0
    placed = spot(after, "A1").votes - 1
    kept = after.held[0] - 2
    assert placed + kept == supply
    if name in ("hunter", "minion"):
        assert placed == supply and kept == 0  # all on X
    if name == "villager":
        assert (placed, kept) == (supply, 0)  # W14: 1 taken is placed, none kept
    assert after.cursed_used is (name == "cursed")  # W16: the flag still set


def test_partial_hunter_with_one_in_the_supply_places_it_W14_W17():
    state = with_supply(day(supply="partial"), 1)
    after = act(state, "hunter", "C2")
    assert spot(after, "C2").votes == 1 and after.held[0] == 2 and after.supply == 0


def test_partial_villager_with_one_taken_places_it_keeps_none_W14_W17():
    state = with_supply(day(supply="partial"), 1)
    after = act(state, "villager", "C2")
    assert spot(after, "C2").votes == 1 and after.held[0] == 2 and after.supply == 0


def test_partial_look_still_happens_with_an_empty_supply_W14():
    state = with_supply(day(HUTS_B, supply="partial"), 0)
    state = with_spots(state, B2=Spot(horizontal=True))
    after = act(state, "sorcerer", "B2")  # looks; takes nothing
    assert spot(after, "B2") == Spot(horizontal=True) and after.held == state.held
    state = with_supply(day(HUTS_B, supply="partial"), 2)
    after = act(state, "wolf_cub")
    assert after.wolf_cub_used and after.held[0] == 4 and after.supply == 0


@pytest.mark.parametrize(
    "name, n", [("prince", 4), ("cursed", 4), ("hunter", 3), ("minion", 2), ("villager", 2)]
)
def test_strict_supply_refuses_an_action_taking_more_W14(name, n):
    state = with_supply(with_spots(day(supply="strict"), A1=Spot(votes=1)), n - 1)
    spots = () if name in ("prince", "cursed") else ("A1",)
    refused(state, hut(state, name, *spots), "ww_supply_short", "W14")
    enough = with_supply(with_spots(day(supply="strict"), A1=Spot(votes=1)), n)
    after = act(enough, name, *spots)
    assert after.supply == 0


def test_strict_supply_pass_takes_what_is_left_W12_W14():
    state = with_supply(day(supply="strict"), 1)
    after = rules.apply(state, hut(state, "prince", passed=True))
    assert after.held[0] == 3 and after.supply == 0
    after = rules.apply(after, hut(after, "cursed", passed=True))
    assert after.held[1] == 2 and after.supply == 0
    state = with_supply(day(supply="strict"), 0)
    state = at_turn(replace(state, huts_taken=tuple(state.huts_left.elements())), 0)
    after = rules.apply(state, ev.NoHutLeft(0))
    assert after.held[0] == 2


def test_strict_supply_wolf_cub_refused_short_W14_W16():
    state = with_supply(day(HUTS_B, supply="strict"), 2)
    refused(state, hut(state, "wolf_cub"), "ww_supply_short", "W14")


# --- W15 where votes go ---------------------------------------------------------------------------
def test_votes_go_on_any_occupied_unprotected_spot_W15():
    state = with_spots(day(), B2=Spot(protected=True), C3=EMPTY, D1=Spot(horizontal=True))
    refused(state, hut(state, "hunter", "B2"), "ww_protected", "W15")
    refused(state, hut(state, "villager", "B2"), "ww_protected", "W15")
    refused(state, hut(state, "hunter", "C3"), "ww_empty_spot", "W15")
    refused(state, hut(state, "hunter", "E1"), "ww_no_such_spot", "W15")
    after = act(state, "hunter", "D1")
    assert spot(after, "D1") == Spot(horizontal=True, votes=3)
    after = act(state, "hunter", "d1")  # the spot's name in any case
    assert spot(after, "D1").votes == 3


# --- W16 flags ------------------------------------------------------------------------------------
def test_flags_set_by_the_action_not_by_a_pass_W16():
    state = day()
    assert not state.cursed_used
    assert not rules.apply(state, hut(state, "cursed", passed=True)).cursed_used
    assert act(state, "cursed").cursed_used
    state = day(HUTS_B)
    assert not rules.apply(state, hut(state, "wolf_cub", passed=True)).wolf_cub_used
    assert act(state, "wolf_cub").wolf_cub_used


# --- W17 every hut --------------------------------------------------------------------------------
def test_apprentice_seer_pays_one_and_turns_x_W17():
    state = with_spots(day(HUTS_B), B1=Spot(votes=2))
    after = act(state, "apprentice_seer", "B1")
    assert spot(after, "B1") == Spot(horizontal=True, votes=2)
    assert after.held[0] == 1 and after.supply == state.supply + 1


def test_apprentice_seer_refused_on_a_horizontal_card_W17():
    state = with_spots(day(HUTS_B), B1=Spot(horizontal=True), B2=EMPTY)
    refused(state, hut(state, "apprentice_seer", "B1"), "ww_looked_at", "W17")
    refused(state, hut(state, "apprentice_seer", "B2"), "ww_empty_spot", "W17")
    refused(state, hut(state, "apprentice_seer", "Z1"), "ww_no_such_spot", "W17")


def test_bodyguard_votes_to_the_supply_and_protects_W17():
    state = with_spots(day(), C1=Spot(votes=3, horizontal=True))
    after = act(state, "bodyguard", "C1")
    assert spot(after, "C1") == Spot(horizontal=True, votes=0, protected=True)
    assert after.supply == state.supply + 3 and after.returned == 3
    assert act(day(), "bodyguard", "A1").spots[0] == Spot(protected=True)


def test_bodyguard_refused_on_an_empty_spot_W17():
    state = with_spots(day(), C1=EMPTY)
    refused(state, hut(state, "bodyguard", "C1"), "ww_empty_spot", "W17")


def test_cursed_takes_four_and_sets_the_flag_W17():
    state = day()
    after = act(state, "cursed")
    assert after.held[0] == 6 and after.supply == state.supply - 4 and after.cursed_used


def test_hunter_puts_three_votes_on_x_W17():
    state = day()
    after = act(state, "hunter", "B3")
    assert spot(after, "B3").votes == 3 and after.held[0] == 2
    assert after.supply == state.supply - 3


def test_hunter_refused_on_a_protected_spot_W17_W15():
    state = with_spots(day(), B3=Spot(protected=True))
    refused(state, hut(state, "hunter", "B3"), "ww_protected", "W15")


def test_mason_pays_two_on_another_seat_W17():
    state = day()
    after = act(state, "mason", seat=4)
    assert after.held[0] == 0 and after.supply == state.supply + 2
    assert after.spots == state.spots and after.gi == state.gi


def test_mason_refused_on_the_user_and_off_the_table_W17():
    state = day()
    refused(state, hut(state, "mason", seat=0), "ww_mason_self", "W17")
    refused(state, hut(state, "mason", seat=6), "ww_no_seat", "W17")
    refused(state, hut(state, "mason", "A1"), "ww_targets", "W17")


def test_mayor_moves_the_marker_self_allowed_W17():
    state = dealt(6, HUTS_A, gi=2)
    assert act(state, "mayor", seat=5).gi == 5
    assert act(state, "mayor", seat=2).gi == 2
    refused(state, hut(state, "mayor", seat=-1), "ww_no_seat", "W17")
    refused(state, hut(state, "mayor"), "ww_targets", "W17")


def test_minion_puts_two_on_a_spot_with_votes_W17():
    state = with_spots(day(), D2=Spot(votes=1))
    after = act(state, "minion", "D2")
    assert spot(after, "D2").votes == 3 and after.held[0] == 2


def test_minion_refused_on_a_spot_with_no_vote_W17():
    state = day()
    refused(state, hut(state, "minion", "D2"), "ww_no_votes_there", "W17")
    state = with_spots(state, D2=Spot(protected=True))
    refused(state, hut(state, "minion", "D2"), "ww_protected", "W15")


def test_prince_takes_four_W17():
    state = day()
    after = act(state, "prince")
    assert after.held[0] == 6 and after.supply == state.supply - 4
    assert not after.cursed_used and not after.wolf_cub_used


def test_seer_turns_x_horizontal_W17():
    state = with_spots(day(), A3=Spot(votes=1, protected=True))
    after = act(state, "seer", "A3")
    assert spot(after, "A3") == Spot(horizontal=True, votes=1, protected=True)
    assert after.held == state.held and after.supply == state.supply


def test_seer_refused_on_a_horizontal_card_W17():
    state = with_spots(day(), A3=Spot(horizontal=True))
    refused(state, hut(state, "seer", "A3"), "ww_looked_at", "W17")


def test_sorcerer_looks_at_a_horizontal_card_and_puts_two_on_it_W17():
    state = with_spots(day(), C3=Spot(horizontal=True, votes=1))
    after = act(state, "sorcerer", "C3")
    assert spot(after, "C3") == Spot(horizontal=True, votes=3)  # stays horizontal
    assert after.held[0] == 2


def test_sorcerer_refused_on_a_vertical_or_protected_card_W17():
    state = day()
    refused(state, hut(state, "sorcerer", "C3"), "ww_sorcerer_vertical", "W17")
    state = with_spots(state, C3=Spot(horizontal=True, protected=True))
    refused(state, hut(state, "sorcerer", "C3"), "ww_protected", "W15")


def test_troublemaker_pays_one_and_turns_a_line_vertical_W17():
    state = with_spots(
        day(),
        A2=Spot(horizontal=True, votes=2),
        B2=Spot(protected=True),
        C2=EMPTY,
        D2=Spot(horizontal=True),
        A1=Spot(horizontal=True),
    )
    after = act(state, "troublemaker", line="2")
    assert spot(after, "A2") == Spot(votes=2)  # votes stay on the spot
    assert spot(after, "B2") == Spot(protected=True)  # so does protection
    assert spot(after, "C2") == EMPTY and spot(after, "D2") == Spot()
    assert spot(after, "A1") == Spot(horizontal=True)  # not in the row
    assert after.shuffled == ("A2", "B2", "D2")
    assert after.held[0] == 1 and after.supply == state.supply + 1
    column = act(state, "troublemaker", line="a")
    assert column.shuffled == ("A1", "A2", "A3")
    assert spot(column, "A1") == Spot() and spot(column, "A2") == Spot(votes=2)


def test_troublemaker_refused_on_an_empty_or_unknown_line_W17():
    state = only(day(), "A1", "A2", "B1", "B2", "C1")
    refused(state, hut(state, "troublemaker", line="D"), "ww_line_empty", "W17")
    refused(state, hut(state, "troublemaker", line="3"), "ww_line_empty", "W17")
    refused(state, hut(state, "troublemaker", line="E"), "ww_no_such_line", "W17")
    refused(state, hut(state, "troublemaker", line="4"), "ww_no_such_line", "W17")
    refused(state, hut(state, "troublemaker", line="AB"), "ww_no_such_line", "W17")
    refused(state, hut(state, "troublemaker"), "ww_targets", "W17")


def test_villager_puts_one_on_x_and_keeps_one_W17():
    state = day()
    after = act(state, "villager", "B1")
    assert spot(after, "B1").votes == 1 and after.held[0] == 3
    assert after.supply == state.supply - 2


def test_villager_refused_on_a_protected_spot_W17_W15():
    state = with_spots(day(), B1=Spot(protected=True))
    refused(state, hut(state, "villager", "B1"), "ww_protected", "W15")


def test_witch_moves_all_votes_from_x_to_y_W17():
    state = with_spots(day(HUTS_B), A1=Spot(votes=3, horizontal=True), D3=Spot(votes=1))
    after = act(state, "witch", "A1", "D3")
    assert spot(after, "A1") == Spot(horizontal=True) and spot(after, "D3") == Spot(votes=4)
    assert after.held == state.held and after.supply == state.supply


def test_witch_refused_without_votes_on_x_or_onto_x_or_a_protected_y_W17():
    state = with_spots(day(HUTS_B), A1=Spot(votes=3), B1=Spot(protected=True), C1=EMPTY)
    refused(state, hut(state, "witch", "A2", "A1"), "ww_no_votes_there", "W17")
    refused(state, hut(state, "witch", "A1", "A1"), "ww_witch_same", "W17")
    refused(state, hut(state, "witch", "A1", "a1"), "ww_witch_same", "W17")
    refused(state, hut(state, "witch", "A1", "B1"), "ww_protected", "W15")
    refused(state, hut(state, "witch", "A1", "C1"), "ww_empty_spot", "W15")
    refused(state, hut(state, "witch", "C1", "A1"), "ww_empty_spot", "W17")
    refused(state, hut(state, "witch", "A1"), "ww_targets", "W17")


def test_witch_onto_no_such_spot_refused_W17_W15():
    state = with_spots(day(HUTS_B), A1=Spot(votes=3))
    refused(state, hut(state, "witch", "A1", "E9"), "ww_no_such_spot", "W15")
    refused(state, hut(state, "witch", "E9", "A1"), "ww_no_such_spot", "W17")


def test_wolf_cub_takes_three_and_sets_the_flag_W17():
    state = day(HUTS_B)
    after = act(state, "wolf_cub")
    assert after.held[0] == 5 and after.supply == state.supply - 3 and after.wolf_cub_used


@pytest.mark.parametrize(
    "name, wrong",
    [
        ("prince", {"spots": ("A1",)}),
        ("cursed", {"seat_target": 1}),
        ("seer", {}),
        ("seer", {"spots": ("A1", "A2")}),
        ("hunter", {"line": "A"}),
        ("mayor", {"spots": ("A1",)}),
        ("troublemaker", {"spots": ("A1",)}),
    ],
)
def test_an_action_with_the_wrong_targets_refused_W17(name, wrong):
    state = day()
    refused(state, ev.HutTaken(0, name, **wrong), "ww_targets", "W17")


# --- W18 the vote ---------------------------------------------------------------------------------
def test_no_discussion_by_default_straight_to_the_vote_W18():
    assert ev.Options().discussion_seconds == 0
    state = pass_huts(day())
    assert state.step is Step.VOTE


def test_discussion_timer_before_the_vote_W18():
    state = pass_huts(day(discussion_seconds=90))
    assert state.step is Step.DISCUSSION
    refused(state, ev.VoteCast(0, "A1"), "ww_not_now", "W18")
    state = rules.apply(state, ev.DiscussionEnded())
    assert state.step is Step.VOTE and state.voter == 0
    refused(state, ev.DiscussionEnded(), "ww_not_now", "W18")
    refused(pass_huts(day()), ev.DiscussionEnded(), "ww_not_now", "W18")


def test_discussion_seconds_bounds_W18():
    created = ev.GameCreated(("a", "b", "c"), ev.Options(discussion_seconds=-1))
    refused(State(), created, "option_seconds", "W18")
    created = ev.GameCreated(("a", "b", "c"), ev.Options(discussion_seconds=3601))
    refused(State(), created, "option_seconds", "W18")


def test_each_seat_with_a_vote_places_one_from_the_gi_clockwise_W18():
    state = dealt(6, HUTS_A, gi=4)
    state = run(state, hut(state, "prince", passed=True), ev.HutTaken(5, "seer", passed=True))
    state = act(state, "mason", seat=1)  # seat 0 pays its 2 votes
    state = pass_huts(state)
    assert state.step is Step.VOTE
    assert state.voters == (4, 5, 1, 2, 3)  # seat 0 holds no vote: skipped
    assert state.voter == 4
    refused(state, ev.VoteCast(5, "A1"), "ww_not_your_vote", "W18")
    refused(state, ev.VoteCast(0, "A1"), "ww_not_your_vote", "W18")
    before = state.held[4]
    state = rules.apply(state, ev.VoteCast(4, "b2"))
    assert state.held[4] == before - 1 and spot(state, "B2").votes == 1  # the vote moves
    assert state.cast == ((4, "B2"),) and state.voter == 5
    assert state.total_votes == 50


def test_vote_on_a_protected_or_empty_spot_refused_W18_W15():
    state = pass_huts(with_spots(day(), A1=Spot(protected=True), A2=EMPTY))
    refused(state, ev.VoteCast(state.voter, "A1"), "ww_protected", "W15")
    refused(state, ev.VoteCast(state.voter, "A2"), "ww_empty_spot", "W15")
    refused(state, ev.VoteCast(state.voter, "Q7"), "ww_no_such_spot", "W15")
    assert spot(rules.apply(state, ev.VoteCast(state.voter, "A3")), "A3").votes == 1


def test_counting_waits_for_every_voter_and_no_vote_after_W18():
    state = pass_huts(day())
    refused(state, ev.VotesCounted(), "ww_still_to_vote", "W18")
    for _ in state.voters:
        state = rules.apply(state, ev.VoteCast(state.voter, "C1"))
    refused(state, ev.VoteCast(0, "C1"), "ww_everyone_voted", "W18")
    assert spot(state, "C1").votes == 6


# --- W19 the lynch --------------------------------------------------------------------------------
def test_the_spot_with_most_votes_is_lynched_W19():
    state = vote(day(), "B2", "B2", "C1", "B2", "A1", "A1")
    assert state.step is Step.LYNCH_REVEAL and state.lynched == "B2" and state.tied == ()


def test_a_tie_is_the_grand_inquisitors_pick_among_the_tied_W19():
    state = vote(day(), "B2", "C1", "B2", "C1", "A1", "D3")
    assert state.step is Step.LYNCH_TIE and state.tied == ("B2", "C1")
    refused(state, ev.LynchChosen("A1"), "ww_not_tied", "W19")
    refused(state, ev.LynchChosen("D3"), "ww_not_tied", "W19")
    refused(state, ev.Revealed("seer"), "ww_not_now", "W19")
    after = rules.apply(state, ev.LynchChosen("c1"))
    assert after.step is Step.LYNCH_REVEAL and after.lynched == "C1"


def test_no_vote_at_all_ties_every_unprotected_spot_W19():
    state = with_spots(day(), A1=Spot(protected=True), D3=EMPTY)
    state = replace(state, held=(0,) * 6, supply=50, turn=5)  # nobody holds a vote
    state = rules.apply(state, hut(state, "prince", passed=True))
    state = with_held(state, 5, 0)
    state = replace(state, voters=())
    assert state.step is Step.VOTE and state.voter is None
    state = rules.apply(state, ev.VotesCounted())
    assert state.step is Step.LYNCH_TIE
    assert state.tied == tuple(n for n in village.SPOTS if n not in ("A1", "D3"))


def test_a_protected_spot_is_never_lynched_W19_W15():
    state = with_spots(day(), A1=Spot(protected=True))
    state = vote(state, "B1", "B1", "B1", "B1", "B1", "B1")
    assert state.lynched == "B1"


# --- W20 the lynched leaves -----------------------------------------------------------------------
def test_lynched_votes_to_the_supply_resident_and_hut_leave_W20():
    state = with_spots(day(), B2=Spot(votes=5, horizontal=True), C1=Spot(votes=2))
    state = at_lynch(state, "B2")
    after = rules.apply(state, ev.Revealed("seer"))
    assert spot(after, "B2") == EMPTY and spot(after, "C1").votes == 2
    assert after.supply == state.supply + 5 and after.returned == 5
    assert after.dead == ("seer",) and "seer" not in after.alive
    assert after.huts["seer"] == 0 and after.total_votes == 50
    assert after.step is Step.NIGHT_COLUMN  # W22 next


def test_a_lynched_werewolf_takes_a_villager_hut_W20_W6():
    state = at_lynch(day(), "A1")
    assert state.huts["villager"] == 2
    after = rules.apply(state, ev.Revealed("werewolf"))
    assert after.huts["villager"] == 1 and after.dead == ("werewolf",)


def test_a_lynched_converted_cursed_takes_the_cursed_hut_W20_W28():
    state = replace(at_lynch(dealt(6, NIGHT), "A1"), converted=True)
    assert state.werewolves_alive == 3
    after = rules.apply(state, ev.Revealed("cursed"))
    assert after.huts["cursed"] == 0 and after.huts["villager"] == 3
    assert after.werewolves_alive == 2


def test_lynch_identity_must_be_hidden_W20_W34():
    state = at_lynch(day(), "A1")
    refused(state, ev.Revealed("witch"), "ww_not_hidden", "W34")
    refused(state, ev.Revealed("dragon"), "ww_no_such_resident", "W20")


def test_lynch_then_the_end_check_W20_W31():
    state = replace(at_lynch(day(), "A1"), dead=("seer",))  # the last Werewolf
    after = rules.apply(state, ev.Revealed("werewolf"))
    assert after.step is Step.OVER and after.winner == "villagers"


def test_a_wolf_cub_lynch_is_noted_W20_W29():
    state = at_lynch(dealt(6, NIGHT), "A1")
    assert rules.apply(state, ev.Revealed("wolf_cub")).wolf_cub_lynched
    assert not rules.apply(state, ev.Revealed("werewolf")).wolf_cub_lynched


# --- W21 combining --------------------------------------------------------------------------------
def test_combine_moves_the_second_single_to_the_first_top_free_row_W21():
    state = only(
        day(),
        "C1",
        "C2",
        "C3",
        "D1",
        "D2",
        A3=Spot(horizontal=True, votes=2, protected=True),
        B2=Spot(horizontal=True, votes=1),
    )
    v, moves = village.combine(state.spots)
    assert moves == (("B2", "A1"),)
    assert village.spot(v, "A1") == Spot(horizontal=True, votes=1)  # kept all it had
    assert village.spot(v, "A3") == Spot(horizontal=True, votes=2, protected=True)
    assert village.spot(v, "B2") == EMPTY
    assert village.votes_on(v) == village.votes_on(state.spots)


def test_combine_runs_while_two_columns_hold_one_W21():
    state = only(day(), "A2", "B3", "C1", "D1", "D2")
    v, moves = village.combine(state.spots)
    assert moves == (("B3", "A1"),)  # then C is the only single column
    assert village.in_column(v, "A") == ("A1", "A2") and village.in_column(v, "C") == ("C1",)
    state = only(day(), "A1", "B1", "C1", "D1")
    v, moves = village.combine(state.spots)
    assert moves == (("B1", "A2"), ("D1", "C2"))  # then C and D are the two singles
    assert village.occupied(v) == ("A1", "A2", "C1", "C2")
    state = only(day(), "A1", "A2", "A3", "B1", "B2", "C1", "D2")
    v, moves = village.combine(state.spots)
    assert moves == (("D2", "C2"),)


def test_combine_leaves_a_single_column_alone_W21():
    state = only(day(), "A1", "B1", "B2", "C1", "C2", "C3")
    assert village.combine(state.spots) == (state.spots, ())


def test_combine_after_the_lynch_W21_W20():
    state = only(day(), "A1", "B1", "B2", "C1", "C2", "D1", "D2", "D3")
    state = at_lynch(state, "B1")
    after = rules.apply(state, ev.Revealed("seer"))
    assert after.moves == (("B2", "A2"),)
    assert village.occupied(after.spots) == ("A1", "A2", "C1", "C2", "D1", "D2", "D3")
    assert after.step is Step.NIGHT_COLUMN


def test_a_played_day_through_to_the_night_W12_W18_W19_W20():
    state = dealt(6, HUTS_B, gi=2)
    state = act(state, "seer", "B2")
    state = act(state, "hunter", "B2")
    state = act(state, "witch", "B2", "C3")
    state = act(state, "apprentice_seer", "A1")
    state = act(state, "villager", "C3")
    state = act(state, "sorcerer", "A1")
    assert state.step is Step.VOTE
    assert spot(state, "C3").votes == 4 and spot(state, "A1") == Spot(horizontal=True, votes=2)
    state = run(state, *(ev.VoteCast(p, "C3") for p in state.voters), ev.VotesCounted())
    assert state.lynched == "C3"
    state = rules.apply(state, ev.Revealed("villager"))
    assert state.step is Step.NIGHT_COLUMN and state.total_votes == 50
    assert state.huts["villager"] == 3
    assert lynch(dealt(6, NIGHT), "minion", *["A1"] * 6).dead == ("minion",)
