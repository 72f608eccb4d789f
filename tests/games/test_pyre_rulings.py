"""The Pyre's rulings of issue 27: a claim or a close with no window open (P16), the forfeit's
refusal naming only what is possible (P8), a face keyed at the app's roll (P15), the ignition's
Citizens taken and burnt (P17), and the turn timer's own words (P7). ``citizen -1`` in a script
(P10) is in test_pyre_script.py's refused lines."""

from __future__ import annotations

import pytest

from narrator.games.pyre import events as ev
from narrator.games.pyre import narration, steps, story
from narrator.games.pyre.state import Citizen
from narrator.games.shell_data import AppMove
from narrator.prompts import Words, prompt
from tests.games.test_pyre_rules import (
    CARD,
    TWO,
    A,
    B,
    C,
    D,
    _words,
    accuse,
    play,
    refused,
    started,
    table,
)

__all__ = ["_words"]  # the words fixture, used here too


# --- P16: a claim or a close with no window open ----------------------------------------------


@pytest.mark.parametrize("entry", [ev.ReactionClaimed(B), ev.WindowClosed()])
def test_a_claim_or_a_close_with_no_window_open_is_P16_not_P7(entry):
    s = started()
    refused(s, entry, "P16", "py_no_window")  # at the action step
    refused(play(s, *TWO), entry, "P16", "py_no_window")  # at the turn's end
    rolling = play(table(s, councils={B: (3,)}), ev.Accused(B, 0))
    refused(rolling, entry, "P16", "py_no_window")  # the die not rolled yet: no window
    won = play(table(s, councils={B: (3,)}), ev.Accused(B, 0), ev.Rolled(4))
    assert play(won, ev.ReactionClaimed(B)).window.claims == (B,)  # in a window: allowed


# --- P8: a forfeit refused names only what is possible ----------------------------------------


def test_a_forfeit_refused_names_only_the_actions_possible_P8():
    s = started()
    why = refused(s, ev.Forfeited(), "P8", "py_action_possible")
    assert why.text("en") == "Ann can still act (Draw): no forfeit (P8)"
    assert "(взять карту)" in why.text("ru")
    full = table(s, councils={B: (3,)}, pyre=((2, C),), hands={A: 7})
    why = refused(full, ev.Forfeited(), "P8", "py_action_possible")
    assert why.text("en") == "Ann can still act (accuse or exonerate): no forfeit (P8)"
    assert "(обвинить или оправдать)" in why.text("ru")
    every = table(s, councils={B: (3,)}, pyre=((2, C),))
    why = refused(every, ev.Forfeited(), "P8", "py_action_possible")
    assert "(Draw, accuse or exonerate)" in why.text("en")


# --- P15: a real die keyed at the app's roll ---------------------------------------------------


def test_a_face_keyed_at_the_app_s_roll_is_taken_and_enter_rolls_P15():
    s = play(table(started(), councils={B: (3,)}), ev.Accused(B, 0))
    seen = steps.step_view(s)
    assert seen.primary is not None and isinstance(seen.primary.event, AppMove)  # Enter
    faces = {c.key: c.event for c in seen.choices if c.refusal is None}  # the others: closed
    assert faces["4"] == ev.Rolled(4) and set(faces) == {str(v) for v in range(1, 7)}
    assert play(s, faces["4"]).window.roll.value == 4
    assert "1–6" in Words("py.roll.keys_app", {"faces": 6}).text("en")
    physical = play(table(started(roll="physical"), councils={B: (3,)}), ev.Accused(B, 0))
    assert steps.step_view(physical).primary is None  # a real die for the game: keyed only


# --- P17: which Citizen was taken, which burnt, and whose ---------------------------------------


def test_the_ignition_says_and_shows_the_citizen_taken_and_those_burnt_P17():
    s = table(started(), councils={B: (5,)}, pyre=((1, C), (2, D)))
    after = play(accuse(s, B, 0, 6), ev.WindowClosed())
    assert after.ignition.igniter == A
    assert after.ignition.taken.influence == 5 and after.ignition.taken.owner == B
    assert [c.owner for c in after.ignition.burnt] == [C, D]
    (page,) = narration.announcements(accuse(s, B, 0, 6), ev.WindowClosed(), after)
    for lang in ("en", "ru"):
        text = prompt(page.lines[0].prompt_id, lang, **page.lines[0].params)
        assert "Bob" in text and "Cid" in text and "Dee" in text and "5" in text
    record = [w.text("en") for w in story.aftermath(accuse(s, B, 0, 6), ev.WindowClosed(), after)]
    assert "takes the last Citizen to arrive, Bob's Citizen of influence 5," in record[0]
    assert "to the discard pile: Cid's Citizen of influence 1 and Dee's" in record[0]


def test_an_ignition_with_nothing_else_on_the_pyre_or_a_discarded_citizen_P17():
    alone = play(table(started(), pyre=((4, None),)), ev.ActionCardPlayed(CARD), ev.WindowClosed())
    after = play(alone, ev.Ignited(CARD))
    assert after.ignition.taken == Citizen(after.ignition.taken.id, 4, None)
    (page,) = narration.announcements(alone, ev.Ignited(CARD), after)
    text = prompt(page.lines[0].prompt_id, "en", **page.lines[0].params)
    assert "a Citizen of influence 4 from the discard pile" in text
    assert "to the discard pile: no other Citizen" in text
    assert prompt(page.lines[0].prompt_id, "ru", **page.lines[0].params)


# --- P7: the turn timer's own words -------------------------------------------------------------


def test_the_turn_timer_says_whose_turn_ran_out_and_what_the_table_does_P7():
    s = started(turn_timer=120)
    timer = steps.step_view(s).timer
    assert timer is not None and timer.turn and timer.then is None
    up = prompt(timer.up.prompt_id, "en", **timer.up.params)
    assert up == "Time is up for Ann's turn: finish the action under way, then end the turn."
    assert "Ann" in prompt(timer.up.prompt_id, "ru", **timer.up.params)
    for line in (timer.paused, timer.resumed):
        for lang in ("en", "ru"):
            said = prompt(line.prompt_id, lang, **line.params)
            assert "Ann" in said and "Discussion" not in said and "Обсуждение" not in said
    caption = timer.paused_caption.text("en")
    assert "Ann" in caption and "Discussion" not in caption
    assert steps.step_view(started()).timer is None  # no timer unless configured
