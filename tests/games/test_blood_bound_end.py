"""Blood Bound's end (B22–B26) and the stuck case's ruling (⚖ B13, ``deal.py``): every B-id
named with its refusal and its allowed case; configurable rulings both ways."""

from __future__ import annotations

import pytest

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import rules
from narrator.games.blood_bound.state import CURSE, QUILL, STAFF, State
from tests.games.test_blood_bound_rules import _words, given, play, refused, started, wound

__all__ = ["_words"]  # the words fixture, used here too
A, B, C, D, E, F, G = range(7)
ROSE_ELDER_B = {B: ("rose", "rose", "1")}  # B is captured at A's attack


def captured(tokens=None, cards=None, n: int = 7, **changes) -> State:
    """A's attack captures B (B16), keyed with its captor (B22); the characters come next."""
    s = given(started(n), tokens=ROSE_ELDER_B | (tokens or {}), cards=cards, **changes)
    return play(s, ev.Attacked(A, B), ev.InterventionPicked(), ev.CaptureKeyed(B, A))


def key(s: State, chars: dict[int, tuple[str, int]]) -> State:
    return play(s, *(ev.CharacterKeyed(p, clan, rank) for p, (clan, rank) in chars.items()))


# B is the Rose Elder (the Rose leader); A the captor; the Beast leader is C (rank 2)
DEAL = {
    A: ("beast", 4),
    B: ("rose", 1),
    C: ("beast", 2),
    D: ("rose", 5),
    E: ("beast", 9),
    F: ("rose", 3),
    G: ("inquisitor", 0),
}


def test_b22_characters_refused_and_allowed():
    s = captured(tokens={C: ("beast", "7"), D: ("fleur",)}, fleur_shown=D)
    assert s.step == "characters" and s.characters == (None,) * 7
    refused(s, ev.CharacterKeyed(B, "rose", 0), "B22", "bb_no_character")
    refused(s, ev.CharacterKeyed(B, "inquisitor", 3), "B22", "bb_no_character")
    refused(s, ev.CharacterKeyed(B, "beast", 1), "B22", "bb_character_tokens")  # Rose tokens
    refused(s, ev.CharacterKeyed(B, "rose", 2), "B22", "bb_character_tokens")  # shows 1
    refused(s, ev.CharacterKeyed(C, "beast", 5), "B22", "bb_character_tokens")
    refused(s, ev.CharacterKeyed(A, "inquisitor", 0), "B22", "bb_no_deal_left")  # D showed it
    refused(s, ev.CharacterKeyed(A, "beast", 7), "B22", "bb_no_deal_left")  # C's character
    s = play(s, ev.CharacterKeyed(B, "rose", 1), ev.CharacterKeyed(D, "inquisitor", 0))
    refused(s, ev.CharacterKeyed(B, "rose", 3), "B22", "bb_seat_keyed")
    refused(s, ev.CharacterKeyed(A, "rose", 1), "B22", "bb_character_twice")
    refused(s, ev.CharacterKeyed(A, "inquisitor", 0), "B22", "bb_second_inquisitor")
    s = play(s, ev.CharacterKeyed(A, "rose", 2), ev.CharacterKeyed(E, "rose", 9))
    refused(s, ev.CharacterKeyed(F, "rose", 3), "B22", "bb_clan_full")  # ⌊7/2⌋ = 3
    assert play(s, ev.CharacterKeyed(F, "beast", 1)).characters[F] == ("beast", 1)


def test_b22_staff_and_the_inquisitors_wild_tokens():
    s = captured(tokens={C: ("unknown", "unknown"), D: ("rose", "beast")})
    refused(s, ev.CharacterKeyed(C, "rose", 1), "B22", "bb_character_tokens")  # Elder: C C
    assert play(s, ev.CharacterKeyed(C, "rose", 2)).characters[C] == ("rose", 2)  # ? ?
    staffed = captured(tokens={C: ("unknown", "unknown")}, cards={C: (STAFF,)})
    assert play(staffed, ev.CharacterKeyed(C, "beast", 1)).characters[C] == ("beast", 1)
    refused(s, ev.CharacterKeyed(D, "rose", 7), "B22", "bb_character_tokens")
    assert play(s, ev.CharacterKeyed(D, "inquisitor", 0)).characters[D] == ("inquisitor", 0)


