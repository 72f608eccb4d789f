"""Before a game's first entry the page says "Waiting for the game to start" in the app's
language (issue 19, item 6), then draws the game once it begins, with the game's own layout."""

from __future__ import annotations

import pytest

from narrator.display.feed import waiting
from tests.display.browser import CHROMIUM, Browser
from tests.display.test_browser import werewolf_page

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test installs it)")


async def test_a_page_waits_for_the_game_then_draws_it(display):
    display.publish(waiting("en"))
    async with Browser() as browser:
        page = await browser.open(display.url)
        await page.wait(
            lambda: page.evaluate(
                "document.getElementById('step').textContent === 'Waiting for the game to start'"
            )
        )
        assert await page.evaluate("document.querySelectorAll('#seats li').length") == 0
        display.publish(werewolf_page("Huts"))  # the first entry: the game's own layout
        await page.wait(lambda: page.evaluate("window.NarratorLayoutGame === 'werewolf'"))
        await page.wait(
            lambda: page.evaluate("document.getElementById('step').textContent === 'Huts'")
        )
