"""Three keys must never close the app (issue 31): a seeded storm of keys into each of the four
games resumed mid-game, the home screen and each game's setup form (tests/storm.py says what
is sent and what is checked after every burst). ``scripts/storm`` sends 10,000 a game."""

from __future__ import annotations

import pytest

from narrator.tui.home import HomeScreen
from narrator.tui.setup import SetupScreen
from tests.storm import EXAMPLES, Storm, mid_game_journal


def started(app) -> bool:
    return app.journal is not None


GAME_KEYS = 2000
FORM_KEYS = 400


@pytest.mark.long
@pytest.mark.parametrize("name", EXAMPLES)
async def test_a_storm_of_keys_into_a_game_resumed_mid_game(make_app, tmp_path, name):
    journal = mid_game_journal(name, tmp_path / "games", seed=31)
    storm = Storm(GAME_KEYS, seed=31)
    await storm.play(lambda: make_app(resume=journal.path, new=False), started)
    assert storm.sent >= GAME_KEYS and storm.quits == 0


@pytest.mark.long
@pytest.mark.parametrize("name", [None, *EXAMPLES])
async def test_a_storm_of_keys_into_home_and_each_setup_form(make_app, name):
    first = SetupScreen if name else HomeScreen
    storm = Storm(FORM_KEYS, seed=7)
    await storm.play(
        lambda: make_app(new=name is not None, game=name),
        lambda app: isinstance(app.screen, first) or storm.quits,
    )
    assert storm.sent >= FORM_KEYS