def test_b13_stuck_case_refused_before_it_happens():
    """⚖ B13: Rose and Beast tokens fit only the Inquisitor; once the fleur cross shows
    elsewhere, no token would fit them (B13 is silent), so the token that leads there is
    refused (bb_no_deal) and every wound keeps a token to take."""
    s = play(given(started(), tokens={B: ("rose",), C: ("fleur",)}, fleur_shown=C))
    s = play(s, ev.Attacked(A, B), ev.InterventionPicked())
    refused(s, ev.WoundTaken(B, "beast"), "B13", "bb_no_deal")
    assert wound(s, B, "rose").tokens[B] == ("rose", "rose")
    wild = play(given(started(), tokens={B: ("rose", "beast")}), ev.Attacked(A, C))
    wild = play(wild, ev.InterventionPicked())
    refused(wild, ev.WoundTaken(C, "fleur"), "B13", "bb_no_deal")  # B is the Inquisitor
    assert wound(wild, C, "rank", 5).tokens[C] == ("5",)
    # too many of a clan: four players with Rose tokens in a 7-player game (3 Rose + the
    # Inquisitor): a fifth is refused
    many = given(started(), tokens={p: ("rose",) for p in (C, D, E, F)})
    many = play(many, ev.Attacked(A, B), ev.InterventionPicked())
    refused(many, ev.WoundTaken(B, "rose"), "B13", "bb_no_deal")
    assert rules.legal_moves(many) and ev.WoundTaken(B, "beast") in rules.legal_moves(many)


def test_b23_leaders_lowest_or_highest_with_the_quill():
    s = key(captured(), DEAL)
    assert s.leaders == (B, C)  # Rose 1, Beast 2
    quill = key(captured(cards={B: (QUILL,)}), DEAL)
    assert quill.leaders == (D, C)  # the Rose Elder holds the Quill: Rose 5 leads
    no_elder = key(captured(cards={C: (QUILL,)}), DEAL)
    assert no_elder.leaders == (B, C)  # a Quill held by a non-Elder does nothing


def test_b24_the_inquisitor_captured_wins_alone():
    curses = {C: (CURSE,), D: (CURSE,)}
    s = captured(tokens={B: ("rose", "beast", "fleur")}, cards=curses, fleur_shown=B)
    s = given(s, curses_given=True, true_curse=C)
    s = key(s, DEAL | {B: ("inquisitor", 0), G: ("rose", 1)})
    assert (s.step, s.winner, s.reason, s.winners) == (
        "end",
        "inquisitor",
        "inquisitor_captured",
        (B,),
    )
    assert s.leaders == (G, C) and s.flipped == ()  # shown, but no clan and no flip
    refused(s, ev.CurseFlipped(C, True), "B16", "bb_not_now")
    assert rules.legal_moves(s) == []


@pytest.mark.parametrize(
    "captor, cards, winner, reason",
    [
        (("beast", 4), {}, "beast", "rival_leader_captured"),  # B is the Rose leader
        (("beast", 4), {B: (QUILL,)}, "rose", "rival_leader_missed"),  # D leads Rose
        (("rose", 4), {}, "beast", "rival_leader_missed"),  # his own clan's leader
        (("inquisitor", 0), {}, "beast", "inquisitor_captor"),  # B11's illegal attack
    ],
)
def test_b25_the_victorious_clan(captor, cards, winner, reason):
    chars = DEAL | {A: captor}
    if captor[0] != "beast":
        chars |= {G: ("beast", 4)} if captor[0] == "inquisitor" else {D: ("beast", 5)}
    s = key(captured(cards=cards), chars)
    assert (s.step, s.winner, s.reason) == ("end", winner, reason)
    assert s.victorious == (winner, reason)
    assert set(s.winners) == {p for p, c in chars.items() if c[0] == winner}


