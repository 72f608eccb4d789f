"""The child of test_journal_crash.py, a small fork server.

For each line ``play PATH SEED`` on stdin it forks a worker that resumes the journal at PATH
and plays random legal moves into it, writing to stdout ``pid N`` first, then ``A <event>``
after each append returns (``undoing`` / ``U`` around an undo) and ``over`` when the game
ends, after which it waits to be killed. The server writes ``exit STATUS`` once the worker
is dead. Forking keeps each of the hundreds of kills cheap: the narrator is imported once.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from narrator.journal import Journal
from tests.games.walk import next_move


def say(text: str) -> None:
    os.write(1, (text + "\n").encode())  # unbuffered: said means said


def play(path: str, seed: int) -> None:
    say(f"pid {os.getpid()}")
    rng = random.Random(seed)
    journal = Journal.open(Path(path))
    say(f"opened {len(journal.events)}")
    while journal.state.winner is None:
        if journal.events and rng.random() < 0.04:
            say("undoing")
            journal.undo()
            say("U")
        else:
            event = next_move(journal.state, rng)
            journal.append(event)
            say("A " + json.dumps(event.to_json(), separators=(",", ":")))
    say("over")
    time.sleep(60)  # stay alive until killed, so the parent never signals a stranger


def main() -> None:
    for line in sys.stdin:
        _, path, seed = line.split()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                play(path, int(seed))
            except BaseException:  # noqa: BLE001 - report any failure, then exit
                traceback.print_exc()
                code = 1
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        say(f"exit {status}")


if __name__ == "__main__":
    main()
