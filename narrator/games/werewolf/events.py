"""Every entry of a game of Ultimate Werewolf: Inquisition, as one event (W37: each is on disk
before the screen moves on). Seats are numbered from 0; spots are named "B2" (W9), columns
"B", rows "2". No event holds a secret (W35): what a Seer saw or an Inquisitor card in play
has no field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from narrator.games.base import Event, EventCodec

SupplyRule = Literal["partial", "strict"]  # W14
FirstNight = Literal["auto", "always", "never"]  # W11: auto skips it with 3–4 players
Copies = Literal["box", "any"]  # W5


@dataclass(frozen=True)
class Options:
    """The ⚖ rulings chosen before the game (W11, W14, W18, W24)."""

    supply: SupplyRule = "partial"
    first_night: FirstNight = "auto"
    look_seconds: int = 10  # W11: the werewolves see each other
    pass_seconds: int = 6  # W24: every seat's turn of the pass
    discussion_seconds: int = 0  # W18: before the vote; 0 is none
    copies: Copies = "box"  # W5: the box's copies of each resident, or any number
    target: int = 0  # W8: the balance the picker aims at


@dataclass(frozen=True)
class GameCreated(Event):
    """W2: the seats clockwise, the rulings, the seed of the app's own moves."""

    type = "game_created"
    players: tuple[str, ...]
    options: Options = field(default_factory=Options)
    seed: int = 0


@dataclass(frozen=True)
class ResidentAdded(Event):
    """W8: one more resident of a kind in the village."""

    type = "resident_added"
    kind: str


@dataclass(frozen=True)
class ResidentRemoved(Event):
    """W8: one resident of a kind taken out again."""

    type = "resident_removed"
    kind: str


@dataclass(frozen=True)
class ResidentsSet(Event):
    """W8: the whole set at once: a first-game set, or the picks completed by the app."""

    type = "residents_set"
    kinds: tuple[str, ...]
    how: Literal["first_game", "complete"] = "first_game"


@dataclass(frozen=True)
class ResidentsConfirmed(Event):
    """W8: the 12 residents are chosen (the set is public from now on, W33)."""

    type = "residents_confirmed"


@dataclass(frozen=True)
class GrandInquisitorChosen(Event):
    """W10: the seat holding the Grand Inquisitor marker (keyed, or drawn by the app)."""

    type = "grand_inquisitor_chosen"
    seat: int
    drawn: bool = False


@dataclass(frozen=True)
class VillageDealt(Event):
    """W3, W4, W9: the Inquisitor cards dealt, 2 votes each, the residents face down."""

    type = "village_dealt"


@dataclass(frozen=True)
class FirstNightDone(Event):
    """W11: the werewolves have seen each other."""

    type = "first_night_done"


@dataclass(frozen=True)
class HutTaken(Event):
    """W12, W17: a seat's hut turn: the hut taken, and its action with its targets (spots
    ``spots``, a seat ``seat_target``, a row or column ``line``), or a pass (+2, W12)."""

    type = "hut_taken"
    seat: int
    hut: str
    spots: tuple[str, ...] = ()
    seat_target: int | None = None
    line: str | None = None
    passed: bool = False


@dataclass(frozen=True)
class NoHutLeft(Event):
    """W12: the huts ran out: this seat takes +2."""

    type = "no_hut_left"
    seat: int


@dataclass(frozen=True)
class DiscussionEnded(Event):
    """W18 ⚖: the discussion before the vote is over (only when it is on)."""

    type = "discussion_ended"


@dataclass(frozen=True)
class VoteCast(Event):
    """W18: one of the seat's own votes placed on a spot."""

    type = "vote_cast"
    seat: int
    spot: str


@dataclass(frozen=True)
class VotesCounted(Event):
    """W19: every vote is placed: the lynch is found."""

    type = "votes_counted"


@dataclass(frozen=True)
class LynchChosen(Event):
    """W19: the Grand Inquisitor's pick among the tied spots."""

    type = "lynch_chosen"
    spot: str


@dataclass(frozen=True)
class Revealed(Event):
    """W20, W25, W34: the identity of the lynched or attacked resident, turned face up."""

    type = "revealed"
    kind: str


@dataclass(frozen=True)
class ColumnChosen(Event):
    """W23: the Grand Inquisitor's column for the night."""

    type = "column_chosen"
    column: str


@dataclass(frozen=True)
class PassTurned(Event):
    """W24: one turn of the night pass is over (each is journaled: a resume keeps the pass)."""

    type = "pass_turned"


@dataclass(frozen=True)
class InquisitorKeyed(Event):
    """W38: at the end, a seat's Inquisitor card, for the record only."""

    type = "inquisitor_keyed"
    seat: int
    card: Literal["villager", "werewolf"]


EVENT_TYPES: tuple[type[Event], ...] = (
    GameCreated,
    ResidentAdded,
    ResidentRemoved,
    ResidentsSet,
    ResidentsConfirmed,
    GrandInquisitorChosen,
    VillageDealt,
    FirstNightDone,
    HutTaken,
    NoHutLeft,
    DiscussionEnded,
    VoteCast,
    VotesCounted,
    LynchChosen,
    Revealed,
    ColumnChosen,
    PassTurned,
    InquisitorKeyed,
)
CODEC = EventCodec(EVENT_TYPES)
