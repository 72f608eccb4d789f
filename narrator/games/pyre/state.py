"""The state of a game of the Pyre: all public (P1). Hands are sizes only; each City Council
and the Pyre are ordered lists of Citizens with their influence; permanent-points cards are
counted; the Dominance tokens' sides; the die roll and reaction window open.

The step is worked out from the table, never stored: one place for each fact."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from narrator.games.pyre.events import Options

COUNTS = range(2, 7)  # P2
TARGETS = {2: 13, 3: 11, 4: 11, 5: 9, 6: 7}  # P3
TUTORIAL_TARGET = 5  # P4
DEALT = 6  # P5: cards dealt to each player
HAND_LIMIT = 7  # P9, P22
PERMANENT_WORTH = 3  # P17, P18
ACTIONS = 2  # P7

SETUP, DEAL, FIRST, ACTION, ROLL = "setup", "deal", "first", "action", "roll"
WINDOW, PICK, TURN_END, OVER = "window", "pick", "turn_end", "over"
STEPS = (SETUP, DEAL, FIRST, ACTION, ROLL, WINDOW, PICK, TURN_END, OVER)

Kind = Literal["accuse", "exonerate"]


def target_of(count: int, options: Options) -> int:
    """P3, P4: the points to win; tutorial is 5 at every count, quick and long shift P3's."""
    if options.variant == "tutorial":
        return TUTORIAL_TARGET
    shift = {"standard": 0, "quick": -options.shift, "long": options.shift}[options.variant]
    return TARGETS[count] + shift


@dataclass(frozen=True)
class Citizen:
    """A played Citizen: ``id`` is the app's own number for it (it keeps it on the Pyre);
    ``owner`` is the council it is in or last left (None: it came out of the discard pile,
    P1), as P12's former-owner option needs."""

    id: int
    influence: int
    owner: int | None


@dataclass(frozen=True)
class Ignition:
    """P17: the last ignition: who ignited it, the Citizen he took as permanent points (the
    last to arrive) and those burnt to the discard pile, in the order they arrived."""

    igniter: int
    taken: Citizen
    burnt: tuple[Citizen, ...] = ()


@dataclass(frozen=True)
class Roll:
    """An accusation or exoneration (P11, P12): its Citizen, the defence it had when keyed,
    the die (0 until rolled), and the council it was accused in."""

    kind: Kind
    citizen: int
    defence: int
    value: int = 0
    council: int | None = None


@dataclass(frozen=True)
class Window:
    """P16: an open reaction window: after a roll, an Action card, or another event a card
    names (``card``: the card's name); who claims, in the order keyed; who reacted, with
    which Reaction."""

    event: Literal["roll", "action", "card"]
    card: str = ""
    roll: Roll | None = None
    claims: tuple[int, ...] = ()
    reacted: int | None = None
    reaction: str = ""


@dataclass(frozen=True)
class State:
    players: tuple[str, ...] = ()
    options: Options = field(default_factory=Options)
    seed: int = 0
    dealt: bool = False  # P5
    hands: tuple[int, ...] = ()  # P1: sizes only
    councils: tuple[tuple[Citizen, ...], ...] = ()  # P10: in the order played
    pyre: tuple[Citizen, ...] = ()  # P11, P17: in the order arrived
    permanent: tuple[int, ...] = ()  # P17, P18: permanent-points cards per seat
    active: tuple[bool, ...] = ()  # P19, P20: Dominance tokens, active side up
    deck_empty: bool = False  # P9
    current: int | None = None  # P6, P7: whose turn
    turn: int = 0  # turns begun (1: the first)
    actions: int = 0  # P7: spent this turn
    rolling: Roll | None = None  # P15: keyed, waiting for the die
    window: Window | None = None  # P16, P24
    pointed: int | None = None  # P22: the seat whose card the app picks now
    entered: int | None = None  # P10: the Citizen just played, its ability keyed now
    action_card: str | None = None  # P14: the Action card whose effects are keyed now
    next_id: int = 0
    ignition: Ignition | None = None  # P17: the last one, for what is said and shown of it
    winner: int | None = None  # P21

    @property
    def step(self) -> str:
        if not self.players:
            return SETUP
        if not self.dealt:
            return DEAL
        if self.winner is not None:
            return OVER
        if self.current is None:
            return FIRST
        if self.pointed is not None:
            return PICK
        if self.rolling is not None:
            return ROLL
        if self.window is not None:
            return WINDOW
        return TURN_END if self.actions >= ACTIONS else ACTION

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def seats(self) -> range:
        return range(self.count)

    @property
    def target(self) -> int:
        return target_of(self.count, self.options)

    def influence(self, seat: int) -> int:
        """P18: the Citizens in his own council + 3 per permanent-points card."""
        council = sum(c.influence for c in self.councils[seat])
        return council + PERMANENT_WORTH * self.permanent[seat]

    def find(self, citizen: int) -> tuple[str, int, int] | None:
        """Where a Citizen is: ("council", seat, place) or ("pyre", 0, place); None if gone."""
        for seat, council in enumerate(self.councils):
            for place, c in enumerate(council):
                if c.id == citizen:
                    return "council", seat, place
        for place, c in enumerate(self.pyre):
            if c.id == citizen:
                return "pyre", 0, place
        return None

    @property
    def in_play(self) -> int:
        """P11: Citizens in any council."""
        return sum(len(c) for c in self.councils)

    @property
    def priority(self) -> tuple[int, ...]:
        """P16: who reacts first: clockwise from the player after the current one, the
        current player last."""
        if self.current is None:
            return tuple(self.seats)
        return tuple((self.current + 1 + i) % self.count for i in self.seats)
