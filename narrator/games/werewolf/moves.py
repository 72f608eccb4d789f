"""Every entry the rules allow now (W1–W38): the property tests and the headless player walk
them. A move is listed only if ``apply`` takes it."""

from __future__ import annotations

from narrator.games.base import Event, Refusal
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import rules, village
from narrator.games.werewolf.day import TARGETS
from narrator.games.werewolf.night import columns_open
from narrator.games.werewolf.residents import KINDS, first_game_set
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.village import COLUMNS, ROWS


def hut_moves(s: State) -> list[Event]:
    seat = s.hut_seat
    if not s.huts_left:
        return [ev.NoHutLeft(seat)]
    spots = village.occupied(s.spots)
    out: list[Event] = []
    for hut in sorted(s.huts_left):
        out.append(ev.HutTaken(seat, hut, passed=True))
        wanted = TARGETS[hut]
        if wanted == ("spot",):
            out += [ev.HutTaken(seat, hut, (x,)) for x in spots]
        elif wanted == ("spot", "spot"):
            voted = [x for x in spots if village.spot(s.spots, x).votes]  # W17: X has votes
            out += [ev.HutTaken(seat, hut, (x, y)) for x in voted for y in spots if y != x]
        elif wanted == ("seat",):
            out += [ev.HutTaken(seat, hut, seat_target=t) for t in s.seats]
        elif wanted == ("line",):
            out += [ev.HutTaken(seat, hut, line=line) for line in COLUMNS + ROWS]
        else:
            out.append(ev.HutTaken(seat, hut))
    return out


def candidates(s: State) -> list[Event]:
    """Every entry that may be keyed in the step, legal or not."""
    step = s.step
    if step == Step.RESIDENTS:
        if len(s.residents) == 12:
            return [ev.ResidentsConfirmed(), *(ev.ResidentRemoved(k) for k in set(s.residents))]
        return [ev.ResidentsSet(first_game_set(s.count)), *(ev.ResidentAdded(k) for k in KINDS)]
    if step == Step.GRAND_INQUISITOR:
        return [ev.GrandInquisitorChosen(p) for p in s.seats]
    if step == Step.DEAL:
        return [ev.VillageDealt()]
    if step == Step.FIRST_NIGHT:
        return [ev.FirstNightDone()]
    if step == Step.HUTS:
        return hut_moves(s)
    if step == Step.DISCUSSION:
        return [ev.DiscussionEnded()]
    if step == Step.VOTE:
        if s.voter is None:
            return [ev.VotesCounted()]
        return [ev.VoteCast(s.voter, x) for x in village.occupied(s.spots)]
    if step == Step.LYNCH_TIE:
        return [ev.LynchChosen(x) for x in s.tied]
    if step in (Step.LYNCH_REVEAL, Step.ATTACK_REVEAL):
        return [ev.Revealed(k) for k in sorted(set(s.alive))]
    if step == Step.NIGHT_COLUMN:
        return [ev.ColumnChosen(c) for c in columns_open(s)]
    if step == Step.NIGHT_PASS:
        return [ev.PassTurned()]
    return []


def legal_moves(s: State) -> list[Event]:
    out = []
    for e in candidates(s):
        try:
            rules.apply(s, e)
        except Refusal:
            continue
        out.append(e)
    return out
