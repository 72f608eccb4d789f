"""The Pyre's property tests (issue 21): from any seed, count 2–6 and variant, random legal
entries keep influence equal to the council plus 3 per permanent card (P18), never lose
permanent points (P18), never leave 3 Citizens on the Pyre (P17), never make a hand negative
(P23), allow a win only at the start of its owner's turn with his token active (P21, P20), and
replay from the journal through the codec to the same state."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st

from narrator.games.pyre import events as ev
from narrator.games.pyre import rules
from narrator.games.pyre.events import Options
from narrator.games.pyre.state import PERMANENT_WORTH, TURN_END, State
from tests.games.test_pyre_rules import NAMES

MAX_ENTRIES = 3000  # every game is won well before (flips and citizens are favoured)
SETTINGS = settings(
    max_examples=5, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
COUNTS = pytest.mark.parametrize("count", [2, 3, 4, 5, 6])


def PROPERTY(test):  # noqa: N802
    """One fixed seed: every property draws the same games, each played once (cached)."""
    return fixed_seed(2121)(SETTINGS(test))


def random_options(rng: random.Random) -> Options:
    return Options(
        variant=rng.choice(("standard", "quick", "long", "tutorial")),  # P4
        shift=rng.choice((1, 2)),  # P4
        first_player=rng.choice(("drawn", "picked")),  # P6
        exonerated_to=rng.choice(("exonerator", "former_owner")),  # P12
        die_faces=rng.choice((6, 6, 8)),  # P15
        roll=rng.choice(("app", "physical")),  # P15
        reminder=rng.random() < 0.5,  # P19
    )


def pick(moves: list[ev.Event], kind: type, rng: random.Random) -> ev.Event | None:
    found = [m for m in moves if isinstance(m, kind)]
    return rng.choice(found) if found else None


def choose(s: State, moves: list[ev.Event], rng: random.Random) -> ev.Event:
    """A legal entry at random, leaning to what moves a game on: a flip when allowed, the
    turn's end, a Citizen or an accusation, a window's close."""
    leanings = {
        TURN_END: ((ev.DominanceFlipped, 0.95), (ev.TurnEnded, 0.8)),
        "action": ((ev.CitizenPlayed, 0.45), (ev.Accused, 0.3), (ev.Drew, 0.3)),
        "window": ((ev.WindowClosed, 0.6),),
    }
    for kind, chance in leanings.get(s.step, ()):
        if rng.random() < chance:
            chosen = pick(moves, kind, rng)
            if chosen is not None:
                return chosen
    return rng.choice(moves)


def kept(before: State, e: ev.Event, s: State) -> None:
    """What every entry keeps, checked against the table itself."""
    if not s.dealt:
        return
    for p in s.seats:
        council = sum(c.influence for c in s.councils[p])  # P18
        assert s.influence(p) == council + PERMANENT_WORTH * s.permanent[p]
        if before.dealt:
            assert s.permanent[p] >= before.permanent[p]  # P18: never lost
        assert s.hands[p] >= 0  # P23
        if s.active[p]:  # P20: an active token is never below the target
            assert s.influence(p) >= s.target
    assert len(s.pyre) < 3  # P17: the third ignites at once
    ids = [c.id for cs in s.councils for c in cs] + [c.id for c in s.pyre]
    assert len(ids) == len(set(ids))
    if s.winner is not None and before.winner is None:  # P21
        assert isinstance(e, ev.TurnEnded) and s.current == s.winner
        assert before.active[s.winner] and s.active[s.winner] and s.actions == 0
    if s.winner is None and s.current is not None and s.actions < 2:  # P19, P21
        assert not s.active[s.current]


@cache
def random_game(game_seed: int, count: int) -> tuple[tuple[ev.Event, ...], State]:
    """The journal and the final state, every entry checked."""
    rng = random.Random(game_seed)
    created = ev.GameCreated(NAMES[:count], random_options(rng), seed=game_seed)
    journal: list[ev.Event] = [created]
    s = rules.apply(State(), created)
    while s.step != "over":
        assert len(journal) < MAX_ENTRIES, f"the game is not won (at {s.step})"
        moves = rules.legal_moves(s)
        assert moves, f"stuck at {s.step}"
        app = rules.app_move(s, random.Random(f"pyre:{s.seed}:{len(journal)}"))
        e = app if app is not None and rng.random() < 0.9 else choose(s, moves, rng)
        assert rules.check(s, e) is None, (e, rules.check(s, e))
        before, s = s, rules.apply(s, e)
        journal.append(e)
        kept(before, e, s)
    return tuple(journal), s


@COUNTS
@PROPERTY
@given(game_seed=seeds)
def test_random_entries_keep_influence_points_pyre_and_hands_P17_P18_P20_P23(count, game_seed):
    journal, s = random_game(game_seed, count)
    assert s.count == count and s.winner is not None
    assert any(isinstance(e, ev.CitizenPlayed) for e in journal)


@COUNTS
@PROPERTY
@given(game_seed=seeds)
def test_a_win_only_at_the_start_of_its_owners_turn_with_the_token_active_P21(count, game_seed):
    journal, s = random_game(game_seed, count)
    assert isinstance(journal[-1], ev.TurnEnded) and s.current == s.winner
    assert rules.legal_moves(s) == [] and s.step == "over"
    flips = [e.seat for e in journal if isinstance(e, ev.DominanceFlipped)]
    assert s.winner in flips  # P19: he flipped it himself, at the end of a turn of his
    for e in (ev.Drew(), ev.TurnEnded(), ev.HandChanged(0, 1, "Card")):
        assert rules.check(s, e).rule == "P21"


@COUNTS
@PROPERTY
@given(game_seed=seeds)
def test_the_journal_replays_to_the_same_state_through_the_codec(count, game_seed):
    journal, s = random_game(game_seed, count)
    decoded = [ev.CODEC.decode(json.loads(json.dumps(e.to_json()))) for e in journal]
    assert tuple(decoded) == journal
    replayed = State()
    for e in decoded:
        replayed = rules.apply(replayed, e)
    assert replayed == s
