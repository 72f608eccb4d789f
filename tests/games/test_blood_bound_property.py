"""Blood Bound property tests (issue 20): random games of legal entries at 7, 9 and 11 players
keep the box's limits (B2, B13, B30, the ability cards of B3/B18/B28, the curses of B7), hold
one dagger and at most 3 wounds a seat (B16), end in a capture with the winner of B22–B26
(worked out again here, not by ``end.py``), and replay from the journal through the codec. Then
the B-ids no other test shows on its own: the supply (B6), the curse cards unseen (B21), the
order of effects (B29)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st

from narrator.games.base import fold
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import rules
from narrator.games.blood_bound.events import Options
from narrator.games.blood_bound.game import GAME
from narrator.games.blood_bound.state import (
    BEAST,
    BOX_CARDS,
    BOX_TOKENS,
    CURSE,
    FLEUR,
    QUILL,
    ROSE,
    SHIELD,
    STAFF,
    SWORD,
    UNKNOWN,
    State,
    curse_cards,
)
from tests.games.test_blood_bound_rules import NAMES, _words, play, refused, started, wound
from tests.games.test_blood_bound_rules import given as table

__all__ = ["_words"]  # the words fixture, used here too
A, B, C, D, E, F, G = range(7)
MAX_ENTRIES = 1500  # every game ends well before (attacks are favoured)
SETTINGS = settings(
    max_examples=10, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
WOUNDING = (2, 4, 5, 7)  # B2: Assassin, Alchemist, Mentalist, Berserker
COUNTS = pytest.mark.parametrize("count", [7, 9, 11])


def PROPERTY(test):  # noqa: N802
    """One fixed seed: every property draws the same games, each played once (cached)."""
    return fixed_seed(2020)(SETTINGS(test))


# --- a random game, checked after every entry ------------------------------------------------


def random_options(rng: random.Random) -> Options:
    return Options(
        clans=rng.choice(("rose_beast", "gargoyle_phoenix")),  # B1
        curses=rng.choice(("by_count", "one_each")),  # B7
        first_dagger=rng.choice(("drawn", "picked")),  # B9
        abilities=rng.choice(("any_wound", "attack_wounds")),  # B17
        curse_to_self=rng.random() < 0.5,  # B19
    )


def choose(s: State, moves: list[ev.Event], rng: random.Random) -> ev.Event:
    """A legal entry at random; at a turn an attack three times in four, so games end."""
    if s.step == "turn" and rng.random() < 0.75:
        attacks = [m for m in moves if isinstance(m, ev.Attacked)]
        if attacks:
            return rng.choice(attacks)
    return rng.choice(moves)


@cache
def random_game(game_seed: int, count: int) -> tuple[tuple[ev.Event, ...], State]:
    """The journal and the final state, the box's limits checked after every entry."""
    rng = random.Random(game_seed)
    created = ev.GameCreated(NAMES[:count], random_options(rng), seed=game_seed)
    journal: list[ev.Event] = [created]
    s = rules.apply(State(), created)
    while s.step != "end":
        assert len(journal) < MAX_ENTRIES, f"the game does not end (at {s.step})"
        moves = rules.legal_moves(s)
        assert moves, f"stuck at {s.step}"
        e = choose(s, moves, rng)
        assert rules.check(s, e) is None
        before, s = s, rules.apply(s, e)
        journal.append(e)
        box_kept(before, s)
        dagger_kept(before, e, s)
    return tuple(journal), s


def dagger_kept(before: State, e: ev.Event, s: State) -> None:
    """One dagger: it moves only by a pass (B10) or with a wound that ends an attack or an
    Assassin's or Mentalist's use (B15, B29); a capture leaves it (B16)."""
    if isinstance(e, ev.DaggerGiven | ev.DaggerPassed):
        assert s.dagger == (e.seat if isinstance(e, ev.DaggerGiven) else e.to)
    elif isinstance(e, ev.WoundTaken):
        w = before.wounds[0]
        moves = w.left == 0 and w.source not in ("berserker", "alchemist")
        assert s.dagger == (w.seat if moves else before.dagger)
    else:
        assert s.dagger == before.dagger


