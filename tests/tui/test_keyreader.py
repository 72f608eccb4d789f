"""One key reader for the game and privacy screens (issue 18, item 6): seats 01-11 typed as
two keys, a first key that waits for the rest, and a step's own key winning over an entry
valid at any step; the setup form refuses a player count the rules do not allow (B4)."""

from __future__ import annotations

import pytest

from narrator.games.base import Refusal
from narrator.games.common.seats import seat_keys
from narrator.games.shell_data import Choice, Field
from narrator.prompts import Words
from narrator.tui.keyreader import merged, read
from narrator.tui.setup import check_count

ELEVEN = tuple(Choice(key, event=seat) for seat, key in enumerate(seat_keys(11)))


def test_eleven_seats_are_typed_as_two_keys():
    first = read(ELEVEN, "", "0")
    assert first.waiting and first.typed == "0" and first.chosen is None
    assert read(ELEVEN, first.typed, "9").chosen.event == 8
    assert read(ELEVEN, "", "1").typed == "1"  # "10" or "11"
    assert read(ELEVEN, "1", "1").chosen.event == 10
    missed = read(ELEVEN, "1", "2")  # no seat 12: nothing, and the keys typed are dropped
    assert missed.chosen is None and not missed.waiting


def test_a_letter_is_read_either_case_and_a_whole_key_is_taken_at_once():
    choices = (Choice("b2", event="B2"), Choice("1", event=1), Choice("10", event=10))
    assert read(choices, "", "B").typed == "b"
    assert read(choices, "b", "2").chosen.event == "B2"
    assert read(choices, "", "1").chosen.event == 1  # exact: never waits for "10"


def test_a_steps_own_key_wins_over_an_anytime_entry():
    own = (Choice("n", event="the step's"),)
    anytime = (Choice("n", event="a note"), Choice("q", event="a heal"))
    assert [c.event for c in merged(own, anytime)] == ["the step's", "a heal"]


@pytest.mark.parametrize("count, ok", [(7, True), (8, False), (9, True), (10, False), (11, True)])
def test_the_form_refuses_a_count_the_rules_do_not_allow_B4(count, ok):
    field = Field("count", Words("setup.count"), "count", 7, 7, 11, rule="B4")
    if ok:
        assert check_count(field, count, (7, 9, 11)) == count
        return
    with pytest.raises(Refusal) as refused:
        check_count(field, count, (7, 9, 11))
    assert refused.value.rule == "B4"
    assert str(refused.value) == f"This game is played by 7, 9 and 11 players, not {count} (B4)"
