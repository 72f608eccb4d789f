"""The rules of Coin Call, as a pure fold over its events.

C1  3 to 6 players, each with a name (not blank, no control characters, at most 20
    characters, no two alike).
C2  A timed discussion (10 to 600 seconds) opens the game; it ends when time is up or when
    the narrator ends it.
C3  Then each player, in seat order, votes once for any seat (themselves too).
C4  Once everyone has voted the votes are counted: most votes is elected; a tie goes to the
    first of the tied in seat order.
C5  The elected player calls heads or tails, alone at the screen: the call is secret.
C6  The app flips the coin. A right call: the caller wins; a wrong one: everyone else wins.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from dataclasses import dataclass

from narrator.games.base import Event, Refusal, refusal_of
from narrator.prompts import Term, Words
from tests.games.toy import events as ev

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MIN_SECONDS, MAX_SECONDS = 10, 600
NAME_LIMIT = 20
SIDES = ("heads", "tails")

SETUP, DISCUSSION, VOTE, CALL, FLIP, OVER = "setup", "discussion", "vote", "call", "flip", "over"
RULE_OF_STEP = {SETUP: "C1", DISCUSSION: "C2", VOTE: "C3", CALL: "C5", FLIP: "C6", OVER: "C6"}


@dataclass(frozen=True)
class State:
    players: tuple[str, ...] = ()
    seconds: int = 60
    seed: int = 0
    step: str = SETUP
    votes: tuple[tuple[int, int], ...] = ()  # (voter, candidate), in the order cast
    elected: int | None = None
    tied: bool = False  # the election went to seat order (C4)
    call: str | None = None  # secret until the flip (C5)
    flip: str | None = None
    winner: str | None = None  # "caller" or "others"; the shell's resume looks for it

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def seats(self) -> range:
        return range(self.count)

    @property
    def waiting(self) -> tuple[int, ...]:
        voted = {v for v, _ in self.votes}
        return tuple(p for p in self.seats if p not in voted)

    def tally(self) -> dict[int, int]:
        out = dict.fromkeys(self.seats, 0)
        for _, c in self.votes:
            out[c] += 1
        return out


def waiting_for(s: State) -> tuple[Words, str]:
    """What the game waits for, worded, and the rule of that step."""
    return Words(f"toy.wants.{s.step}"), RULE_OF_STEP[s.step]


def not_now(s: State) -> Refusal:
    wants, rule = waiting_for(s)
    return Refusal("toy_not_now", rule, wants=wants)


def clean_name(name: object) -> str:
    if not isinstance(name, str):
        raise Refusal("toy_name_blank", "C1")
    hidden = [ch for ch in name if unicodedata.category(ch)[0] == "C"]
    if hidden:
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in hidden)
        raise Refusal("toy_name_hidden", "C1", codes=codes)
    name = name.strip()
    if not name:
        raise Refusal("toy_name_blank", "C1")
    if len(name) > NAME_LIMIT:
        raise Refusal("toy_name_too_long", "C1", limit=NAME_LIMIT)
    return name


def seat(s: State, n: int) -> int:
    if not isinstance(n, int) or not 0 <= n < s.count:
        raise Refusal("toy_no_seat", "C3", seat=n + 1 if isinstance(n, int) else n, count=s.count)
    return n


def apply(s: State, e: Event) -> State:  # noqa: C901 - one branch an event
    if isinstance(e, ev.GameCreated):
        if s.step != SETUP:
            raise not_now(s)
        count = len(e.players)
        if count < MIN_PLAYERS:
            raise Refusal("too_few_players", "C1", low=MIN_PLAYERS, count=count)
        if count > MAX_PLAYERS:
            raise Refusal("too_many_players", "C1", high=MAX_PLAYERS, count=count)
        names = tuple(clean_name(p) for p in e.players)
        folded = [n.casefold() for n in names]
        for i, n in enumerate(folded):
            if n in folded[:i]:
                first = folded.index(n)
                raise Refusal("toy_same_name", "C1", first=first + 1, second=i + 1, name=names[i])
        if not MIN_SECONDS <= e.seconds <= MAX_SECONDS:
            what = Term("setup.what.seconds")
            raise Refusal("seconds_range", "C2", what=what, low=MIN_SECONDS, high=MAX_SECONDS)
        return State(players=names, seconds=e.seconds, seed=e.seed, step=DISCUSSION)
    if isinstance(e, ev.DiscussionEnded):
        if s.step != DISCUSSION:
            raise not_now(s)
        return dataclasses.replace(s, step=VOTE)
    if isinstance(e, ev.VoteCast):
        if s.step != VOTE:
            raise not_now(s)
        voter, candidate = seat(s, e.voter), seat(s, e.candidate)
        cast = dict(s.votes)
        if voter in cast:
            name = s.players[cast[voter]]
            raise Refusal("toy_already_voted", "C3", player=s.players[voter], candidate=name)
        if voter != s.waiting[0]:
            raise Refusal(
                "toy_out_of_turn", "C3", player=s.players[voter], first=s.players[s.waiting[0]]
            )
        return dataclasses.replace(s, votes=s.votes + ((voter, candidate),))
    if isinstance(e, ev.VotesClosed):
        if s.step != VOTE:
            raise not_now(s)
        if s.waiting:
            raise Refusal("toy_still_to_vote", "C4", players=tuple(s.players[p] for p in s.waiting))
        tally = s.tally()
        top = max(tally.values())
        most = [p for p in s.seats if tally[p] == top]
        return dataclasses.replace(s, step=CALL, elected=most[0], tied=len(most) > 1)
    if isinstance(e, ev.CoinCalled):
        if s.step != CALL:
            raise not_now(s)
        if e.player != s.elected:
            raise Refusal("toy_not_the_caller", "C5", caller=s.players[s.elected])
        if e.side not in SIDES:
            raise Refusal("toy_not_a_side", "C5", side=e.side)
        return dataclasses.replace(s, step=FLIP, call=e.side)
    if isinstance(e, ev.CoinFlipped):
        if s.step != FLIP:
            raise not_now(s)
        if e.side not in SIDES:
            raise Refusal("toy_not_a_side", "C6", side=e.side)
        winner = "caller" if e.side == s.call else "others"
        return dataclasses.replace(s, step=OVER, flip=e.side, winner=winner)
    raise Refusal("toy_not_this_game", entry=getattr(e, "type", type(e).__name__))


def check(state: State, event: Event) -> Refusal | None:
    """The refusal ``event`` would meet, or None when it is allowed."""
    return refusal_of(apply, state, event)


def legal_moves(s: State) -> list[Event]:
    if s.step == DISCUSSION:
        return [ev.DiscussionEnded()]
    if s.step == VOTE:
        if not s.waiting:
            return [ev.VotesClosed()]
        return [ev.VoteCast(s.waiting[0], c) for c in s.seats]
    if s.step == CALL:
        return [ev.CoinCalled(s.elected, side) for side in SIDES]
    if s.step == FLIP:
        return [ev.CoinFlipped(side) for side in SIDES]
    return []
