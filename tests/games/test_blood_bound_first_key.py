"""Blood Bound refuses at its first key an entry that no later key can finish, naming the rule
(issue 40, item 2): a clan at the characters' step whose every rank the seat's tokens rule out,
or whose characters are all keyed (B22); i with nobody offered to intervene (B12); the
Harlequin's own seat (B27). The property over every game is
tests/games/test_first_key_every_game.py."""

from __future__ import annotations

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import rules
from narrator.games.blood_bound.steps import step_view
from narrator.games.shell_data import Choice
from narrator.prompts import worded
from tests.games.test_blood_bound_end import captured
from tests.games.test_blood_bound_rules import _words, play, started

__all__ = ["_words"]  # the words fixture, used here too
A, B, C = range(3)


def first_key(view, key: str) -> Choice:
    return next(c for c in view.choices if c.key == key)


def said(choice: Choice, lang: str = "en") -> str:
    assert choice.refusal is not None and choice.goto is None and choice.event is None, choice
    return worded(choice.refusal, lang)


def test_a_clan_that_no_rank_of_fits_is_refused_at_its_key_B22():
    """C holds a Rose token: b (Beast) is refused at b, not after the rank; r goes on."""
    s = captured(tokens={C: ("rose",)})
    s = play(s, ev.CharacterKeyed(A, "beast", 4), ev.CharacterKeyed(B, "rose", 1))
    view = step_view(s)
    beast = first_key(view, "b")
    assert said(beast) == (
        "No Beast character fits Cid now: each rank is ruled out by their tokens or by the"
        " characters keyed (B22)"
    )
    assert "(B22)" in said(beast, "ru") and "Cid" in said(beast, "ru")
    assert first_key(view, "r").goto == ("r",)
    assert all(rules.check(s, ev.CharacterKeyed(C, "beast", n)) for n in range(1, 10))


def test_a_clan_full_is_refused_at_its_key_with_the_count_B22():
    s = captured()  # 7 players: 3 of each clan
    s = play(*(s, *(ev.CharacterKeyed(p, "rose", r) for p, r in ((A, 2), (B, 1), (C, 3)))))
    refusal = said(first_key(step_view(s), "r"))
    assert refusal == "Only 3 characters of each clan are dealt (B22)"
    assert first_key(step_view(s), "b").goto == ("b",)


def test_the_target_s_pick_before_any_offer_is_refused_at_i_B12():
    s = play(started(), ev.Attacked(A, B))
    view = step_view(s)
    pick = first_key(view, "i")
    assert "(B12)" in said(pick) and "(B12)" in said(pick, "ru")
    assert not pick.listed
    offered = play(s, ev.InterventionOffered(C))
    assert first_key(step_view(offered), "i").goto == ("i",)


def test_the_harlequin_s_own_seat_is_refused_at_its_key_B27():
    """B's rank token 3 (the Harlequin: two other players): B's own seat is refused at once."""
    s = play(started(), ev.Attacked(A, B), ev.InterventionPicked(), ev.WoundTaken(B, "rank", 3))
    assert s.step == "ability"
    view = step_view(s)
    assert said(first_key(view, "2")) == "Bob's ability names 2 other players (B27)"
    assert first_key(view, "3").goto == ("3",)


def test_a_closed_key_names_its_rule_and_does_not_print_the_key_line_again():
    """Issue 40, item 5: a key closed at this step is answered with the step's rule; the key
    line is on screen under the answer, so the answer does not list the keys a second time."""
    s = started()
    view = step_view(s)
    closed = [c for c in view.choices if c.refusal is not None and c.refusal.key == "bb.closed"]
    assert closed, "a step with closed entry keys"
    for lang in ("en", "ru"):
        keys = worded(view.keys, lang)
        answer = worded(closed[0].refusal, lang)
        assert keys not in answer and "(B" in answer, answer
