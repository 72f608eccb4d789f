"""Werewolf by night: the column, the pass, the attack, the reshuffle, the Cursed and the Wolf
Cub (W22–W29), the new day (W30), the end (W31–W32), the hidden pool (W34) and the record
(W38)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from narrator.games.werewolf import events as ev
from narrator.games.werewolf import rules, village
from narrator.games.werewolf.night import attacked_spot, columns_open
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.village import EMPTY, Spot
from tests.games.werewolf_table import (
    NIGHT,
    at_lynch,
    at_night,
    attack,
    dealt,
    lynch,
    only,
    refused,
    run,
    spot,
    with_spots,
)

FULL = village.SPOTS
# NIGHT less three kinds: nine residents alive (two Werewolves), for nine-card villages
NINE_DEAD = ("seer", "mayor", "minion")


def night(*names: str, dead=(), gi: int = 0, **changes) -> State:
    """Tonight's column step, the village holding ``names`` (all twelve when none)."""
    state = dealt(6, NIGHT, gi=gi)
    if names:
        state = only(state, *names)
    return at_night(replace(state, dead=tuple(dead)), **changes)


def revealed(state: State, kind: str) -> State:
    after = rules.apply(state, ev.Revealed(kind))
    assert after.total_votes == 50  # W4
    return after


# --- W22 dusk -------------------------------------------------------------------------------------
def test_protection_ends_when_night_falls_W22():
    state = with_spots(dealt(6, NIGHT), C2=Spot(protected=True))
    state = lynch(state, "seer", *["A1"] * 6)
    assert state.step is Step.NIGHT_COLUMN
    assert not any(p.protected for p in state.spots)
    assert spot(state, "C2") == Spot()


# --- W23 the column -------------------------------------------------------------------------------
def test_the_column_must_hold_two_cards_W23():
    state = night("A1", "A2", "B1", "B2", "B3", "C1", "D1", "D2", "D3", dead=NINE_DEAD)
    assert columns_open(state) == ("A", "B", "D")
    refused(state, ev.ColumnChosen("C"), "ww_column_small", "W23")
    refused(state, ev.ColumnChosen("E"), "ww_no_such_column", "W23")
    refused(state, ev.ColumnChosen("AB"), "ww_no_such_column", "W23")
    refused(state, ev.ColumnChosen(""), "ww_no_such_column", "W23")
    assert rules.apply(state, ev.ColumnChosen("b")).column == "B"


def test_an_empty_column_is_refused_W23():
    state = night("A1", "A2", "A3", "B1", "B2", "B3", "D1", "D2", "D3", dead=NINE_DEAD)
    refused(state, ev.ColumnChosen("C"), "ww_column_small", "W23")


def test_the_column_votes_go_to_the_supply_W23():
    state = with_spots(
        night(), B1=Spot(votes=2), B2=Spot(horizontal=True, votes=3), C1=Spot(votes=4)
    )
    after = rules.apply(state, ev.ColumnChosen("B"))
    assert after.supply == state.supply + 5 and after.returned == 5
    assert [spot(after, n).votes for n in ("B1", "B2", "B3", "C1")] == [0, 0, 0, 4]
    assert spot(after, "B2").horizontal  # the pass has not begun
    assert after.step is Step.NIGHT_PASS and after.total_votes == 50


def test_nothing_but_the_column_at_the_column_step_W23():
    refused(night(), ev.PassTurned(), "ww_not_now", "W23")
    refused(night(), ev.Revealed("seer"), "ww_not_now", "W23")


# --- W24 the pass ---------------------------------------------------------------------------------
@pytest.mark.parametrize("count", [3, 7, 12])
def test_n_pass_turns_then_the_attack_W24(count):
    state = at_night(dealt(count, NIGHT))
    state = rules.apply(state, ev.ColumnChosen("A"))
    for turn in range(1, count):
        state = rules.apply(state, ev.PassTurned())
        assert state.step is Step.NIGHT_PASS and state.passes == turn
        refused(state, ev.Revealed("seer"), "ww_not_now", "W24")
        refused(state, ev.ColumnChosen("B"), "ww_not_now", "W24")
    state = rules.apply(state, ev.PassTurned())
    assert state.step is Step.ATTACK_REVEAL
    refused(state, ev.PassTurned(), "ww_not_now", "W25")


