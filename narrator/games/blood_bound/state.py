"""The state of a game of Blood Bound: what is on the table, all public (B14), and the one
secret the app holds, the True Curse's seat (B19), never part of what is shown before B26."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from narrator.games.blood_bound.events import Options

COUNTS = (7, 9, 11)  # B4
ROSE, BEAST, UNKNOWN, FLEUR = "rose", "beast", "unknown", "fleur"  # token codes; a rank: "1"–"9"
CLANS = (ROSE, BEAST)
AFFILIATIONS = (ROSE, BEAST, UNKNOWN)
BOX_TOKENS = {ROSE: 13, BEAST: 13, UNKNOWN: 20}  # B2 box; B30: Unknown beyond 20 is a stand-in
RANK_COPIES = 2  # B13: two rows of 1–9
MAX_WOUNDS = 3  # B16: the fourth captures
SHIELD, SWORD, FAN, STAFF, QUILL, CURSE = "shield", "sword", "fan", "staff", "quill", "curse"
BOX_CARDS = {SHIELD: 4, SWORD: 2, CURSE: 4, FAN: 4, STAFF: 6, QUILL: 2}  # the box (Components)
# B2: each numbered rank's affiliation icons: C = his clan, ? = Unknown
ICONS = {1: "CC", 2: "??", 3: "??", 4: "??", 5: "CC", 6: "CC", 7: "C?", 8: "C?", 9: "C?"}
ELDER, ASSASSIN, HARLEQUIN, ALCHEMIST, MENTALIST, GUARDIAN, BERSERKER, MAGE, COURTESAN = range(
    1, 10
)
INQUISITOR = 0  # a Reveal of the fleur cross
INQUISITOR_CLAN = "inquisitor"  # B1: the Secret Order; a keyed character (clan, rank 0)
Character = tuple[str, int]  # B22: (clan, rank): ("rose", 1)…, ("inquisitor", 0)
# B24–B26: why the winner won
Reason = Literal[
    "inquisitor_captured",  # B24: he alone wins
    "rival_leader_captured",  # B25: the captor's clan
    "rival_leader_missed",  # B25: the rival of the captor's clan
    "inquisitor_captor",  # B25: the rival of the captured player's clan
    "true_curse",  # B26: the True Curse on the victorious leader
]

Source = Literal["attack", "intervention", "assassin", "mentalist", "berserker", "alchemist"]
ATTACK_WOUNDS = ("attack", "intervention")  # B12; B17's configurable "attack wounds only"


def curse_cards(count: int, options: Options) -> tuple[int, int]:
    """B7: (True, False) curse cards in the supply."""
    if options.curses == "one_each":
        return 1, 1
    return 1, {7: 1, 9: 2, 11: 3}.get(count, 1)


@dataclass(frozen=True)
class Wound:
    """One wound owed (B13), with what follows it (B15, B29) and who is its cause (B22)."""

    seat: int
    source: Source
    by: int  # the attacker, or the ability's user: the captor if it captures (B22)
    left: int = 0  # more wounds of the same use after this one (the Assassin's second)
    forced: bool = False  # B12, Mentalist: his rank token, while it is still his to take
    attacked_by: int | None = None  # the attack's target's wound: the Berserker's attacker
    intervened_for: int | None = None  # an intervener's wound: the Alchemist's player


@dataclass(frozen=True)
class Reveal:
    """B17, B29: a rank token just taken; its ability is due now."""

    seat: int
    rank: int  # 1–9, INQUISITOR for the fleur cross
    wound: Wound


@dataclass(frozen=True)
class State:
    players: tuple[str, ...] = ()
    options: Options = field(default_factory=Options)
    seed: int = 0
    step: str = "setup"
    dagger: int | None = None
    tokens: tuple[tuple[str, ...], ...] = ()  # B14: each seat's tokens, face up, in order
    cards: tuple[tuple[str, ...], ...] = ()  # B3, B14: each seat's ability cards (CURSE: held)
    swords: tuple[tuple[int, int], ...] = ()  # B18: (Sword holder, his Shield's holder)
    attack: tuple[int, int] | None = None  # (attacker, target) while it is resolved
    offers: tuple[int, ...] = ()  # B12: in the order keyed
    wounds: tuple[Wound, ...] = ()  # owed, the first is keyed now (B29)
    reveals: tuple[Reveal, ...] = ()  # abilities due, in B29's order
    fleur_shown: int | None = None  # B11: the Inquisitor, known for good once shown
    ranked: tuple[int, ...] = ()  # B11: who ever showed a numbered rank token (a heal too)
    staffed: tuple[int, ...] = ()  # B13: each seat's Unknown tokens taken while he held a Staff
    curses_given: bool = False  # B20
    true_curse: int | None = None  # B19: the app's one secret; never shown before B26
    capture: Wound | None = None  # B16: the wound that captured
    captured: int | None = None  # B22, as keyed
    captor: int | None = None
    characters: tuple[Character | None, ...] = ()  # B22: each seat's, as keyed
    leaders: tuple[int, ...] = ()  # B23: the Rose leader's seat, the Beast leader's
    victorious: tuple[str, Reason] | None = None  # B25: the clan, and why
    flipped: tuple[tuple[int, bool], ...] = ()  # B26: (seat, True?) as keyed, in that order
    winner: str | None = None  # B24–B26: "rose", "beast" or INQUISITOR_CLAN
    reason: Reason | None = None

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def seats(self) -> range:
        return range(self.count)

    def wounds_of(self, seat: int) -> int:
        return len(self.tokens[seat])

    def staffed_of(self, seat: int) -> int:
        return self.staffed[seat] if self.staffed else 0

    def plain(self, seat: int) -> tuple[str, ...]:
        """B13: his tokens as his character's icons judge them: an Unknown taken while he held
        a Staff is bound by it and counts for no icon; one taken before is a plain Unknown."""
        tokens, bound = list(self.tokens[seat]), self.staffed_of(seat)
        for _ in range(bound):
            tokens.remove(UNKNOWN)
        return tuple(tokens)

    def holds(self, seat: int, card: str) -> bool:
        return card in self.cards[seat]

    def rank_of(self, seat: int) -> int | None:
        """The rank token a seat shows: 1–9, INQUISITOR, or None."""
        for t in self.tokens[seat]:
            if t == FLEUR:
                return INQUISITOR
            if t.isdigit():
                return int(t)
        return None

    def out(self, token: str) -> int:
        """How many of a token are held (B2, B30)."""
        return sum(ts.count(token) for ts in self.tokens)

    def left_in_box(self, card: str) -> int:
        """B28: ability cards still in the box (curses: in the supply until the gift)."""
        if card == CURSE:
            return 0 if self.curses_given else sum(curse_cards(self.count, self.options))
        return BOX_CARDS[card] - sum(cs.count(card) for cs in self.cards)

    @property
    def curse_holders(self) -> tuple[int, ...]:
        """B14: who holds a curse card (public), never which one."""
        return tuple(p for p in self.seats if self.holds(p, CURSE))

    @property
    def curse_mismatch(self) -> bool:
        """B26: the cards flipped differ from the privacy screen (the app follows the cards)."""
        flipped_true = tuple(p for p, true in self.flipped if true)
        return self.winner is not None and bool(self.flipped) and flipped_true != (self.true_curse,)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats: the Inquisitor alone (B24, B26), or the victorious clan's."""
        return tuple(p for p, c in enumerate(self.characters) if c and c[0] == self.winner)
