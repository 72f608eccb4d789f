"""The child of test_phone_games.py: a narrator app (headless) resumed on a Ravnica game at a
secret step, its display on 127.0.0.1, to be killed with SIGKILL mid-step (no cleanup).

``python phone_child.py JOURNAL SEAT...`` writes ``url URL`` and ``link SEAT LINK`` for each
seat, waits for those seats' phones to join, opens the secret step (on the acting seat's
phone), writes ``phone`` and waits to be killed."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from narrator.display.seatserver import RateLimit
from narrator.display.server import TableDisplay
from narrator.tui.app import NarratorApp
from narrator.tui.game import GameScreen
from narrator.tui.seatsview import PhoneStepScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import wait_for


def say(text: str) -> None:
    os.write(1, (text + "\n").encode())  # unbuffered: said means said


async def main(journal: Path, seats: list[int]) -> None:
    app = NarratorApp(
        data_dir=journal.parent, voice=CaptionsOnly(), pace=0.001, new=False, resume=journal
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        display = TableDisplay(lan=False, layout=app.display_layout)
        display.seat_server.limit = RateLimit(burst=100_000)  # every page from one address
        await display.start()
        app.display = display
        app.publish_display()
        say(f"url {display.url}")
        for seat in seats:
            say(f"link {seat} {display.seat_link(seat)}")
        await wait_for(pilot, lambda: set(seats) <= set(app.joined_seats()), timeout=60)
        while app.pages:
            await pilot.press("enter")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PhoneStepScreen))
        say("phone")
        while True:  # until killed
            await asyncio.sleep(3600)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), [int(seat) for seat in sys.argv[2:]]))
