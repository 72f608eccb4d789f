"""What Werewolf's steps show, say and record, without a terminal (issue 17): the hints fit the
table (W2), a key that does nothing says why (W12, W18, W34), the night's lines (W22, W24),
Backspace in the picker (W8), and the record in the order things happened (W21, W27)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from narrator import prompts
from narrator.games.registry import get
from narrator.games.shell_data import AppMove, Paced
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import narration, rules
from narrator.games.werewolf.game import GAME
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.story import describe
from narrator.prompts import Words, prompt, worded
from tests.games.werewolf_table import (
    NAMES,
    NIGHT,
    at_lynch,
    at_night,
    attack,
    created,
    dealt,
    lynch,
    only,
    pass_huts,
    run,
)

LANGS = ("en", "ru")


@pytest.fixture(autouse=True)
def werewolf_words(common_words):
    prompts.use_game(get("werewolf").words_dir)
    yield
    prompts.use_game(None)


def choice(view, key: str):
    return next(c for c in view.choices if c.key == key)


def said(lines, lang: str = "en") -> list[str]:
    return [prompt(line.prompt_id, lang, **line.params) for line in lines]


# --- the seats' keys fit the table (W2) --------------------------------------------------------
@pytest.mark.parametrize(
    ("count", "en", "ru"),
    [
        (7, "(1–7)", "(1–7)"),
        (10, "(1–9, 0 for seat 10)", "(1–9, 0 — место 10)"),
        (12, "(01–12)", "(01–12)"),
    ],
)
def test_the_seat_keys_named_are_the_table_s_W2_W10(count, en, ru):
    state = created(count)
    keys = GAME.step(state).keys
    assert en in worded(keys, "en") and ru in worded(keys, "ru")
    if count < 10:
        assert "10" not in worded(keys, "en") and "10" not in worded(keys, "ru")


def test_the_mason_s_seat_and_the_record_s_cards_name_the_keys_W2_W17_W38():
    state = dealt(8, residents=(*NIGHT[:11], "mason"))
    keys = worded(GAME.step(state, ("mason",)).keys, "en")
    assert "seat number (1–8)" in keys
    cards = [b for b in GAME.step(replace(state, step=Step.OVER, winner="villagers")).body]
    assert any("(1–8)" in worded(b, "en") for b in cards if isinstance(b, Words))


def test_a_seat_past_the_last_says_which_to_press_and_its_rule_W2():
    view = GAME.step(created(8))
    for lang, text in (
        ("en", "There is no seat 9: press a seat from 1 to 8 (W2)"),
        ("ru", "Места 9 нет: нажмите номер места от 1 до 8 (W2)"),
    ):
        assert worded(choice(view, "9").refusal, lang) == text


# --- a key that does nothing says why (W12, W18, W34) -------------------------------------------
def test_a_key_that_is_no_hut_says_the_huts_left_and_the_rule_W12():
    state = dealt(6, NIGHT)
    unkeyed = GAME.step(state).unkeyed
    text = worded(unkeyed, "en")
    assert text.startswith("Press the letter of a hut left today: ") and text.endswith("(W12).")
    assert "b, c, " in text and " or " in text  # the huts left: Bodyguard, Cursed, …
    assert "(W12)" in worded(unkeyed, "ru")


def test_p_at_the_hut_step_says_a_pass_takes_a_hut_as_the_key_line_says_W12():
    """The key line: the hut first, then its target or p; p first says so, with its rule."""
    state = dealt(6, NIGHT)
    view = GAME.step(state)
    player = state.players[state.hut_seat]
    assert worded(view.keys, "en").endswith(f"{player} takes, then its target or p to pass")
    for lang in LANGS:
        text = worded(choice(view, "p").refusal, lang)
        assert player in text and text.endswith("p (W12).")
    assert choice(view, "p").event is None and not choice(view, "p").listed
    passing = GAME.step(state, (choice(view, "b").goto[0],))  # a hut taken: p passes with it
    assert choice(passing, "p").event.passed


def test_a_hut_never_in_the_village_is_refused_at_its_letter_W6():
    state = dealt(6, NIGHT)
    assert "prince" not in state.residents
    text = worded(choice(GAME.step(state), "r").refusal, "en")
    assert text == "There is no Prince in this village, so no Prince hut (W6)"


def test_enter_is_off_the_vote_until_every_vote_is_placed_W18():
    """Enter only counts once everyone has voted: before, no primary (the key line leaves it
    off) and the refusal names who is still to vote."""
    state = pass_huts(dealt(6, NIGHT))
    view = GAME.step(state)
    assert view.primary is None
    assert view.refusal.rule == "W18" and state.players[state.voter] in str(view.refusal)
    for _ in state.voters:
        state = rules.apply(state, ev.VoteCast(state.voter, "A1"))
    assert GAME.step(state).primary.event == ev.VotesCounted()


def test_a_digit_in_the_vote_says_a_vote_goes_on_a_spot_W18():
    state = pass_huts(dealt(6, NIGHT))
    assert state.step is Step.VOTE
    view = GAME.step(state)
    assert all(not c.key.isdigit() for c in view.choices)  # a digit matches no choice…
    text = worded(view.unkeyed, "en")  # …and says why it does nothing
    assert "not on a seat" in text and "b2" in text and "(W15, W18)" in text
    assert "b2" in worded(view.unkeyed, "ru") and "(W15, W18)" in worded(view.unkeyed, "ru")
    for _ in state.voters:
        state = rules.apply(state, ev.VoteCast(state.voter, "A1"))
    done = worded(GAME.step(state).unkeyed, "en")
    assert "Enter counts" in done and "(W18)" in done


def test_a_key_that_is_no_resident_says_the_letters_hidden_W34():
    state = at_lynch(dealt(6, NIGHT), "A1")
    assert worded(GAME.step(state).unkeyed, "en") == (  # the hidden pool's keys (W33)
        "Press the letter of the resident turned face up: a, b, c, n, y, i, s, l, w, k or f (W34)."
    )
    assert worded(GAME.step(state).unkeyed, "ru").endswith(
        ": a, b, c, n, y, i, s, l, w, k или f (W34)."
    )


def test_a_key_that_picks_nothing_names_the_keys_that_do_W10_W19_W23():
    gi = worded(GAME.step(created(7)).unkeyed, "en")
    assert (
        gi == "Press the Grand Inquisitor's seat number (1–7), or Enter: the app draws one (W10)."
    )
    tie = replace(dealt(6, NIGHT), step=Step.LYNCH_TIE, tied=("B2", "D1"))
    assert worded(GAME.step(tie).unkeyed, "en") == "Press one of the tied spots: B2 or D1 (W19)."
    assert (
        worded(GAME.step(tie).unkeyed, "ru") == "Нажмите одну из клеток с ничьей: B2 или D1 (W19)."
    )
    night = at_night(only(dealt(6, NIGHT), "A1", "A2", "B1", "C1", "C2", "C3"))
    assert worded(GAME.step(night).unkeyed, "en") == (
        "Press the letter of a column of two cards or more: A or C (W23)."
    )


# --- the night's lines (W22, W24) ---------------------------------------------------------------
def first_night(bodyguard: str | None) -> State:
    """Day 1 with the first seat's Bodyguard hut on B1, passed, or another hut; the lynch of
    A1; tonight's column step."""
    state = dealt(6, NIGHT)
    if bodyguard == "on":
        state = rules.apply(state, ev.HutTaken(0, "bodyguard", ("B1",)))
    elif bodyguard == "passed":
        state = rules.apply(state, ev.HutTaken(0, "bodyguard", passed=True))
    state = lynch(state, "villager", *["A1"] * 6)
    assert state.step is Step.NIGHT_COLUMN
    return state


