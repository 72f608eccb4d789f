"""Blood Bound with the Inquisitor: the pure rules core, every B-id it covers named in a test
(its refusal and its allowed case); the random games are in test_blood_bound_property.py."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import rules
from narrator.games.blood_bound.events import Options
from narrator.games.blood_bound.state import (
    BOX_CARDS,
    CURSE,
    FAN,
    QUILL,
    SHIELD,
    STAFF,
    SWORD,
    State,
    curse_cards,
)
from narrator.games.entries import Refusal
from narrator.prompts import use_game

WORDS = Path(rules.__file__).parent / "words"
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea")
A, B, C, D, E, F, G = range(7)


@pytest.fixture(autouse=True)
def _words():
    use_game(WORDS)
    yield
    use_game(None)


def play(s: State, *events: ev.Event) -> State:
    for e in events:
        s = rules.apply(s, e)
    return s


def refused(s: State, e: ev.Event, rule: str, key: str | None = None) -> Refusal:
    with pytest.raises(Refusal) as caught:
        rules.apply(s, e)
    assert caught.value.rule == rule, (caught.value.key, caught.value.rule)
    if key:
        assert caught.value.key == key
    for lang in ("en", "ru"):
        assert caught.value.text(lang)  # worded in both languages, every placeholder filled
    return caught.value


def started(n: int = 7, dagger: int = A, **options) -> State:
    created = ev.GameCreated(NAMES[:n], Options(**options), seed=5)
    return play(State(), created, ev.CardsDealt(), ev.CluesShown(), ev.DaggerGiven(dagger))


def given(s: State, tokens=None, cards=None, **changes) -> State:
    """The table as a test sets it: tokens and ability cards by seat. A seat set with a Staff
    took its Unknowns while holding it (B13) unless ``staffed`` says otherwise; a rank token
    set was shown (B11)."""
    t, c = list(s.tokens), list(s.cards)
    for p, held in (tokens or {}).items():
        t[p] = tuple(held)
    for p, held in (cards or {}).items():
        c[p] = tuple(held)
    staffed = tuple(ts.count("unknown") if STAFF in cs else 0 for ts, cs in zip(t, c, strict=True))
    ranked = tuple(p for p, ts in enumerate(t) if any(x.isdigit() for x in ts))
    changes = {"staffed": staffed, "ranked": ranked} | changes
    return dataclasses.replace(s, tokens=tuple(t), cards=tuple(c), **changes)


def wound(s: State, seat: int, kind: str, rank: int = 0) -> State:
    return rules.apply(s, ev.WoundTaken(seat, kind, rank))


def test_b4_counts():
    for n in (6, 8, 10, 12, 3):
        refused(State(), ev.GameCreated(NAMES[:n]), "B4", "bb_count")
    for n in (7, 9, 11):
        assert play(State(), ev.GameCreated(NAMES[:n])).count == n


def test_b8_names_clockwise_and_steps_b5_b9():
    refused(State(), ev.GameCreated(("Ann",) * 7), "B8", "same_name")
    s = play(State(), ev.GameCreated(NAMES[:9]))
    assert s.step == "deal"  # B5–B7, then the clue step B8, then the dagger B9
    refused(s, ev.DaggerGiven(0), "B5", "bb_not_now")
    s = play(s, ev.CardsDealt(), ev.CluesShown())
    assert s.step == "dagger"


def test_b7_curse_cards_configurable():
    assert [curse_cards(n, Options()) for n in (7, 9, 11)] == [(1, 1), (1, 2), (1, 3)]
    assert curse_cards(11, Options(curses="one_each")) == (1, 1)


def test_b9_first_dagger_drawn_seeded_or_picked():
    s = play(State(), ev.GameCreated(NAMES[:7]), ev.CardsDealt(), ev.CluesShown())
    one = rules.draw_first_dagger(s, random.Random("5:3"))
    assert one == rules.draw_first_dagger(s, random.Random("5:3")) and one.drawn
    assert play(s, one).dagger == one.seat
    assert play(s, ev.DaggerGiven(4)).dagger == 4  # picked by the table
    refused(s, ev.DaggerGiven(7), "B9", "bb_no_seat")


def test_b10_pass():
    s = started()
    refused(s, ev.DaggerPassed(B, C), "B10", "bb_not_holder")
    refused(s, ev.Attacked(B, C), "B10", "bb_not_holder")
    refused(s, ev.DaggerPassed(A, A), "B10", "bb_pass_self")
    assert play(s, ev.DaggerPassed(A, E)).dagger == E


def test_b11_attacks_refused_and_warned():
    s = started()
    refused(s, ev.Attacked(A, A), "B11", "bb_attack_self")
    refused(given(s, cards={B: (SHIELD,)}), ev.Attacked(A, B), "B11", "bb_shielded")
    three = given(s, tokens={B: ("rose", "rose", "1")})
    assert rules.warns_inquisitor(three, A, B)  # before the fleur cross: warned only
    assert play(three, ev.Attacked(A, B)).step == "offers"
    shown = given(three, tokens={A: ("fleur",), B: ("rose", "rose", "1")}, fleur_shown=A)
    refused(shown, ev.Attacked(A, B), "B11", "bb_inquisitor_three")
    healed = given(shown, tokens={A: ()})  # B11: known for good, a heal does not hide it
    refused(healed, ev.Attacked(A, B), "B11", "bb_inquisitor_three")
    assert not rules.warns_inquisitor(given(s, tokens={A: ("5",), B: ("rose",) * 3}), A, B)


def test_b12_interventions():
    s = play(given(started(), tokens={D: ("3",)}), ev.Attacked(A, B))
    refused(s, ev.InterventionOffered(A), "B12", "bb_offer_party")
    refused(s, ev.InterventionOffered(B), "B12", "bb_offer_party")
    refused(s, ev.InterventionOffered(D), "B12", "bb_offer_shown")
    s = play(s, ev.InterventionOffered(C), ev.InterventionOffered(E), ev.InterventionOffered(E))
    assert s.offers == (C,)  # keyed again: taken back
    refused(s, ev.InterventionPicked(E), "B12", "bb_not_offered")
    s = play(s, ev.InterventionPicked(C))
    refused(s, ev.WoundTaken(C, "rose"), "B12", "bb_intervener_rank")
    s = wound(s, C, "rank", 4)
    assert s.tokens[C] == ("4",) and s.dagger == C  # B15: the intervener takes the dagger
    fan = given(started(), cards={B: (FAN,)})
    s = play(fan, ev.Attacked(A, B))
    assert s.step == "wound" and s.wounds[0].seat == B  # B3: nobody may intervene
    shield = given(started(), cards={C: (SHIELD, FAN)})  # Shield, Fan holders may offer
    assert play(shield, ev.Attacked(A, B), ev.InterventionOffered(C)).offers == (C,)


def test_b12_fan_offer_refused():
    s = play(started(), ev.Attacked(A, B))
    s = given(s, cards={B: (FAN,)})
    refused(s, ev.InterventionOffered(C), "B12", "bb_fan")


def attacked_b(s: State | None = None) -> State:
    s = s or started()
    return play(s, ev.Attacked(A, B), ev.InterventionPicked(None))


def test_b13_token_limits():
    s = attacked_b()
    refused(s, ev.WoundTaken(C, "rose"), "B13", "bb_not_wounded")
    refused(s, ev.WoundTaken(B, "rank", 10), "B13", "bb_no_rank")
    refused(s, ev.WoundTaken(B, "gold"), "B13", "bb_no_token")
    second = attacked_b(given(started(), tokens={B: ("7",)}))
    refused(second, ev.WoundTaken(B, "fleur"), "B13", "bb_second_rank")
    third = attacked_b(given(started(), tokens={B: ("unknown", "unknown")}))
    refused(third, ev.WoundTaken(B, "unknown"), "B13", "bb_third_affiliation")
    staff = attacked_b(given(started(), cards={B: (STAFF,)}))
    refused(staff, ev.WoundTaken(B, "beast"), "B13", "bb_staff_unknown")
    assert wound(staff, B, "unknown").tokens[B] == ("unknown",)
    taken = attacked_b(given(started(), tokens={C: ("3",), D: ("3",)}))
    refused(taken, ev.WoundTaken(B, "rank", 3), "B13", "bb_rank_taken")
    fleur = attacked_b(given(started(), tokens={C: ("fleur",)}, fleur_shown=C))
    refused(fleur, ev.WoundTaken(B, "fleur"), "B13", "bb_fleur_taken")
    healed = attacked_b(given(started(), fleur_shown=C))  # shown, then healed: still his
    refused(healed, ev.WoundTaken(B, "fleur"), "B13", "bb_fleur_taken")


def test_b13_b2_icons():
    clans = attacked_b(given(started(), tokens={B: ("rose",)}))
    refused(clans, ev.WoundTaken(B, "rank", 2), "B13", "bb_beyond_icons")  # 2: ? ?
    assert wound(clans, B, "rank", 7).tokens[B] == ("rose", "7")  # 7: C ?
    one_clan = attacked_b(given(started(), tokens={B: ("rose", "1")}))
    refused(one_clan, ev.WoundTaken(B, "beast"), "B13", "bb_beyond_icons")  # C: one clan
    assert wound(one_clan, B, "rose").tokens[B] == ("rose", "1", "rose")
    staffed = attacked_b(given(started(), tokens={B: ("1",)}, cards={B: (STAFF,)}))
    assert wound(staffed, B, "unknown").tokens[B] == ("1", "unknown")  # the Staff binds
    wild = attacked_b(given(started(), tokens={B: ("rose", "beast")}))
    assert wound(wild, B, "fleur").fleur_shown == B  # B13: the Inquisitor takes any kind
    wild_first = attacked_b(given(started(), tokens={B: ("fleur", "rose")}))
    assert wound(wild_first, B, "beast").tokens[B] == ("fleur", "rose", "beast")


def test_b30_unknown_beyond_twenty_is_a_stand_in():
    s = started(11)
    unknown = {p: ("unknown", "unknown") for p in range(2, 11)} | {A: ("unknown",) * 2}
    staffs = {p: (STAFF,) for p in range(2, 8)}  # B30: Staffs force Unknown beyond the icons
    s = given(s, tokens=unknown, cards=staffs)
    assert s.out("unknown") == 20
    s = attacked_b(s)
    assert wound(s, B, "unknown").out("unknown") == 21  # counted and shown as Unknown


def test_b15_dagger_after_a_wound():
    s = wound(attacked_b(), B, "rose")
    assert s.dagger == B and s.step == "turn"


def test_b16_capture_at_the_fourth_wound():
    s = attacked_b(given(started(), tokens={B: ("rose", "rose", "1")}))
    assert s.step == "capture" and s.capture.seat == B and s.dagger == A  # the dagger stays
    refused(s, ev.WoundTaken(B, "rose"), "B16", "bb_captured")
    refused(s, ev.WoundTaken(C, "gold"), "B16", "bb_captured")  # B16 first
    refused(s, ev.CaptureKeyed(C, A), "B22", "bb_not_captured")
    refused(s, ev.CaptureKeyed(B, C), "B22", "bb_not_captor")
    done = play(s, ev.CaptureKeyed(B, A))
    assert (done.captured, done.captor, done.step) == (B, A, "characters")


def test_b17_ability_step_decline_and_configurable():
    s = wound(attacked_b(), B, "rank", 7)
    assert s.step == "ability" and s.reveals[0].seat == B
    refused(s, ev.AbilityDeclined(C), "B17", "bb_not_your_ability")
    refused(s, ev.AbilityUsed(C), "B17", "bb_not_your_ability")
    assert play(s, ev.AbilityDeclined(B)).step == "turn"
    # configurable: attack and intervention wounds only; a Berserker's wound reveals nothing
    for abilities, step in (("any_wound", "ability"), ("attack_wounds", "turn")):
        t = wound(attacked_b(started(abilities=abilities)), B, "rank", 7)
        t = play(t, ev.AbilityUsed(B))  # the Berserker wounds his attacker A
        assert play(t, ev.WoundTaken(A, "rank", 8)).step == step


def test_b18_sword_returns_at_third_wound_and_shield_blocks_abilities():
    s = wound(attacked_b(given(started(), tokens={B: ("rose", "rose")})), B, "rank", 6)
    s = play(s, ev.AbilityUsed(B, (C,)))  # the Guardian: Shield to C, Sword to himself
    assert s.holds(C, SHIELD) and s.holds(B, SWORD)  # got with the third token: it stays
    refused(s, ev.Attacked(B, C), "B11", "bb_shielded")
    s = play(given(s, tokens={B: ("rose", "6")}), ev.Attacked(B, D), ev.InterventionPicked())
    s = play(s, ev.WoundTaken(D, "rose"), ev.Attacked(D, B), ev.InterventionPicked())
    s = wound(s, B, "rose")  # his third token: the Sword and its Shield go back
    assert not s.holds(B, SWORD) and not s.holds(C, SHIELD) and s.swords == ()
    m = wound(attacked_b(given(started(), cards={C: (SHIELD,)})), B, "rank", 5)
    refused(m, ev.AbilityUsed(B, (C,)), "B18", "bb_ability_shield")


def test_b2_mentalist_forces_rank_and_b15_dagger_to_target():
    s = wound(attacked_b(), B, "rank", 5)
    s = play(s, ev.AbilityUsed(B, (C,)))
    refused(s, ev.WoundTaken(C, "unknown"), "B2", "bb_mentalist_rank")
    s = wound(s, C, "rank", 9)
    assert s.dagger == C and s.reveals[0].seat == C
    shown = wound(attacked_b(given(started(), tokens={C: ("8",)})), B, "rank", 5)
    shown = play(shown, ev.AbilityUsed(B, (C,)), ev.WoundTaken(C, "unknown"))
    assert shown.tokens[C] == ("8", "unknown")  # shown already: an affiliation token


def test_b29_assassin_two_wounds_then_dagger_then_abilities():
    s = wound(attacked_b(), B, "rank", 2)
    s = play(s, ev.AbilityUsed(B, (C,)))
    s = wound(s, C, "rank", 8)
    assert s.step == "wound" and s.dagger == B  # the second wound first
    s = wound(s, C, "unknown")
    assert s.dagger == C and s.step == "ability" and s.reveals[0].seat == C


def test_b27_targets_and_b28_no_effect():
    s = wound(attacked_b(), B, "rank", 3)  # the Harlequin: two other players
    refused(s, ev.AbilityUsed(B, (C,)), "B27", "bb_targets")
    refused(s, ev.AbilityUsed(B, (C, C)), "B27", "bb_targets")
    refused(s, ev.AbilityUsed(B, (B, C)), "B27", "bb_targets")
    assert play(s, ev.AbilityUsed(B, (C, D))).step == "turn"
    alch = wound(attacked_b(), B, "rank", 4)  # not an intervention: nothing to do
    refused(alch, ev.AbilityUsed(B), "B28", "bb_no_effect")
    assert play(alch, ev.AbilityDeclined(B, no_effect=True)).step == "turn"
    elder = wound(attacked_b(given(started(), cards={B: (QUILL,)})), B, "rank", 1)
    refused(elder, ev.AbilityUsed(B), "B28", "bb_no_effect")
    full = {p: (FAN,) for p in range(3, 3 + BOX_CARDS[FAN])}
    court = wound(attacked_b(given(started(), cards=full)), B, "rank", 9)
    refused(court, ev.AbilityUsed(B, (C,)), "B28", "bb_no_effect")
    ok = wound(attacked_b(), B, "rank", 9)
    assert play(ok, ev.AbilityUsed(B, (C,))).holds(C, FAN)


def test_b14_alchemist_heal():
    s = play(given(started(), tokens={B: ("rose",)}), ev.Attacked(A, B))
    s = play(s, ev.InterventionOffered(C), ev.InterventionPicked(C), ev.WoundTaken(C, "rank", 4))
    s = play(s, ev.AbilityUsed(C, heal=True))
    assert s.step == "heal"
    refused(s, ev.Healed(D, "rose"), "B14", "bb_not_healed")
    refused(s, ev.Healed(B, "beast"), "B14", "bb_not_held")
    assert play(s, ev.Healed(B, "rose")).tokens[B] == ()


def test_b19_b20_curses():
    s = wound(attacked_b(), B, "fleur")
    refused(s, ev.AbilityUsed(B), "B19", "bb_curses_private")
    refused(s, ev.CursesGiven(B, (C,), C), "B19", "bb_curse_count")
    refused(s, ev.CursesGiven(B, (C, C), C), "B19", "bb_curse_twice")
    refused(s, ev.CursesGiven(B, (B, C), C), "B19", "bb_curse_self")
    refused(s, ev.CursesGiven(B, (D, C), E), "B19", "bb_true_curse")
    done = play(s, ev.CursesGiven(B, (D, C), C))
    assert done.curse_holders == (C, D) and done.true_curse == C and done.left_in_box(CURSE) == 0
    own = wound(attacked_b(started(curse_to_self=True)), B, "fleur")
    assert play(own, ev.CursesGiven(B, (B, C), B)).curse_holders == (B, C)
    again = wound(attacked_b(given(started(), curses_given=True)), B, "fleur")  # B20
    refused(again, ev.CursesGiven(B, (D, C), C), "B28", "bb_no_effect")
    assert rules.legal_moves(again) == [ev.AbilityDeclined(B, no_effect=True)]


def test_not_now_and_not_this_game():
    refused(started(), ev.WoundTaken(A, "rose"), "B10", "bb_not_now")
    with pytest.raises(Refusal) as caught:
        rules.apply(started(), object())  # type: ignore[arg-type]
    assert caught.value.key == "bb_not_this_game"
