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

Coin Call with stakes (a setup option) uses every affordance the shell offers a game:
C7  After the election the caller's stake is set: a whole number 1-20 typed by the
    narrator, or rolled by the app on a d20 (seeded and journaled).
C8  The call names a partner first (a seat other than the caller's), then the side, both on
    the privacy screen: two keys. The partner stays secret until the flip.
C9  Before the flip any player but the caller may claim to double the stake; claims are
    toggled; priority goes clockwise from the seat after the caller; Enter closes the window
    and the first claimant by priority doubles.
C10 A vote for oneself is allowed, after a warning.
C11 The vote runs on one turn timer, the discussion's length, across every vote; when time
    is up it only says so.
C12 At any step before the end, anyone may write a public note (1-24 characters), kept in
    order on the table's notes.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from dataclasses import dataclass

from narrator.games.base import Event, Refusal, refusal_of
from narrator.games.common.dispatch import Dispatch
from narrator.prompts import Term, Words
from tests.games.toy import events as ev

MIN_PLAYERS, MAX_PLAYERS = 3, 6
MIN_SECONDS, MAX_SECONDS = 10, 600
NAME_LIMIT = 20
SIDES = ("heads", "tails")
MIN_STAKE, MAX_STAKE = 1, 20
NOTE_LIMIT = 24

SETUP, DISCUSSION, VOTE, CALL, FLIP, OVER = "setup", "discussion", "vote", "call", "flip", "over"
STAKE, CLAIMS = "stake", "claims"
RULE_OF_STEP = {
    SETUP: "C1",
    DISCUSSION: "C2",
    VOTE: "C3",
    STAKE: "C7",
    CALL: "C5",
    CLAIMS: "C9",
    FLIP: "C6",
    OVER: "C6",
}


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
    stakes: bool = False  # C7-C11
    stake: int | None = None  # C7
    partner: int | None = None  # C8: secret until the flip
    claims: tuple[int, ...] = ()  # C9: in priority order
    doubler: int | None = None  # C9: the first claimant once the window closed
    notes: tuple[str, ...] = ()  # C12

    @property
    def priority(self) -> tuple[int, ...]:
        """C9: every seat but the caller's, clockwise from the one after it."""
        if self.elected is None:
            return ()
        return tuple((self.elected + i) % self.count for i in range(1, self.count))

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


def game_created(s: State, e: ev.GameCreated) -> State:
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
    return State(players=names, seconds=e.seconds, seed=e.seed, step=DISCUSSION, stakes=e.stakes)


def vote_cast(s: State, e: ev.VoteCast) -> State:
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


def votes_closed(s: State, e: ev.VotesClosed) -> State:
    if s.waiting:
        raise Refusal("toy_still_to_vote", "C4", players=tuple(s.players[p] for p in s.waiting))
    tally = s.tally()
    top = max(tally.values())
    most = [p for p in s.seats if tally[p] == top]
    step = STAKE if s.stakes else CALL  # C7
    return dataclasses.replace(s, step=step, elected=most[0], tied=len(most) > 1)


def stake_set(s: State, e: ev.StakeSet) -> State:
    if not MIN_STAKE <= e.amount <= MAX_STAKE:
        raise Refusal("toy_stake_range", "C7", low=MIN_STAKE, high=MAX_STAKE)
    return dataclasses.replace(s, step=CALL, stake=e.amount)


def coin_called(s: State, e: ev.CoinCalled) -> State:
    if e.player != s.elected:
        raise Refusal("toy_not_the_caller", "C5", caller=s.players[s.elected])
    if e.side not in SIDES:
        raise Refusal("toy_not_a_side", "C5", side=e.side)
    if s.stakes:  # C8: a partner, never the caller
        if e.partner is None:
            raise Refusal("toy_no_partner", "C8")
        if seat(s, e.partner) == s.elected:
            raise Refusal("toy_partner_self", "C8", player=s.players[s.elected])
    elif e.partner is not None:
        raise Refusal("toy_partner_without_stakes", "C8")
    step = CLAIMS if s.stakes else FLIP
    return dataclasses.replace(s, step=step, call=e.side, partner=e.partner)


def claim_toggled(s: State, e: ev.ClaimToggled) -> State:
    claimant = seat(s, e.seat)
    if claimant == s.elected:  # C9: everyone but the caller
        raise Refusal("toy_caller_claims", "C9", player=s.players[claimant])
    claims = set(s.claims) ^ {claimant}
    return dataclasses.replace(s, claims=tuple(p for p in s.priority if p in claims))


def claims_closed(s: State, e: ev.ClaimsClosed) -> State:
    doubler = s.claims[0] if s.claims else None  # C9: the first by priority
    return dataclasses.replace(s, step=FLIP, doubler=doubler)


def coin_flipped(s: State, e: ev.CoinFlipped) -> State:
    if e.side not in SIDES:
        raise Refusal("toy_not_a_side", "C6", side=e.side)
    winner = "caller" if e.side == s.call else "others"
    return dataclasses.replace(s, step=OVER, flip=e.side, winner=winner)


def note_written(s: State, e: ev.NoteWritten) -> State:
    text = " ".join(e.text.split()) if isinstance(e.text, str) else ""
    if not text or len(text) > NOTE_LIMIT:  # C12
        raise Refusal("toy_note_length", "C12", limit=NOTE_LIMIT)
    return dataclasses.replace(s, notes=s.notes + (text,))


PLAYING = (DISCUSSION, VOTE, STAKE, CALL, CLAIMS, FLIP)
RULES = Dispatch(
    {  # event type: (the steps it is entered in, what it does)
        ev.GameCreated: (SETUP, game_created),  # C1, C2
        ev.DiscussionEnded: (DISCUSSION, lambda s, e: dataclasses.replace(s, step=VOTE)),
        ev.VoteCast: (VOTE, vote_cast),  # C3
        ev.VotesClosed: (VOTE, votes_closed),  # C4
        ev.StakeSet: (STAKE, stake_set),  # C7
        ev.CoinCalled: (CALL, coin_called),  # C5, C8
        ev.ClaimToggled: (CLAIMS, claim_toggled),  # C9
        ev.ClaimsClosed: (CLAIMS, claims_closed),  # C9
        ev.CoinFlipped: (FLIP, coin_flipped),  # C6
        ev.NoteWritten: (PLAYING, note_written),  # C12
    },
    not_now=lambda s: not_now(s),
    not_this_game=lambda e: Refusal("toy_not_this_game", entry=e.type),
)


def apply(s: State, e: Event) -> State:
    return RULES.apply(s, e)


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
    if s.step == STAKE:
        return [ev.StakeSet(n) for n in (MIN_STAKE, 7, MAX_STAKE)]
    if s.step == CALL:
        if s.stakes:
            partners = [p for p in s.seats if p != s.elected]
            return [ev.CoinCalled(s.elected, side, p) for side in SIDES for p in partners]
        return [ev.CoinCalled(s.elected, side) for side in SIDES]
    if s.step == CLAIMS:
        return [ev.ClaimsClosed(), *(ev.ClaimToggled(p) for p in s.priority)]
    if s.step == FLIP:
        return [ev.CoinFlipped(side) for side in SIDES]
    return []
