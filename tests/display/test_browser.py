"""The table display in a real browser (headless Chromium, installed by the test set-up): the
page draws a Werewolf day and Ravnica's vote from the feed, the clock ticks from its deadline,
and after the server restarts the page reconnects by itself and shows the new state."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from narrator.display.server import TableDisplay
from tests.display.browser import CHROMIUM, Browser

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test installs it)")
LAYOUTS = Path(__file__).resolve().parents[2] / "narrator" / "tui"


def layout(name: str) -> str | None:
    path = LAYOUTS / name / "display.js"
    return path.read_text("utf-8") if path.exists() else None


def werewolf_page(step: str = "Huts", votes: int = 3) -> dict:
    spots = [
        {
            "occupied": i != 11,
            "horizontal": i == 0,
            "votes": votes if i == 6 else 0,
            "protected": i == 3,
        }
        for i in range(12)
    ]
    return {
        "game": "werewolf",
        "lang": "en",
        "title": "Ultimate Werewolf: Inquisition",
        "banner": "Day 1 · Grand Inquisitor: Ann",
        "step": step,
        "seats": [{"name": n, "marks": ["2 votes"], "dead": False} for n in ("Ann", "Bob", "Cid")],
        "extra": {"village": spots, "supply": 35, "supply_words": "Supply: 35"},
        "clock": None,
    }


async def test_a_werewolf_day_is_drawn_grid_supply_and_seats(display):
    display.publish(werewolf_page())
    async with Browser() as browser:
        page = await browser.open(display.url)
        await page.wait(drawn(page, 12))
        dom = await page.html()
        assert await page.text("#step") == "Huts"
        assert await page.text("#banner") == "Day 1 · Grand Inquisitor: Ann"
        assert len(re.findall(r'data-spot="[A-D][1-3]"', dom)) == 12
        assert re.search(
            r'class="spot vertical" data-spot="C1"><span>▮</span><span class="votes">3', dom
        )
        assert 'class="spot horizontal" data-spot="A1"' in dom
        assert 'class="spot vertical protected" data-spot="B1"' in dom
        assert 'class="spot empty" data-spot="D3"' in dom
        assert "Supply: 35" in dom and '<span class="name">Cid</span>' in dom
        assert len(await page.screenshot()) > 10_000  # a picture, not a blank
        display.publish(werewolf_page("Vote", votes=4))  # an entry at the table: live
        await page.wait(lambda: page.text("#step"))
        await page.wait(lambda: page.text('[data-spot="C1"] .votes'), timeout=2)
        await page.wait(async_eq(page, '[data-spot="C1"] .votes', "4"), timeout=2)
        assert await page.text("#step") == "Vote"


STATE = "document.getElementById('table').dataset.state"


def drawn(page, spots: int):
    async def check() -> bool:
        return await page.evaluate("document.querySelectorAll('[data-spot]').length") == spots

    return check


def async_eq(page, selector: str, expected: str):
    async def check() -> bool:
        return await page.text(selector) == expected

    return check


async def test_a_ravnica_vote_shows_its_colour_tally_and_the_dead(display):
    display.publish(
        {
            "game": "ravnica",
            "lang": "en",
            "title": "Ravnica: Inquisition",
            "banner": "Round 2",
            "step": "Election",
            "seats": [{"name": "Ann", "marks": ["U"], "dead": True}],
            "extra": {
                "colour": "U",
                "colour_words": "The colour: Blue",
                "tally": [{"name": "Bob", "votes": 2}, {"name": "Cid", "votes": 1}],
            },
            "clock": None,
        }
    )
    async with Browser() as browser:
        page = await browser.open(display.url)
        await page.wait(async_eq(page, "#step", "Election"))
        dom = await page.html()
    assert 'class="theme-U"' in dom and "The colour: Blue" in dom
    assert "<span>Bob</span>" in dom and "<b>2</b>" in dom
    assert '<li class="dead">' in dom  # the dead, struck through


async def test_the_clock_ticks_in_the_browser_from_its_deadline(display):
    page_data = werewolf_page("Discussion")
    page_data["clock"] = {
        "paused": False,
        "ends_at": round((time.time() + 95) * 1000),
        "total": 120,
    }
    display.publish(page_data)
    async with Browser() as browser:
        page = await browser.open(display.url)
        await page.wait(async_eq(page, "#step", "Discussion"))
        await page.wait(lambda: page.evaluate(f"{STATE} === 'live'"))  # its stream is open
        start = time.monotonic()
        first = seconds(await page.text("#clock"))
        sent = display.served
        shown: list[int] = []

        async def ticked() -> bool:  # two seconds down or more, however slow the machine
            shown.append(seconds(await page.text("#clock")))
            return shown[-1] <= first - 2

        await page.wait(ticked, timeout=30)
        elapsed, later = time.monotonic() - start, shown[-1]
        assert display.served == sent  # nothing was sent: the page counted the time itself
        # it ticked by itself, at the pace of the real clock (not faster)
        assert 90 <= first <= 95 and first - elapsed - 1 <= later <= first - 2
        page_data["clock"] = {"paused": True, "left": 30.0, "total": 120}
        display.publish(page_data)
        await page.wait(async_eq(page, "#clock", "0:30"), timeout=2)
        assert await page.evaluate("document.getElementById('clock').className") == "paused"


def seconds(shown: str) -> int:
    minutes, secs = shown.split(":")
    return int(minutes) * 60 + int(secs)


async def test_after_the_server_restarts_the_page_reconnects_and_shows_the_new_state(display):
    display.publish(werewolf_page("Huts"))
    port, token = display.port, display.token
    async with Browser() as browser:
        page = await browser.open(display.url)
        await page.wait(async_eq(page, "#step", "Huts"))
        await display.stop()  # the app killed
        await page.wait(
            lambda: page.evaluate("document.getElementById('table').dataset.state === 'offline'")
        )
        again = TableDisplay(lan=False, port=port, token=token, layout=layout)  # and resumed
        await again.start()
        try:
            again.publish(werewolf_page("Vote", votes=5))
            await page.wait(async_eq(page, "#step", "Vote"), timeout=15)  # by itself
            assert await page.text('[data-spot="C1"] .votes') == "5"
            assert await page.evaluate(STATE) == "live"
        finally:
            await again.stop()


async def test_every_step_of_a_ravnica_game_is_drawn_from_its_public_view(display):
    """A whole Ravnica game's steps, each published as the app publishes it (the feed of the
    public view) and read back from the live page: its step, its seats, its colour theme."""
    from narrator.display.feed import snapshot
    from narrator.games.ravnica import GAME as RAVNICA
    from narrator.prompts import use_game
    from tests.test_secrecy_audit import games

    use_game(RAVNICA.words_dir)
    (_, game), _ = games()
    state, seen = RAVNICA.initial(), []
    async with Browser() as browser:
        page = None
        for event in game.events:
            state = RAVNICA.apply(state, event)
            if seen and seen[-1] == state.step:
                continue
            seen.append(state.step)
            data = snapshot(RAVNICA, state, "en")
            display.publish(data)
            if page is None:
                page = await browser.open(display.url)
            await page.wait(async_eq(page, "#step", data["step"]), timeout=5)
            names = await page.evaluate(
                "[...document.querySelectorAll('#seats .name')].map(e => e.textContent)"
            )
            assert names == [s["name"] for s in data["seats"]]
            theme = await page.evaluate("document.body.className")
            assert theme == (
                f"theme-{data['extra']['colour']}" if "colour" in data["extra"] else ""
            )
    assert len(set(seen)) >= 10  # the opening, rounds, votes, abilities, the end
