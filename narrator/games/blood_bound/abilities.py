"""The abilities revealed by a rank token (B2's table, B17–B20, B27–B29): used, declined or
of no effect, by the player who just took his rank token, in B29's order."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound.flow import (
    HEAL,
    advance,
    name,
    seat,
    token_code,
    with_cards,
    with_staffed,
)
from narrator.games.blood_bound.flow import without as minus
from narrator.games.blood_bound.state import (
    ALCHEMIST,
    ASSASSIN,
    ATTACK_WOUNDS,
    BERSERKER,
    COURTESAN,
    CURSE,
    ELDER,
    FAN,
    GUARDIAN,
    HARLEQUIN,
    INQUISITOR,
    MAGE,
    MENTALIST,
    QUILL,
    SHIELD,
    STAFF,
    SWORD,
    UNKNOWN,
    Reveal,
    State,
    Wound,
    curse_cards,
)
from narrator.games.entries import Event, Refusal

__all__ = ["Reveal", "declined", "used", "curses_given", "healed", "moves", "revealed"]
TARGETS = {ELDER: 0, ASSASSIN: 1, HARLEQUIN: 2, ALCHEMIST: 0, MENTALIST: 1, GUARDIAN: 1}
TARGETS |= {BERSERKER: 0, MAGE: 1, COURTESAN: 1}


def revealed(s: State, w: Wound) -> bool:
    """B17: whatever forced the rank token, or (configurable) attack and intervention wounds."""
    return s.options.abilities == "any_wound" or w.source in ATTACK_WOUNDS


def _user(s: State, p: int) -> Reveal:
    r = s.reveals[0]
    if seat(s, p, "B17") != r.seat:  # B17: only who just took his rank token
        raise Refusal("bb_not_your_ability", "B17", player=name(s, p), user=name(s, r.seat))
    return r


def _done(s: State, **changes) -> State:
    return advance(dataclasses.replace(s, reveals=s.reveals[1:], **changes))


def declined(s: State, e: ev.AbilityDeclined) -> State:
    _user(s, e.seat)  # B17: he may decline; B28: an ability that can do nothing
    return _done(s)


def _victim(s: State, r: Reveal, targets: tuple[int, ...]) -> int | None:
    """Whom the ability wounds (B27: the Berserker his attacker, the Alchemist his player)."""
    if r.rank in (ASSASSIN, MENTALIST):
        return targets[0] if targets else None
    if r.rank == BERSERKER:
        return r.wound.attacked_by
    if r.rank == ALCHEMIST:
        return r.wound.intervened_for
    return None


def _no_effect(s: State, r: Reveal) -> bool:
    """B28: the uses that can do nothing."""
    return (
        (r.rank == ALCHEMIST and r.wound.intervened_for is None)
        or (r.rank == BERSERKER and r.wound.attacked_by is None)
        or (r.rank == ELDER and s.holds(r.seat, QUILL))
        or (r.rank == ELDER and s.left_in_box(QUILL) < 1)
        or (r.rank == GUARDIAN and s.left_in_box(SWORD) < 1)
        or (r.rank == MAGE and s.left_in_box(STAFF) < 2)
        or (r.rank == COURTESAN and s.left_in_box(FAN) < 1)
    )


def used(s: State, e: ev.AbilityUsed) -> State:
    r = _user(s, e.seat)
    p = r.seat
    if r.rank == INQUISITOR:  # B19: his curses are given on the privacy screen
        raise Refusal("bb_curses_private", "B19", player=name(s, p))
    targets = tuple(seat(s, t, "B27") for t in e.targets)
    victim = None if _no_effect(s, r) else _victim(s, r, targets)
    if victim is not None and not e.heal and s.holds(victim, SHIELD):  # B18
        raise Refusal("bb_ability_shield", "B18", player=name(s, victim))
    wanted = TARGETS[r.rank]
    if r.rank in (BERSERKER, ALCHEMIST) and targets:  # B27: his attacker, his player, if named
        rightful = _victim(s, r, targets)
        if rightful is None:  # B27: nobody for him to name (B28: it can do nothing)
            raise Refusal("bb_own_target_none", "B27", player=name(s, p))
        if targets != (rightful,):
            raise Refusal("bb_own_target", "B27", player=name(s, p), target=name(s, rightful))
    elif len(targets) != wanted or p in targets or len(set(targets)) != len(targets):  # B27
        raise Refusal("bb_targets", "B27", player=name(s, p), n=wanted)
    if e.heal and r.rank != ALCHEMIST:
        raise Refusal("bb_targets", "B27", player=name(s, p), n=wanted)
    if _no_effect(s, r):
        raise Refusal("bb_no_effect", "B28", player=name(s, p))
    t = targets[0] if targets else None
    give = {q: s.cards[q] for q in s.seats}
    if r.rank == ELDER:  # his clan's leader becomes its highest number (B23)
        give[p] = (*give[p], QUILL)
    elif r.rank == ASSASSIN:  # 2 wounds, one after the other, then the dagger (B15)
        return _done(s, wounds=(Wound(t, "assassin", by=p, left=1), *s.wounds))
    elif r.rank == ALCHEMIST and e.heal:  # B14: the healed player returns a token
        if not s.tokens[victim]:
            raise Refusal("bb_nothing_to_heal", "B14", player=name(s, victim))
        return dataclasses.replace(s, step=HEAL)
    elif r.rank in (ALCHEMIST, BERSERKER):  # one wound; the dagger stays (B29)
        source = "berserker" if r.rank == BERSERKER else "alchemist"
        return _done(s, wounds=(Wound(victim, source, by=p), *s.wounds))
    elif r.rank == MENTALIST:  # as his rank token while it is still his to take
        return _done(s, wounds=(Wound(t, "mentalist", by=p, forced=True), *s.wounds))
    elif r.rank == GUARDIAN:  # a Shield given, the matching Sword taken (B18)
        give[t], give[p] = (*give[t], SHIELD), (*give[p], SWORD)
        return _done(with_cards(s, give), swords=(*s.swords, (p, t)))
    elif r.rank == MAGE:
        give[p], give[t] = (*give[p], STAFF), (*give[t], STAFF)
    elif r.rank == COURTESAN:
        give[t] = (*give[t], FAN)
    return _done(with_cards(s, give))  # the Harlequin's look changes nothing on the table


def healed(s: State, e: ev.Healed) -> State:
    """B14: the Alchemist's heal: one token the healed player holds, his choice."""
    r = s.reveals[0]
    p = r.wound.intervened_for
    assert p is not None
    if seat(s, e.seat, "B14") != p:
        raise Refusal("bb_not_healed", "B14", player=name(s, e.seat), healed=name(s, p))
    code = token_code(e.kind, e.rank, "B14")
    if code not in s.tokens[p]:
        raise Refusal("bb_not_held", "B14", player=name(s, p))
    if code == UNKNOWN and s.plain(p).count(UNKNOWN) == 0:  # only Staff-bound ones left
        s = with_staffed(s, p, -1)
    tokens = list(s.tokens)  # B13: a plain Unknown goes back first, the one that binds most
    tokens[p] = minus(tokens[p], code)  # B11: a fleur cross seen stays known
    return _done(dataclasses.replace(s, tokens=tuple(tokens)))


