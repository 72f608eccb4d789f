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
    out = tortured("--seed", "1", "--start", "57", kills=4, kinds=("privacy", "discussion", "page"))
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


@pytest.mark.long
def test_werewolf_killed_in_the_night_pass_W24():
    """The last turn of the last night's pass, said by the app with nobody at the keys (W24),
    then the attack's reveal (W28) announced: the example's end."""
    out = tortured("--game", "werewolf", "--start", "114", kills=2, kinds=("night_pass", "page"))
    assert re.search(r"winner villagers", out), out


def test_every_entry_of_each_example_is_keyed_from_its_step_views(tmp_path):
    """The planner keys every entry of the examples the full runs play: the keys its step's
    views ask (tests/ptygame.py), to the end of the game. Only the Berserker's striking back
    is journaled otherwise by the keys than by the script: with his attacker (B27); and
    Werewolf's discussions, turned on (W18), are ended by a key before each vote."""
    from narrator.games.base import fold
    from narrator.games.werewolf.events import DiscussionEnded
    from tests.storm import example_events
    from tests.torture_games import EXAMPLES, example

    for name in EXAMPLES:
        game = example(name, tmp_path / name)
        scripted = example_events(name, tmp_path / f"{name}-script")
        keyed = [e for e in game.events if not isinstance(e, DiscussionEnded)]
        assert len(keyed) == len(scripted) and (len(keyed) < len(game.events)) == (
            name == "werewolf"
        ), name
        changed = [(a, b) for a, b in zip(scripted, keyed, strict=True) if a != b]
        kinds = {type(b).__name__ for a, b in changed if type(a) is type(b)}
        assert kinds <= {"AbilityUsed", "GameCreated"}, (name, changed)
        n, keys = 1, 0
        while plan := game.planner(fold(game.game, game.events[:n]), n):
            made = [a.event for a in plan if a.event is not None]
            assert made == game.events[n : n + len(made)], (name, n)
            keys += len([a for a in plan if a.key])
            n += len(made)
        assert n == len(game.events) and game.game.is_over(fold(game.game, game.events)), name
        assert keys > n, name  # a key an entry at least, with those of the screens between