def box_kept(before: State, s: State) -> None:
    """The box's limits and the table's, after one entry."""
    if s.dagger is None:  # not dealt yet
        return
    assert s.dagger in s.seats  # one dagger, held by a seat
    # B2, B30: Rose and Beast never run out (at most 12 of 13 owed); Unknown beyond the box's
    # 20 are stand-ins, only at 11 players (7 and 9 have at most 14 and 18 affiliation slots)
    assert s.out(ROSE) <= BOX_TOKENS[ROSE] - 1 and s.out(BEAST) <= BOX_TOKENS[BEAST] - 1
    stand_ins = max(0, s.out(UNKNOWN) - BOX_TOKENS[UNKNOWN])
    assert stand_ins == 0 or s.count == 11
    assert s.out(UNKNOWN) <= 2 * s.count
    assert all(s.out(str(n)) <= 2 for n in range(1, 10))  # B13: two rows of 1–9
    fleurs = [p for p in s.seats if FLEUR in s.tokens[p]]  # one fleur cross, on one seat
    assert len(fleurs) <= 1 and s.out(FLEUR) <= 1 and set(fleurs) <= {s.fleur_shown}
    if before.fleur_shown is not None:  # B11: known for good
        assert s.fleur_shown == before.fleur_shown
    for p in s.seats:  # B13: one rank token, two affiliation tokens; B16: three wounds
        ranks = [t for t in s.tokens[p] if t.isdigit() or t == FLEUR]
        assert len(ranks) <= 1 and len(s.tokens[p]) - len(ranks) <= 2
        assert len(s.tokens[p]) <= 3
        taken = s.tokens[p][len(before.tokens[p]) :]
        if before.holds(p, STAFF) and len(taken) == 1:  # B3, B13: a Staff binds to Unknown
            assert taken[0] not in (ROSE, BEAST)
        if len(before.tokens[p]) == 2 and len(taken) == 1:  # B18: his third wound
            assert not s.holds(p, SWORD) and p not in (sword for sword, _ in s.swords)
    cards_kept(s)
    if s.step == "capture" and before.step != "capture":  # B16: the dagger stays
        assert s.dagger == before.dagger and s.wounds_of(s.capture.seat) == 3


def cards_kept(s: State) -> None:
    """The ability cards (B3): never beyond the box; each Shield came with its Sword (B18);
    Staffs two at a time (the Mage's); the curse cards of B7, in the supply or given (B19)."""
    held = Counter(card for cards in s.cards for card in cards)
    for card, n in BOX_CARDS.items():
        assert held[card] <= n
        if card != CURSE:
            assert held[card] + s.left_in_box(card) == n
    assert Counter(p for p, _ in s.swords) == Counter(
        p for p in s.seats for c in s.cards[p] if c == SWORD
    )
    assert Counter(q for _, q in s.swords) == Counter(
        p for p in s.seats for c in s.cards[p] if c == SHIELD
    )
    assert all(sword != shield for sword, shield in s.swords)  # B27: given to another
    assert held[STAFF] % 2 == 0
    supply = sum(curse_cards(s.count, s.options))
    assert held[CURSE] + s.left_in_box(CURSE) == supply
    if s.curses_given:
        assert held[CURSE] == supply and s.true_curse in s.curse_holders
        inquisitor = s.fleur_shown
        assert s.options.curse_to_self or inquisitor not in s.curse_holders
    else:
        assert held[CURSE] == 0 and s.true_curse is None
    assert all(cards.count(CURSE) <= 1 for cards in s.cards)  # B19: each to a different one


# --- the end, worked out again ---------------------------------------------------------------


def cause_of_last_wound(journal: tuple[ev.Event, ...]) -> int:
    """B22's captor, from the journal alone: who made the last wounds (the attacker, or the
    Assassin, Mentalist, Berserker or Alchemist who used his ability: B29 resolves a use's
    wounds before any other ability, so the last such entry made the capturing wound)."""
    s = State()
    cause = -1
    for e in journal:
        if isinstance(e, ev.Attacked):
            cause = e.by
        elif isinstance(e, ev.AbilityUsed) and not e.heal and s.rank_of(e.seat) in WOUNDING:
            cause = e.seat
        s = rules.apply(s, e)
    return cause


