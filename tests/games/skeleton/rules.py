"""The rules, as a pure fold over the game's events. Write yours here, one id each: a
refusal names its rule, and the guide's checklist (docs/writing-a-game.md) asks for them.

X1  3 to 6 players, each with a name; the game lasts 1 to 9 rounds (3 by default).
X2  First, the first player alone at the screen picks a seat (any one): the secret seat.
X3  Each round, every player in seat order votes in public for another player.
X4  Once everyone has voted the votes are counted: the most votes wins a point; a tie, none.
X5  After the last round the secret seat is revealed and wins a point: the most points win
    (every player tied at the most).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from narrator.games.base import Event, Refusal
from narrator.games.common.dispatch import Dispatch
from narrator.games.common.seats import checked_seat
from narrator.prompts import Words
from tests.games.skeleton import events as ev

PLAYERS = range(3, 7)  # X1
ROUNDS = (1, 9, 3)  # X1: the fewest, the most, the default

SETUP, SECRET, VOTE, REVEAL, OVER = "setup", "secret", "vote", "reveal", "over"
RULE_OF_STEP = {SETUP: "X1", SECRET: "X2", VOTE: "X3", REVEAL: "X5", OVER: "X5"}


@dataclass(frozen=True)
class State:
    players: tuple[str, ...] = ()
    rounds: int = ROUNDS[2]
    seed: int = 0
    step: str = SETUP
    round: int = 0  # from 1 once the votes begin
    secret: int | None = None  # X2: never on a public screen before X5
    votes: tuple[tuple[int, int], ...] = ()  # this round's (voter, candidate), in order
    points: tuple[int, ...] = ()
    last_point: int | None = None  # who won the last round's point (None: a tie, X4)

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to vote this round, in seat order (X3)."""
        voted = {voter for voter, _ in self.votes}
        return tuple(seat for seat in range(self.count) if seat not in voted)

    def tally(self) -> dict[int, int]:
        out = dict.fromkeys(range(self.count), 0)
        for _, candidate in self.votes:
            out[candidate] += 1
        return out

    def winners(self) -> tuple[int, ...]:
        """X5: every seat with the most points."""
        most = max(self.points, default=0)
        return tuple(seat for seat, points in enumerate(self.points) if points == most)


def waiting_for(s: State) -> tuple[Words, str]:
    """What the game waits for, worded, and that step's rule."""
    return Words(f"skeleton.wants.{s.step}"), RULE_OF_STEP[s.step]


def not_now(s: State) -> Refusal:
    wants, rule = waiting_for(s)
    return Refusal("not_now", rule, wants=wants)  # the common words: no need to word it


def seat(s: State, n: object, rule: str) -> int:
    return checked_seat(n, s.count, rule, "no_seat")  # the common words, too


def game_created(s: State, e: ev.GameCreated) -> State:
    count = len(e.players)
    if count < PLAYERS[0]:
        raise Refusal("too_few_players", "X1", low=PLAYERS[0], count=count)
    if count > PLAYERS[-1]:
        raise Refusal("too_many_players", "X1", high=PLAYERS[-1], count=count)
    low, high, _ = ROUNDS
    if not isinstance(e.rounds, int) or not low <= e.rounds <= high:
        raise Refusal("skeleton_rounds", "X1", low=low, high=high)
    points = (0,) * count
    return State(players=e.players, rounds=e.rounds, seed=e.seed, step=SECRET, points=points)


def secret_chosen(s: State, e: ev.SecretChosen) -> State:
    return dataclasses.replace(s, secret=seat(s, e.seat, "X2"), step=VOTE, round=1)


def vote_cast(s: State, e: ev.VoteCast) -> State:
    voter, candidate = seat(s, e.voter, "X3"), seat(s, e.candidate, "X3")
    if not s.waiting:
        raise Refusal("skeleton_all_voted", "X3")
    if voter != s.waiting[0]:
        first = s.players[s.waiting[0]]
        raise Refusal("skeleton_out_of_turn", "X3", player=s.players[voter], first=first)
    if voter == candidate:
        raise Refusal("skeleton_self_vote", "X3", player=s.players[voter])
    return dataclasses.replace(s, votes=(*s.votes, (voter, candidate)))


def votes_counted(s: State, e: ev.VotesCounted) -> State:
    if s.waiting:
        raise Refusal("skeleton_still_to_vote", "X4", players=[s.players[p] for p in s.waiting])
    tally = s.tally()
    most = max(tally.values())
    top = [p for p, n in tally.items() if n == most]
    point = top[0] if len(top) == 1 else None
    points = tuple(n + (p == point) for p, n in enumerate(s.points))
    step = REVEAL if s.round == s.rounds else VOTE
    next_round = s.round if step == REVEAL else s.round + 1
    return dataclasses.replace(
        s, votes=(), points=points, last_point=point, step=step, round=next_round
    )


def revealed(s: State, e: ev.Revealed) -> State:
    points = tuple(n + (p == s.secret) for p, n in enumerate(s.points))
    return dataclasses.replace(s, points=points, step=OVER)


RULES = Dispatch(
    {  # event type: (the steps it is entered in, what it does)
        ev.GameCreated: (SETUP, game_created),  # X1
        ev.SecretChosen: (SECRET, secret_chosen),  # X2
        ev.VoteCast: (VOTE, vote_cast),  # X3
        ev.VotesCounted: (VOTE, votes_counted),  # X4
        ev.Revealed: (REVEAL, revealed),  # X5
    },
    not_now=not_now,
    not_this_game=lambda e: Refusal("not_this_game", entry=getattr(e, "type", type(e).__name__)),
)


def apply(s: State, e: Event) -> State:
    return RULES.apply(s, e)


def legal_moves(s: State) -> list[Event]:
    """Every entry the rules allow now (the property tests and the checks walk them)."""
    if s.step == SECRET:
        return [ev.SecretChosen(p) for p in range(s.count)]
    if s.step == VOTE:
        if not s.waiting:
            return [ev.VotesCounted()]
        voter = s.waiting[0]
        return [ev.VoteCast(voter, p) for p in range(s.count) if p != voter]
    if s.step == REVEAL:
        return [ev.Revealed()]
    return []
