"""Half-rendered speech left by a killed process is swept from the cache (found by the torture
run: a SIGKILL during speech left ``*.tmp.wav`` files behind for ever)."""

from __future__ import annotations

import os
import subprocess
import sys

from narrator.voice.synth import sweep_stale_renders


def test_stale_renders_of_dead_processes_go_and_living_ones_stay(tmp_path):
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead_pid = int(dead.stdout)
    stale = tmp_path / f"abc.{dead_pid}.0.tmp.wav"
    mine = tmp_path / f"abc.{os.getpid()}.1.tmp.wav"
    parent = tmp_path / f"abc.{os.getppid()}.2.tmp.wav"
    odd = tmp_path / "abc.notapid.tmp.wav"
    done = tmp_path / "abc.wav"
    for path in (stale, mine, parent, odd, done):
        path.write_bytes(b"RIFF")
    assert sweep_stale_renders(tmp_path) == 1
    assert not stale.exists()
    assert mine.exists() and parent.exists() and odd.exists() and done.exists()