@pytest.mark.parametrize("bodyguard", [None, "passed"])
def test_night_says_nothing_of_the_bodyguard_s_hut_when_none_lies_on_a_card_W22(bodyguard):
    state = first_night(bodyguard)
    for lang, word in (("en", "Bodyguard"), ("ru", "Телохранител")):
        lines = said(narration.step_lines(state), lang)
        assert lines and not any(word in line for line in lines), lines
        assert not any(word in worded(b, lang) for b in GAME.step(state).body)


def test_night_says_take_the_bodyguard_s_hut_off_its_card_when_it_lies_on_one_W22():
    state = first_night("on")
    assert said(narration.step_lines(state)) == [
        "Night falls. Take the Bodyguard hut off its card: the protection ends. "
        "P1, as Grand Inquisitor, choose a column."
    ]
    assert "Телохранителя" in said(narration.step_lines(state), "ru")[0]


def test_the_pass_s_first_turn_is_turn_1_of_n_W24():
    state = rules.apply(at_night(dealt(8, NIGHT)), ev.ColumnChosen("A"))
    for passes, en, ru in (
        (0, "turn 1 of 8", "шаг 1 из 8"),
        (1, "turn 2 of 8", "шаг 2 из 8"),
    ):
        paced = GAME.step(replace(state, passes=passes)).primary.event
        assert isinstance(paced, Paced)
        assert en in worded(paced.title, "en") and ru in worded(paced.title, "ru")
        assert "8 turns" not in worded(paced.title, "en")