def curses(holders=(C, D), true=C, **options) -> State:
    s = captured(cards={h: (CURSE,) for h in holders}, **options)
    return key(given(s, curses_given=True, true_curse=true), DEAL)


def test_b26_flips_refused_and_the_true_curse_steals_the_win():
    s = curses()
    assert (s.step, s.victorious, s.winner) == ("flips", ("beast", "rival_leader_captured"), None)
    refused(s, ev.CurseFlipped(E, False), "B26", "bb_no_curse")  # holds none
    s = play(s, ev.CurseFlipped(D, False))
    refused(s, ev.CurseFlipped(D, True), "B26", "bb_no_curse")  # flipped already
    stolen = play(s, ev.CurseFlipped(C, True))  # C leads the victorious Beast clan
    assert (stolen.winner, stolen.reason, stolen.winners) == ("inquisitor", "true_curse", (G,))
    assert not stolen.curse_mismatch
    t = play(curses(), ev.CurseFlipped(C, True))
    refused(t, ev.CurseFlipped(D, True), "B26", "bb_second_true")


def test_b26_true_curse_elsewhere_does_nothing_and_the_card_wins():
    s = play(curses(true=D), ev.CurseFlipped(D, True), ev.CurseFlipped(C, False))
    assert (s.winner, s.reason) == ("beast", "rival_leader_captured")  # D is no leader
    mismatch = play(curses(true=D), ev.CurseFlipped(C, True), ev.CurseFlipped(D, False))
    assert mismatch.winner == "inquisitor" and mismatch.curse_mismatch  # the card decides
    supply = key(captured(), DEAL)  # B20: the Inquisitor declined, the curses stayed
    assert (supply.step, supply.winner, supply.flipped) == ("end", "beast", ())


@pytest.mark.parametrize("ruling, flips", [("by_count", 4), ("one_each", 2)])
def test_b7_b19_configurable_at_the_end(ruling, flips):
    """B7: the curse cards held at the end, 11 players: 1+3 or 1+1; B19: one may be his own."""
    s = play(given(started(11, curses=ruling, curse_to_self=True)), ev.Attacked(A, B))
    s = play(s, ev.InterventionPicked(), ev.WoundTaken(B, "fleur"))
    holders = (B, C, D, E)[:flips]
    s = play(s, ev.CursesGiven(B, holders, C))  # B keeps one himself
    s = given(s, tokens={B: ("fleur", "rose", "beast")})
    s = play(s, ev.Attacked(B, A), ev.InterventionPicked(), ev.WoundTaken(A, "rank", 6))
    s = play(s, ev.AbilityDeclined(A))  # the Guardian declines
    s = given(s, tokens={A: ("6", "beast", "beast")}, dagger=C)
    s = play(s, ev.Attacked(C, A), ev.InterventionPicked(), ev.CaptureKeyed(A, C))
    chars = {A: ("beast", 6), B: ("inquisitor", 0), C: ("beast", 2), D: ("rose", 1)}
    chars |= {E: ("rose", 2), F: ("rose", 3), G: ("rose", 4), 7: ("beast", 3)}
    chars |= {8: ("beast", 7), 9: ("beast", 8), 10: ("rose", 5)}
    s = key(s, {p: chars[p] for p in range(11)})
    assert s.step == "flips" and s.curse_holders == holders
    s = play(s, *(ev.CurseFlipped(h, h == C) for h in holders))
    # C (Beast 2) captured his own clan's A: Rose wins; the True Curse on C does nothing
    assert (s.winner, s.reason, len(s.flipped)) == ("rose", "rival_leader_missed", flips)
