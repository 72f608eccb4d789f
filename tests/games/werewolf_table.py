"""A Werewolf table to play on in tests: named seats, a few resident sets, and builders that
reach a step quickly (``dealt``), set spots by name (``with_spots``) and play a day through."""

from __future__ import annotations

from dataclasses import replace

import pytest

from narrator.games.base import Event, Refusal
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import rules, village
from narrator.games.werewolf.residents import first_game_set
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.village import EMPTY, Spot

NAMES = tuple(f"P{i}" for i in range(1, 13))

# Every hut kind is in one of these two sets (12 residents each, within the box's copies).
HUTS_A = (
    "werewolf",
    "bodyguard",
    "cursed",
    "hunter",
    "mason",
    "mayor",
    "minion",
    "prince",
    "seer",
    "sorcerer",
    "troublemaker",
    "villager",
)
HUTS_B = (
    "werewolf",
    "werewolf",
    "apprentice_seer",
    "witch",
    "wolf_cub",
    "seer",
    "hunter",
    "villager",
    "villager",
    "mayor",
    "prince",
    "sorcerer",
)
# For nights: the Cursed and the Wolf Cub, two Werewolves.
NIGHT = (
    "werewolf",
    "werewolf",
    "cursed",
    "wolf_cub",
    "seer",
    "apprentice_seer",
    "bodyguard",
    "hunter",
    "witch",
    "mayor",
    "minion",
    "villager",
)


def run(state: State, *events: Event) -> State:
    for event in events:
        state = rules.apply(state, event)
    return state


def created(count: int = 6, residents=None, **options) -> State:
    """At the Grand Inquisitor step: seats, rulings and residents chosen."""
    kinds = tuple(residents) if residents is not None else first_game_set(count)
    return run(
        State(),
        ev.GameCreated(NAMES[:count], ev.Options(**options), seed=7),
        ev.ResidentsSet(kinds),
        ev.ResidentsConfirmed(),
    )


def dealt(count: int = 6, residents=None, gi: int = 0, **options) -> State:
    """The first day's hut step: dealt, the first night (if on) done."""
    state = run(created(count, residents, **options), ev.GrandInquisitorChosen(gi))
    state = rules.apply(state, ev.VillageDealt())
    if state.step is Step.FIRST_NIGHT:
        state = rules.apply(state, ev.FirstNightDone())
    assert state.step is Step.HUTS
    return state


def refused(state: State, event: Event, key: str, rule: str | None) -> Refusal:
    """``event`` is refused (by ``check`` and ``apply`` alike) with this key and rule, and
    ``apply`` leaves the state as it was (it is frozen: nothing could change it)."""
    refusal = rules.check(state, event)
    assert isinstance(refusal, Refusal), f"{event} was allowed"
    with pytest.raises(Refusal) as raised:
        rules.apply(state, event)
    assert (raised.value.key, raised.value.rule) == (refusal.key, refusal.rule)
    assert (refusal.key, refusal.rule) == (key, rule), (refusal.key, refusal.rule)
    return refusal


def spot(state: State, name: str) -> Spot:
    return village.spot(state.spots, name)


def with_spots(state: State, **spots: Spot) -> State:
    """The village with these spots set (``A1=Spot(votes=2)``, ``B3=EMPTY``). Votes put on
    spots come from the supply, so that the 50 votes stay 50 (W4)."""
    v = state.spots
    moved = 0
    for name, value in spots.items():
        moved += value.votes - village.spot(v, name).votes
        v = village.put(v, name, value)
    return replace(state, spots=v, supply=state.supply - moved)


def only(state: State, *names: str, **spots: Spot) -> State:
    """The village holding residents on ``names`` (plain vertical cards) and ``spots``."""
    v = tuple(EMPTY for _ in village.SPOTS)
    state = replace(state, supply=state.supply + state.on_spots, spots=v)
    plain = {n: Spot() for n in names}
    return with_spots(state, **plain, **spots)


def with_supply(state: State, n: int) -> State:
    """The supply holding ``n``: the rest goes to (or comes from) the last seat (W4)."""
    held = list(state.held)
    held[-1] += state.supply - n
    assert held[-1] >= 0
    return replace(state, supply=n, held=tuple(held))


def with_held(state: State, seat: int, n: int) -> State:
    """Seat ``seat`` holding ``n`` votes, the difference from the supply (W4)."""
    held = list(state.held)
    diff = n - held[seat]
    held[seat] = n
    return replace(state, held=tuple(held), supply=state.supply - diff)


def at_turn(state: State, seat: int) -> State:
    """The hut step at ``seat``'s turn (the turns before it taken)."""
    return replace(state, turn=state.order.index(seat))


def pass_huts(state: State) -> State:
    """Every seat left in the hut step passes (or takes +2 once the huts ran out)."""
    while state.step is Step.HUTS:
        seat = state.hut_seat
        left = sorted(state.huts_left)
        event = ev.HutTaken(seat, left[0], passed=True) if left else ev.NoHutLeft(seat)
        state = rules.apply(state, event)
    return state


def vote(state: State, *spots: str) -> State:
    """W18: the voters in turn place a vote each, on these spots; then the count."""
    if state.step is Step.HUTS:
        state = pass_huts(state)
    if state.step is Step.DISCUSSION:
        state = rules.apply(state, ev.DiscussionEnded())
    assert state.step is Step.VOTE
    for name in spots:
        state = rules.apply(state, ev.VoteCast(state.voter, name))
    return rules.apply(state, ev.VotesCounted())


def lynch(state: State, kind: str, *spots: str) -> State:
    """The day through to the night: everyone's vote on ``spots``, the lynched revealed."""
    state = vote(state, *spots)
    if state.step is Step.LYNCH_TIE:
        state = rules.apply(state, ev.LynchChosen(state.tied[0]))
    return rules.apply(state, ev.Revealed(kind))


def at_lynch(state: State, name: str) -> State:
    """The lynch reveal of the resident on ``name`` (the day's turns and vote skipped)."""
    return replace(state, step=Step.LYNCH_REVEAL, lynched=name, turn=len(state.order))


def at_night(state: State, **changes) -> State:
    """Tonight's column step (the day skipped), with the flags or fields in ``changes``."""
    spots = tuple(replace(p, protected=False) for p in state.spots)
    return replace(state, step=Step.NIGHT_COLUMN, spots=spots, turn=len(state.order), **changes)


def attack(state: State, column: str) -> State:
    """W23–W25: the column chosen, the N turns of the pass: at the attack's reveal."""
    state = rules.apply(state, ev.ColumnChosen(column))
    for _ in state.seats:
        state = rules.apply(state, ev.PassTurned())
    assert state.step is Step.ATTACK_REVEAL
    return state