# --- Backspace in the picker takes back one resident (W8) --------------------------------------
def test_backspace_after_the_app_completes_the_village_takes_back_one_resident_W8():
    state = run(State(), ev.GameCreated(NAMES[:7]), ev.ResidentAdded("seer"))
    view = GAME.step(state)
    assert isinstance(choice(view, "2").event, AppMove)
    completed = rules.apply(state, GAME.app_move(state, 2))
    assert len(completed.residents) == 12
    back = choice(GAME.step(completed), "backspace")
    assert not back.listed and worded(back.label, "en") == "Take back a resident"
    after = rules.apply(completed, back.event)
    assert after.residents == completed.residents[:-1]  # one, the last: not all eleven added
    again = rules.apply(after, choice(GAME.step(after), "backspace").event)
    assert again.residents == completed.residents[:-2]
    assert "backspace" not in {
        c.key for c in GAME.step(run(State(), ev.GameCreated(NAMES[:7]))).choices
    }


# --- the record, in the order things happened (W21, W27, W35) ----------------------------------
def test_the_record_lists_the_reshuffle_before_the_columns_combine_W27_W21():
    """A werewolf dies in the night: the vertical cards are reshuffled (W27); then the day
    begins and the two single columns combine (W21, W30)."""
    state = at_night(only(dealt(6, NIGHT), "A1", "A2", "B1", "C1"))
    state = attack(state, "A")
    after = rules.apply(state, ev.Revealed("werewolf"))
    assert after.step is Step.HUTS and after.moves == (("B1", "A2"),)
    line = describe(state, ev.Revealed("werewolf"), after, "en")
    reshuffled, day, moved = (line.index(w) for w in ("Reshuffled", "Day 2", "B1 moved to A2"))
    assert reshuffled < day < moved, line


def test_the_troublemaker_s_row_or_column_is_named_as_such_in_the_record_W17_W35():
    state = dealt(6, residents=(*NIGHT[:11], "troublemaker"))
    for line, en, ru in (
        ("2", "Seat 1 (P1): Troublemaker on row 2.", "Место 1 (P1): Смутьянка, ряд 2."),
        ("B", "Seat 1 (P1): Troublemaker on column B.", "Место 1 (P1): Смутьянка, столбец B."),
    ):
        e = ev.HutTaken(0, "troublemaker", line=line)
        after = rules.apply(state, e)
        assert describe(state, e, after, "en") == en
        assert describe(state, e, after, "ru") == ru
    witch = dealt(6, NIGHT)
    witch = rules.apply(witch, ev.HutTaken(0, "hunter", ("C1",)))
    e = ev.HutTaken(1, "witch", ("C1", "A1"))
    assert describe(witch, e, rules.apply(witch, e), "ru") == (
        "Место 2 (P2): Ведьма, голоса с клетки C1 перенесены на клетку A1."
    )
