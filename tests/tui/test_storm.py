"""Three keys must never close the app (issue 31): a seeded storm of keys into every game with
an example script (tests/every_game.py: the registry's and the tests' own), resumed mid-game,
into the home screen and into each game's setup form (tests/storm.py says what is sent and
what is checked after every burst). ``scripts/storm`` sends 10,000 a game."""

from __future__ import annotations

import pytest

from narrator.tui.home import HomeScreen
from narrator.tui.setup import SetupScreen
from tests.every_game import names, registered, with_example
from tests.storm import Storm, mid_game_journal


def started(app) -> bool:
    return app.journal is not None


GAME_KEYS = 1400  # a game: five games stormed in less than the time four took with 2,000
FORM_KEYS = 280


async def storm_game(name: str, make_app, directory, keys: int = GAME_KEYS) -> Storm:
    """The storm into the game ``name`` (registered) resumed mid-game: the check of one game."""
    journal = mid_game_journal(name, directory, seed=31)
    storm = Storm(keys, seed=31)
    await storm.play(lambda: make_app(resume=journal.path, new=False), started)
    assert storm.sent >= keys and storm.quits == 0
    return storm


async def storm_form(name: str | None, make_app, keys: int = FORM_KEYS) -> Storm:
    """The storm into the setup form of the game ``name`` (registered), or the home screen."""
    first = SetupScreen if name else HomeScreen
    storm = Storm(keys, seed=7)
    await storm.play(
        lambda: make_app(new=name is not None, game=name),
        lambda app: isinstance(app.screen, first) or storm.quits,
    )
    assert storm.sent >= keys
    return storm


@pytest.mark.long
@pytest.mark.parametrize("name", with_example())
async def test_a_storm_of_keys_into_a_game_resumed_mid_game(make_app, tmp_path, name):
    with registered(name):
        await storm_game(name, make_app, tmp_path / "games")


@pytest.mark.long
async def test_a_storm_of_keys_into_the_home_screen(make_app):
    await storm_form(None, make_app)


@pytest.mark.long
@pytest.mark.parametrize("name", names())
async def test_a_storm_of_keys_into_each_setup_form(make_app, name):
    with registered(name):
        await storm_form(name, make_app)