def winner_by_the_book(s: State, journal: tuple[ev.Event, ...]) -> tuple[str, str]:
    """B23–B26 from the keyed characters, the capture keyed, the Quills and the flips."""
    chars = s.characters
    other = {ROSE: BEAST, BEAST: ROSE}
    leaders = {}
    for clan in (ROSE, BEAST):  # B23: the lowest rank; with the Elder's Quill the highest
        ranked = sorted((rank, p) for p, (c, rank) in enumerate(chars) if c == clan)
        quill = ranked[0][0] == 1 and QUILL in s.cards[ranked[0][1]]
        leaders[clan] = ranked[-1 if quill else 0][1]
    assert s.leaders == (leaders[ROSE], leaders[BEAST])
    (keyed,) = [e for e in journal if isinstance(e, ev.CaptureKeyed)]
    captured, captor = chars[keyed.captured][0], chars[keyed.captor][0]
    if captured == "inquisitor":  # B24: he alone wins, nothing is flipped
        assert not any(isinstance(e, ev.CurseFlipped) for e in journal)
        return "inquisitor", "inquisitor_captured"
    if captor == "inquisitor":  # B25: only after an illegal attack (B11)
        clan, why = other[captured], "inquisitor_captor"
    elif keyed.captured == leaders[other[captor]]:
        clan, why = captor, "rival_leader_captured"
    else:
        clan, why = other[captor], "rival_leader_missed"
    flips = [(e.seat, e.true) for e in journal if isinstance(e, ev.CurseFlipped)]
    assert sorted(p for p, _ in flips) == sorted(s.curse_holders)  # B26: every held card
    assert sum(true for _, true in flips) <= 1
    if (leaders[clan], True) in flips:  # B26: the True Curse on the victorious leader
        return "inquisitor", "true_curse"
    return clan, why


def characters_fit(s: State) -> None:
    """B5, B22: each character once, ⌊n/2⌋ of each clan and one Inquisitor, none that his
    tokens rule out (B2's icons, B13's Staff, the fleur cross)."""
    k = s.count // 2
    assert None not in s.characters and len(set(s.characters)) == s.count
    clans = Counter(c for c, _ in s.characters)
    assert (clans[ROSE], clans[BEAST], clans["inquisitor"]) == (k, k, 1)
    for p, (clan, rank) in enumerate(s.characters):
        ranks = {t for t in s.tokens[p] if t.isdigit() or t == FLEUR}
        if clan == "inquisitor":
            assert ranks <= {FLEUR}
            continue
        assert ranks <= {str(rank)} and s.fleur_shown != p
        assert all(t == clan for t in s.tokens[p] if t in (ROSE, BEAST))


# --- the properties --------------------------------------------------------------------------


@COUNTS
@PROPERTY
@given(game_seed=seeds)
def test_random_legal_entries_keep_the_box_B2_B13_B16_B30(count, game_seed):
    journal, s = random_game(game_seed, count)
    assert s.count == count and sum(isinstance(e, ev.WoundTaken) for e in journal) >= 3


