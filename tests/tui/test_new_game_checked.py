"""A game written by ``scripts/new-game`` (issue 39, Done when) goes through every check of the
house as it is, with no list to edit: the same functions that check the registry's games
(tests/every_game.py), called with its name. The game is the skeleton under a throwaway name,
written into a temporary folder and registered (``new_game``, tests/conftest.py).

The storm is a short one here (its whole length runs on every registered game in
tests/tui/test_storm.py); the torture kills the real app in another process, which registers
the game by a hook (``ptyapp.game_hook``). The
render-ahead check stops at a game's first secret, which the skeleton picks before any line
said at a key: it has nothing to look at there, so it is not called."""

from __future__ import annotations

import pytest

from tests.conftest import NEW_GAME
from tests.every_game import registered, words_dir
from tests.games.test_words_name_no_gender import gendered
from tests.games.test_words_russian_read_aloud import read_aloud_problems
from tests.test_secrets_every_game import secrets_told
from tests.test_torture import keyed_from_step_views, torture_game
from tests.tui.test_fast_typing import burst_of_names
from tests.tui.test_fit_referee import fits
from tests.tui.test_shell_keys import shell_keys_used
from tests.tui.test_storm import storm_form, storm_game

pytestmark = pytest.mark.usefixtures("new_game")


async def test_a_storm_of_keys_into_it_resumed_mid_game_and_into_its_form(make_app, tmp_path):
    with registered(NEW_GAME):
        storm = await storm_game(NEW_GAME, make_app, tmp_path / "games", keys=300)
        await storm_form(NEW_GAME, make_app, keys=120)
    assert storm.sent >= 300


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_every_screen_of_its_example_fits_80x24_and_100x30(tmp_path, lang):
    with registered(NEW_GAME):
        fit = await fits(NEW_GAME, lang, tmp_path)
    assert len(fit.seen) > 3, fit.seen
    fit.check()


def test_its_secret_is_on_no_public_screen_before_its_reveal(tmp_path):
    with registered(NEW_GAME):
        leaks, kept, told = secrets_told(NEW_GAME, tmp_path)
    assert leaks == [], "\n".join(leaks)
    assert kept and told  # X2 to X5: the secret seat is kept, then told at its reveal


def test_every_entry_of_its_example_is_keyed_from_its_step_views(tmp_path):
    with registered(NEW_GAME):
        assert keyed_from_step_views(NEW_GAME, tmp_path) > 0


@pytest.mark.long
def test_killed_and_resumed_at_its_end_it_keeps_every_entry_and_its_record(new_game, tmp_path):
    package, _ = new_game
    with registered(NEW_GAME):
        out = torture_game(NEW_GAME, tmp_path, folder=package)
    assert "mismatches: 0" in out


def test_no_choice_of_it_uses_a_shell_key(tmp_path):
    with registered(NEW_GAME):
        assert shell_keys_used(NEW_GAME, tmp_path) == set()


async def test_names_typed_in_one_burst_land_in_its_form(make_app):
    with registered(NEW_GAME):
        await burst_of_names(make_app, NEW_GAME)


def test_its_words_name_no_gender_and_read_aloud_in_russian():
    with registered(NEW_GAME):
        assert gendered(words_dir(NEW_GAME)) == []
        assert read_aloud_problems(NEW_GAME) == []
