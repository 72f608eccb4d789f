"""What every handler shares: seats, the B13 check of a token, and the step that follows a
resolved entry (B29's order: the wounds owed, then the abilities revealed, then the turn)."""

from __future__ import annotations

import dataclasses

from narrator.games.blood_bound import deal
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound.state import (
    AFFILIATIONS,
    CLANS,
    FLEUR,
    ICONS,
    MAX_WOUNDS,
    RANK_COPIES,
    STAFF,
    UNKNOWN,
    State,
    Wound,
)
from narrator.games.common.seats import checked_seat
from narrator.games.entries import Refusal

SETUP, DEAL, CLUES, DAGGER, TURN = "setup", "deal", "clues", "dagger", "turn"
OFFERS, WOUND, ABILITY, HEAL, CAPTURE = "offers", "wound", "ability", "heal", "capture"
CHARACTERS, FLIPS, END = "characters", "flips", "end"
RULE_OF_STEP = {
    SETUP: "B4",
    DEAL: "B5",
    CLUES: "B8",
    DAGGER: "B9",
    TURN: "B10",
    OFFERS: "B12",
    WOUND: "B13",
    ABILITY: "B17",
    HEAL: "B14",
    CAPTURE: "B16",
    CHARACTERS: "B22",
    FLIPS: "B26",
    END: "B16",  # the game has ended
}


def seat(s: State, n: object, rule: str) -> int:
    return checked_seat(n, s.count, rule, "bb_no_seat")


def name(s: State, p: int) -> str:
    return s.players[p]


def token_code(kind: str, rank: int, rule: str) -> str:
    """The state's code of a keyed token: "rose", "beast", "unknown", "fleur" or "1"–"9"."""
    if kind == "rank":
        if not isinstance(rank, int) or not 1 <= rank <= 9:
            raise Refusal("bb_no_rank", rule, rank=rank)
        return str(rank)
    if kind not in (*AFFILIATIONS, FLEUR):
        raise Refusal("bb_no_token", rule, kind=kind)
    return kind


def is_rank(code: str) -> bool:
    return code == FLEUR or code.isdigit()


def fits_icons(rank: int, tokens: tuple[str, ...]) -> bool:
    """B2, B13: a numbered rank's affiliation tokens: C for one clan, ? for Unknown."""
    icons = ICONS[rank]
    clans = [t for t in tokens if t in CLANS]
    unknown = sum(t == "unknown" for t in tokens)
    return len(clans) <= icons.count("C") and unknown <= icons.count("?") and len(set(clans)) <= 1


def check_token(s: State, w: Wound, e: ev.WoundTaken) -> str:
    """The token's code, or its refusal: B2, B12, then B13's list (lowest id first)."""
    who = seat(s, e.seat, "B13")
    if who != w.seat:
        raise Refusal("bb_not_wounded", "B13", player=name(s, who), wounded=name(s, w.seat))
    code = token_code(e.kind, e.rank, "B13")
    held, shown = s.tokens[who], s.rank_of(who)
    player = name(s, who)
    if w.forced and shown is None and not could_be_his_rank(s, who, code):
        if w.source == "intervention":  # B12: the intervener suffers it as his rank token
            raise Refusal("bb_intervener_rank", "B12", player=player)
        raise Refusal("bb_mentalist_rank", "B2", player=player)  # the Mentalist's target
    if is_rank(code) and shown is not None:
        raise Refusal("bb_second_rank", "B13", player=player)
    if not is_rank(code) and sum(t in AFFILIATIONS for t in held) >= 2:
        raise Refusal("bb_third_affiliation", "B13", player=player)
    if code in CLANS and s.holds(who, STAFF):
        raise Refusal("bb_staff_unknown", "B13", player=player)
    if code.isdigit() and s.out(code) >= RANK_COPIES:
        raise Refusal("bb_rank_taken", "B13", rank=int(code))
    if code == FLEUR and s.fleur_shown not in (None, who):
        raise Refusal("bb_fleur_taken", "B13", holder=name(s, s.fleur_shown))
    rank = int(code) if code.isdigit() else shown
    bound = code == UNKNOWN and s.holds(who, STAFF)  # B13: a Staff binds what he takes now
    plain = s.plain(who) if bound else (*s.plain(who), code)  # each token by its time's Staff
    if rank and not fits_icons(rank, plain):
        raise Refusal("bb_beyond_icons", "B13", player=player, rank=rank)
    tokens = tuple((*ts, code) if p == who else ts for p, ts in enumerate(s.tokens))
    staffed = with_staffed(s, who, +1).staffed if bound else s.staffed
    conflict = deal.conflict(s, tokens, staffed)
    if conflict:  # ⚖ B13: no deal of B5 would fit the table (deal.py): say whose tokens
        raise no_deal(s, "bb_no_deal", "B13", who, conflict)
    return code


def no_deal(s: State, key: str, rule: str, who: int, conflict: tuple[int, ...]) -> Refusal:
    """⚖ B13, B22: no deal fits; the seats whose tokens together leave too few characters."""
    if conflict == (who,):
        return Refusal(f"{key}_alone", rule, player=name(s, who))
    first = sorted(conflict, key=lambda q: q != who)  # the keyed seat first, if in it
    return Refusal(key, rule, player=name(s, who), players=tuple(name(s, q) for q in first))


def could_be_his_rank(s: State, who: int, code: str) -> bool:
    """B12, B2: a forced wound's token must be his rank token: not an affiliation token, nor
    a fleur cross shown by another, nor a rank both of whose tokens others hold."""
    if code == FLEUR:
        return s.fleur_shown in (None, who)
    return code.isdigit() and s.out(code) < RANK_COPIES


def with_staffed(s: State, p: int, delta: int) -> State:
    """B13: one Unknown more (or fewer) of ``p`` bound by the Staff he held when he took it."""
    staffed = list(s.staffed or (0,) * s.count)
    staffed[p] += delta
    return dataclasses.replace(s, staffed=tuple(staffed))


def advance(s: State) -> State:
    """B29: the next wound owed (B16: a fourth one captures at once, the dagger staying), else
    the next ability revealed, else the dagger holder's turn."""
    if s.wounds:
        w = s.wounds[0]
        if s.wounds_of(w.seat) >= MAX_WOUNDS:
            return dataclasses.replace(s, step=CAPTURE, capture=w, wounds=(), reveals=())
        return dataclasses.replace(s, step=WOUND)
    if s.reveals:
        return dataclasses.replace(s, step=ABILITY)
    return dataclasses.replace(s, step=TURN, attack=None, offers=())


def with_cards(s: State, changes: dict[int, tuple[str, ...]]) -> State:
    cards = tuple(changes.get(p, c) for p, c in enumerate(s.cards))
    return dataclasses.replace(s, cards=cards)


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
