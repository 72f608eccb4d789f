"""Werewolf property tests: random games of legal entries (``moves.legal_moves``) keep the 50
votes (W4), never leave two single columns where a turn or a night begins (W21), end with the
winner of W31, and replay from their entries to the same state (W37)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st

from narrator.games.werewolf import events as ev
from narrator.games.werewolf import rules, village
from narrator.games.werewolf.moves import legal_moves
from narrator.games.werewolf.night import columns_open
from narrator.games.werewolf.residents import KINDS, complete, first_game_set
from narrator.games.werewolf.state import State, Step
from tests.games.werewolf_table import NAMES

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def PROPERTY(test):  # noqa: N802
    """One fixed seed for every property: the four tests draw the same games, played once
    (``random_game`` is cached), so the whole file stays fast."""
    return fixed_seed(20260)(SETTINGS(test))


seeds = st.integers(min_value=0, max_value=2**32 - 1)
counts = st.integers(min_value=3, max_value=12)
supplies = st.sampled_from(("partial", "strict"))
MAX_STEPS = 4000


def choose_residents(state: State, rng: random.Random) -> list[ev.Event]:
    """W8, quickly: the first-game set, or a few picks completed by the app; confirmed."""
    if rng.random() < 0.3:
        kinds = first_game_set(state.count)
        return [ev.ResidentsSet(kinds), ev.ResidentsConfirmed()]
    picks = [ev.ResidentAdded(rng.choice(KINDS)) for _ in range(rng.randint(0, 3))]
    out: list[ev.Event] = []
    for pick in picks:
        if rules.check(state, pick) is None:
            state = rules.apply(state, pick)
            out.append(pick)
    kinds = complete(state.residents, rng)
    return [*out, ev.ResidentsSet(kinds, how="complete"), ev.ResidentsConfirmed()]


def singles(state: State) -> int:
    return sum(len(village.in_column(state.spots, c)) == 1 for c in village.COLUMNS)


@cache
def random_game(game_seed: int, count: int, supply: str) -> tuple[tuple[ev.Event, ...], State]:
    """A whole game of random legal entries; every invariant checked after each entry."""
    rng = random.Random(game_seed)
    options = ev.Options(
        supply=supply,
        first_night=rng.choice(("auto", "always", "never")),
        discussion_seconds=rng.choice((0, 0, 45)),
    )
    state = rules.apply(State(), ev.GameCreated(NAMES[:count], options, seed=game_seed))
    events: list[ev.Event] = [ev.GameCreated(NAMES[:count], options, seed=game_seed)]
    queue = choose_residents(state, rng)
    while state.step is not Step.OVER:
        assert len(events) < MAX_STEPS, "the game does not end"
        if queue:
            event = queue.pop(0)
        else:
            moves = legal_moves(state)
            assert moves, f"stuck at {state.step}"
            event = rng.choice(moves)
        assert rules.check(state, event) is None
        state = rules.apply(state, event)
        events.append(event)
        check_invariants(state)
    return tuple(events), state


def check_invariants(state: State) -> None:
    if not state.spots:  # not dealt yet
        return
    assert state.total_votes == 50, state  # W4
    assert state.supply >= 0 and min(state.held) >= 0
    assert all(p.votes >= 0 for p in state.spots)
    assert all(p.votes == 0 for p in state.spots if p.protected)  # W15, W17 Bodyguard
    assert all(p == village.EMPTY for p in state.spots if not p.occupied)
    assert len(village.occupied(state.spots)) == len(state.alive)  # W20, W26, W28
    if (state.step is Step.HUTS and state.turn == 0) or state.step is Step.NIGHT_COLUMN:
        assert singles(state) <= 1  # W21
    if state.step is Step.NIGHT_COLUMN:
        assert columns_open(state)  # W23: one exists while the game is on
    if state.step is Step.HUTS:
        assert state.order == state.clockwise_from(state.order[0])  # W12
        assert len(state.order) == state.count


@pytest.mark.long
@PROPERTY
@given(game_seed=seeds, count=counts, supply=supplies)
def test_any_legal_game_keeps_the_fifty_votes_W4(game_seed, count, supply):
    events, state = random_game(game_seed, count, supply)
    assert state.total_votes == 50
    assert sum(isinstance(e, ev.VillageDealt) for e in events) == 1


@PROPERTY
@given(game_seed=seeds, count=counts, supply=supplies)
def test_no_two_single_columns_at_a_hut_turn_or_a_night_W21(game_seed, count, supply):
    events, _ = random_game(game_seed, count, supply)
    state = State()
    for event in events:
        state = rules.apply(state, event)
        if (state.step is Step.HUTS and state.turn == 0) or state.step is Step.NIGHT_COLUMN:
            assert singles(state) <= 1


@PROPERTY
@given(game_seed=seeds, count=counts, supply=supplies)
def test_any_legal_game_ends_with_the_winner_of_W31(game_seed, count, supply):
    events, state = random_game(game_seed, count, supply)
    assert state.step is Step.OVER and state.count == count
    w, o = state.werewolves_alive, state.others_alive
    assert (state.winner == "villagers") == (w == 0)
    if state.winner == "werewolves":
        assert w > o
    assert state.winner in ("villagers", "werewolves")
    # W32: w counted from what was revealed
    chosen = state.residents.count("werewolf")
    cursed = int(state.converted and "cursed" not in state.dead)
    assert w == chosen - state.dead.count("werewolf") + cursed
    # the last entry ended it: a lynch or a night's reveal (W31: at once)
    assert isinstance(events[-1], ev.Revealed)
    assert legal_moves(state) == []


@PROPERTY
@given(game_seed=seeds, count=counts, supply=supplies)
def test_replaying_the_entries_gives_the_same_state_W37(game_seed, count, supply):
    events, state = random_game(game_seed, count, supply)
    replayed = State()
    for event in events:
        replayed = rules.apply(replayed, event)
    assert replayed == state
    decoded = [ev.CODEC.decode(e.to_json()) for e in events]
    assert tuple(decoded) == events
