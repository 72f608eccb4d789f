"""Setup and opening: R4–R10."""

from __future__ import annotations

import random

import pytest

from narrator.games.base import Refusal
from narrator.games.ravnica import Options, State, Step, apply, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.events import CODEC
from narrator.games.ravnica.tables import (
    AGENTS,
    COLOURS,
    GUILD_ORDER,
    GUILDS,
    LOYALISTS,
    OTHER_GUILDS,
    RNA_GUILDS,
    TEAM_NAMES,
    agents_for,
    check_player_count,
    deal_guilds,
    guilds_in_play,
    loyalists_for,
)
from tests.games.table import GUILDS as FIVE_GUILDS
from tests.games.table import NAMES, new_game, refused, run

PLAYERS = tuple(f"P{i}" for i in range(1, 12))


@pytest.mark.parametrize("count", [0, 1, 4])
def test_too_few_players_refused_R4(count):
    refusal = refused(State(), ev.GameCreated(PLAYERS[:count]), "R4", "at least 5", str(count))
    assert "5" in str(refusal)


def test_four_players_refused_R4():
    refused(State(), ev.GameCreated(PLAYERS[:4]), "R4", "at least 5 players, not 4")


def test_eleven_players_refused_R4():
    refused(State(), ev.GameCreated(PLAYERS[:11]), "R4", "at most 10 players, not 11")


@pytest.mark.parametrize("count", range(5, 11))
def test_five_to_ten_players_accepted_R4(count):
    state = apply(State(), ev.GameCreated(PLAYERS[:count]))
    assert state.step is Step.DEAL
    assert state.players == PLAYERS[:count]


def test_player_count_must_be_a_whole_number_R4():
    for bad in (4.5, True, "5"):
        with pytest.raises(Refusal) as err:
            check_player_count(bad)
        assert err.value.rule == "R4"


@pytest.mark.parametrize(
    "names, words",
    [
        (("Ann", "Bob", "Cid", "Dee", "ann"), ("Seats 1 and 5 are both called ann",)),
        (("Ann", "Bob", "Cid", "Dee", "  Ann  "), ("Seats 1 and 5",)),
        (("Ann", "Bob", "Cid", "Dee", "   "), ("blank",)),
        (("Ann", "Bob", "Cid", "Dee", ""), ("blank",)),
        (("Ann", "Bob", "Cid", "Dee", "x" * 25), ("at most 24",)),
        (("Ann", "Bob", "Cid", "Dee", "E\x07ve"), ("control",)),
    ],
)
def test_duplicate_or_blank_player_names_refused_R4(names, words):
    refused(State(), ev.GameCreated(names), None, *words)


def test_player_names_trimmed_R4():
    state = apply(State(), ev.GameCreated(("  Ann ", "Bob  Bee", "Cid", "Dee", "Zoë")))
    assert state.players == ("Ann", "Bob Bee", "Cid", "Dee", "Zoë")


@pytest.mark.parametrize("count, agents", [(5, 2), (6, 2), (7, 3), (8, 3), (9, 3), (10, 4)])
def test_agents_per_player_count_R5(count, agents):
    assert agents_for(count) == agents
    assert loyalists_for(count) == count - agents


@pytest.mark.parametrize("count", [4, 11])
def test_agents_per_player_count_refuses_bad_counts_R5(count):
    with pytest.raises(Refusal):
        agents_for(count)


def test_full_team_names_R5():
    assert TEAM_NAMES[LOYALISTS] == "Guildpact Loyalists"
    assert TEAM_NAMES[AGENTS] == "Agents of Bolas"


@pytest.mark.parametrize("count", range(5, 11))
def test_rna_guilds_always_dealt_R6(count):
    seen_extra = set()
    for seed in range(40):
        guilds = deal_guilds(count, random.Random(seed))
        assert len(guilds) == count == len(set(guilds))
        assert set(RNA_GUILDS) <= set(guilds)
        assert set(guilds) <= set(GUILD_ORDER)
        seen_extra |= set(guilds) - set(RNA_GUILDS)
        for colour in COLOURS:  # with the five RNA guilds, every colour has two players
            assert sum(colour in GUILDS[g] for g in guilds) >= 2
    if 5 < count < 10:
        assert seen_extra == set(OTHER_GUILDS)  # the extra guilds really are chosen at random


