"""What anyone at a Werewolf table may see (W33, W36: the app holds no secret): the one door
for the side panel, the terminal display and the page. The village grid, the supply and the
set being picked are the game's own ``board`` (``VillageBoard``), drawn by its own widget."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from narrator.games.shell_data import PublicView, SeatView, Text
from narrator.games.werewolf import residents, setup_view
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.story import kinds_words
from narrator.games.werewolf.told import end_lines, told
from narrator.games.werewolf.village import Village
from narrator.prompts import Words


@dataclass(frozen=True)
class BoxKind:
    """One kind of resident in the box while the set is picked (W5, W8): its key, balance
    number, the copies picked and the copies the box holds."""

    kind: str
    key: str
    balance: int
    picked: int
    copies: int


@dataclass(frozen=True)
class VillageBoard:
    """The table beside every step: the 4×3 grid (W9, W33), the supply (W4), each seat's
    votes and the Grand Inquisitor (W4, W10), the box while the set is picked (W5, W8), the
    hidden pool with how many of each kind (None before the set is dealt), whether the Cursed
    is a werewolf now while it lives (W28), and the kinds revealed dead (W20, W26)."""

    spots: Village = ()
    supply: int = 0
    held: tuple[int, ...] = ()
    gi: int = 0
    box: tuple[BoxKind, ...] = ()
    hidden: tuple[tuple[str, int], ...] | None = None
    converted: bool = False
    dead: tuple[str, ...] = ()


def box(state: State) -> tuple[BoxKind, ...]:
    """W5, W8: the box, each kind with its key, balance number and copies chosen."""
    picked = Counter(state.residents)
    copies = residents.copies_of(state.options.copies)
    return tuple(
        BoxKind(k, residents.KEY[k], residents.BALANCE[k], picked[k], copies[k])
        for k in residents.KINDS
    )


def board(state: State) -> VillageBoard:
    alive = Counter(state.alive)
    pool = state.residents and state.step not in (Step.SETUP, Step.RESIDENTS)
    return VillageBoard(
        spots=state.spots,
        supply=state.supply,
        held=state.held,
        gi=state.gi,
        box=box(state) if state.step == Step.RESIDENTS else (),
        hidden=tuple(alive.items()) if pool else None,
        converted=state.converted and "cursed" in alive,
        dead=state.dead,
    )


def display_extra(state: State) -> dict:
    """The page's own part (W33): the moment told, the village, the supply, the hidden pool
    (with its duplicates), the dead."""
    if not state.spots:  # W33: the set being chosen is public too
        picked = setup_view.picked_line(state) if state.residents else ""
        return {"hidden_words": picked} if picked else {}
    kinds = kinds_words(state.alive)  # with its duplicates: "Werewolf ×3"
    dead = tuple(residents.resident(k) for k in state.dead)
    moment = told(state) if state.step != Step.OVER else ()
    return {
        **({"told": moment} if moment else {}),
        "village": state.spots,
        "supply": state.supply,
        "supply_words": Words("ww.panel.supply", {"supply": state.supply}),
        "hidden_words": Words("ww.display.hidden", {"kinds": kinds}),
        "dead_words": Words("ww.display.dead", {"kinds": dead}) if dead else "",
        "converted": state.converted,
    }


def public_view(title: Text, state: State, unannounced: frozenset[int] = frozenset()) -> PublicView:
    """Everything is public (W33, W36): the village, the votes, the hidden pool. The seat
    whose hut turn it is (W12), or who votes now (W18), has the turn. No announcement here holds
    back a death (``Announcement.dies``): ``unannounced`` is always empty."""
    turn = state.hut_seat if state.step == Step.HUTS else state.voter
    seats = []
    for p, name in enumerate(state.players):
        marks: list = []
        if state.held:
            marks.append(Words("ww.table.votes", {"votes": state.held[p]}))
        if state.held and p == state.gi:
            marks.append(Words("ww.table.gi"))
        seats.append(SeatView(name, tuple(marks), turn=p == turn))
    step = Words(f"ww.step.{state.step}")
    lines = end_lines(state) if state.step == Step.OVER else ()  # W31, W38: the end told
    if lines:  # the winners are the page's heading, not a line under "Game over"
        step, lines = lines[0], lines[1:]
    extra = display_extra(state)
    return PublicView(title, step, tuple(seats), extra, lines=lines, board=board(state))
