"""A killed process loses nothing it was told was saved: a child plays into a journal and is
killed with SIGKILL at random moments; every resume holds every acknowledged event."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from narrator.games.base import fold
from narrator.games.ravnica import GAME
from narrator.journal import Journal

CHILD = Path(__file__).with_name("crash_child.py")
KILLS = 120
TIMEOUT = 10.0  # seconds for any one line from the child


class Lines:
    """Lines from a pipe, with a timeout so a stuck child fails the test instead of hanging it."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def next(self) -> str:
        deadline = time.monotonic() + TIMEOUT
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.fd], [], [], max(left, 0))
            assert ready, "the crash child said nothing for too long"
            chunk = os.read(self.fd, 65536)
            assert chunk, "the crash child closed its output"
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode()


@pytest.mark.long
def test_killed_child_loses_no_acknowledged_event(tmp_path):
    rng = random.Random(2024)
    errors = tmp_path / "child-stderr.txt"
    with open(errors, "wb") as stderr:
        child = subprocess.Popen(
            [sys.executable, str(CHILD)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            cwd=CHILD.parent.parent,
        )
    try:
        lines = Lines(child.stdout.fileno())
        kills = games = 0
        path: Path | None = None
        acked: list[dict] = []
        while kills < KILLS:
            if path is None:
                path = Journal.create("ravnica", tmp_path, f"game-{games}").path
                games += 1
                acked = []
            child.stdin.write(f"play {path} {rng.randrange(2**32)}\n".encode())
            child.stdin.flush()
            first = lines.next()
            assert first.startswith("pid "), (first, errors.read_text())
            pid = int(first.split()[1])
            # Kill after a seeded number of entries (not after a sleep: under load a sleep would
            # let the child write less and less), so every run walks through whole games.
            target = rng.randrange(0, 11)
            seen = 0
            over = undoing = False

            def read(acked: list[dict] = acked) -> str:  # this run's list, bound now
                """One line from the child, applied to what it acknowledged."""
                nonlocal over, undoing, seen
                line = lines.next()
                kind, _, rest = line.partition(" ")
                if kind == "opened":
                    assert int(rest) == len(acked)
                elif kind == "A":
                    acked.append(json.loads(rest))
                    undoing = False
                    seen += 1
                elif kind == "U":
                    acked.pop()
                    undoing = False
                    seen += 1
                elif kind == "undoing":
                    undoing = True
                elif kind == "over":
                    over = True
                elif kind == "exit":
                    assert os.WIFSIGNALED(int(rest)), (line, errors.read_text())
                return kind

            while seen < target and not over:
                read()
            os.kill(pid, signal.SIGKILL)  # lands somewhere in the next write, or between two
            while read() != "exit":
                pass
            kills += not over
            resumed = Journal.open(path)  # a valid state, or this raises
            held = [e.to_json() for e in resumed.events]
            assert held[: len(acked)] == acked or (undoing and held == acked[:-1]), (
                f"kill {kills}: the journal lost an acknowledged entry"
            )
            assert len(held) <= len(acked) + 1  # at most the one entry being written
            assert resumed.state == fold(GAME, resumed.events)
            acked = held
            if over:
                assert resumed.state.winner is not None
                path = None
        assert games >= 2
    finally:
        child.stdin.close()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
