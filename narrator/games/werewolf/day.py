"""Each day (W12–W21, W30): the hut turns and their actions, the vote, the lynch."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from narrator.games.base import Refusal
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import fate, village
from narrator.games.werewolf.residents import resident
from narrator.games.werewolf.state import State, Step

PASS_VOTES = 2  # W12

# W17: what each hut's action names (spot X, spot Y, a seat S, a row or column L)
TARGETS: dict[str, tuple[str, ...]] = {
    "apprentice_seer": ("spot",),
    "bodyguard": ("spot",),
    "cursed": (),
    "hunter": ("spot",),
    "mason": ("seat",),
    "mayor": ("seat",),
    "minion": ("spot",),
    "prince": (),
    "seer": ("spot",),
    "sorcerer": ("spot",),
    "troublemaker": ("line",),
    "villager": ("spot",),
    "witch": ("spot", "spot"),
    "wolf_cub": (),
}
# W17: what each hut's action pays (W13) or takes (W14), whatever its target
PAYS = {"apprentice_seer": 1, "mason": 2, "troublemaker": 1}
TAKES = {
    "cursed": 4,
    "hunter": 3,
    "minion": 2,
    "prince": 4,
    "sorcerer": 2,
    "villager": 2,
    "wolf_cub": 3,
}


def new_day(s: State, first: bool = False) -> State:
    """W30: huts back, the marker one seat left (not before the first day), W21, flags
    cleared; W12: today's hut order from the Grand Inquisitor, fixed now."""
    gi = s.gi if first else s.left_of(s.gi)
    spots, moves = village.combine(s.spots)
    return replace(
        s,
        step=Step.HUTS,
        day=s.day + 1,
        gi=gi,
        spots=spots,
        moves=s.moves + moves,
        order=s.clockwise_from(gi),
        turn=0,
        huts_taken=(),
        cursed_used=False,
        wolf_cub_used=False,
        wolf_cub_lynched=False,
        voters=(),
        cast=(),
        tied=(),
        lynched=None,
        column=None,
        second_attack=False,
    )


# --- votes: paid, taken, placed (W13–W15) ------------------------------------------------------
def give(s: State, seat: int, n: int) -> State:
    held = list(s.held)
    held[seat] += n
    return replace(s, held=tuple(held))


def pay(s: State, seat: int, n: int) -> State:
    """W13: n of the player's own votes to the supply; with fewer, refused."""
    if s.held[seat] < n:
        raise cannot_pay(s, seat, n)
    return replace(give(s, seat, -n), supply=s.supply + n)


def cannot_pay(s: State, seat: int, n: int) -> Refusal:
    return Refusal("ww_cannot_pay", "W13", player=s.players[seat], n=n, held=s.held[seat])


def supply_short(s: State, n: int) -> Refusal | None:
    """W14 "strict": an action that takes more than the supply holds is refused."""
    if s.options.supply == "strict" and n > s.supply:
        return Refusal("ww_supply_short", "W14", n=n, supply=s.supply)
    return None


def take(s: State, seat: int, n: int, passing: bool = False) -> tuple[State, int]:
    """W14: ⚖ the player gets what the supply has, up to n; "strict": an action that takes
    more than the supply holds is refused (a pass takes what is left)."""
    short = None if passing else supply_short(s, n)
    if short is not None:
        raise short
    got = min(n, s.supply)
    held = list(s.held)
    held[seat] += got
    return replace(s, held=tuple(held), supply=s.supply - got), got


def place(s: State, seat: int, spot: str, n: int) -> State:
    """W15: n of the seat's votes onto an occupied, unprotected spot."""
    target = check_votable(s, spot)
    s = give(s, seat, -n)
    return replace(s, spots=village.put(s.spots, spot, replace(target, votes=target.votes + n)))


def check_spot(s: State, spot: object, rule: str = "W15") -> village.Spot:
    if not village.is_spot(spot):
        raise Refusal("ww_no_such_spot", rule, spot=spot)
    found = village.spot(s.spots, str(spot))
    if not found.occupied:
        raise Refusal("ww_empty_spot", rule, spot=spot)
    return found


def check_votable(s: State, spot: str) -> village.Spot:
    found = check_spot(s, spot)
    if found.protected:
        raise Refusal("ww_protected", "W15", spot=spot)
    return found


def set_spot(s: State, spot: str, **changes) -> State:
    return replace(
        s, spots=village.put(s.spots, spot, replace(village.spot(s.spots, spot), **changes))
    )


# --- the huts (W17) ------------------------------------------------------------------------------
def apprentice_seer(s: State, e: ev.HutTaken) -> State:
    x = e.spots[0]
    if check_spot(s, x, "W17").horizontal:
        raise Refusal("ww_looked_at", "W17", spot=x)
    return set_spot(pay(s, e.seat, PAYS[e.hut]), x, horizontal=True)


