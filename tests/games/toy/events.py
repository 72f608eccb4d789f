"""Every entry of a game of Coin Call, as one event. Seats are numbered from 0.

The coin is flipped by the app before the event is made (``CoinFlipped`` holds its side),
so replaying a journal never flips it again.
"""

from __future__ import annotations

from dataclasses import dataclass

from narrator.games.base import Event, EventCodec


@dataclass(frozen=True)
class GameCreated(Event):
    """C1/C2: seat order and names, the discussion's length, the seed of the app's flip."""

    type = "game_created"
    players: tuple[str, ...]
    seconds: int = 60
    seed: int = 0
    stakes: bool = False  # C7-C11: Coin Call with stakes


@dataclass(frozen=True)
class DiscussionEnded(Event):
    """C2: time is up, or the narrator ended the talk early."""

    type = "discussion_ended"


@dataclass(frozen=True)
class VoteCast(Event):
    """C3: one player's vote, in seat order."""

    type = "vote_cast"
    voter: int
    candidate: int


@dataclass(frozen=True)
class VotesClosed(Event):
    """C4: everyone voted: count the votes."""

    type = "votes_closed"


@dataclass(frozen=True)
class CoinCalled(Event):
    """C5: the elected player's secret call (text: the rules refuse a side that is none)."""

    type = "coin_called"
    player: int
    side: str
    partner: int | None = None  # C8: with stakes, the seat the caller shares the win with


@dataclass(frozen=True)
class CoinFlipped(Event):
    """C6: the side the app's coin landed on."""

    type = "coin_flipped"
    side: str


@dataclass(frozen=True)
class StakeSet(Event):
    """C7: the caller's stake, typed by the narrator or rolled by the app on a d20 (``roll``:
    the die and its face, journaled)."""

    type = "stake_set"
    amount: int
    roll: tuple[str, int] | None = None


@dataclass(frozen=True)
class ClaimToggled(Event):
    """C9: a seat claims to double the stake, or takes its claim back."""

    type = "claim_toggled"
    seat: int


@dataclass(frozen=True)
class ClaimsClosed(Event):
    """C9: the window is closed: the first claimant by priority doubles."""

    type = "claims_closed"


@dataclass(frozen=True)
class NoteWritten(Event):
    """C12: a public note, at any step before the end."""

    type = "note_written"
    text: str


EVENT_TYPES: tuple[type[Event], ...] = (
    GameCreated,
    DiscussionEnded,
    VoteCast,
    VotesClosed,
    CoinCalled,
    CoinFlipped,
    StakeSet,
    ClaimToggled,
    ClaimsClosed,
    NoteWritten,
)
CODEC = EventCodec(EVENT_TYPES)
