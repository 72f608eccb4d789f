"""The rules of Blood Bound with the Inquisitor, as a pure fold over its events.

Every refusal cites its B-id of ``shared/design/blood-bound-inquisitor.md``. Covered here: the
count and setup (B4–B9), the dagger's turn (B10, B11), interventions (B12), wound tokens and
their limits (B2, B13, B30), the dagger after a wound (B15), capture (B16, B22's first keys),
the Sword's return (B18), the abilities' step (B17, B19, B20, B27, B28, B29:
``abilities.py``), the deals the tokens still allow (⚖ B13, B22: ``deal.py``) and the end
(B22's characters, B23–B26: ``end.py``).
"""

from __future__ import annotations

import dataclasses
import random

from narrator.games.base import Event, Refusal, refusal_of
from narrator.games.blood_bound import abilities, end
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound.flow import (
    ABILITY,
    CAPTURE,
    CHARACTERS,
    CLUES,
    DAGGER,
    DEAL,
    FLIPS,
    HEAL,
    OFFERS,
    RULE_OF_STEP,
    SETUP,
    TURN,
    WOUND,
    advance,
    check_token,
    is_rank,
    name,
    seat,
    with_cards,
    with_staffed,
    without,
)
from narrator.games.blood_bound.state import (
    COUNTS,
    FAN,
    FLEUR,
    MAX_WOUNDS,
    SHIELD,
    STAFF,
    SWORD,
    UNKNOWN,
    State,
    Wound,
)
from narrator.games.common.dispatch import Dispatch
from narrator.games.common.names import clean_names
from narrator.prompts import Words


def waiting_for(s: State) -> tuple[Words, str]:
    """What the game waits for, worded, and the rule of that step."""
    return Words(f"bb.wants.{s.step}"), RULE_OF_STEP[s.step]


def not_now(s: State) -> Refusal:
    wants, rule = waiting_for(s)
    return Refusal("bb_not_now", rule, wants=wants)


def game_created(s: State, e: ev.GameCreated) -> State:
    count = len(e.players)
    if count not in COUNTS:  # B4
        raise Refusal("bb_count", "B4", count=count)
    players = clean_names(e.players, "B8")  # B8: the names clockwise
    return State(
        players=players,
        options=e.options,
        seed=e.seed,
        step=DEAL,
        tokens=((),) * count,
        cards=((),) * count,
        staffed=(0,) * count,
    )


def draw_first_dagger(s: State, rng: random.Random) -> ev.DaggerGiven:
    """B9: the app's draw (seeded by the game's seed and the journal's length)."""
    return ev.DaggerGiven(rng.randrange(s.count), drawn=True)


def dagger_given(s: State, e: ev.DaggerGiven) -> State:
    return dataclasses.replace(s, step=TURN, dagger=seat(s, e.seat, "B9"))  # B9


def holder(s: State, by: int) -> int:
    by = seat(s, by, "B10")
    if by != s.dagger:  # B10: only the dagger holder passes or attacks
        raise Refusal("bb_not_holder", "B10", player=name(s, by), holder=name(s, s.dagger))
    return by


def dagger_passed(s: State, e: ev.DaggerPassed) -> State:
    by, to = holder(s, e.by), seat(s, e.to, "B10")
    if to == by:  # B10: a pass goes to another player
        raise Refusal("bb_pass_self", "B10", player=name(s, by))
    return dataclasses.replace(s, dagger=to)


def attack_refusal(s: State, by: int, target: int) -> Refusal | None:
    """B11: the attacks the rules forbid outright."""
    if target == by:
        return Refusal("bb_attack_self", "B11", player=name(s, by))
    if s.holds(target, SHIELD):
        return Refusal("bb_shielded", "B11", player=name(s, target))
    if by == s.fleur_shown and s.wounds_of(target) == MAX_WOUNDS:
        return Refusal("bb_inquisitor_three", "B11", player=name(s, target))
    return None


def warns_inquisitor(s: State, by: int, target: int) -> bool:
    """B11: before the fleur cross shows, an attack on a 3-wound player by one who never showed
    a rank token is only warned of (the table enforces it; if not: B25)."""
    unknown = s.fleur_shown is None and by not in s.ranked  # a heal does not unshow it
    return unknown and s.wounds_of(target) == MAX_WOUNDS


