"""Every entry of a game of the Pyre, as one event. Seats are numbered from 0, clockwise (P6);
a Citizen is named by where it is: its council's seat and its place there (from 0, in the
order played), or its place on the Pyre (from 0, in the order it arrived). No event holds a
card in hand (P1): only hand sizes change; a card's name is kept as the narrator typed it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from narrator.games.base import Event, EventCodec

Variant = Literal["standard", "quick", "long", "tutorial"]  # P4
Place = Literal["council", "pyre", "discard", "points"]  # P23; "points" is always refused (P18)


@dataclass(frozen=True)
class Options:
    """The ⚖ rulings chosen before the game."""

    variant: Variant = "standard"  # P4
    shift: int = 1  # P4: quick −1/−2, long +1/+2 (the narrator picks)
    first_player: Literal["drawn", "picked"] = "drawn"  # P6
    influence_max: int = 20  # P10: a Citizen's influence is keyed 0…this
    exonerated_to: Literal["exonerator", "former_owner"] = "exonerator"  # P12
    die_faces: int = 6  # P15
    roll: Literal["app", "physical"] = "app"  # P15
    reminder: bool = True  # P19: the app reminds a player who may flip
    turn_timer: int = 0  # P7: seconds a turn, 0 for none (the shell's; no rule reads it)


@dataclass(frozen=True)
class GameCreated(Event):
    """P2, P6: the names clockwise (2–6), the rulings, the seed of the app's draws."""

    type = "game_created"
    players: tuple[str, ...]
    options: Options = field(default_factory=Options)
    seed: int = 0


@dataclass(frozen=True)
class Dealt(Event):
    """P5: the Pyre token out, the deck beside it, 6 cards and a Dominance token (inactive)
    to each player."""

    type = "dealt"


@dataclass(frozen=True)
class FirstPlayer(Event):
    """P6: the starting player, drawn by the app (``drawn``) or picked by the narrator."""

    type = "first_player"
    seat: int
    drawn: bool = False


@dataclass(frozen=True)
class Drew(Event):
    """P9: the current player draws a card (an action)."""

    type = "drew"


@dataclass(frozen=True)
class DeckEmptied(Event):
    """P9: the deck's last card was taken; Draw is refused until it is refilled."""

    type = "deck_emptied"


@dataclass(frozen=True)
class DeckRefilled(Event):
    """P9: the discard pile shuffled into a new deck."""

    type = "deck_refilled"


@dataclass(frozen=True)
class CitizenPlayed(Event):
    """P10: the current player plays a Citizen of this influence to the end of his council
    (an action); its entering ability is keyed next (P23)."""

    type = "citizen_played"
    influence: int


@dataclass(frozen=True)
class Accused(Event):
    """P11: the current player accuses the Citizen at ``place`` in ``owner``'s council (an
    action); the die is rolled next."""

    type = "accused"
    owner: int
    place: int


@dataclass(frozen=True)
class Exonerated(Event):
    """P12: the current player exonerates the Citizen at ``place`` on the Pyre (an action)."""

    type = "exonerated"
    place: int


@dataclass(frozen=True)
class Rolled(Event):
    """P15: the die for the accusation or exoneration just keyed, rolled by the app
    (``drawn``, seeded) or keyed from a physical roll."""

    type = "rolled"
    value: int
    drawn: bool = False


@dataclass(frozen=True)
class ActionCardPlayed(Event):
    """P14: the current player plays an Action card costing 1 or 2 actions."""

    type = "action_card_played"
    card: str
    cost: int = 1


@dataclass(frozen=True)
class Forfeited(Event):
    """P8: the current player says no action is possible: one action forfeited."""

    type = "forfeited"


@dataclass(frozen=True)
class WindowOpened(Event):
    """P16: the narrator opens a reaction window for another event a card names."""

    type = "window_opened"
    card: str


@dataclass(frozen=True)
class ReactionClaimed(Event):
    """P16: a player wants to react (keyed again: the claim is taken back)."""

    type = "reaction_claimed"
    seat: int


@dataclass(frozen=True)
class Reacted(Event):
    """P16: a player plays a Reaction (hand −1, no action); its effects are keyed next."""

    type = "reacted"
    seat: int
    card: str


@dataclass(frozen=True)
class RollChanged(Event):
    """P16, P23: a reaction changed the roll; the comparison is shown again."""

    type = "roll_changed"
    value: int
    card: str


@dataclass(frozen=True)
class WindowClosed(Event):
    """P24: no (more) reaction: the roll's outcome is applied now (the move, P17, P20)."""

    type = "window_closed"


@dataclass(frozen=True)
class HandChanged(Event):
    """P23: a card's effect changes a hand's size by ``change`` (±n)."""

    type = "hand_changed"
    seat: int
    change: int
    card: str


@dataclass(frozen=True)
class CitizenMoved(Event):
    """P23: a card's effect moves a Citizen between a council, the Pyre and the discard pile,
    or from one council to another. ``owner``/``place`` say where it is (``place`` only for
    the discard pile, which is not tracked: ``influence`` is keyed instead, P1); ``to_owner``
    is the council it joins. ``by`` is the player whose card it is (the igniter, P17)."""

    type = "citizen_moved"
    origin: Place
    to: Place
    by: int
    card: str
    owner: int = 0
    place: int = 0
    to_owner: int = 0
    influence: int = 0


@dataclass(frozen=True)
class Ignited(Event):
    """P17, P23: the Action card whose effects are keyed ignites the Pyre."""

    type = "ignited"
    card: str


@dataclass(frozen=True)
class AutoSucceeded(Event):
    """P13, P23: a card's accusation or exoneration without rolling the die: the Citizen moves
    at once (``owner``/``place`` as in ``Accused``; ``place`` alone on the Pyre)."""

    type = "auto_succeeded"
    kind: Literal["accuse", "exonerate"]
    by: int
    card: str
    place: int
    owner: int = 0


@dataclass(frozen=True)
class HandPointedOut(Event):
    """P22: a player's hand above 7 is pointed out; the app picks a card next."""

    type = "hand_pointed_out"
    seat: int


@dataclass(frozen=True)
class CardPicked(Event):
    """P22: the app's pick (seeded) of one face-down card, by its position (1 = leftmost)."""

    type = "card_picked"
    seat: int
    position: int


@dataclass(frozen=True)
class DominanceFlipped(Event):
    """P19: the current player flips his Dominance token active at the end of his turn."""

    type = "dominance_flipped"
    seat: int


@dataclass(frozen=True)
class TurnEnded(Event):
    """P7: the narrator keys the turn's end; the next player's turn begins (P21)."""

    type = "turn_ended"


EVENT_TYPES: tuple[type[Event], ...] = (
    GameCreated,
    Dealt,
    FirstPlayer,
    Drew,
    DeckEmptied,
    DeckRefilled,
    CitizenPlayed,
    Accused,
    Exonerated,
    Rolled,
    ActionCardPlayed,
    Forfeited,
    WindowOpened,
    ReactionClaimed,
    Reacted,
    RollChanged,
    WindowClosed,
    HandChanged,
    CitizenMoved,
    Ignited,
    AutoSucceeded,
    HandPointedOut,
    CardPicked,
    DominanceFlipped,
    TurnEnded,
)
CODEC = EventCodec(EVENT_TYPES)
