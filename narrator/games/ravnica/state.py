"""The state of a game of Ravnica: Inquisition, and what can be read off it.

The state is never edited: ``rules.apply`` makes a new one from the old and an event.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from narrator.games.ravnica.events import Options
from narrator.games.ravnica.tables import AGENTS, COLOURS, GUILDS, LOYALISTS, guild_rank

ROUNDS = 5  # R12: each colour is the round's colour exactly once


class Step(StrEnum):
    """Where the game stands: what the narrator is asked for next."""

    SETUP = "setup"  # players and rulings
    DEAL = "deal"  # R6 guild deal
    OPENING = "opening"  # R10 eyes closed
    TURN_LEADER_CARD = "turn_leader_card"  # R12
    DISCUSSION = "discussion"  # R11/R13
    ELECTION = "election"  # R14
    ELECTION_TIE = "election_tie"  # R15 ⚖ the narrator picks
    DRAW = "draw"  # R18 targeting draw of W, U, B, G
    CHOOSE = "choose"  # R20/R21/R23/R24
    ABILITY = "ability"  # the leader acts at the table
    ABLAZE_DRAW = "ablaze_draw"  # R22/R25
    ABLAZE_GIVE = "ablaze_give"  # R22/R25
    FINAL_DISCUSSION = "final_discussion"  # R26
    FINAL_VOTE = "final_vote"  # R27, R27a, R27b
    FINAL_TIE = "final_tie"  # R27c ⚖ the narrator picks
    REVEAL = "reveal"  # R28/R29
    ROLES = "roles"  # R30
    OVER = "over"  # R31


class Stage(StrEnum):
    """Which vote a ballot is."""

    ELECTION = "election"  # R14
    REVOTE = "revote"  # R15 ⚖ a re-vote among the tied
    LEADERS = "leaders"  # R27
    VOTEOFF = "voteoff"  # R27a
    NON_LEADERS = "non_leaders"  # R27b


@dataclass(frozen=True)
class Ballot:
    """A vote under way: who may vote, for whom, and the votes so far (in the order cast)."""

    stage: Stage
    voters: tuple[int, ...]
    candidates: tuple[int, ...]
    votes: tuple[tuple[int, int], ...] = ()

    def vote_of(self, voter: int) -> int | None:
        for v, c in self.votes:
            if v == voter:
                return c
        return None

    @property
    def waiting(self) -> tuple[int, ...]:
        """Voters who have not voted yet, in seat order."""
        voted = {v for v, _ in self.votes}
        return tuple(v for v in self.voters if v not in voted)

    @property
    def complete(self) -> bool:
        return not self.waiting

    def tally(self) -> dict[int, int]:
        counts = Counter(c for _, c in self.votes)
        return {c: counts.get(c, 0) for c in self.candidates}

    def most_voted(self) -> tuple[int, ...]:
        tally = self.tally()
        top = max(tally.values(), default=0)
        return tuple(c for c in self.candidates if tally[c] == top)


@dataclass(frozen=True)
class BallotResult:
    """A counted ballot, kept for the game record."""

    round: int  # 1..5, or 6 for the final round
    colour: str | None  # the round's colour; None in the final round
    stage: Stage
    votes: tuple[tuple[int, int], ...]
    tied: tuple[int, ...]  # those with the most votes
    winner: int | None  # None: still tied (a further vote follows) or nobody dies
    decided_by: str  # "majority", "guild_order", "narrator", "nobody", "next_vote"


@dataclass(frozen=True)
class Draw:
    """R18: a card of the targeting deck, who drew it and whether it is still secret."""

    by: str  # the colour whose leader drew it
    colour: str
    secret: bool  # R18 ⚖ all draws are secret except Blue's


@dataclass(frozen=True)
class State:
    step: Step = Step.SETUP
    players: tuple[str, ...] = ()
    options: Options = Options()
    seed: int = 0
    guilds: tuple[str, ...] = ()
    round: int = 0  # 1..5 during the colour rounds, 6 in the final round
    colours_played: tuple[str, ...] = ()  # R12: round colours in order
    leaders: tuple[tuple[str, int], ...] = ()  # (colour, seat) in round order
    ballot: Ballot | None = None
    results: tuple[BallotResult, ...] = ()
    draws: tuple[Draw, ...] = ()
    chosen: tuple[tuple[str, int], ...] = ()  # (ability colour, seat) for W, U, G
    ablaze_card: int | None = None  # R22: the Red leader holds the card until R25
    ablaze: int | None = None  # R22: who was given Ablaze (public)
    ultimate_price: int | None = None  # R23: SECRET until ultimate_price_revealed
    ultimate_price_revealed: bool = False  # R29
    voted_out: int | None = None  # R27
    roles: tuple[tuple[int, str], ...] = ()  # R30, (seat, role), sorted by seat
    winner: str | None = None  # R31: AGENTS or LOYALISTS

    # --- who is who -------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def seats(self) -> range:
        return range(len(self.players))

    def colours_of(self, seat: int) -> tuple[str, str]:
        return GUILDS[self.guilds[seat]]

    def is_of(self, seat: int, colour: str) -> bool:
        """R3: a player is of a colour when their guild has it."""
        return colour in self.colours_of(seat)

    def names(self, seats) -> tuple[str, ...]:
        """The players in ``seats``, by name, in that order."""
        return tuple(self.players[s] for s in seats)

    def players_of(self, colour: str) -> tuple[int, ...]:
        return tuple(s for s in self.seats if self.is_of(s, colour))

    def leader_of(self, colour: str) -> int | None:
        for c, seat in self.leaders:
            if c == colour:
                return seat
        return None

    def colours_led_by(self, seat: int) -> tuple[str, ...]:
        return tuple(c for c, s in self.leaders if s == seat)

    def distinct_leaders(self) -> tuple[int, ...]:
        """R27: each distinct colour leader, in seat order (a double leader once)."""
        return tuple(sorted({s for _, s in self.leaders}))

    def non_leaders(self) -> tuple[int, ...]:
        led = set(self.distinct_leaders())
        return tuple(s for s in self.seats if s not in led)

    def first_in_guild_order(self, seats: tuple[int, ...]) -> int:
        """R15 ⚖: among tied players, the one whose guild comes first in the guild order."""
        return min(seats, key=lambda s: guild_rank(self.guilds[s]))

    # --- the round --------------------------------------------------------------------
    @property
    def round_colour(self) -> str | None:
        if 1 <= self.round <= ROUNDS and len(self.colours_played) == self.round:
            return self.colours_played[-1]
        return None

    @property
    def round_leader(self) -> int | None:
        colour = self.round_colour
        return None if colour is None else self.leader_of(colour)

    def leader_cards_left(self) -> tuple[str, ...]:
        return tuple(c for c in COLOURS if c not in self.colours_played)

    def targeting_cards_left(self) -> tuple[str, ...]:
        drawn = {d.colour for d in self.draws}
        return tuple(c for c in COLOURS if c not in drawn)

    def draw_of(self, by: str) -> Draw | None:
        for d in self.draws:
            if d.by == by:
                return d
        return None

    def chosen_by(self, colour: str) -> int | None:
        for c, seat in self.chosen:
            if c == colour:
                return seat
        return None

    # --- the end ----------------------------------------------------------------------
    def deaths(self) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """R27–R29 in order: (seat, causes). A player dies once, whatever the causes (R29)."""
        causes: dict[int, list[str]] = {}
        if self.step in (Step.REVEAL, Step.ROLES, Step.OVER):
            if self.voted_out is not None:
                causes.setdefault(self.voted_out, []).append("vote")
            if self.ablaze is not None:
                causes.setdefault(self.ablaze, []).append("ablaze")
        if self.ultimate_price_revealed and self.ultimate_price is not None:
            causes.setdefault(self.ultimate_price, []).append("ultimate_price")
        return tuple((seat, tuple(c)) for seat, c in causes.items())

    def dead(self) -> tuple[int, ...]:
        return tuple(seat for seat, _ in self.deaths())

    def role_of(self, seat: int) -> str | None:
        for s, role in self.roles:
            if s == seat:
                return role
        return None

    def dead_agents(self) -> int:
        return sum(1 for s in self.dead() if self.role_of(s) == AGENTS)

    def decide_winner(self) -> str:
        """R31: at least two Agents of Bolas dead: the Loyalists win; otherwise the Agents."""
        return LOYALISTS if self.dead_agents() >= 2 else AGENTS
