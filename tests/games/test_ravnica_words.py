"""Ravnica's words as a tester read them in whole games (issue 17): the seat keys named fit
the table (R4), and the Russian keeps every name in the nominative and says nobody's gender."""

from __future__ import annotations

from dataclasses import replace

import pytest

from narrator.games.ravnica import State, Step, apply, check, narration
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.steps import seat_keys_words, step_view
from narrator.games.ravnica.story import death_lines
from narrator.prompts import prompt, worded, words
from tests.games.table import ANN, BOB, CID, DEE, EVE, FAY, election, final_vote, new_game

BLUE_TIE = {ANN: DEE, BOB: FAY, CID: DEE, DEE: DEE, EVE: FAY, FAY: FAY}  # Dee 3, Fay 3


def said(lines, lang: str) -> list[str]:
    return [prompt(line.prompt_id, lang, **line.params) for line in lines]


def test_the_tie_pick_names_the_table_s_seat_keys_not_seat_10_R4_R15(ravnica_words):
    state = election(new_game(6, election_tie="narrator"), "U", BLUE_TIE)
    assert state.step is Step.ELECTION_TIE
    keys = step_view(state).keys
    assert worded(keys, "en") == "Press the seat number (1–6)."
    assert worded(keys, "ru") == "Нажмите номер места (1–6)."


@pytest.mark.parametrize(
    ("count", "en", "ru"),
    [(5, "1–5", "1–5"), (7, "1–7", "1–7"), (10, "1–9, 0 for seat 10", "1–9, 0 — место 10")],
)
def test_the_seat_keys_named_fit_the_player_count_R4(ravnica_words, count, en, ru):
    state = replace(State(), players=tuple(f"P{i}" for i in range(count)))
    assert worded(seat_keys_words(state), "en") == f"Press the seat number ({en})."
    assert worded(seat_keys_words(state), "ru") == f"Нажмите номер места ({ru})."


def test_the_help_s_seat_row_says_0_only_at_a_table_of_ten(ravnica_words):
    assert "at a table of 10, 0 is seat 10" in words("en").format("modals.help.does.seat")
    assert "за столом из 10 игроков 0 — место 10" in words("ru").format("modals.help.does.seat")


# --- Russian: names in the nominative, no gender ---------------------------------------------
def test_the_election_names_its_candidates_in_the_nominative_R14(ravnica_words):
    state = new_game(5)
    state = apply(apply(state, ev.LeaderCardTurned("W")), ev.DiscussionEnded())
    (line,) = said(narration.step_lines(state), "ru")
    assert "Кандидаты: Ann и Eve." in line and "Голосовать можно за" not in line


def test_a_death_s_causes_read_naturally_R27_R28_R29(ravnica_words):
    state = final_vote()  # Bob is Ablaze and noted for the Ultimate Price (EVERYONE_LEADS)
    for voter in state.ballot.voters:
        state = apply(state, ev.VoteCast(voter, BOB))
    state = apply(apply(state, ev.VotesClosed()), ev.UltimatePriceRevealed())
    assert death_lines(state, "ru") == [
        "Bob (Rakdos) погибает — по итогам голосования, от Пламени и от Финальной цены."
    ]
    assert death_lines(state, "en") == [
        "Bob (Rakdos) dies: voted out, Ablaze and the Ultimate Price."
    ]


def test_someone_already_dead_is_said_without_a_gender_R29(ravnica_words):
    assert prompt("already_dead", "ru", player="Вера") == "Вера: уже в числе погибших."
    state = final_vote()
    for voter in state.ballot.voters:
        state = apply(state, ev.VoteCast(voter, BOB))
    closed = apply(state, ev.VotesClosed())
    before, after = closed, apply(closed, ev.UltimatePriceRevealed())
    (page,) = narration.announcements(before, ev.UltimatePriceRevealed(), after)
    assert said(page.lines, "ru")[1] == "Bob: уже в числе погибших."
    for text in (said(page.lines, "ru")[1], prompt("final_tie_guild_order", "ru", player="Вера")):
        assert "Игрок" not in text and "мёртв" not in text and "выбран " not in text


def test_a_second_vote_is_refused_without_a_gender_R14(ravnica_words):
    state = apply(apply(new_game(5), ev.LeaderCardTurned("W")), ev.DiscussionEnded())
    state = apply(state, ev.VoteCast(BOB, ANN))
    refusal = check(state, ev.VoteCast(BOB, EVE))
    assert refusal is not None and refusal.key == "already_voted"
    assert refusal.text("ru") == "Bob: голос уже есть, выбор — Ann; у каждого один голос (R14)"
