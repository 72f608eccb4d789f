"""The table display fits a TV and reads from across a room (issue 19, items 5 and 7): every
moment of a 12-player Werewolf game and a 10-player Ravnica game (discussion, vote,
announcement, winner, and every other step), drawn in headless Chromium at 1920×1080 and
1280×720, never scrolls (a TV cannot), down or across; the body text and the seats' names are
48 px or more at 1080p; the seats stand in columns beside the step; on a phone (390×844) they
are one column. Every game registered (tests/every_game.py) is looked at the same way at each
kind of its example's pages (``fits_a_tv``). The shield is drawn (no installed font has ⛨)
and the dead keep their numbers in line."""

from __future__ import annotations

import json

import pytest

from tests.display.browser import CHROMIUM, Browser
from tests.display.moments import moments
from tests.display.test_browser import werewolf_page
from tests.every_game import registered, with_example

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test installs it)")
TV, HD, PHONE = (1920, 1080), (1280, 720), (390, 844)
KINDS = {"timed", "vote", "announce", "over"}  # discussion, vote, announcement, winner

MEASURE = """JSON.stringify((() => {
  const px = (e) => e ? parseFloat(getComputedStyle(e).fontSize) : null;
  const seats = [...document.querySelectorAll('#seats > li')];
  const box = (e) => e.getBoundingClientRect();
  const stage = document.getElementById('step');
  return {
    width: innerWidth, height: innerHeight,
    tall: document.documentElement.scrollHeight, wide: document.documentElement.scrollWidth,
    body: px(document.body), name: Math.min(...seats.map((s) => px(s.querySelector('.name')))),
    step: px(stage),
    lefts: [...new Set(seats.map((s) => Math.round(box(s).left)))].length,
    seatsRight: Math.max(...seats.map((s) => box(s).right)), stageLeft: box(stage).left,
    bottom: Math.max(...seats.map((s) => box(s).bottom)),
    numbers: seats.map((s) => Math.round(box(s.querySelector('.n')).left)),
    glyph: document.body.innerText.includes('\\u26e8'),
    shields: document.querySelectorAll('svg.shield').length,
  };
})())"""


async def viewport(page, size: tuple[int, int]) -> dict:
    """The page at a screen size, measured once it has laid out again (two frames later); at
    the size it has already, measured at once (reading a box lays the page out)."""
    if getattr(page, "size", None) != size:
        width, height = size
        await page.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        await page.call(
            "Runtime.evaluate",
            expression="new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))",
            awaitPromise=True,
        )
        page.size = size
    return json.loads(await page.evaluate(MEASURE))


async def show(display, page, data: dict) -> None:
    """Publish a page and wait until it is drawn (a new text node in #step: drawn again)."""
    await page.evaluate("window.__before = document.getElementById('step').firstChild")
    display.publish(data)

    async def redrawn() -> bool:
        return await page.evaluate("document.getElementById('step').firstChild !== __before")

    await page.wait(redrawn, timeout=5)


async def each_shown(browser, display, shown: list):
    """Each (number, kind, page data, browser page) of ``shown``, the page drawn on the display
    in the browser."""
    display.publish(shown[0][1])
    page = await browser.open(display.url)
    await page.wait(lambda: page.evaluate("document.querySelectorAll('#seats li').length > 0"))
    for i, (kind, data) in enumerate(shown):
        if i:
            await show(display, page, data)
        yield i, kind, data, page


def check_tv(m: dict, where: str) -> None:
    assert m["tall"] <= m["height"], f"{where}: {m['tall']} px tall on a {m['height']} px screen"
    assert m["wide"] <= m["width"], f"{where}: {m['wide']} px wide on a {m['width']} px screen"
    assert m["bottom"] <= m["height"], where  # the last seat on screen
    assert m["seatsRight"] <= m["stageLeft"], where  # the seats beside the step, not under it
    if m["height"] == 1080:
        assert min(m["body"], m["name"], m["step"]) >= 48, f"{where}: {m}"