@COUNTS
@PROPERTY
@given(game_seed=seeds)
def test_every_game_ends_in_a_capture_with_the_winner_of_B22_to_B26(count, game_seed):
    journal, s = random_game(game_seed, count)
    assert s.step == "end" and rules.legal_moves(s) == []
    assert s.capture is not None and s.capture.source != "intervention"  # at most 2 wounds
    assert (s.captured, s.captor) == (s.capture.seat, s.capture.by)
    assert len(s.tokens[s.captured]) == 3  # B16: the fourth wound took no token
    captor = cause_of_last_wound(journal)
    assert s.captor == captor and s.captured != captor  # B22
    characters_fit(s)
    winner, reason = winner_by_the_book(s, journal)
    assert (s.winner, s.reason) == (winner, reason)
    seats = {p for p, (c, _) in enumerate(s.characters) if c == winner}
    assert set(s.winners) == seats and len(seats) == (1 if winner == "inquisitor" else count // 2)


@COUNTS
@PROPERTY
@given(game_seed=seeds)
def test_the_journal_replays_to_the_same_state_through_the_codec(count, game_seed):
    journal, s = random_game(game_seed, count)
    decoded = [GAME.codec.decode(json.loads(json.dumps(e.to_json()))) for e in journal]
    assert tuple(decoded) == journal
    assert fold(GAME, decoded) == s and GAME.is_over(s)


@PROPERTY
@given(game_seed=seeds)
def test_b1_the_clans_names_change_no_rule(game_seed):
    """B1: Gargoyle and Phoenix are Rose and Beast by other names: the same entries give the
    same game (only the option differs)."""
    journal, s = random_game(game_seed, 9)
    names = {"rose_beast": "gargoyle_phoenix", "gargoyle_phoenix": "rose_beast"}
    created = journal[0]
    options = dataclasses.replace(created.options, clans=names[created.options.clans])
    other = fold(GAME, (dataclasses.replace(created, options=options), *journal[1:]))
    assert other == dataclasses.replace(s, options=options) and other.winner == s.winner


# --- B6, B21, B29 ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [7, 9, 11])
def test_b6_the_supply_rank_tokens_in_two_rows_and_the_curse_cards(n):
    """B6: the curse cards beside the fleur cross are B7's count until the gift; the rank
    tokens lie in two rows, so a third token of a rank is refused (B13)."""
    s = started(n)
    assert s.left_in_box(CURSE) == sum(curse_cards(n, s.options)) == {7: 2, 9: 3, 11: 4}[n]
    assert started(n, curses="one_each").left_in_box(CURSE) == 2
    s = table(s, tokens={C: ("4",), D: ("4",)})
    s = play(s, ev.Attacked(A, B), ev.InterventionPicked())
    refused(s, ev.WoundTaken(B, "rank", 4), "B13", "bb_rank_taken")
    assert wound(s, B, "rank", 3).tokens[B] == ("3",)


def gift(true: int) -> tuple[State, State]:
    s = wound(play(started(9), ev.Attacked(A, B), ev.InterventionPicked()), B, "fleur")
    return s, play(s, ev.CursesGiven(B, (C, D, E), true))


def test_b21_nobody_sees_a_curse_card_before_the_end():
    """B21: at the gift the table learns only who holds a curse card (``curse_holders``); which
    is True lives in ``true_curse`` alone, and no flip is taken before the end (B26)."""
    before, after = gift(C)
    _, elsewhere = gift(E)
    assert dataclasses.replace(after, true_curse=None) == dataclasses.replace(
        elsewhere, true_curse=None
    )
    changed = {
        f.name
        for f in dataclasses.fields(State)
        if getattr(before, f.name) != getattr(after, f.name)
    }
    # the cards given, the ability done, the attack that revealed it over: nothing else
    assert changed == {"cards", "curses_given", "true_curse", "reveals", "step", "attack"}
    assert after.curse_holders == (C, D, E) and before.curse_holders == ()
    assert all(cards == (CURSE,) for cards in after.cards[C : E + 1])  # a card, not which
    refused(after, ev.CurseFlipped(C, True), "B10", "bb_not_now")


def test_b29_sword_returns_before_the_ability_it_revealed():
    """B29: the token, the dagger (B15), the Sword's return (B18), then the ability: the
    Guardian's third token sends his old Sword back first, so the box has one to give."""
    swords = ((B, C), (E, F))  # both Swords out: the box has none
    cards = {B: (SWORD,), C: (SHIELD,), E: (SWORD,), F: (SHIELD,)}
    s = table(started(), tokens={B: (ROSE, ROSE)}, cards=cards, swords=swords)
    s = wound(play(s, ev.Attacked(A, B), ev.InterventionPicked()), B, "rank", 6)
    assert s.step == "ability" and s.reveals[0].seat == B
    assert s.dagger == B and s.left_in_box(SWORD) == 1 and not s.holds(C, SHIELD)
    s = play(s, ev.AbilityUsed(B, (D,)))
    assert s.holds(B, SWORD) and s.holds(D, SHIELD)  # got with his third token: it stays


def test_b29_assassin_wounds_both_before_the_first_wounded_ability():
    """B29: the Assassin's two wounds, then the dagger, then the ability the first revealed."""
    s = wound(play(started(), ev.Attacked(A, B), ev.InterventionPicked()), B, "rank", 2)
    s = wound(play(s, ev.AbilityUsed(B, (C,))), C, "rank", 9)
    assert (s.step, s.dagger, s.wounds[0].seat) == ("wound", B, C)  # not yet the Courtesan
    s = wound(s, C, UNKNOWN)
    assert (s.step, s.dagger, s.reveals[0].seat) == ("ability", C, C)


def test_b29_an_ability_reveals_the_next_and_a_capture_ends_all():
    """B29: the Berserker's wound reveals his attacker's Assassin (the dagger stays with the
    Berserker, B15); the Assassin's first wound on a 3-wound player captures at once (B16)."""
    s = table(started(), tokens={D: (ROSE, ROSE, "1")})
    s = wound(play(s, ev.Attacked(A, B), ev.InterventionPicked()), B, "rank", 7)
    s = wound(play(s, ev.AbilityUsed(B)), A, "rank", 2)
    assert (s.step, s.dagger, s.reveals[0].seat) == ("ability", B, A)
    s = play(s, ev.AbilityUsed(A, (D,)))
    assert (s.step, s.capture.seat, s.capture.by, s.reveals, s.wounds) == ("capture", D, A, (), ())
    assert s.dagger == B
