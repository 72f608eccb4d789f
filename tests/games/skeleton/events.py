"""Every entry of a game, as one event (seats are numbered from 0)."""

from __future__ import annotations

from dataclasses import dataclass

from narrator.games.base import Event, EventCodec


@dataclass(frozen=True)
class GameCreated(Event):
    """X1: the seats in order, how many rounds, the seed of the app's own moves."""

    type = "game_created"
    players: tuple[str, ...]
    rounds: int = 3
    seed: int = 0


@dataclass(frozen=True)
class SecretChosen(Event):
    """X2: the seat the first player picked alone at the screen (a secret until X5)."""

    type = "secret_chosen"
    seat: int


@dataclass(frozen=True)
class VoteCast(Event):
    """X3: one player's public vote, in seat order."""

    type = "vote_cast"
    voter: int
    candidate: int


@dataclass(frozen=True)
class VotesCounted(Event):
    """X4: everyone voted: the most votes wins a point."""

    type = "votes_counted"


@dataclass(frozen=True)
class Revealed(Event):
    """X5: the secret seat is shown and the game ends."""

    type = "revealed"


CODEC = EventCodec([GameCreated, SecretChosen, VoteCast, VotesCounted, Revealed])