def bodyguard(s: State, e: ev.HutTaken) -> State:
    x = e.spots[0]
    votes = check_spot(s, x, "W17").votes
    s = replace(s, supply=s.supply + votes, returned=votes)
    return set_spot(s, x, votes=0, protected=True)


def taker(flag: str | None = None) -> Callable[[State, ev.HutTaken], State]:
    def action(s: State, e: ev.HutTaken) -> State:
        s, _ = take(s, e.seat, TAKES[e.hut])
        return replace(s, **{flag: True}) if flag else s

    return action


def hunter(s: State, e: ev.HutTaken) -> State:
    check_votable(s, e.spots[0])
    s, got = take(s, e.seat, TAKES[e.hut])
    return place(s, e.seat, e.spots[0], got)


def mason(s: State, e: ev.HutTaken) -> State:
    target = check_seat(s, e.seat_target)
    if target == e.seat:
        raise Refusal("ww_mason_self", "W17", player=s.players[e.seat])
    return pay(s, e.seat, PAYS[e.hut])


def mayor(s: State, e: ev.HutTaken) -> State:
    return replace(s, gi=check_seat(s, e.seat_target))


def minion(s: State, e: ev.HutTaken) -> State:
    x = e.spots[0]
    if check_votable(s, x).votes == 0:
        raise Refusal("ww_no_votes_there", "W17", spot=x)
    s, got = take(s, e.seat, TAKES[e.hut])
    return place(s, e.seat, x, got)


def seer(s: State, e: ev.HutTaken) -> State:
    x = e.spots[0]
    if check_spot(s, x, "W17").horizontal:
        raise Refusal("ww_looked_at", "W17", spot=x)
    return set_spot(s, x, horizontal=True)


def sorcerer(s: State, e: ev.HutTaken) -> State:
    x = e.spots[0]
    if not check_spot(s, x, "W17").horizontal:
        raise Refusal("ww_sorcerer_vertical", "W17", spot=x)
    check_votable(s, x)
    s, got = take(s, e.seat, TAKES[e.hut])
    return place(s, e.seat, x, got)


def troublemaker(s: State, e: ev.HutTaken) -> State:
    line = e.line
    if not village.is_line(line):
        raise Refusal("ww_no_such_line", "W17", line=line)
    spots = [n for n in village.line_spots(line) if village.spot(s.spots, n).occupied]
    if not spots:
        raise Refusal("ww_line_empty", "W17", line=line.upper())
    s = pay(s, e.seat, PAYS[e.hut])
    for n in spots:  # ⚖ votes and protection stay on their spots
        s = set_spot(s, n, horizontal=False)
    return replace(s, shuffled=tuple(spots))


def villager(s: State, e: ev.HutTaken) -> State:
    check_votable(s, e.spots[0])
    s, got = take(s, e.seat, TAKES[e.hut])
    return place(s, e.seat, e.spots[0], min(got, 1))


def witch(s: State, e: ev.HutTaken) -> State:
    x, y = e.spots
    source = check_spot(s, x, "W17")
    if source.votes == 0:
        raise Refusal("ww_no_votes_there", "W17", spot=x)
    target = check_votable(s, y)  # first: an unknown Y is refused, not a crash
    if village.index(y) == village.index(x):
        raise Refusal("ww_witch_same", "W17", spot=x)
    s = set_spot(s, x, votes=0)
    return set_spot(s, y, votes=target.votes + source.votes)


ACTIONS: dict[str, Callable[[State, ev.HutTaken], State]] = {
    "apprentice_seer": apprentice_seer,
    "bodyguard": bodyguard,
    "cursed": taker("cursed_used"),
    "hunter": hunter,
    "mason": mason,
    "mayor": mayor,
    "minion": minion,
    "prince": taker(),
    "seer": seer,
    "sorcerer": sorcerer,
    "troublemaker": troublemaker,
    "villager": villager,
    "witch": witch,
    "wolf_cub": taker("wolf_cub_used"),
}


def check_seat(s: State, seat: object) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.count:
        shown = seat + 1 if isinstance(seat, int) else seat
        raise Refusal("ww_no_seat", "W17", seat=shown, count=s.count)
    return seat


def check_turn(s: State, seat: int) -> None:
    if seat != s.hut_seat:
        raise Refusal("ww_not_your_turn", "W12", player=s.players[s.hut_seat])


def check_targets(e: ev.HutTaken) -> None:
    wanted = TARGETS[e.hut]
    spots = wanted.count("spot")
    if (
        len(e.spots) != spots
        or (e.seat_target is None) == ("seat" in wanted)
        or ((e.line is None) == ("line" in wanted))
    ):
        raise Refusal("ww_targets", "W17", hut=resident(e.hut))


