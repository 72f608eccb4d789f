"""``narrator display``: the same feed full screen in a second terminal; it follows each
entry, and reconnects by itself when the app's server comes back."""

from __future__ import annotations

from narrator.display.server import TableDisplay
from narrator.display.terminal import DisplayApp
from tests.display.test_browser import layout, werewolf_page
from tests.tui.driver import wait_for  # time-based: as patient on a loaded machine


def shown(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_terminal_display_follows_the_feed_and_reconnects():
    display = TableDisplay(lan=False, layout=layout)
    await display.start()
    display.publish(werewolf_page("Huts"))
    app = DisplayApp(display.url)
    again = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "Huts" in shown(app))
            text = shown(app)
            assert "Ultimate Werewolf: Inquisition" in text and "Supply: 35" in text
            assert "A      B      C      D" in text and "Cid" in text
            display.publish(werewolf_page("Vote", votes=4))
            await wait_for(pilot, lambda: "Vote" in shown(app))
            port, token = display.port, display.token
            await display.stop()  # the app killed
            await wait_for(pilot, lambda: not app.connected)
            again = TableDisplay(lan=False, port=port, token=token, layout=layout)
            await again.start()  # and resumed
            again.publish(werewolf_page("The lynch", votes=6))
            await wait_for(pilot, lambda: "The lynch" in shown(app))
            assert app.connected
    finally:
        await display.stop()
        if again is not None:
            await again.stop()


def test_the_terminal_display_tells_the_moment_as_the_page_does():
    from rich.console import Console

    from narrator.display.terminal import render

    page = {
        "game": None,
        "lang": "en",
        "title": "Ultimate Werewolf: Inquisition",
        "step": "Vote",
        "seats": [],
        "piles": [],
        "lines": [],
        "extra": {"told": ["Seat 2 (Bob) votes now (W18).", "Votes so far: Ann on B2."]},
        "clock": None,
    }
    console = Console(width=80, record=True)
    console.print(render(page))
    text = console.export_text()
    assert "Seat 2 (Bob) votes now (W18)." in text and "Votes so far: Ann on B2." in text
