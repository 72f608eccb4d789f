"""Werewolf's help names what a key enters (issue 40, item 6): at the night's column (W23) and
a hut's row or column (W17) the help read "a A · b B · c C · d D", the key beside its own
letter; it says "column A", "row 2", in both languages."""

from __future__ import annotations

import pytest

from narrator.games.werewolf import events as ev
from narrator.games.werewolf.game import GAME
from narrator.games.werewolf.keys import line_choices
from narrator.prompts import worded
from tests.games.werewolf_table import NIGHT, at_night, dealt

LANGS = ("en", "ru")


def said_again(choices, lang: str) -> list[str]:
    """Each listed choice whose help row says only its own key again."""
    return [
        f"{c.key} {worded(c.label, lang)}"
        for c in choices
        if c.listed and worded(c.label, lang).strip().lower() == c.key.lower()
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_night_columns_help_names_columns_W23(lang):
    view = GAME.step(at_night(dealt(6, NIGHT)))
    assert [c.key for c in view.choices if c.listed] == ["a", "b", "c", "d"]
    assert not said_again(view.choices, lang)
    column = {"en": "column A", "ru": "столбец A"}[lang]
    assert worded(view.choices[0].label, lang) == column


@pytest.mark.parametrize("lang", LANGS)
def test_a_huts_line_help_names_rows_and_columns_W17(lang):
    choices = line_choices(lambda line: ev.HutTaken(0, "troublemaker", line=line))
    assert not said_again(choices, lang)
    row = {"en": "row 2", "ru": "ряд 2"}[lang]
    assert worded(next(c for c in choices if c.key == "2").label, lang) == row