def action_refused(s: State, seat: int, hut: str) -> Refusal | None:
    """Why the hut's action cannot be done now whatever its target: the seat cannot pay it
    (W13), or the strict supply cannot give it (W14). Its pass is still open (W12)."""
    if hut in PAYS and s.held[seat] < PAYS[hut]:
        return cannot_pay(s, seat, PAYS[hut])
    return supply_short(s, TAKES[hut]) if hut in TAKES else None


def hut_gone(s: State, hut: str) -> Refusal | None:
    """Why ``hut`` cannot be taken today, if it cannot: no resident of its kind is in play,
    so neither is its hut (W6: not "taken", which would tell the table someone took it), or
    every one of its huts is taken (W12)."""
    if not s.huts[hut]:
        return Refusal("ww_hut_not_in_play", "W6", hut=resident(hut))
    if not s.huts_left[hut]:
        return Refusal("ww_hut_gone", "W12", hut=resident(hut))
    return None


def hut_taken(s: State, e: ev.HutTaken) -> State:
    """W12: the seat whose turn it is takes a hut left today, and does its action or passes."""
    check_turn(s, e.seat)
    if e.hut not in TARGETS:
        raise Refusal("ww_no_such_hut", "W6", hut=e.hut)
    gone = hut_gone(s, e.hut)
    if gone is not None:
        raise gone
    s = replace(s, huts_taken=s.huts_taken + (e.hut,))
    if e.passed:
        if e.spots or e.seat_target is not None or e.line is not None:
            raise Refusal("ww_targets", "W17", hut=resident(e.hut))
        s, _ = take(s, e.seat, PASS_VOTES, passing=True)
    else:
        check_targets(e)
        s = ACTIONS[e.hut](s, e)
    return end_turn(s)


def no_hut_left(s: State, e: ev.NoHutLeft) -> State:
    """W12: when the huts have run out, each seat left takes +2."""
    check_turn(s, e.seat)
    if s.huts_left:
        raise Refusal("ww_huts_left", "W12")
    s, _ = take(s, e.seat, PASS_VOTES, passing=True)
    return end_turn(s)


def end_turn(s: State) -> State:
    s = replace(s, turn=s.turn + 1)
    if s.turn < len(s.order):
        return s
    if s.options.discussion_seconds:
        return replace(s, step=Step.DISCUSSION)
    return start_vote(s)


def discussion_ended(s: State, e: ev.DiscussionEnded) -> State:
    return start_vote(s)


# --- the vote and the lynch (W18–W21) ----------------------------------------------------------
def start_vote(s: State) -> State:
    """W18: from the Grand Inquisitor, clockwise, each seat that holds a vote."""
    voters = tuple(p for p in s.clockwise_from(s.gi) if s.held[p] > 0)
    return replace(s, step=Step.VOTE, voters=voters, cast=())


def vote_cast(s: State, e: ev.VoteCast) -> State:
    if s.voter is None:
        raise Refusal("ww_everyone_voted", "W18")
    if e.seat != s.voter:
        raise Refusal("ww_not_your_vote", "W18", player=s.players[s.voter])
    spot = str(e.spot).upper()
    s = place(s, e.seat, spot, 1)  # ⚖ the vote moves from the player to the card
    return replace(s, cast=s.cast + ((e.seat, spot),))


def votes_counted(s: State, e: ev.VotesCounted) -> State:
    """W19: the most votes is lynched; a tie is the Grand Inquisitor's pick; ⚖ no vote at
    all: every unprotected spot is tied."""
    if s.voter is not None:
        waiting = tuple(s.players[p] for p in s.voters[len(s.cast) :])
        raise Refusal("ww_still_to_vote", "W18", players=waiting)
    spots = [n for n in village.occupied(s.spots) if not village.spot(s.spots, n).protected]
    top = max(village.spot(s.spots, n).votes for n in spots)
    tied = tuple(n for n in spots if village.spot(s.spots, n).votes == top)
    if len(tied) == 1:
        return replace(s, step=Step.LYNCH_REVEAL, lynched=tied[0], tied=())
    return replace(s, step=Step.LYNCH_TIE, tied=tied)


def lynch_chosen(s: State, e: ev.LynchChosen) -> State:
    spot = str(e.spot).upper()
    if spot not in s.tied:
        raise Refusal("ww_not_tied", "W19", spot=e.spot, tied=s.tied)
    return replace(s, step=Step.LYNCH_REVEAL, lynched=spot)


def lynch_revealed(s: State, e: ev.Revealed) -> State:
    """W20: the identity keyed; its votes to the supply; it and its hut leave; W31; W21."""
    kind = fate.check_hidden(s, e.kind, "W20")
    returned = village.spot(s.spots, s.lynched).votes
    s = fate.remove(s, s.lynched, kind, "lynched")
    s = replace(s, returned=returned, wolf_cub_lynched=kind == "wolf_cub")
    s = fate.end_check(s)
    if s.step == Step.OVER:
        return s
    spots, moves = village.combine(s.spots)
    return fate.dusk(replace(s, spots=spots, moves=moves))