def test_guild_deal_is_seeded_and_shuffled_R6():
    assert deal_guilds(8, random.Random(3)) == deal_guilds(8, random.Random(3))
    orders = {deal_guilds(5, random.Random(seed)) for seed in range(30)}
    assert len(orders) > 10  # dealt at random to the seats
    assert guilds_in_play(5, random.Random(0)) == tuple(g for g in GUILD_ORDER if g in RNA_GUILDS)


def test_guild_deal_without_an_rna_guild_refused_R6():
    state = apply(State(), ev.GameCreated(NAMES[:5]))
    refused(
        state,
        ev.GuildsDealt(("Azorius", "Rakdos", "Gruul", "Simic", "Dimir")),
        "R6",
        "Orzhov",
    )


def test_guild_deal_must_fit_the_table_R6():
    state = apply(State(), ev.GameCreated(NAMES[:5]))
    refused(state, ev.GuildsDealt(FIVE_GUILDS[:4]), "R3", "each of the 5 players")
    refused(state, ev.GuildsDealt(("Azorius", "Azorius", "Rakdos", "Gruul", "Simic")), "R3")
    refused(state, ev.GuildsDealt(("Azorius", "Rakdos", "Gruul", "Simic", "Boggart")), "R2")
    assert apply(state, ev.GuildsDealt(FIVE_GUILDS[:5])).step is Step.OPENING


@pytest.mark.parametrize("count", range(5, 11))
def test_role_cards_one_per_player_R7(count):
    assert agents_for(count) + loyalists_for(count) == count
    assert 0 < agents_for(count) < loyalists_for(count)


def test_no_role_is_known_before_the_reveal_R7():
    state = new_game()
    assert state.roles == ()
    assert all(state.role_of(seat) is None for seat in state.seats)


def test_one_leader_card_and_one_targeting_card_per_colour_R8():
    state = new_game()
    assert state.step is Step.TURN_LEADER_CARD
    assert state.leader_cards_left() == COLOURS
    assert state.targeting_cards_left() == COLOURS
    assert state.ablaze is None and state.ultimate_price is None


def test_deck_mode_is_physical_by_default_and_app_allowed_R9():
    assert Options().deck_mode == "physical"
    state = apply(State(), ev.GameCreated(NAMES[:5], Options(deck_mode="app")))
    assert state.options.deck_mode == "app"
    with pytest.raises(ValueError, match="deck_mode"):
        CODEC.decode(
            {"type": "game_created", "players": list(NAMES[:5]), "options": {"deck_mode": "cloud"}}
        )


def test_app_deck_draws_are_replayable_R9():
    from narrator.games.ravnica.script import app_rng

    state = new_game(deck_mode="app")
    first = app_rng(state, 4).choice(state.leader_cards_left())
    assert first == app_rng(state, 4).choice(state.leader_cards_left())


def test_opening_advances_to_the_first_leader_card_R10():
    state = run(State(), ev.GameCreated(NAMES[:5]), ev.GuildsDealt(FIVE_GUILDS[:5]))
    assert state.step is Step.OPENING
    assert legal_moves(state) == [ev.OpeningDone()]
    refused(state, ev.LeaderCardTurned("W"), None, "the opening")
    assert apply(state, ev.OpeningDone()).step is Step.TURN_LEADER_CARD


def test_opening_pause_default_and_configurable_R10():
    assert Options().opening_pause == 10
    state = apply(State(), ev.GameCreated(NAMES[:5], Options(opening_pause=25)))
    assert state.options.opening_pause == 25
    no_pause = ev.GameCreated(NAMES[:5], Options(opening_pause=0))
    refused(State(), no_pause, "R10", "opening_pause must be 1 to 120 seconds")


@pytest.mark.parametrize(
    "option, rule", [("deck_mode", "R9"), ("election_tie", "R15"), ("final_tie", "R27c")]
)
def test_unknown_ruling_refused_R9(option, rule):
    options = Options(**{option: "coin toss"})
    refusal = refused(State(), ev.GameCreated(NAMES[:5], options), rule, f"{option} must be ")
    assert " or " in refusal.message and "coin toss" not in refusal.message
