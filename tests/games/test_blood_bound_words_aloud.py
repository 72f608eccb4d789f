"""Blood Bound's words as a table hears and reads them (issue 40, item 6): the curse cards
counted as a reader says them ("1 карта Истинного проклятия и 2 карты Ложного", not "истинных
— 1, ложных — 2"), the Inquisitor's gift without "(3)", and the attack said once on the
offers' screen (the title says it; the window asks only who offers). The general checks (no
bracketed number aloud, no count listed after its adjective, no pronoun for a character) are
tests/games/test_words_russian_read_aloud.py's."""

from __future__ import annotations

import pytest

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound.steps import step_view
from narrator.games.shell_data import Claims
from narrator.prompts import Words, prompt, worded
from tests.games.test_blood_bound_rules import _words, play, started

__all__ = ["_words"]  # the words fixture, used here too

LANGS = ("en", "ru")


@pytest.mark.parametrize("lang", LANGS)
def test_the_attack_is_said_once_on_the_offers_screen_B12(lang):
    view = step_view(play(started(), ev.Attacked(0, 1)))  # Ann attacks Bob
    window = next(part for part in view.body if isinstance(part, Claims))
    shown = [worded(view.title, lang), worded(window.heading, lang)]
    assert sum(text.count("Ann") for text in shown) == 1, shown


@pytest.mark.parametrize(
    ("false", "deal", "gift"),
    [
        (1, "1 карта Истинного проклятия и 1 карта Ложного", "1 Истинную и 1 Ложную"),
        (2, "1 карта Истинного проклятия и 2 карты Ложного", "1 Истинную и 2 Ложные"),
        (3, "1 карта Истинного проклятия и 3 карты Ложного", "1 Истинную и 3 Ложные"),
    ],
)
def test_the_curse_cards_are_counted_as_said_B7_B19(false, deal, gift):
    counts = {"true": 1, "false": false}
    assert deal in worded(Words("bb.deal.curses", counts), "ru")
    assert deal in prompt("bb_deal", "ru", rose="Роза", beast="Зверь", clan=3, **counts)
    assert gift in worded(Words("bb.curses.body", counts), "ru")


def test_the_inquisitors_gift_says_no_bracketed_number_B19():
    line = prompt("bb_ability_inquisitor", "ru", player="Ann", name="Инквизитор", cards=3)
    assert "(3)" not in line and "3 карты проклятий" in line
