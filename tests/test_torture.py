"""scripts/torture, small: the real app in a pty, SIGKILLed a handful of times near a game's
interesting steps and resumed each time; it must resume on the same step (or announcement)
with every acknowledged entry, and end with the record of the same game played without
kills. The full runs (``scripts/torture --game NAME``, 60 or 100 kills over a whole game) are
too slow for the suite; each test here starts from a journal just before the steps it kills
in (``--start``) and ends with the game or a few entries later (``--stop``)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.every_game import registered, with_example
from tests.torture_games import GAMES

TORTURE = Path(__file__).resolve().parents[1] / "scripts" / "torture"


def tortured(*args: str, kills: int, kinds: tuple[str, ...]) -> str:
    """Run the script with ``kills`` kills (reference: the game folded without a screen);
    every place of ``kinds`` must have been killed in, with no mismatch. Its output."""
    result = subprocess.run(
        [sys.executable, str(TORTURE), *args, "--kills", str(kills), "--reference", "fold"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    made = re.search(rf"^kills: {kills} \((.*)\)$", out, re.MULTILINE)
    assert made, out
    assert all(re.search(rf"\b{kind} [1-9]", made[1]) for kind in kinds), out
    assert re.search(r"^checks: .*kept [1-9].*state [1-9]", out, re.MULTILINE), out
    assert "record equals the game without kills: yes" in out, out
    assert "mismatches: 0" in out, out
    return out


@pytest.mark.long
def test_killed_and_resumed_app_keeps_every_entry_and_ends_with_the_same_record():
    """Ravnica's last round: its election's result is announced before any discussion, so the
    resumed app shows it again (R27); the privacy screen (R18) and a running discussion."""
    out = tortured("--seed", "1", "--start", "57", kills=3, kinds=("privacy", "discussion", "page"))
    assert re.search(r"an announcement shown again: [1-9]", out), out


def test_blood_bound_killed_in_the_offers_and_on_the_privacy_screen_B12_B19():
    """An attack's window of offers to intervene (B12) and the Inquisitor's curses given on
    the privacy screen (B19): entries 23-29 of the example."""
    tortured(
        "--game",
        "blood_bound",
        "--start",
        "23",
        "--stop",
        "30",
        kills=2,
        kinds=("window", "privacy"),
    )


def test_the_pyre_killed_at_a_roll_and_in_the_reaction_window_P15_P16():
    """An accusation's roll keyed (P15), the reaction window after it (P16) and the roll's
    outcome announced: entries 44-46 of the example."""
    tortured(
        "--game", "pyre", "--start", "44", "--stop", "47", kills=3, kinds=("roll", "window", "page")
    )


def torture_game(name: str, directory: Path, kills: int = 1, folder: Path | None = None) -> str:
    """scripts/torture on the game ``name`` of the app's registry (or, registered here, the
    one of the package ``folder``: the app started registers it too), from a journal of its
    game but the last three entries, ``kills`` SIGKILLs, resumed each time: the check of one
    game. Its output."""
    from tests.torture_games import spec

    entries = len(spec(name, 1, directory).events)
    which = ("--game-folder", str(folder)) if folder else ("--game", name)
    return tortured(*which, "--start", str(max(3, entries - 3)), kills=kills, kinds=())


@pytest.mark.long
@pytest.mark.parametrize("name", GAMES)
def test_each_game_killed_and_resumed_at_its_end(name, tmp_path):
    """Every game of the registry with an example: its last entries (the end announced), a
    kill, resumed on the same step with every entry, the same record (Werewolf's last night
    pass, said by the app with nobody at the keys, W24; a kill is kept for it)."""
    torture_game(name, tmp_path)


def keyed_from_step_views(name: str, directory: Path) -> int:
    """The planner keys every entry of the game ``name``'s example (registered) as the full runs
    play it: the keys its step's views ask (tests/ptygame.py), to the end of the game; the
    entries are the script's, in its order, but for the details the keys give otherwise (the
    Berserker's striking back with his attacker, B27) and the entries the keys add (Werewolf's
    discussions, turned on, W18, ended by a key before each vote). The keys planned: the check
    of one game."""
    from narrator.games.base import fold
    from tests.storm import example_events
    from tests.torture_games import example

    game = example(name, directory / "keyed")
    scripted = example_events(name, directory / "script")
    kinds = {type(e) for e in scripted}
    keyed = [e for e in game.events if type(e) in kinds]
    assert [type(e) for e in keyed] == [type(e) for e in scripted], name
    n, keys = 1, 0
    while plan := game.planner(fold(game.game, game.events[:n]), n):
        made = [a.event for a in plan if a.event is not None]
        assert made == game.events[n : n + len(made)], (name, n)
        keys += len([a for a in plan if a.key])
        n += len(made)
    assert n == len(game.events) and game.game.is_over(fold(game.game, game.events)), name
    assert keys > n, name  # a key an entry at least, with those of the screens between
    return keys


def own_screen(name: str, directory: Path) -> bool:
    """The example reaches a step the game's own screen draws (``StepView.screen``: Ravnica's
    deal, R6): keyed by the game's own planner (Ravnica's: tests/ptynarrator.py), not here."""
    from narrator.games import registry
    from narrator.games.base import fold
    from tests.storm import example_events

    game, events = registry.get(name), example_events(name, directory / "own")
    return any(game.step(fold(game, events[:n])).screen for n in range(1, len(events)))


@pytest.mark.parametrize("name", with_example())
def test_every_entry_of_each_example_is_keyed_from_its_step_views(name, tmp_path):
    with registered(name):
        if own_screen(name, tmp_path):
            pytest.skip("a step of its own screen: its own planner keys it")
        keyed_from_step_views(name, tmp_path)
