"""Werewolf: the components, setting up and the first night (W1–W11), and what the rules
layer never holds (W33, W35, W36) or replays (W37)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from narrator.games.werewolf import events as ev
from narrator.games.werewolf import rules, village
from narrator.games.werewolf.fate import is_werewolf
from narrator.games.werewolf.residents import (
    BALANCE,
    COPIES,
    FIRST_GAME,
    FIRST_GAME_SMALL,
    HUT_KINDS,
    INQUISITORS,
    KEY,
    KIND_OF_KEY,
    KINDS,
    START_VOTES,
    SUPPLY,
    balance,
    complete,
    first_game_set,
    hut_of,
    inquisitors,
    warnings,
)
from narrator.games.werewolf.state import State, Step
from tests.games.werewolf_table import HUTS_A, NAMES, NIGHT, created, dealt, refused, run


def game_created(count: int = 6, **options) -> ev.GameCreated:
    return ev.GameCreated(NAMES[:count], ev.Options(**options))


def picking(count: int = 6) -> State:
    return rules.apply(State(), game_created(count))


# --- W1 components --------------------------------------------------------------------------------
def test_the_box_holds_50_votes_15_kinds_19_residents_W1():
    assert SUPPLY == 50
    assert len(KINDS) == len(BALANCE) == len(COPIES) == 15
    assert sum(COPIES.values()) == 19


def test_the_box_holds_19_huts_of_14_kinds_W1_W6():
    huts = Counter()
    for kind, copies in COPIES.items():
        huts[hut_of(kind)] += copies
    assert sum(huts.values()) == 19
    assert len(huts) == 14 == len(HUT_KINDS)
    assert set(huts) == set(HUT_KINDS)


def test_twelve_inquisitor_cards_seven_villagers_five_werewolves_W1_W3():
    assert max(v for v, _ in INQUISITORS.values()) == 7
    assert max(w for _, w in INQUISITORS.values()) == 5
    assert INQUISITORS[12] == (7, 5)


# --- W2 players -----------------------------------------------------------------------------------
@pytest.mark.parametrize("count", [0, 1, 2])
def test_fewer_than_three_players_refused_W2(count):
    refused(State(), game_created(count), "too_few_players", "W2")


def test_thirteen_players_refused_W2():
    refused(State(), ev.GameCreated(tuple(f"Q{i}" for i in range(13))), "too_many_players", "W2")


@pytest.mark.parametrize("count", range(3, 13))
def test_three_to_twelve_players_accepted_W2(count):
    state = rules.apply(State(), game_created(count))
    assert state.step is Step.RESIDENTS and state.players == NAMES[:count]


def test_left_is_the_next_seat_clockwise_W2():
    state = picking(5)
    assert state.left_of(0) == 1 and state.left_of(4) == 0
    assert state.clockwise_from(3) == (3, 4, 0, 1, 2)


def test_duplicate_player_names_refused_W2():
    refusal = rules.check(State(), ev.GameCreated(("Ann", "Bob", "ann")))
    assert refusal is not None and refusal.rule == "W2"


def test_game_created_only_once_W2():
    refused(picking(), game_created(), "ww_not_now", "W8")


# --- W3 the Inquisitor mix ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "count, mix",
    [
        (3, (2, 1)),
        (4, (3, 1)),
        (5, (3, 2)),
        (6, (4, 2)),
        (7, (4, 3)),
        (8, (5, 3)),
        (9, (5, 4)),
        (10, (6, 4)),
        (11, (6, 5)),
        (12, (7, 5)),
    ],
)
def test_inquisitor_mix_per_player_count_W3(count, mix):
    assert inquisitors(count) == mix
    assert sum(mix) == count


def test_inquisitor_mix_refuses_bad_counts_W3():
    from narrator.games.base import Refusal

    for count in (2, 13):
        with pytest.raises(Refusal) as raised:
            inquisitors(count)
        assert raised.value.rule == "W2"


def test_dealing_learns_no_inquisitor_card_W3():
    state = dealt(7)
    assert state.inquisitors == ()  # W38 only, at the end
    assert not any("inquisitor" in f.name for f in dataclasses.fields(ev.VillageDealt))


# --- W4 the votes ---------------------------------------------------------------------------------
@pytest.mark.parametrize("count", range(3, 13))
def test_each_player_starts_with_two_votes_from_the_supply_W4(count):
    state = dealt(count)
    assert state.held == (START_VOTES,) * count == (2,) * count
    assert state.supply == 50 - 2 * count
    assert state.on_spots == 0
    assert state.total_votes == 50


# --- W5 the residents -----------------------------------------------------------------------------
def test_balance_numbers_W5():
    assert BALANCE == {
        "apprentice_seer": 5,
        "bodyguard": 2,
        "cursed": -1,
        "hunter": 1,
        "mason": 3,
        "mayor": 1,
        "minion": 3,
        "prince": 3,
        "seer": 8,
        "sorcerer": 5,
        "troublemaker": -5,
        "villager": 0,
        "werewolf": -6,
        "witch": 1,
        "wolf_cub": -2,
    }


def test_box_copies_werewolf_4_villager_2_others_1_W5():
    assert COPIES["werewolf"] == 4 and COPIES["villager"] == 2
    assert all(n == 1 for k, n in COPIES.items() if k not in ("werewolf", "villager"))


def test_each_kind_has_its_own_key_W5():
    assert len(set(KEY.values())) == len(KINDS)
    assert all(KIND_OF_KEY[KEY[k]] == k for k in KINDS)


def test_a_fifth_werewolf_refused_W5():
    state = picking()
    for _ in range(4):
        state = rules.apply(state, ev.ResidentAdded("werewolf"))
    refused(state, ev.ResidentAdded("werewolf"), "ww_no_more_copies", "W5")
    refused(picking(), ev.ResidentsSet(("werewolf",) * 5 + HUTS_A[1:8]), "ww_no_more_copies", "W5")


def test_unknown_resident_refused_W5_W8():
    refused(picking(), ev.ResidentAdded("dragon"), "ww_no_such_resident", "W8")


# --- W6 the huts ----------------------------------------------------------------------------------
def test_a_werewolf_hut_is_a_villager_hut_W6():
    assert hut_of("werewolf") == "villager"
    assert all(hut_of(k) == k for k in KINDS if k != "werewolf")
    assert "werewolf" not in HUT_KINDS and len(HUT_KINDS) == 14


def test_every_resident_in_play_has_its_hut_W6():
    state = dealt(6, FIRST_GAME)
    assert state.huts == Counter(
        villager=5, apprentice_seer=1, seer=1, witch=1, mayor=1, hunter=1, sorcerer=1, mason=1
    )
    assert sum(state.huts.values()) == 12 == sum(state.huts_left.values())


# --- W7 werewolf residents ------------------------------------------------------------------------
def test_werewolf_residents_are_werewolves_and_a_converted_cursed_W7():
    state = dealt(6, NIGHT)
    assert is_werewolf(state, "werewolf")
    assert not is_werewolf(state, "wolf_cub")
    assert not is_werewolf(state, "cursed")
    assert is_werewolf(dataclasses.replace(state, converted=True), "cursed")
    assert state.werewolves_alive == 2  # the Wolf Cub and the Cursed are not counted
    assert dataclasses.replace(state, converted=True).werewolves_alive == 3


# --- W8 choosing the residents --------------------------------------------------------------------
def test_first_game_sets_sum_zero_W8():
    assert balance(FIRST_GAME_SMALL) == 0 == balance(FIRST_GAME)
    assert len(FIRST_GAME_SMALL) == 12 == len(FIRST_GAME)
    assert first_game_set(3) == first_game_set(4) == FIRST_GAME_SMALL
    assert all(first_game_set(n) == FIRST_GAME for n in range(5, 13))
    assert Counter(FIRST_GAME)["werewolf"] == 4


@pytest.mark.parametrize("count", [3, 4, 5, 12])
def test_first_game_set_accepted_W8(count):
    state = run(picking(count), ev.ResidentsSet(first_game_set(count)), ev.ResidentsConfirmed())
    assert state.step is Step.GRAND_INQUISITOR
    assert state.residents == first_game_set(count)


def test_village_needs_exactly_twelve_W8():
    refused(picking(), ev.ResidentsSet(HUTS_A[:11]), "ww_village_size", "W8")
    refused(picking(), ev.ResidentsSet(HUTS_A + ("witch",)), "ww_village_size", "W8")
    state = rules.apply(picking(), ev.ResidentAdded("werewolf"))
    refused(state, ev.ResidentsConfirmed(), "ww_village_size", "W8")


def test_a_thirteenth_resident_refused_W8():
    state = picking()
    for kind in HUTS_A:
        state = rules.apply(state, ev.ResidentAdded(kind))
    refused(state, ev.ResidentAdded("witch"), "ww_village_full", "W8")
    assert rules.apply(state, ev.ResidentsConfirmed()).step is Step.GRAND_INQUISITOR


def test_village_without_a_werewolf_refused_W8():
    kinds = tuple(k for k in KINDS if k != "werewolf")[:12]
    refused(picking(), ev.ResidentsSet(kinds), "ww_no_werewolf", "W8")


def test_removing_a_resident_W8():
    state = run(picking(), ev.ResidentAdded("seer"), ev.ResidentAdded("werewolf"))
    state = rules.apply(state, ev.ResidentRemoved("seer"))
    assert state.residents == ("werewolf",)
    refused(state, ev.ResidentRemoved("seer"), "ww_not_picked", "W8")
    refused(state, ev.ResidentRemoved("dragon"), "ww_no_such_resident", "W8")


@pytest.mark.parametrize("seed", range(8))
def test_complete_keeps_the_picks_and_reaches_the_target_W8(seed):
    picks = ("seer", "witch", "werewolf")
    kinds = complete(picks, random.Random(seed))
    assert kinds[:3] == picks
    assert len(kinds) == 12 and balance(kinds) == 0
    assert all(Counter(kinds)[k] <= COPIES[k] for k in KINDS)
    state = run(picking(), ev.ResidentsSet(kinds, how="complete"), ev.ResidentsConfirmed())
    assert state.step is Step.GRAND_INQUISITOR


def test_complete_puts_in_a_werewolf_and_is_seeded_W8():
    kinds = complete((), random.Random(3))
    assert "werewolf" in kinds and balance(kinds) == 0
    assert complete((), random.Random(3)) == kinds
    assert len({complete((), random.Random(s)) for s in range(20)}) > 1  # ties: seeded random


def test_complete_gets_as_near_the_target_as_it_can_W8():
    # +30 picked, 4 slots: the lowest fill is the 4 Werewolves (-24), one set only
    picks = ("seer", "apprentice_seer", "sorcerer", "mason", "prince", "minion", "bodyguard")
    picks += ("hunter",)
    assert balance(picks) == 30
    for seed in range(3):
        assert complete(picks, random.Random(seed)) == picks + ("werewolf",) * 4
    assert balance(complete(("werewolf",), random.Random(1), target=10)) == 10
    assert balance(complete(("werewolf",), random.Random(1), target=-20)) == -20


def test_sum_mason_and_sorcerer_are_warned_not_refused_W8():
    kinds = ("werewolf",) * 4 + ("seer", "witch", "mayor", "hunter", "sorcerer")
    kinds += ("villager", "mason", "bodyguard")
    assert len(kinds) == 12 and balance(kinds) != 0
    keys = [key for key, _ in warnings(kinds, 4)]
    assert keys == ["ww.warn.sum", "ww.warn.mason"]
    assert [key for key, _ in warnings(kinds, 5, target=balance(kinds))] == []
    lone = tuple(k if k != "seer" else "minion" for k in kinds)
    assert "ww.warn.sorcerer" in [key for key, _ in warnings(lone, 6)]
    state = run(picking(4), ev.ResidentsSet(kinds), ev.ResidentsConfirmed())
    assert state.step is Step.GRAND_INQUISITOR


# --- W9 the grid ----------------------------------------------------------------------------------
def test_grid_of_four_columns_and_three_rows_W9():
    assert village.SPOTS[:3] == ("A1", "A2", "A3") and village.SPOTS[-1] == "D3"
    assert len(village.SPOTS) == 12
    assert village.column_spots("B") == ("B1", "B2", "B3")
    assert village.row_spots("2") == ("A2", "B2", "C2", "D2")
    assert village.is_spot("b2") and not village.is_spot("E1") and not village.is_spot("A4")


def test_residents_dealt_face_down_vertical_no_votes_W9():
    state = dealt(6)
    assert len(state.spots) == 12
    assert all(p == village.Spot() for p in state.spots)
    assert all(p.occupied and not p.horizontal and p.votes == 0 for p in state.spots)


# --- W10 the Grand Inquisitor ---------------------------------------------------------------------
def test_grand_inquisitor_keyed_or_drawn_W10():
    state = rules.apply(created(6), ev.GrandInquisitorChosen(4))
    assert state.gi == 4 and state.step is Step.DEAL
    assert rules.apply(created(6), ev.GrandInquisitorChosen(2, drawn=True)).gi == 2
    refused(created(6), ev.GrandInquisitorChosen(6), "ww_no_seat", "W10")
    refused(created(6), ev.GrandInquisitorChosen(-1), "ww_no_seat", "W10")


def test_first_day_starts_at_the_grand_inquisitor_W10_W12():
    state = dealt(6, gi=4)
    assert state.gi == 4 and state.day == 1
    assert state.order == (4, 5, 0, 1, 2, 3) and state.hut_seat == 4


# --- W11 the first night --------------------------------------------------------------------------
def deal(count: int, **options) -> State:
    return run(created(count, **options), ev.GrandInquisitorChosen(0), ev.VillageDealt())


@pytest.mark.parametrize("count, night", [(3, False), (4, False), (5, True), (12, True)])
def test_first_night_auto_skipped_with_three_or_four_W11(count, night):
    state = deal(count)
    assert (state.step is Step.FIRST_NIGHT) is night
    if night:
        refused(state, ev.HutTaken(0, "seer", ("A1",)), "ww_not_now", "W11")
        state = rules.apply(state, ev.FirstNightDone())
    assert state.step is Step.HUTS and state.day == 1
    refused(state, ev.FirstNightDone(), "ww_not_now", "W12")


@pytest.mark.parametrize("count", [3, 4, 8])
def test_first_night_always_and_never_W11(count):
    assert deal(count, first_night="always").step is Step.FIRST_NIGHT
    assert deal(count, first_night="never").step is Step.HUTS


def test_first_night_options_checked_W11():
    refused(State(), game_created(first_night="sometimes"), "option_choice", "W11")
    refused(State(), game_created(look_seconds=0), "option_seconds", "W11")
    refused(State(), game_created(look_seconds=121), "option_seconds", "W11")
    assert ev.Options().look_seconds == 10
    assert rules.apply(State(), game_created(look_seconds=120)).options.look_seconds == 120


def test_first_night_done_has_no_field_W11_W36():
    assert dataclasses.fields(ev.FirstNightDone) == ()


# --- W33, W35, W36 no secret ----------------------------------------------------------------------
PUBLIC_FIELDS = {
    "players",
    "options",
    "seed",
    "kind",
    "kinds",
    "how",
    "seat",
    "drawn",
    "hut",
    "spots",
    "seat_target",
    "line",
    "passed",
    "spot",
    "column",
    "card",
}
SECRET_WORDS = ("seen", "saw", "look", "identity", "secret", "where", "order", "at_spot", "cards")


def test_no_event_has_a_field_for_a_secret_W33_W35():
    for event_type in ev.EVENT_TYPES:
        for f in dataclasses.fields(event_type):
            assert f.name in PUBLIC_FIELDS, (event_type.__name__, f.name)
            assert not any(word in f.name for word in SECRET_WORDS), (event_type, f.name)


def test_a_look_is_journaled_with_its_target_only_W35():
    fields = {f.name for f in dataclasses.fields(ev.HutTaken)}
    assert fields == {"seat", "hut", "spots", "seat_target", "line", "passed"}
    # identities are keyed only at a reveal (W20, W25) and the record at the end (W38)
    kinds = {t for t in ev.EVENT_TYPES if "kind" in {f.name for f in dataclasses.fields(t)}}
    assert kinds == {ev.ResidentAdded, ev.ResidentRemoved, ev.Revealed}
    cards = {t for t in ev.EVENT_TYPES if "card" in {f.name for f in dataclasses.fields(t)}}
    assert cards == {ev.InquisitorKeyed}


def test_a_spot_holds_only_occupied_orientation_votes_protected_W33():
    assert [f.name for f in dataclasses.fields(village.Spot)] == [
        "occupied",
        "horizontal",
        "votes",
        "protected",
    ]


def test_the_state_knows_no_card_at_a_spot_W33_W36():
    names = {f.name for f in dataclasses.fields(State)}
    assert not any(word in n for n in names for word in ("seen", "identity", "secret", "where"))
    state = dealt(6)
    assert state.alive == state.residents  # the public set, not where each lies


def test_pass_and_first_night_events_carry_nothing_W24_W36():
    assert dataclasses.fields(ev.PassTurned) == ()
    assert dataclasses.fields(ev.VillageDealt) == ()


# --- W37 replay -----------------------------------------------------------------------------------
def test_replaying_the_entries_gives_the_same_state_W37():
    events = [
        ev.GameCreated(NAMES[:5], ev.Options(discussion_seconds=30), seed=4),
        ev.ResidentAdded("seer"),
        ev.ResidentsSet(NIGHT),
        ev.ResidentsConfirmed(),
        ev.GrandInquisitorChosen(2, drawn=True),
        ev.VillageDealt(),
        ev.FirstNightDone(),
        ev.HutTaken(2, "seer", ("B2",)),
        ev.HutTaken(3, "hunter", ("B2",)),
        ev.HutTaken(4, "mayor", seat_target=0),
        ev.HutTaken(0, "witch", ("B2", "C1")),
        ev.HutTaken(1, "bodyguard", ("A1",)),
    ]
    state = run(State(), *events)
    assert state.step is Step.DISCUSSION
    events.append(ev.DiscussionEnded())
    state = run(state, events[-1])
    for _ in state.voters:
        e = ev.VoteCast(state.voter, "C1")
        events.append(e)
        state = rules.apply(state, e)
    events += [ev.VotesCounted(), ev.Revealed("werewolf")]
    state = run(state, *events[-2:])
    assert state.step is Step.NIGHT_COLUMN
    replayed = run(State(), *events)
    assert replayed == state
    decoded = [ev.CODEC.decode(e.to_json()) for e in events]
    assert decoded == events and run(State(), *decoded) == state


# --- the rulings of W5 and W8, both ways --------------------------------------------------------


def test_the_box_holds_one_seer_unless_any_number_is_chosen_W5():
    state = rules.apply(State(), game_created())
    state = rules.apply(state, ev.ResidentAdded("seer"))
    refused(state, ev.ResidentAdded("seer"), "ww_no_more_copies", "W5")
    free = rules.apply(State(), game_created(copies="any"))
    for _ in range(3):
        free = rules.apply(free, ev.ResidentAdded("seer"))
    assert free.residents == ("seer",) * 3


def test_a_set_beyond_the_box_is_refused_only_with_the_box_copies_W5():
    five_wolves = ("werewolf",) * 5 + FIRST_GAME[4:11]
    refused(
        rules.apply(State(), game_created()),
        ev.ResidentsSet(five_wolves),
        "ww_no_more_copies",
        "W5",
    )
    free = rules.apply(
        rules.apply(State(), game_created(copies="any")), ev.ResidentsSet(five_wolves)
    )
    assert free.residents.count("werewolf") == 5


@pytest.mark.parametrize("target", [0, 3, -3, 6, -6])
def test_completing_the_village_aims_at_the_chosen_balance_W8(target):
    for seed in range(5):
        done = complete(("seer",), random.Random(seed), target)
        assert len(done) == 12 and done[0] == "seer"
        assert balance(done) == target  # every one of these targets is reachable from a Seer


def test_a_balance_off_the_chosen_target_is_warned_not_refused_W8():
    assert ("ww.warn.sum", {"sum": 0, "target": 3}) in warnings(FIRST_GAME, 6, target=3)
    assert not [w for w in warnings(FIRST_GAME, 6, target=0) if w[0] == "ww.warn.sum"]
    state = rules.apply(State(), game_created(target=3))
    state = rules.apply(state, ev.ResidentsSet(FIRST_GAME))
    assert rules.apply(state, ev.ResidentsConfirmed()).step == Step.GRAND_INQUISITOR


def test_a_target_or_copies_the_form_does_not_offer_is_refused_W5_W8():
    refused(State(), game_created(target=5), "option_choice", "W8")
    refused(State(), game_created(copies="two"), "option_choice", "W5")