def curses_given(s: State, e: ev.CursesGiven) -> State:
    """B19: all the supply's curses at once, each to a different player."""
    r = _user(s, e.seat)
    p = r.seat
    if r.rank != INQUISITOR:
        raise Refusal("bb_not_inquisitor", "B19", player=name(s, p))
    if s.curses_given:  # B20: after the gift a later fleur cross has no effect
        raise Refusal("bb_no_effect", "B28", player=name(s, p))
    holders = tuple(seat(s, h, "B19") for h in e.holders)
    supply = sum(curse_cards(s.count, s.options))
    if len(holders) != supply:
        raise Refusal("bb_curse_count", "B19", n=supply)
    if len(set(holders)) != len(holders):
        raise Refusal("bb_curse_twice", "B19")
    if p in holders and not s.options.curse_to_self:
        raise Refusal("bb_curse_self", "B19", player=name(s, p))
    if e.true_curse not in holders:
        raise Refusal("bb_true_curse", "B19")
    give = {h: (*s.cards[h], CURSE) for h in holders}
    return _done(with_cards(s, give), curses_given=True, true_curse=e.true_curse)


def moves(s: State, check: Callable[[State, Event], Refusal | None]) -> list[Event]:
    """The uses, declines and heals the rules allow now."""
    r = s.reveals[0]
    if s.step == HEAL:
        p = r.wound.intervened_for
        return [ev.Healed(p, *_keyed(code)) for code in dict.fromkeys(s.tokens[p])]
    others = [q for q in s.seats if q != r.seat]
    if r.rank == INQUISITOR:
        k = sum(curse_cards(s.count, s.options))
        keyed: list[Event] = [
            ev.CursesGiven(r.seat, tuple(others[i:] + others[:i])[:k], others[i])
            for i in range(len(others))
        ]
    else:
        picks = list(itertools.permutations(others, TARGETS[r.rank]))
        if r.rank in (BERSERKER, ALCHEMIST):  # B27: his attacker or his player, named or not
            picks += [(q,) for q in others]
        keyed = [ev.AbilityUsed(r.seat, t, heal) for t in picks for heal in (False, True)]
    allowed = [m for m in keyed if check(s, m) is None]
    return [ev.AbilityDeclined(r.seat, no_effect=not allowed), *allowed]


def _keyed(code: str) -> tuple[str, int]:
    return ("rank", int(code)) if code.isdigit() else (code, 0)