def test_pass_seconds_default_and_bounds_W24():
    assert ev.Options().pass_seconds == 6
    rules.check_options(ev.Options(pass_seconds=2))
    rules.check_options(ev.Options(pass_seconds=60))
    for bad in (1, 61, 0, True, 6.5):
        created = ev.GameCreated(("a", "b", "c"), ev.Options(pass_seconds=bad))
        refused(State(), created, "option_seconds", "W24")


# --- W25 the attack -------------------------------------------------------------------------------
def test_cards_back_from_row_one_vertical_no_votes_bottom_attacked_W25():
    state = night("A1", "A2", "A3", "C1", "C2", "D1", "D2", dead=NINE_DEAD)
    state = with_spots(state, B1=Spot(horizontal=True, votes=2), B3=Spot(votes=1))
    state = attack(state, "B")
    assert spot(state, "B1") == Spot() and spot(state, "B2") == Spot()
    assert spot(state, "B3") == EMPTY
    assert attacked_spot(state) == "B2"
    after = revealed(state, "witch")
    assert spot(after, "B2") == EMPTY and spot(after, "B1") == Spot()
    assert after.dead == NINE_DEAD + ("witch",)


def test_a_full_column_loses_its_bottom_card_W25_W26():
    state = attack(night(), "C")
    after = revealed(state, "hunter")
    assert village.in_column(after.spots, "C") == ("C1", "C2")
    assert after.dead == ("hunter",)


# --- W26 death ------------------------------------------------------------------------------------
def test_the_attacked_resident_and_its_hut_leave_W26():
    state = attack(night(), "A")
    after = revealed(state, "bodyguard")
    assert "bodyguard" not in after.alive and after.huts["bodyguard"] == 0
    assert after.step is Step.HUTS and after.day == 2  # W30 next


def test_the_attacked_identity_must_be_hidden_W26_W34():
    state = attack(night(dead=("seer",)), "A")
    refused(state, ev.Revealed("seer"), "ww_not_hidden", "W34")
    refused(state, ev.Revealed("troublemaker"), "ww_not_hidden", "W34")
    refused(state, ev.Revealed("ghost"), "ww_no_such_resident", "W25")


def test_a_second_werewolf_is_still_hidden_W34():
    state = attack(night(dead=("werewolf",)), "A")
    assert revealed(state, "werewolf").step is Step.OVER  # the other one
    state = attack(night(dead=("werewolf", "werewolf")), "A")
    refused(state, ev.Revealed("werewolf"), "ww_not_hidden", "W34")


# --- W27 a werewolf's death -----------------------------------------------------------------------
def reshuffle_village() -> State:
    names = ("A3", "B1", "B2", "C2", "D1", "D2")
    state = night(*names, dead=NINE_DEAD)
    return with_spots(
        state,
        A1=Spot(votes=2),
        A2=Spot(horizontal=True, votes=3),
        C1=Spot(horizontal=True, votes=1),
    )


def test_a_werewolf_death_reshuffles_every_vertical_card_W27():
    state = with_spots(reshuffle_village(), C2=Spot(votes=4))
    state = attack(state, "B")
    after = revealed(state, "werewolf")
    assert after.shuffled == ("A1", "A3", "B1", "C2", "D1", "D2")
    assert after.returned == 6 and after.supply == state.supply + 6
    assert all(spot(after, n).votes == 0 for n in after.shuffled)
    assert spot(after, "A2") == Spot(horizontal=True, votes=3)  # horizontal: kept
    assert spot(after, "C1") == Spot(horizontal=True, votes=1)


def test_no_reshuffle_for_another_resident_W27():
    state = attack(reshuffle_village(), "B")
    after = revealed(state, "villager")
    assert after.shuffled == () and spot(after, "A1").votes == 2


def test_no_reshuffle_once_the_game_is_over_W26_W27_W31():
    state = attack(replace(reshuffle_village(), dead=NINE_DEAD + ("werewolf",)), "B")
    after = revealed(state, "werewolf")
    assert after.step is Step.OVER and after.winner == "villagers"
    assert after.shuffled == () and spot(after, "A1").votes == 2


def test_the_wolf_cub_death_does_not_reshuffle_W27_W7():
    state = attack(reshuffle_village(), "B")
    assert revealed(state, "wolf_cub").shuffled == ()


