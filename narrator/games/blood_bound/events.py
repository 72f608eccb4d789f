"""Every entry of a game of Blood Bound (Inquisitor variant), as one event. Seats are numbered
from 0, clockwise (B8). No event holds a character (B5: the app never learns one before the
end); the one secret an event holds is the True Curse's seat, keyed on the privacy screen (B19).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from narrator.games.base import Event, EventCodec

TokenKind = Literal["rose", "beast", "unknown", "rank", "fleur"]  # B2, B13


@dataclass(frozen=True)
class Options:
    """The ⚖ rulings chosen before the game."""

    clans: Literal["rose_beast", "gargoyle_phoenix"] = "rose_beast"  # B1: names only
    curses: Literal["by_count", "one_each"] = "by_count"  # B7: 1+1/1+2/1+3, or always 1+1
    first_dagger: Literal["drawn", "picked"] = "drawn"  # B9
    abilities: Literal["any_wound", "attack_wounds"] = "any_wound"  # B17
    curse_to_self: bool = False  # B19: the Inquisitor may keep a curse


@dataclass(frozen=True)
class GameCreated(Event):
    """B4, B8: the names clockwise (7, 9 or 11), the rulings, the seed of the app's draws."""

    type = "game_created"
    players: tuple[str, ...]
    options: Options = field(default_factory=Options)
    seed: int = 0


@dataclass(frozen=True)
class CardsDealt(Event):
    """B5–B7: the characters dealt face down, the curse cards beside the fleur cross."""

    type = "cards_dealt"


@dataclass(frozen=True)
class CluesShown(Event):
    """B8: everyone has shown his clue icon to the player on his left."""

    type = "clues_shown"


@dataclass(frozen=True)
class DaggerGiven(Event):
    """B9: the first dagger holder, drawn by the app (``drawn``) or picked by the table."""

    type = "dagger_given"
    seat: int
    drawn: bool = False


@dataclass(frozen=True)
class DaggerPassed(Event):
    """B10: the dagger holder passes the dagger to another player."""

    type = "dagger_passed"
    by: int
    to: int


@dataclass(frozen=True)
class Attacked(Event):
    """B10, B11: the dagger holder attacks another player."""

    type = "attacked"
    by: int
    target: int


@dataclass(frozen=True)
class InterventionOffered(Event):
    """B12: a player offers to intervene (keyed again: the offer is taken back)."""

    type = "intervention_offered"
    seat: int


@dataclass(frozen=True)
class InterventionPicked(Event):
    """B12: the target picks one who offered, or none (``seat`` None)."""

    type = "intervention_picked"
    seat: int | None = None


@dataclass(frozen=True)
class WoundTaken(Event):
    """B13: the wounded player's token, face up: its kind, and a rank token's number."""

    type = "wound_taken"
    seat: int
    kind: TokenKind
    rank: int = 0  # 1–9 for kind "rank"


@dataclass(frozen=True)
class AbilityDeclined(Event):
    """B17, B28: the player who just took his rank token does not use his ability (or it can
    do nothing: ``no_effect``)."""

    type = "ability_declined"
    seat: int
    no_effect: bool = False


@dataclass(frozen=True)
class AbilityUsed(Event):
    """B17, B27: a numbered character's ability: ``targets`` are the players it names (the
    Harlequin two, the Mage's Staff one, none for the Elder); ``heal`` is the Alchemist's
    choice (B14: heal rather than wound)."""

    type = "ability_used"
    seat: int
    targets: tuple[int, ...] = ()
    heal: bool = False


@dataclass(frozen=True)
class Healed(Event):
    """B14: the healed player returns one token he holds, his choice."""

    type = "healed"
    seat: int
    kind: TokenKind
    rank: int = 0


@dataclass(frozen=True)
class CursesGiven(Event):
    """B19, on the privacy screen: who gets a curse card, and which of them the True Curse
    (the app's one secret, never shown before B26)."""

    type = "curses_given"
    seat: int
    holders: tuple[int, ...]
    true_curse: int


@dataclass(frozen=True)
class CaptureKeyed(Event):
    """B22: the captured player and his captor, keyed by the narrator."""

    type = "capture_keyed"
    captured: int
    captor: int


@dataclass(frozen=True)
class CharacterKeyed(Event):
    """B22: a revealed character, keyed by the narrator: its clan and rank (the Inquisitor's
    clan is "inquisitor", rank 0; his clue icon does not matter)."""

    type = "character_keyed"
    seat: int
    clan: Literal["rose", "beast", "inquisitor"]
    rank: int = 0


@dataclass(frozen=True)
class CurseFlipped(Event):
    """B26: a held curse card flipped face up, as the narrator reads it (the card wins over the
    privacy screen; the journal keeps what it said)."""

    type = "curse_flipped"
    seat: int
    true: bool


EVENT_TYPES: tuple[type[Event], ...] = (
    GameCreated,
    CardsDealt,
    CluesShown,
    DaggerGiven,
    DaggerPassed,
    Attacked,
    InterventionOffered,
    InterventionPicked,
    WoundTaken,
    AbilityDeclined,
    AbilityUsed,
    Healed,
    CursesGiven,
    CaptureKeyed,
    CharacterKeyed,
    CurseFlipped,
)
CODEC = EventCodec(EVENT_TYPES)