def attacked(s: State, e: ev.Attacked) -> State:
    by, target = holder(s, e.by), seat(s, e.target, "B11")
    refusal = attack_refusal(s, by, target)
    if refusal:
        raise refusal
    s = dataclasses.replace(s, attack=(by, target), offers=())
    if not offerers(s):  # B3: a Fan holder attacked; B12: or nobody left who may offer
        return advance(dataclasses.replace(s, wounds=(hit(by, target),)))
    return dataclasses.replace(s, step=OFFERS)


def offerers(s: State) -> tuple[int, ...]:
    """B12: who may offer to intervene in the attack being resolved (none: no window)."""
    return tuple(p for p in s.seats if may_offer(s, p) is None)


def hit(by: int, target: int) -> Wound:
    return Wound(target, "attack", by=by, attacked_by=by)


def may_offer(s: State, p: int) -> Refusal | None:
    """B12: anyone but attacker and target whose rank token is not shown; never for a Fan."""
    assert s.attack is not None
    by, target = s.attack
    if s.holds(target, FAN):
        return Refusal("bb_fan", "B12", player=name(s, target))
    if p in (by, target):
        return Refusal("bb_offer_party", "B12", player=name(s, p))
    if s.rank_of(p) is not None:
        return Refusal("bb_offer_shown", "B12", player=name(s, p))
    return None


def skipped_window(s: State) -> bool:
    """B12: the attack's own wound is keyed with no window: a Fan holder's, or nobody could
    offer. An offer keyed then is refused as B12, not as the wound's step (B13, B16)."""
    w = s.capture if s.step == CAPTURE else (s.wounds[0] if s.wounds else None)
    attack_wound = s.attack is not None and w is not None and w.source == "attack"
    return attack_wound and not offerers(s)  # a window that opened was closed by the pick


def intervention_offered(s: State, e: ev.InterventionOffered) -> State:
    if s.step != OFFERS and not skipped_window(s):
        raise not_now(s)
    p = seat(s, e.seat, "B12")
    refusal = may_offer(s, p)
    if refusal:
        raise refusal
    offers = tuple(o for o in s.offers if o != p) if p in s.offers else (*s.offers, p)
    return dataclasses.replace(s, offers=offers)


def intervention_picked(s: State, e: ev.InterventionPicked) -> State:
    assert s.attack is not None
    by, target = s.attack
    if e.seat is None:
        return advance(dataclasses.replace(s, wounds=(hit(by, target),)))
    p = seat(s, e.seat, "B12")
    if p not in s.offers:  # B12: the target picks one who offered
        raise Refusal("bb_not_offered", "B12", player=name(s, p))
    w = Wound(p, "intervention", by=by, forced=True, intervened_for=target)
    return advance(dataclasses.replace(s, wounds=(w,)))


def wound_taken(s: State, e: ev.WoundTaken) -> State:
    if s.step == CAPTURE:  # B16: no token for the capturing wound, whatever else it breaks
        raise Refusal("bb_captured", "B16", player=name(s, s.capture.seat))
    w = s.wounds[0]
    code = check_token(s, w, e)  # B2, B12, B13; B30: Unknown beyond 20 is a stand-in
    p = w.seat
    tokens = list(s.tokens)
    tokens[p] = (*tokens[p], code)
    s = dataclasses.replace(s, tokens=tuple(tokens), wounds=s.wounds[1:])
    if code == FLEUR:
        s = dataclasses.replace(s, fleur_shown=p)  # B11: known for good
    elif code.isdigit() and p not in s.ranked:  # B11: not the Inquisitor, for good
        s = dataclasses.replace(s, ranked=(*s.ranked, p))
    elif code == UNKNOWN and s.holds(p, STAFF):  # B13: bound by the Staff he holds now
        s = with_staffed(s, p, +1)
    if w.left == 0 and w.source not in ("berserker", "alchemist"):  # B15, B29
        s = dataclasses.replace(s, dagger=p)
    if s.wounds_of(p) == MAX_WOUNDS:
        s = swords_return(s, p)  # B18: at his third wound
    if w.left:  # the Assassin's second wound
        s = dataclasses.replace(s, wounds=(dataclasses.replace(w, left=w.left - 1), *s.wounds))
    if is_rank(code) and abilities.revealed(s, w):  # B17, B29: after the wounds
        rank = 0 if code == FLEUR else int(code)
        s = dataclasses.replace(s, reveals=(*s.reveals, abilities.Reveal(p, rank, w)))
    return advance(s)