# --- W28 the Cursed -------------------------------------------------------------------------------
def test_the_cursed_converts_only_when_cursed_used_W28():
    state = attack(night(cursed_used=True), "B")
    after = revealed(state, "cursed")
    assert after.converted and "cursed" in after.alive and after.dead == ()
    assert after.shuffled == ("B1", "B2", "B3")  # with its column's cards
    assert village.in_column(after.spots, "B") == ("B1", "B2", "B3")
    assert after.werewolves_alive == 3 and after.others_alive == 9
    assert after.step is Step.HUTS and not after.cursed_used  # W30: flags cleared
    assert after.huts["cursed"] == 1  # it keeps its hut


def test_the_cursed_dies_without_cursed_used_W28_W26():
    state = attack(night(), "B")
    after = revealed(state, "cursed")
    assert not after.converted and after.dead == ("cursed",)
    assert after.shuffled == ()  # not a werewolf resident: no W27
    assert after.werewolves_alive == 2


def test_the_cursed_converts_once_per_game_then_dies_as_a_werewolf_W28_W27():
    state = revealed(attack(night(cursed_used=True), "B"), "cursed")
    assert state.converted
    state = with_spots(state, A1=Spot(votes=2), D1=Spot(horizontal=True, votes=1))
    state = at_night(state, cursed_used=True)
    after = revealed(attack(state, "C"), "cursed")
    assert after.dead == ("cursed",) and after.werewolves_alive == 2
    assert "A1" in after.shuffled and spot(after, "A1").votes == 0  # W27 ran
    assert spot(after, "D1").votes == 1 and "D1" not in after.shuffled


def test_a_conversion_is_followed_by_the_end_check_W28_W31():
    dead = ("seer", "apprentice_seer", "bodyguard", "hunter", "witch", "mayor", "minion")
    state = night("A1", "A2", "B1", "B2", "C1", dead=dead, cursed_used=True)
    assert (state.werewolves_alive, state.others_alive) == (2, 3)
    after = revealed(attack(state, "A"), "cursed")
    assert after.step is Step.OVER and after.winner == "werewolves"
    assert (after.werewolves_alive, after.others_alive) == (3, 2)


# --- W29 the Wolf Cub -----------------------------------------------------------------------------
def wolf_cub_lynched(*huts: str) -> State:
    """A day: seat 0 uses the Wolf Cub hut (and seat 1 ``huts``), the Wolf Cub on A1 is
    lynched."""
    state = dealt(6, NIGHT, gi=0)
    state = rules.apply(state, ev.HutTaken(0, "wolf_cub"))
    for seat, name in enumerate(huts, start=1):
        state = rules.apply(state, ev.HutTaken(seat, name))
    state = lynch(state, "wolf_cub", *["A1"] * 6)
    assert state.step is Step.NIGHT_COLUMN and state.wolf_cub_lynched
    return state


def test_wolf_cub_lynched_with_its_hut_used_two_attacks_W29():
    state = revealed(attack(wolf_cub_lynched(), "B"), "seer")
    assert state.step is Step.NIGHT_COLUMN and state.second_attack
    assert state.gi == 0 and state.day == 1  # the same Grand Inquisitor
    state = revealed(attack(state, "C"), "hunter")
    assert state.step is Step.HUTS and state.day == 2 and state.gi == 1
    assert state.dead == ("wolf_cub", "seer", "hunter") and not state.second_attack


def test_wolf_cub_lynched_without_its_hut_one_attack_W29():
    state = dealt(6, NIGHT, gi=0)
    state = lynch(state, "wolf_cub", *["A1"] * 6)
    after = revealed(attack(state, "B"), "seer")
    assert after.step is Step.HUTS and after.day == 2


def test_wolf_cub_used_but_not_lynched_one_attack_W29():
    state = dealt(6, NIGHT, gi=0)
    state = rules.apply(state, ev.HutTaken(0, "wolf_cub"))
    state = lynch(state, "seer", *["A1"] * 6)
    assert revealed(attack(state, "B"), "hunter").step is Step.HUTS


def test_a_conversion_counts_as_the_first_attack_W29_W28():
    state = wolf_cub_lynched("cursed")
    state = revealed(attack(state, "B"), "cursed")
    assert state.converted and state.step is Step.NIGHT_COLUMN and state.second_attack
    state = revealed(attack(state, "C"), "hunter")
    assert state.step is Step.HUTS


