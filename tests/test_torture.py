"""scripts/torture, small: the real app in a pty, SIGKILLed a handful of times in the last
round of a 7-player game (once on the privacy screen, once in a running discussion, once on
an announcement held until Enter, which the resumed app shows again: no discussion clock has
been saved yet) and resumed each time; it must resume on the same step (or announcement)
with every acknowledged entry, and end with the record of the same game played without
kills. The full run (``scripts/torture``, 60 kills, the setup form and the opening by keys)
is too slow for the suite."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

TORTURE = Path(__file__).resolve().parents[1] / "scripts" / "torture"


def test_killed_and_resumed_app_keeps_every_entry_and_ends_with_the_same_record():
    result = subprocess.run(
        [
            sys.executable,
            str(TORTURE),
            "--seed",
            "1",
            "--kills",
            "4",
            "--start",
            "57",  # the last round's election: its result is announced before any discussion
            "--reference",
            "fold",
        ],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = result.stdout
    assert result.returncode == 0, out + result.stderr
    kinds = re.search(r"^kills: 4 \((.*)\)$", out, re.MULTILINE)
    assert kinds, out
    assert all(re.search(rf"{kind} \d", kinds[1]) for kind in ("privacy", "discussion", "page")), (
        out
    )
    assert re.search(r"an announcement shown again: [1-9]", out), out
    assert "record equals the game without kills: yes" in out, out
    assert "mismatches: 0" in out, out
