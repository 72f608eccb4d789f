"""What day and night share: a resident leaving the game (W20, W26), the end check (W31–W32),
the identity checked against the hidden pool (W34), the fall of night (W22)."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.base import Refusal
from narrator.games.werewolf import village
from narrator.games.werewolf.residents import check_kind, resident
from narrator.games.werewolf.state import State, Step


def check_hidden(s: State, kind: str, rule: str) -> str:
    """W34: a revealed identity must be in the hidden pool: "no Seer is hidden"."""
    check_kind(kind, rule)
    if kind not in s.alive:
        raise Refusal("ww_not_hidden", "W34", kind=resident(kind))
    return kind


def remove(s: State, spot: str, kind: str, cause: str) -> State:
    """W20, W26: the resident at ``spot`` leaves the game with one hut of its kind (the hut
    set follows the living, W6); ⚖ its votes go to the supply. ``cause``: "lynched" (W20) or
    "attacked" (W26), for the end told."""
    votes = village.spot(s.spots, spot).votes
    return replace(
        s,
        spots=village.put(s.spots, spot, village.EMPTY),
        supply=s.supply + votes,
        dead=s.dead + (kind,),
        causes=s.causes + (cause,),
    )


def is_werewolf(s: State, kind: str) -> bool:
    """W7: the Werewolf cards and a converted Cursed; not the Wolf Cub."""
    return kind == "werewolf" or (kind == "cursed" and s.converted)


def end_check(s: State) -> State:
    """W31: w = 0, the Villagers win; w > o, the Werewolves win; else play goes on."""
    w, o = s.werewolves_alive, s.others_alive
    if w == 0:
        return replace(s, step=Step.OVER, winner="villagers")
    if w > o:
        return replace(s, step=Step.OVER, winner="werewolves")
    return s


def dusk(s: State, second: bool = False) -> State:
    """W22: the Bodyguard's protection ends; W23: the Grand Inquisitor chooses a column."""
    guarded = any(p.protected for p in s.spots)
    spots = tuple(replace(p, protected=False) for p in s.spots)
    return replace(
        s,
        spots=spots,
        step=Step.NIGHT_COLUMN,
        column=None,
        passes=0,
        second_attack=second,
        unguarded=guarded,
    )
