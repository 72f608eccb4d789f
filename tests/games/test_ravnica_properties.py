"""Property tests: any game of legal moves ends with the right winner, replays from its
journal, and survives undo and redo (R4–R31 as a whole)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrator.games.base import fold
from narrator.games.ravnica import GAME, State, Step, apply, check, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import ROUNDS
from narrator.games.ravnica.tables import AGENTS, COLOURS, LOYALISTS, agents_for
from narrator.journal import Journal
from tests.games.walk import next_move

PROPERTY = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
counts = st.integers(min_value=5, max_value=10)


def random_game(seed: int, count: int) -> tuple[list, list[State]]:
    """Events of a whole game of random legal moves, and the state before and after each."""
    rng = random.Random(seed)
    states = [State()]
    events = []
    while states[-1].step is not Step.OVER:
        assert len(events) < 1000, "the game does not end"
        state = states[-1]
        if state.step not in (Step.SETUP, Step.DEAL):
            assert legal_moves(state), f"stuck at {state.step}"
        event = next_move(state, rng, count)
        assert check(state, event) is None
        events.append(event)
        states.append(apply(state, event))
    return events, states


@PROPERTY
@given(seed=seeds, count=counts)
def test_any_legal_game_ends_with_the_winner_of_R31(seed, count):
    _, states = random_game(seed, count)
    state = states[-1]
    assert state.step is Step.OVER and state.count == count
    # R27–R29, counted here without deaths(): each player dies once, whatever the causes
    dead = {s for s in (state.voted_out, state.ablaze, state.ultimate_price) if s is not None}
    assert set(state.dead()) == dead and len(state.dead()) == len(dead)
    assert {s for s, _ in state.deaths()} == dead
    roles = dict(state.roles)
    assert dead <= set(roles)  # R30: every dead player's role was keyed in
    assert sum(r == AGENTS for r in roles.values()) <= agents_for(count)  # R5
    assert sum(r == LOYALISTS for r in roles.values()) <= count - agents_for(count)
    dead_agents = sum(roles[s] == AGENTS for s in dead)
    assert state.winner == (LOYALISTS if dead_agents >= 2 else AGENTS)  # R31
    # R12: five rounds, each colour once, each with one leader
    assert sorted(state.colours_played) == sorted(COLOURS) and state.round == ROUNDS + 1
    assert sorted(c for c, _ in state.leaders) == sorted(COLOURS)
    for colour, leader in state.leaders:
        assert state.is_of(leader, colour)  # R14
    # R18: all five targeting cards drawn, once each; only Blue's shown
    assert sorted(d.colour for d in state.draws) == sorted(COLOURS)
    assert [d.by for d in state.draws if not d.secret] == ["U"]
    # R19–R24: every choice is of the drawn card's colour; White and Green never themselves
    for by, seat in state.chosen:
        assert state.is_of(seat, state.draw_of(by).colour)
        if by in "WG":
            assert seat != state.leader_of(by)
    assert state.is_of(state.ultimate_price, state.draw_of("B").colour)
    assert state.is_of(state.ablaze, state.draw_of("R").colour)
    # R27: only distinct leaders vote in the leaders' stage, once each
    for result in state.results:
        voters = [v for v, _ in result.votes]
        assert len(voters) == len(set(voters))
        if result.stage == "leaders":
            assert sorted(voters) == list(state.distinct_leaders())
    assert legal_moves(state) == []


@pytest.mark.long
@settings(PROPERTY, max_examples=25)
@given(seed=seeds, count=counts, data=st.data())
def test_journal_replays_to_the_same_state(seed, count, data):
    events, states = random_game(seed, count)
    undo_at = set(data.draw(st.lists(st.integers(1, len(events)), max_size=4)))
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.create("ravnica", Path(tmp))
        for i, event in enumerate(events, start=1):
            journal.append(event)
            if i in undo_at:  # undo, then enter the same move again
                assert journal.undo() == event
                assert journal.state == states[i - 1]
                journal.append(event)
            assert journal.state == states[i]
        reopened = Journal.open(journal.path)
        assert reopened.warnings == []
        assert reopened.events == events
        assert reopened.state == states[-1] == fold(GAME, events)
        assert [e.to_json() for e in reopened.events] == [e.to_json() for e in events]


@settings(PROPERTY, max_examples=30)
@given(seed=seeds, count=counts, data=st.data())
def test_undo_then_redo_gives_the_same_state(seed, count, data):
    events, states = random_game(seed, count)
    for k in data.draw(st.lists(st.integers(1, len(events)), min_size=1, max_size=8)):
        undone = fold(GAME, events[: k - 1])  # undo: the events before the last
        assert undone == states[k - 1]
        assert apply(undone, events[k - 1]) == states[k]  # redo


@settings(PROPERTY, max_examples=15)
@given(seed=seeds, count=counts, data=st.data())
def test_undo_and_redo_through_the_journal(seed, count, data):
    events, states = random_game(seed, count)
    cut = data.draw(st.integers(1, len(events)))
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.create("ravnica", Path(tmp))
        for event in events[:cut]:
            journal.append(event)
        undone = journal.undo()
        assert undone == events[cut - 1]
        assert Journal.open(journal.path).state == states[cut - 1]
        journal.append(undone)
        reopened = Journal.open(journal.path)
        assert reopened.state == states[cut] and reopened.events == events[:cut]


def test_undo_of_an_empty_journal_does_nothing(tmp_path):
    journal = Journal.create("ravnica", tmp_path)
    assert journal.undo() is None
    assert Journal.open(journal.path).events == []


def test_legal_moves_setup_and_deal_take_free_input():
    assert legal_moves(State()) == []
    state = apply(State(), ev.GameCreated(("A", "B", "C", "D", "E")))
    assert legal_moves(state) == []
