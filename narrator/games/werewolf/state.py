"""A game of Ultimate Werewolf: Inquisition as the app knows it: only what the table sees
(W33). Each seat's votes, the supply, the village's spots, the huts, the dead as revealed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from narrator.games.werewolf import village
from narrator.games.werewolf.events import Options
from narrator.games.werewolf.residents import SUPPLY, hut_of
from narrator.games.werewolf.village import Village


class Step(StrEnum):
    SETUP = "setup"
    RESIDENTS = "residents"  # W8: the picker
    GRAND_INQUISITOR = "grand_inquisitor"  # W10
    DEAL = "deal"  # W3, W4, W9
    FIRST_NIGHT = "first_night"  # W11
    HUTS = "huts"  # W12–W17
    DISCUSSION = "discussion"  # W18 ⚖, when on
    VOTE = "vote"  # W18
    LYNCH_TIE = "lynch_tie"  # W19
    LYNCH_REVEAL = "lynch_reveal"  # W20
    NIGHT_COLUMN = "night_column"  # W22–W23
    NIGHT_PASS = "night_pass"  # W24
    ATTACK_REVEAL = "attack_reveal"  # W25–W29
    OVER = "over"  # W31, W38


RULE_OF_STEP = {
    Step.SETUP: "W2",
    Step.RESIDENTS: "W8",
    Step.GRAND_INQUISITOR: "W10",
    Step.DEAL: "W9",
    Step.FIRST_NIGHT: "W11",
    Step.HUTS: "W12",
    Step.DISCUSSION: "W18",
    Step.VOTE: "W18",
    Step.LYNCH_TIE: "W19",
    Step.LYNCH_REVEAL: "W20",
    Step.NIGHT_COLUMN: "W23",
    Step.NIGHT_PASS: "W24",
    Step.ATTACK_REVEAL: "W25",
    Step.OVER: "W31",
}


@dataclass(frozen=True)
class State:
    players: tuple[str, ...] = ()
    options: Options = Options()
    seed: int = 0
    step: Step = Step.SETUP
    residents: tuple[str, ...] = ()  # W8: the set chosen (public, W33), as picked
    gi: int = 0  # W10: the Grand Inquisitor's seat
    held: tuple[int, ...] = ()  # W4: each seat's votes
    supply: int = SUPPLY
    spots: Village = ()
    day: int = 0  # 1 on the first day
    order: tuple[int, ...] = ()  # W12: today's hut turns, fixed as the day starts
    turn: int = 0  # how many of today's seats took their turn
    huts_taken: tuple[str, ...] = ()  # W12: today's, one entry a hut card
    cursed_used: bool = False  # W16
    wolf_cub_used: bool = False  # W16
    voters: tuple[int, ...] = ()  # W18: today's, from the GI, who hold a vote
    cast: tuple[tuple[int, str], ...] = ()  # W18: (seat, spot), in order
    tied: tuple[str, ...] = ()  # W19: the spots the GI picks among
    lynched: str | None = None  # W19: the spot turned over
    column: str | None = None  # W23: tonight's
    passes: int = 0  # W24: turns of the pass done
    second_attack: bool = False  # W29: tonight's second attack is running
    wolf_cub_lynched: bool = False  # W29: today
    dead: tuple[str, ...] = ()  # W20, W26: the kinds revealed dead, in order
    causes: tuple[str, ...] = ()  # how each of ``dead`` died: "lynched" (W20), "attacked" (W26)
    converted: bool = False  # W28: the Cursed is a werewolf resident
    winner: str | None = None  # W31: "villagers" or "werewolves"
    inquisitors: tuple[str | None, ...] = ()  # W38: for the record only, at the end
    # What the last entry did to the table, to be said (the physical moves):
    moves: tuple[tuple[str, str], ...] = ()  # W21: (from, to)
    shuffled: tuple[str, ...] = ()  # W27, W28: the spots whose cards are shuffled
    returned: int = 0  # votes that went back to the supply
    unguarded: bool = False  # W22: tonight the Bodyguard's hut came off a card

    # --- seats -------------------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def seats(self) -> range:
        return range(self.count)

    def left_of(self, seat: int, steps: int = 1) -> int:
        """W2: "left" is the next seat clockwise."""
        return (seat + steps) % self.count

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        return tuple(self.left_of(seat, i) for i in range(self.count))

    # --- huts ------------------------------------------------------------------------------
    @property
    def alive(self) -> tuple[str, ...]:
        """The residents still in play (the hidden pool, W33): the set minus the dead."""
        left = Counter(self.residents)
        left.subtract(self.dead)
        return tuple(k for k in dict.fromkeys(self.residents) for _ in range(left[k]))

    @property
    def huts(self) -> Counter:
        """W6: a hut in play for each resident in play (a Werewolf's is a Villager hut)."""
        return Counter(hut_of(k) for k in self.alive)

    @property
    def huts_left(self) -> Counter:
        """W12: today's huts not yet taken."""
        left = self.huts
        left.subtract(self.huts_taken)
        return +left

    @property
    def hut_seat(self) -> int | None:
        """Whose hut turn it is (W12)."""
        if self.step != Step.HUTS or self.turn >= len(self.order):
            return None
        return self.order[self.turn]

    @property
    def voter(self) -> int | None:
        """Who places a vote now (W18)."""
        if self.step != Step.VOTE or len(self.cast) >= len(self.voters):
            return None
        return self.voters[len(self.cast)]

    # --- the count of W31–W32 ------------------------------------------------------------------
    @property
    def werewolves_alive(self) -> int:
        """W32: w = Werewolves chosen − Werewolves revealed dead + the converted Cursed alive."""
        chosen = self.residents.count("werewolf")
        cursed = 1 if self.converted and "cursed" in self.alive else 0
        return chosen - self.dead.count("werewolf") + cursed

    @property
    def others_alive(self) -> int:
        return len(self.alive) - self.werewolves_alive

    @property
    def on_spots(self) -> int:
        return village.votes_on(self.spots)

    @property
    def total_votes(self) -> int:
        """W4: supply + votes held + votes on residents (50 after every entry)."""
        return self.supply + sum(self.held) + self.on_spots
