"""The Pyre refuses at its first key an entry that no later key can finish, naming the rule
(issue 40, item 2): p with no hand above 7 to point out (P22), r in a window where nobody may
react (P16: the claimant with priority holds no card, or no hand holds one). The property over
every game is tests/games/test_first_key_every_game.py."""

from __future__ import annotations

from narrator.games.pyre import events as ev
from narrator.games.pyre.keys import POINT, REACT
from narrator.games.pyre.steps import step_view
from narrator.games.shell_data import Choice
from tests.games.test_pyre_rules import A, B, C, D, _words, accuse, play, started, table

__all__ = ["_words"]  # the words fixture, used here too


def keyed(s, key: str) -> Choice:
    return next(c for c in step_view(s).choices if c.key == key)


def said(choice: Choice, lang: str = "en") -> str:
    assert choice.goto is None and choice.event is None, choice
    return choice.refusal.text(lang)


def test_pointing_out_with_no_hand_above_seven_is_refused_at_p_P22():
    s = started()
    assert said(keyed(s, POINT)) == (
        "No hand holds more than 7 cards: only a hand above 7 is pointed out (P22)"
    )
    assert "(P22)" in said(keyed(s, POINT), "ru")
    assert keyed(table(s, hands={C: 8}), POINT).goto == (POINT,)
    assert (
        keyed(play(s, *(ev.Drew(), ev.CitizenPlayed(0))), POINT).refusal is not None
    )  # the turn's end too


def test_a_reaction_nobody_may_make_is_refused_at_r_P16():
    window = accuse(table(started(first=B), councils={A: (4,)}), A, 0, 2)
    assert keyed(window, REACT).goto == (REACT,)
    empty = table(window, hands=dict.fromkeys((A, B, C, D), 0))
    assert said(keyed(empty, REACT)) == "Nobody holds a card to react with (P16)"
    claimed = play(table(window, hands={C: 0}), ev.ReactionClaimed(D), ev.ReactionClaimed(C))
    assert said(keyed(claimed, REACT)) == "Cid holds 0 cards: a hand cannot go below 0 (P16)"
    assert keyed(play(window, ev.ReactionClaimed(D)), REACT).goto == (REACT,)