def test_columns_combined_before_the_second_attack_W29_W21():
    dead = ("wolf_cub", "seer", "mayor", "minion")
    state = night("A1", "A2", "B1", "C1", "C2", "D1", "D2", "D3", dead=dead, wolf_cub_lynched=True)
    state = replace(state, wolf_cub_used=True)
    state = revealed(attack(state, "A"), "villager")
    assert state.moves == (("B1", "A2"),) and state.step is Step.NIGHT_COLUMN
    assert columns_open(state) == ("A", "C", "D")


def test_the_game_can_end_at_the_first_of_two_attacks_W29_W31():
    state = wolf_cub_lynched()
    state = replace(state, dead=state.dead + ("werewolf",))
    after = revealed(attack(state, "B"), "werewolf")
    assert after.step is Step.OVER and after.winner == "villagers"


# --- W30 the new day ------------------------------------------------------------------------------
def test_new_day_marker_left_flags_cleared_huts_back_W30():
    state = night(gi=5, cursed_used=True, wolf_cub_used=True)
    state = replace(state, huts_taken=("seer", "hunter"))
    after = revealed(attack(state, "A"), "villager")
    assert after.step is Step.HUTS and after.day == 2
    assert after.gi == 0 and after.order == (0, 1, 2, 3, 4, 5) and after.hut_seat == 0
    assert not after.cursed_used and not after.wolf_cub_used and not after.wolf_cub_lynched
    assert after.huts_taken == () and after.huts_left == after.huts
    assert after.voters == () and after.cast == () and after.lynched is None


def test_new_day_marker_passes_from_whoever_holds_it_W30_W17():
    state = dealt(6, NIGHT, gi=0)
    state = rules.apply(state, ev.HutTaken(0, "mayor", seat_target=3))
    state = lynch(state, "seer", *["A1"] * 6)
    after = revealed(attack(state, "B"), "hunter")
    assert after.gi == 4 and after.order[0] == 4


def test_new_day_combines_the_columns_W30_W21():
    state = night("A1", "A2", "B1", "C1", "C2", "C3", "D1", "D2", dead=("seer", "mayor", "minion"))
    state = replace(state, dead=state.dead + ("witch",))
    after = revealed(attack(state, "A"), "villager")
    assert after.moves == (("B1", "A2"),) and after.step is Step.HUTS


# --- W31, W32 the end -----------------------------------------------------------------------------
def test_villagers_win_when_no_werewolf_is_left_W31_W32():
    state = at_lynch(dealt(6, NIGHT), "A1")
    state = replace(state, dead=("werewolf",))
    after = revealed(state, "werewolf")
    assert after.werewolves_alive == 0 and after.winner == "villagers"
    assert after.step is Step.OVER


def test_werewolves_win_when_they_outnumber_the_others_W31_W32():
    dead = ("seer", "apprentice_seer", "bodyguard", "hunter", "witch", "mayor", "minion")
    state = night("A1", "A2", "B1", "B2", "C1", dead=dead)  # w 2, o 3
    after = revealed(attack(state, "A"), "villager")
    assert (after.werewolves_alive, after.others_alive) == (2, 2)
    assert after.step is Step.HUTS  # w = o: play on
    state = at_night(after)
    after = revealed(attack(state, "B"), "wolf_cub")
    assert (after.werewolves_alive, after.others_alive) == (2, 1)
    assert after.step is Step.OVER and after.winner == "werewolves"


def test_a_lynch_can_give_the_werewolves_the_game_W31():
    dead = ("seer", "apprentice_seer", "bodyguard", "hunter", "witch", "mayor", "minion")
    state = replace(only(dealt(6, NIGHT), "A1", "A2", "B1", "B2", "C1"), dead=dead)
    after = revealed(at_lynch(state, "A1"), "villager")
    assert after.step is Step.NIGHT_COLUMN
    after = revealed(at_lynch(replace(state, dead=dead + ("villager",)), "A1"), "cursed")
    assert after.winner == "werewolves"


def test_the_count_of_werewolves_W32():
    state = dealt(6, NIGHT)
    assert (state.werewolves_alive, state.others_alive) == (2, 10)
    state = replace(state, converted=True)
    assert (state.werewolves_alive, state.others_alive) == (3, 9)
    state = replace(state, dead=("cursed", "werewolf"))
    assert (state.werewolves_alive, state.others_alive) == (1, 9)  # the dead Cursed: not counted
    state = replace(state, converted=False, dead=("wolf_cub",))
    assert (state.werewolves_alive, state.others_alive) == (2, 9)


