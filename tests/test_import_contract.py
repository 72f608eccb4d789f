"""The rules, the journal and the timer know nothing of the screen or the voice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROBE = """
import importlib, importlib.util, json, sys
core = ["narrator.games", "narrator.games.ravnica", "narrator.journal", "narrator.play"]
if importlib.util.find_spec("narrator.timer") is not None:
    core.append("narrator.timer")
for name in core:
    importlib.import_module(name)
forbidden = [m for m in sys.modules
             if m == "textual" or m.startswith(("textual.", "narrator.tui", "narrator.voice"))]
print(json.dumps({"core": core, "forbidden": forbidden}))
"""


def test_core_imports_no_screen_or_voice():
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        check=False,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert "narrator.journal" in found["core"]
    assert found["forbidden"] == []
