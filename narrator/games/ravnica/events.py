"""Every entry the narrator makes in a game of Ravnica: Inquisition, as one event.

Players are named by seat: 0 is the first seat. Colours are the letters of R1.
Randomness (the app's guild deal, the app's draws) is resolved before the event is made,
so replaying a journal never rolls a die.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from narrator.games.base import Event, EventCodec

DealMode = Literal["app", "physical"]
DeckMode = Literal["physical", "app"]
ElectionTie = Literal["guild_order", "revote", "narrator"]
FinalTie = Literal["guild_order", "nobody", "narrator"]


@dataclass(frozen=True)
class Options:
    """Every ⚖ configurable ruling, with its default."""

    deal_mode: DealMode = "app"  # R6: the app deals the guilds, or the table does
    deck_mode: DeckMode = "physical"  # R9
    opening_pause: int = 10  # R10, seconds
    round_seconds: int = 120  # R11
    final_seconds: int = 300  # R26
    election_tie: ElectionTie = "guild_order"  # R15
    final_tie: FinalTie = "guild_order"  # R27c


@dataclass(frozen=True)
class GameCreated(Event):
    """Seat order and names, the rulings, and the seed for the app's own shuffles."""

    type = "game_created"
    players: tuple[str, ...]
    options: Options = field(default_factory=Options)
    seed: int = 0


@dataclass(frozen=True)
class GuildsDealt(Event):
    """R6: the guild of each seat, dealt by the app or keyed in from the table."""

    type = "guilds_dealt"
    guilds: tuple[str, ...]


@dataclass(frozen=True)
class OpeningDone(Event):
    """R10: the Agents have seen each other; everyone's eyes are open."""

    type = "opening_done"


@dataclass(frozen=True)
class LeaderCardTurned(Event):
    """R12: the top leader card, and so the colour of this round."""

    type = "leader_card_turned"
    colour: str


@dataclass(frozen=True)
class DiscussionEnded(Event):
    """R14/R26: the timer ran out, or the narrator ended the discussion early."""

    type = "discussion_ended"


@dataclass(frozen=True)
class VoteCast(Event):
    """One voter's single vote (R14 leader election, R27 final vote)."""

    type = "vote_cast"
    voter: int
    candidate: int


@dataclass(frozen=True)
class VotesClosed(Event):
    """Every voter has voted: count the votes (R14/R15, R27)."""

    type = "votes_closed"


@dataclass(frozen=True)
class TieBroken(Event):
    """The narrator picks among the tied (⚖ R15 / R27c 'the narrator picks')."""

    type = "tie_broken"
    player: int


@dataclass(frozen=True)
class TargetDrawn(Event):
    """R18: the colour of the card drawn from the targeting deck."""

    type = "target_drawn"
    colour: str


@dataclass(frozen=True)
class PlayerChosen(Event):
    """R20/R21/R24: the player the White, Blue or Green leader chose."""

    type = "player_chosen"
    player: int


@dataclass(frozen=True)
class UltimatePriceNoted(Event):
    """R23: secret until R29."""

    type = "ultimate_price_noted"
    player: int


@dataclass(frozen=True)
class AbilityDone(Event):
    """The leader has done what the ability asks at the table."""

    type = "ability_done"


@dataclass(frozen=True)
class AblazeGiven(Event):
    """R22/R25: the Red leader gives Ablaze to a player of the last card's colour."""

    type = "ablaze_given"
    player: int


@dataclass(frozen=True)
class UltimatePriceRevealed(Event):
    """R29: the Black leader reveals the Ultimate Price."""

    type = "ultimate_price_revealed"


@dataclass(frozen=True)
class RoleRevealed(Event):
    """R30: the role card a player turned face up."""

    type = "role_revealed"
    player: int
    role: str


@dataclass(frozen=True)
class RolesConfirmed(Event):
    """R30/R31: the roles keyed in are complete; decide the winner."""

    type = "roles_confirmed"


EVENT_TYPES: tuple[type[Event], ...] = (
    GameCreated,
    GuildsDealt,
    OpeningDone,
    LeaderCardTurned,
    DiscussionEnded,
    VoteCast,
    VotesClosed,
    TieBroken,
    TargetDrawn,
    PlayerChosen,
    UltimatePriceNoted,
    AbilityDone,
    AblazeGiven,
    UltimatePriceRevealed,
    RoleRevealed,
    RolesConfirmed,
)

CODEC = EventCodec(EVENT_TYPES)