@pytest.mark.long
@pytest.mark.parametrize("which", ["werewolf", "ravnica"])
async def test_every_moment_fits_a_tv_and_reads_from_across_the_room(display, which):
    shown = moments(which)
    assert {kind for kind, _ in shown} >= KINDS, "the game's moments cover every kind"
    count = 12 if which == "werewolf" else 10
    assert all(len(data["seats"]) == count for _, data in shown[2:])
    async with Browser() as browser:
        async for i, kind, data, page in each_shown(browser, display, shown):
            # 1920×1080 and 1280×720 are both 16:9 and the text scales with the height: the
            # same layout at two scales. Every page at the smaller (the harder to fit); the
            # main kinds and every tenth page at 1080p too (48 px) and on a phone.
            sizes = (TV, HD, PHONE) if kind in KINDS or i % 10 == 0 else (HD,)
            for size in sizes:
                m = await viewport(page, size)
                where = f"{which} #{i} {kind} {data['step']!r} at {size}"
                if size == PHONE:  # one column, the page as wide as the phone
                    assert m["lefts"] == 1 and m["wide"] <= m["width"], where
                    assert m["body"] >= 16, where
                else:
                    check_tv(m, where)
                    assert m["lefts"] == 2, f"{where}: the seats in two columns"
                # every number in its column's line, the dead's too
                assert len(set(m["numbers"])) == 2 if size != PHONE else 1, where
                assert not m["glyph"], where


async def test_the_shield_is_drawn_and_the_dead_keep_their_number_in_line(display):
    data = werewolf_page("Vote")
    data["seats"] = [
        {"name": n, "marks": ["2 votes"], "dead": n == "Bob", "turn": n == "Cid", "cells": []}
        for n in ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
    ]
    data["banner"] = "Vote"  # the same words as the step: said once
    display.publish(data)
    async with Browser() as browser:
        page = await browser.open(display.url)
        await page.wait(lambda: page.evaluate("document.querySelectorAll('[data-spot]').length"))
        m = await viewport(page, TV)
        check_tv(m, "a werewolf vote")
        assert m["shields"] == 1 and not m["glyph"]  # drawn, never a missing-glyph box
        protected = await page.evaluate(
            "document.querySelector('[data-spot=\"B1\"] svg.shield').getBoundingClientRect().width"
        )
        assert protected > 10
        assert len(set(m["numbers"])) == 2  # 1–4 in one line, 5–7 in the next: Bob's too
        dead = await page.evaluate(
            "(s => [s.opacity, getComputedStyle(document.querySelector('li.dead .name'))"
            ".textDecorationLine])(getComputedStyle(document.querySelector('li.dead')))"
        )
        assert float(dead[0]) < 1 and dead[1] == "line-through"
        assert await page.text("#banner") == ""  # not the step's name twice
        assert (
            await page.evaluate("getComputedStyle(document.getElementById('banner')).display")
            == "none"
        )


async def fits_a_tv(display, name: str, directory, lang: str = "ru") -> list[str]:
    """The game ``name`` (registered) through its example as the table display is sent it: the
    first page of each kind (each kind of step, an announcement) and the last, at 1080p, 720p
    and on a phone, in ``lang``: never scrolls, reads from across the room (48 px at 1080p), one
    column on a phone: the check of one game. The kinds looked at."""
    from narrator.games import registry
    from tests.display.moments import pages
    from tests.storm import example_events

    shown = list(pages(registry.get(name), example_events(name, directory), lang))
    first = {kind: data for kind, data in reversed(shown)}
    looked = [*first.items(), ("last", shown[-1][1])]
    async with Browser() as browser:
        async for _, kind, data, page in each_shown(browser, display, looked):
            for size in (TV, HD, PHONE):
                m = await viewport(page, size)
                where = f"{name} {kind} {data['step']!r} at {size}"
                if size == PHONE:
                    assert m["lefts"] == 1 and m["wide"] <= m["width"], where
                else:
                    check_tv(m, where)
                assert not m["glyph"], where
    return [kind for kind, _ in looked]


@pytest.mark.parametrize("name", with_example())
async def test_every_games_example_fits_a_tv_and_a_phone(display, name, tmp_path):
    with registered(name):
        kinds = await fits_a_tv(display, name, tmp_path)
    assert "over" in kinds, kinds