def swords_return(s: State, p: int) -> State:
    """B18: at its holder's third wound a Sword and its Shield (both pairs if two) go back."""
    changes = {q: s.cards[q] for q in s.seats}
    for sword, shield in s.swords:
        if sword == p:
            changes[p] = without(changes[p], SWORD)
            changes[shield] = without(changes[shield], SHIELD)
    swords = tuple(pair for pair in s.swords if pair[0] != p)
    return dataclasses.replace(with_cards(s, changes), swords=swords)


def capture_keyed(s: State, e: ev.CaptureKeyed) -> State:
    """B22: the captured is the capturing wound's; the captor the attacker or the ability's
    user whose wound it was."""
    assert s.capture is not None
    captured, captor = seat(s, e.captured, "B22"), seat(s, e.captor, "B22")
    if captured != s.capture.seat:
        raise Refusal("bb_not_captured", "B22", player=name(s, captured))
    if captor != s.capture.by:
        raise Refusal("bb_not_captor", "B22", player=name(s, captor))
    characters = (None,) * s.count  # B22: each keyed next
    return dataclasses.replace(
        s, step=CHARACTERS, captured=captured, captor=captor, characters=characters
    )


def step_to(step: str):
    return lambda s, e: dataclasses.replace(s, step=step)


RULES: Dispatch[State] = Dispatch(
    {  # event type: (the steps it is entered in, what it does)
        ev.GameCreated: (SETUP, game_created),  # B4, B8
        ev.CardsDealt: (DEAL, step_to(CLUES)),  # B5–B7
        ev.CluesShown: (CLUES, step_to(DAGGER)),  # B8
        ev.DaggerGiven: (DAGGER, dagger_given),  # B9
        ev.DaggerPassed: (TURN, dagger_passed),  # B10
        ev.Attacked: (TURN, attacked),  # B10, B11
        ev.InterventionOffered: ((OFFERS, WOUND, CAPTURE), intervention_offered),  # B12
        ev.InterventionPicked: (OFFERS, intervention_picked),  # B12
        ev.WoundTaken: ((WOUND, CAPTURE), wound_taken),  # B13, B16
        ev.AbilityDeclined: (ABILITY, abilities.declined),  # B17, B28
        ev.AbilityUsed: (ABILITY, abilities.used),  # B17, B27, B28
        ev.CursesGiven: (ABILITY, abilities.curses_given),  # B19
        ev.Healed: (HEAL, abilities.healed),  # B14
        ev.CaptureKeyed: (CAPTURE, capture_keyed),  # B22
        ev.CharacterKeyed: (CHARACTERS, end.character_keyed),  # B22–B25
        ev.CurseFlipped: (FLIPS, end.curse_flipped),  # B26
    },
    not_now=not_now,
    not_this_game=lambda e: Refusal("bb_not_this_game", entry=getattr(e, "type", "?")),
)


def apply(s: State, e: Event) -> State:
    return RULES.apply(s, e)


def check(s: State, e: Event) -> Refusal | None:
    """The refusal ``e`` would meet, or None when it is allowed."""
    return refusal_of(apply, s, e)


def legal_moves(s: State) -> list[Event]:
    """Every entry the rules allow now (the app's draw stands in for the first dagger)."""
    seats = list(s.seats)
    if s.step == DEAL:
        return [ev.CardsDealt()]
    if s.step == CLUES:
        return [ev.CluesShown()]
    if s.step == DAGGER:
        return [ev.DaggerGiven(p, drawn=s.options.first_dagger == "drawn") for p in seats]
    if s.step == TURN:
        by = s.dagger
        moves: list[Event] = [ev.DaggerPassed(by, p) for p in seats if p != by]
        return moves + [ev.Attacked(by, p) for p in seats if not attack_refusal(s, by, p)]
    if s.step == OFFERS:
        picks = [ev.InterventionPicked(p) for p in (None, *s.offers)]
        return picks + [ev.InterventionOffered(p) for p in offerers(s)]
    if s.step == WOUND:
        p = s.wounds[0].seat
        keyed = [ev.WoundTaken(p, k) for k in ("rose", "beast", "unknown", "fleur")]
        keyed += [ev.WoundTaken(p, "rank", n) for n in range(1, 10)]
        return [m for m in keyed if check(s, m) is None]
    if s.step in (ABILITY, HEAL):
        return abilities.moves(s, check)
    if s.step == CAPTURE:
        assert s.capture is not None
        return [ev.CaptureKeyed(s.capture.seat, s.capture.by)]
    if s.step in (CHARACTERS, FLIPS):
        return end.moves(s, check)
    return []  # END: the game is over
