"""The rules, the journal and the timer know nothing of the screen or the voice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROBE = """
import importlib, json, pkgutil, sys
from narrator.games import registry

def package_modules(name):
    package = importlib.import_module(name)
    return [name, *(m.name for m in pkgutil.walk_packages(package.__path__, name + "."))]

core = ["narrator.games", "narrator.games.base", "narrator.games.views", "narrator.journal",
        "narrator.play", "narrator.timer", *package_modules("narrator.games.common")]
games = {}
for game in registry.names():  # every game there is, and each module of it
    registry.get(game)  # its GAME, as the app opens it
    games[game] = package_modules(registry._ENTRIES[game].module.rpartition(".")[0])
    core += games[game]
for name in core:
    importlib.import_module(name)
forbidden = [m for m in sys.modules if m == "textual" or m.startswith(
    ("textual.", "narrator.tui", "narrator.voice", "narrator.display"))]
print(json.dumps({"core": core, "games": games, "forbidden": forbidden}))
"""


def probe(code: str):
    """What ``code`` prints as JSON, run in a fresh interpreter (nothing imported yet)."""
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_core_imports_no_screen_or_voice():
    """The rules of every game in the registry, each of their modules, the journal and the
    timer import no screen, voice or table display."""
    found = probe(PROBE)
    assert "narrator.journal" in found["core"] and "narrator.timer" in found["core"]
    assert {"ravnica", "werewolf"} <= set(found["games"])  # the walk reached the games
    assert all(len(modules) > 1 for modules in found["games"].values()), found["games"]
    assert found["forbidden"] == []


STARTUP_PROBE = """
import importlib, json, sys
for name in ("narrator.cli", "narrator.tui.start", "narrator.tui.home"):
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("narrator.games."))))
"""


def test_the_home_screen_loads_no_game_until_one_is_opened():
    """Start-up does not grow with the games: the shell imports a game's rules only when a
    game is opened or started (bench: cold start)."""
    loaded = probe(STARTUP_PROBE)
    assert "narrator.games.registry" in loaded
    games = [m for m in loaded if m.split(".")[2] not in ("base", "registry", "views", "common")]
    assert games == [], games
