"""The end of a game (B22–B26), after the capture is keyed: every character keyed (B22), the
leaders (B23), the Inquisitor captured (B24), the victorious clan (B25), the curses flipped and
the True Curse (B26), and the winner with why (``State.winner``, ``State.reason``)."""

from __future__ import annotations

import dataclasses

from narrator.games.blood_bound import deal
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound.flow import END, FLIPS, name, no_deal, seat
from narrator.games.blood_bound.state import (
    CLANS,
    INQUISITOR_CLAN,
    QUILL,
    Character,
    Reason,
    State,
)
from narrator.games.entries import Event, Refusal


def rival(clan: str) -> str:
    return CLANS[1 - CLANS.index(clan)]


def _character(s: State, e: ev.CharacterKeyed) -> Character:
    if e.clan == INQUISITOR_CLAN and e.rank == 0:
        return (INQUISITOR_CLAN, 0)
    if e.clan in CLANS and isinstance(e.rank, int) and 1 <= e.rank <= 9:
        return (e.clan, e.rank)
    raise Refusal("bb_no_character", "B22", clan=e.clan, rank=e.rank)


def character_keyed(s: State, e: ev.CharacterKeyed) -> State:
    """B22: refused: a seat keyed again, a (clan, rank) twice, a second Inquisitor, over ⌊n/2⌋
    of a clan, a character his tokens rule out (B13), one that leaves the others no deal."""
    p = seat(s, e.seat, "B22")
    player = name(s, p)
    if s.characters[p] is not None:
        raise Refusal("bb_seat_keyed", "B22", player=player)
    character = _character(s, e)
    keyed = [c for c in s.characters if c is not None]
    if character in keyed:
        if character[0] == INQUISITOR_CLAN:
            raise Refusal("bb_second_inquisitor", "B22", player=player)
        raise Refusal("bb_character_twice", "B22", rank=character[1])
    if sum(c[0] == character[0] for c in keyed) >= s.count // 2:
        raise Refusal("bb_clan_full", "B22", n=s.count // 2)
    if not deal.fits(character, s.tokens[p], s.staffed_of(p), s.fleur_shown == p):  # B13
        raise Refusal("bb_character_tokens", "B22", player=player)
    characters = tuple(character if q == p else c for q, c in enumerate(s.characters))
    s = dataclasses.replace(s, characters=characters)
    conflict = deal.conflict(s)
    if conflict:  # ⚖ B22: the others' tokens then fit no character left: say whose
        raise no_deal(s, "bb_no_deal_left", "B22", p, conflict)
    return resolve(s) if None not in characters else s


def leader(s: State, clan: str) -> int:
    """B23: the clan's character in play with the lowest rank (the captured too); if its Elder
    holds the Quill, the highest. The Harlequin leads by his card's clan."""
    ranked = sorted((c[1], p) for p, c in enumerate(s.characters) if c and c[0] == clan)
    elder = ranked[0][1] if ranked[0][0] == 1 else None
    return ranked[-1][1] if elder is not None and s.holds(elder, QUILL) else ranked[0][1]


def resolve(s: State) -> State:
    """B23 the leaders; B24 the Inquisitor captured; B25 the victorious clan; then B26's flips
    (only cards players hold: any left in the supply do nothing)."""
    assert s.captured is not None and s.captor is not None
    leaders = tuple(leader(s, clan) for clan in CLANS)
    s = dataclasses.replace(s, leaders=leaders)
    captured, captor = s.characters[s.captured], s.characters[s.captor]
    assert captured is not None and captor is not None
    if captured[0] == INQUISITOR_CLAN:  # B24: he alone wins; no clan, no flip
        return dataclasses.replace(
            s, step=END, winner=INQUISITOR_CLAN, reason="inquisitor_captured"
        )
    why: Reason
    if captor[0] == INQUISITOR_CLAN:  # B25: only after an illegal attack (B11)
        clan, why = rival(captured[0]), "inquisitor_captor"
    elif s.captured == leaders[CLANS.index(rival(captor[0]))]:
        clan, why = captor[0], "rival_leader_captured"
    else:
        clan, why = rival(captor[0]), "rival_leader_missed"
    s = dataclasses.replace(s, victorious=(clan, why))
    return dataclasses.replace(s, step=FLIPS) if s.curse_holders else finish(s)


def curse_flipped(s: State, e: ev.CurseFlipped) -> State:
    """B26: refused: a flip for a player holding no face-down curse card, a second True."""
    p = seat(s, e.seat, "B26")
    if p not in s.curse_holders or p in (q for q, _ in s.flipped):
        raise Refusal("bb_no_curse", "B26", player=name(s, p))
    if e.true and any(true for _, true in s.flipped):
        raise Refusal("bb_second_true", "B26")
    s = dataclasses.replace(s, flipped=(*s.flipped, (p, bool(e.true))))
    return finish(s) if len(s.flipped) == len(s.curse_holders) else s


def finish(s: State) -> State:
    """B26: the True Curse on the victorious leader: the Inquisitor alone wins; on anyone else
    it does nothing. The cards as keyed decide (a mismatch: ``State.curse_mismatch``)."""
    assert s.victorious is not None
    clan, why = s.victorious
    if (s.leaders[CLANS.index(clan)], True) in s.flipped:
        return dataclasses.replace(s, step=END, winner=INQUISITOR_CLAN, reason="true_curse")
    return dataclasses.replace(s, step=END, winner=clan, reason=why)


def moves(s: State, check) -> list[Event]:
    """The characters and flips the rules allow now."""
    if s.step == FLIPS:
        done = {p for p, _ in s.flipped}
        keyed: list[Event] = [
            ev.CurseFlipped(p, true)
            for p in s.curse_holders
            if p not in done
            for true in (False, True)
        ]
    else:
        keyed = [
            ev.CharacterKeyed(p, clan, rank)  # type: ignore[arg-type]
            for p in s.seats
            if s.characters[p] is None
            for clan, rank in deal.CHARACTERS
        ]
    return [m for m in keyed if check(s, m) is None]