def test_nothing_more_once_the_game_is_over_W31():
    state = revealed(replace(at_lynch(dealt(6, NIGHT), "A1"), dead=("werewolf",)), "werewolf")
    refused(state, ev.ColumnChosen("A"), "ww_not_now", "W31")
    refused(state, ev.HutTaken(0, "seer", ("B1",)), "ww_not_now", "W31")
    refused(state, ev.Revealed("seer"), "ww_not_now", "W31")


# --- W34 the hidden pool --------------------------------------------------------------------------
def test_a_converted_cursed_stays_in_the_hidden_pool_W34_W33():
    state = revealed(attack(night(cursed_used=True), "B"), "cursed")
    assert "cursed" in state.alive and state.converted
    state = at_lynch(state, "A1")
    assert revealed(state, "cursed").dead == ("cursed",)


def test_the_hidden_pool_is_the_set_minus_the_dead_W34_W33():
    state = night(dead=("villager", "werewolf"))
    assert Counter(state.alive) == Counter(NIGHT) - Counter(("villager", "werewolf"))
    assert state.alive.count("werewolf") == 1 and "villager" not in state.alive
    refused(attack(state, "A"), ev.Revealed("villager"), "ww_not_hidden", "W34")


# --- W38 the record -------------------------------------------------------------------------------
def over(count: int = 6) -> State:
    state = dealt(count, NIGHT)
    state = revealed(replace(at_lynch(state, "A1"), dead=("werewolf",)), "werewolf")
    assert state.step is Step.OVER
    return state


def test_inquisitor_cards_keyed_only_at_the_end_W38():
    refused(dealt(6), ev.InquisitorKeyed(0, "werewolf"), "ww_not_now", "W12")
    refused(night(), ev.InquisitorKeyed(0, "werewolf"), "ww_not_now", "W23")
    state = run(over(), ev.InquisitorKeyed(2, "werewolf"), ev.InquisitorKeyed(0, "villager"))
    assert state.inquisitors == ("villager", None, "werewolf", None, None, None)
    state = rules.apply(state, ev.InquisitorKeyed(2, "villager"))  # corrected
    assert state.inquisitors[2] == "villager" and state.winner == "villagers"


def test_inquisitor_card_names_and_seats_refused_W38():
    refused(over(), ev.InquisitorKeyed(0, "seer"), "ww_not_an_inquisitor", "W38")
    refused(over(), ev.InquisitorKeyed(6, "villager"), "ww_no_seat", "W38")
    refused(over(), ev.InquisitorKeyed(-1, "villager"), "ww_no_seat", "W38")


def test_no_more_inquisitor_cards_of_a_kind_than_were_dealt_W38_W3():
    """W3: 8 players are dealt 5 villager and 3 werewolf cards: a 4th werewolf card keyed
    for the record is refused, as Ravnica refuses a 4th Agent at 7 players (R5)."""
    state = run(over(8), *(ev.InquisitorKeyed(seat, "werewolf") for seat in range(3)))
    refusal = refused(state, ev.InquisitorKeyed(3, "werewolf"), "ww_too_many_werewolf_cards", "W3")
    assert str(refusal) == "Only 3 werewolf Inquisitor cards are dealt at 8 players (W3)"
    state = rules.apply(state, ev.InquisitorKeyed(2, "villager"))  # one corrected: room again
    state = rules.apply(state, ev.InquisitorKeyed(3, "werewolf"))
    assert state.inquisitors.count("werewolf") == 3
    state = run(state, *(ev.InquisitorKeyed(seat, "villager") for seat in (4, 5, 6, 7)))
    refused(state, ev.InquisitorKeyed(0, "villager"), "ww_too_many_villager_cards", "W3")
    state = rules.apply(state, ev.InquisitorKeyed(3, "werewolf"))  # the same card again
    assert state.inquisitors.count("villager") == 5
    state = rules.apply(over(4), ev.InquisitorKeyed(0, "werewolf"))  # 4 players: 3 and 1
    refusal = refused(state, ev.InquisitorKeyed(1, "werewolf"), "ww_too_many_werewolf_cards", "W3")
    assert str(refusal) == "Only 1 werewolf Inquisitor card is dealt at 4 players (W3)"
