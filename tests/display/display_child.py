"""The child of test_survival.py: a narrator app (headless) with a Werewolf game under way and
its table display on (F2), to be killed with SIGKILL (no cleanup of any kind).

``python display_child.py DATA_DIR`` writes ``url URL`` and ``journal PATH`` once the page is
served and the first hut turns are entered, then waits to be killed.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from narrator.games.werewolf import events as ev
from narrator.tui.tabledisplay import TableDisplayScreen
from tests.tui.werewolf_driver import DAY_ONE, make_app, set_up, wait_for

HALF = 3  # the hut turns entered before the kill (the rest after the resume)


def say(text: str) -> None:
    os.write(1, (text + "\n").encode())  # unbuffered: said means said


async def main(data_dir: Path) -> None:
    app = make_app(data_dir.parent, data_dir=data_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        await set_up(pilot, app, keys=False)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, TableDisplayScreen))
        await pilot.press("escape")
        for kind, fields in DAY_ONE[:HALF]:
            assert app.enter(ev.CODEC.decode({"type": kind, **fields}))
        say(f"url {app.display.url}")
        say(f"journal {app.journal.path}")
        while True:  # until killed
            await asyncio.sleep(3600)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
