"""Each night (W22–W29): the column, the pass, the attack, the reshuffle, the Cursed and the
Wolf Cub. The app never learns where a card lies (W33): only what is turned face up."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.base import Refusal
from narrator.games.werewolf import day, fate, village
from narrator.games.werewolf import events as ev
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.village import COLUMNS


def columns_open(s: State) -> tuple[str, ...]:
    """W23: the columns that hold two cards or more."""
    return tuple(c for c in COLUMNS if len(village.in_column(s.spots, c)) >= 2)


def column_chosen(s: State, e: ev.ColumnChosen) -> State:
    """W23: a column of two cards or more; its votes go to the supply."""
    column = str(e.column).upper()
    if len(column) != 1 or column not in COLUMNS:  # "AB" or "" is in "ABCD", but no column
        raise Refusal("ww_no_such_column", "W23", column=e.column)
    if column not in columns_open(s):
        raise Refusal("ww_column_small", "W23", column=column)
    spots, returned = s.spots, 0
    for n in village.column_spots(column):
        returned += village.spot(spots, n).votes
        spots = village.put(spots, n, replace(village.spot(spots, n), votes=0))
    return replace(
        s,
        step=Step.NIGHT_PASS,
        column=column,
        passes=0,
        spots=spots,
        supply=s.supply + returned,
        returned=returned,
    )


def pass_turned(s: State, e: ev.PassTurned) -> State:
    """W24: N turns of the pass; then W25: the cards go back from row 1 down, vertical."""
    s = replace(s, passes=s.passes + 1)
    if s.passes < s.count:
        return s
    spots, _ = village.gather(s.spots, s.column)
    return replace(s, step=Step.ATTACK_REVEAL, spots=spots)


def attacked_spot(s: State) -> str:
    """W25: the bottom card of the column, once its cards are back from row 1."""
    return village.in_column(s.spots, s.column)[-1]


def attack_revealed(s: State, e: ev.Revealed) -> State:
    """W25–W29: the bottom card's identity keyed; it dies, or the Cursed turns (W28); a
    werewolf's death reshuffles the vertical cards (W27); the Wolf Cub's second attack."""
    kind = fate.check_hidden(s, e.kind, "W25")
    spot = attacked_spot(s)
    if kind == "cursed" and s.cursed_used and not s.converted:  # W28: once a game at most
        s = replace(s, converted=True, shuffled=village.in_column(s.spots, s.column))
        s = fate.end_check(s)
    else:
        werewolf = fate.is_werewolf(s, kind)
        s = fate.end_check(fate.remove(s, spot, kind, "attacked"))  # W26, W31
        if s.step != Step.OVER and werewolf:
            s = reshuffle(s)  # W27
    if s.step == Step.OVER:
        return s
    if s.wolf_cub_lynched and s.wolf_cub_used and not s.second_attack:  # W29
        spots, moves = village.combine(s.spots)
        return fate.dusk(replace(s, spots=spots, moves=moves), second=True)
    return day.new_day(s)


def reshuffle(s: State) -> State:
    """W27 ⚖: every vertical card in the village is shuffled among the vertical spots, and
    the votes on them go to the supply; horizontal cards keep their spot and votes."""
    spots, returned = s.spots, 0
    shuffled = village.vertical(spots)
    for n in shuffled:
        returned += village.spot(spots, n).votes
        spots = village.put(spots, n, replace(village.spot(spots, n), votes=0))
    return replace(
        s,
        spots=spots,
        supply=s.supply + returned,
        returned=s.returned + returned,
        shuffled=shuffled,
    )
