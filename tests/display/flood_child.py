"""The child of test_flood.py: a narrator app (headless) with a Werewolf game under way and its
table display on, under a file limit of its own (soft and hard: only this process's), flooded
by its parent with more connections than the whole limit.

``python flood_child.py DATA_DIR LIMIT`` writes ``port N`` once the display is on, waits for
``flooded`` on stdin, waits until the display holds its cap of connections and has refused
others, then takes an entry by its keys and opens the help, writing ``full OPEN REFUSED``,
``saved LINES`` (the journal's lines added) and ``help``.
"""

from __future__ import annotations

import asyncio
import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from narrator.tui.modals import HelpScreen
from tests.tui.werewolf_driver import hut, make_app, set_up, wait_for


def say(text: str) -> None:
    os.write(1, (text + "\n").encode())  # unbuffered: said means said


def lines(path: Path) -> int:
    return path.read_bytes().count(b"\n")


async def main(data_dir: Path) -> None:
    app = make_app(data_dir.parent, data_dir=data_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        await set_up(pilot, app, keys=False)
        assert await app.start_display()
        say(f"port {app.display.port}")
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        doors = app.display.doors
        await wait_for(pilot, lambda: doors.open == doors.cap and doors.refused > 0)
        say(f"full {doors.open} {doors.refused}")
        before = lines(app.journal.path)
        await hut(pilot, app, "c", "enter")  # Ann: Cursed (W16), entered by its keys
        say(f"saved {lines(app.journal.path) - before}")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        say("help")


if __name__ == "__main__":
    limit = int(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
    asyncio.run(main(Path(sys.argv[1])))
