"""Pages that survive (issue 19, items 2 and 4): a game keeps its display's address across a
``kill -9`` and a resume, and an open page finds the resumed game by itself; a page with no
server says "Reconnecting…" large, in its language, its clock stopped; a page never gives up
(a 503 in a flood of streams is retried), and a closed or reloaded page frees its stream."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import stat
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from narrator.display.server import MAX_CLIENTS, TableDisplay
from narrator.games.werewolf import events as ev
from narrator.tui.tabledisplay import (
    TableDisplayScreen,
    address_path,
    load_address,
    save_address,
)
from tests.display.browser import CHROMIUM, Browser
from tests.tui.werewolf_driver import DAY_ONE, make_app, screen_text, set_up, wait_for

CHILD = Path(__file__).with_name("display_child.py")
STATE = "document.getElementById('table').dataset.state"
BAND = "document.getElementById('reconnecting')"
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test)")


def page_of(step: str, lang: str = "en", clock: dict | None = None) -> dict:
    seats = [{"name": n, "marks": [], "dead": False} for n in ("Ann", "Bob", "Cid")]
    return {"game": "toy", "lang": lang, "title": "Coin Call", "step": step, "banner": "",
            "seats": seats, "extra": {}, "clock": clock}  # fmt: skip


async def shown(page, expression: str, expected) -> None:
    async def check() -> bool:
        return await page.evaluate(expression) == expected

    await page.wait(check, timeout=15)


async def read_line(stream, prefix: str) -> str:
    while True:
        line = (await asyncio.wait_for(stream.readline(), 90)).decode()
        assert line, "the child ended early"
        if line.startswith(prefix + " "):
            return line.split(" ", 1)[1].strip()


@needs_chromium
async def test_a_killed_game_keeps_its_address_and_an_open_page_follows_the_resume(tmp_path):
    data = tmp_path / "games"
    errors = (tmp_path / "child.err").open("wb")
    child = await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), str(data), stdout=asyncio.subprocess.PIPE, stderr=errors
    )
    try:
        url = await read_line(child.stdout, "url")
        journal = Path(await read_line(child.stdout, "journal"))
        saved = address_path(journal)  # beside the journal, the owner's only
        assert stat.S_IMODE(saved.stat().st_mode) == 0o600
        port, token = load_address(saved)
        assert f":{port}/{token}/" in url
        async with Browser() as browser:
            page = await browser.open(url)
            await shown(page, STATE, "live")
            before = await page.text("#step")
            child.kill()  # kill -9: no cleanup at all
            await child.wait()
            await shown(page, STATE, "offline")
            await shown(page, f"{BAND}.hidden", False)
            assert await page.evaluate(f"{BAND}.textContent") == "Reconnecting…"

            app = make_app(tmp_path, data_dir=data, resume=journal)  # Resume
            async with app.run_test(size=(100, 40)) as pilot:
                await wait_for(pilot, lambda: app.display is not None, timeout=15)
                assert app.display.url == url  # the same port and token: the page's address
                for kind, fields in DAY_ONE[3:]:  # the game goes on after the resume
                    assert app.enter(ev.CODEC.decode({"type": kind, **fields}))
                now = json.loads(app.display.page)
                assert now["step"] != before
                await shown(page, "document.getElementById('step').textContent", now["step"])
                await shown(page, STATE, "live")  # by itself, the page never touched
                assert await page.evaluate(f"{BAND}.hidden") is True
    finally:
        with contextlib.suppress(ProcessLookupError):
            child.kill()
        await child.wait()
        errors.close()


async def test_a_taken_port_gives_a_new_address_and_f2_says_so(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await set_up(pilot, app, keys=False)
        journal = app.journal.path
        assert await app.start_display()
        port, token = app.display.port, app.display.token
    assert load_address(address_path(journal)) == (port, token)
    with socket.socket() as squatter:  # another program has the port now
        squatter.bind(("0.0.0.0", port))
        squatter.listen()
        again = make_app(tmp_path, resume=journal)
        async with again.run_test(size=(100, 40)) as pilot:
            await wait_for(pilot, lambda: again.display is not None, timeout=15)
            assert again.display.port != port and again.display.token == token
            assert f"old port {port} is taken" in again.display_problem
            await pilot.press("f2")
            await wait_for(pilot, lambda: isinstance(again.screen, TableDisplayScreen))
            text = screen_text(again)
            assert f"old port {port} is taken" in text and again.display.url in text
            assert load_address(address_path(journal)) == (again.display.port, token)


def test_a_saved_address_is_the_owners_and_a_damaged_one_is_ignored(tmp_path):
    path = tmp_path / "game.display.json"
    save_address(path, 8123, "a" * 22)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_address(path) == (8123, "a" * 22)
    for bad in ("{", "[]", '{"port": 0, "token": "aaaaaaaaaaaaaaaaaaaaaa"}',
                '{"port": 8123, "token": "../../etc/passwd-aaaaaaaa"}',
                '{"port": 8123, "token": "short"}', '{"port": "8123", "token": 5}'):  # fmt: skip
        path.write_text(bad)
        assert load_address(path) is None
    assert load_address(tmp_path / "missing.json") is None


@pytest.fixture
async def display():
    shown_ = TableDisplay(lan=False, layout=lambda name: None)
    await shown_.start()
    yield shown_
    await shown_.stop()


@needs_chromium
@pytest.mark.parametrize(("lang", "words"), [("en", "Reconnecting…"), ("ru", "Переподключение…")])
async def test_with_no_server_the_page_says_so_large_and_its_clock_stops(display, lang, words):
    ends = round((time.time() + 95) * 1000)
    display.publish(page_of("Discussion", lang, {"paused": False, "ends_at": ends, "total": 120}))
    async with Browser() as browser:
        page = await browser.open(display.url)
        await shown(page, STATE, "live")
        await display.stop()  # the app gone
        await shown(page, STATE, "offline")
        assert await page.evaluate(f"{BAND}.textContent") == words
        size = f"parseFloat(getComputedStyle({BAND}).fontSize) / parseFloat(getComputedStyle(document.body).fontSize)"  # noqa: E501
        assert await page.evaluate(size) >= 1.5  # large: half again the body text, or more
        stopped = await page.text("#clock")
        start = await page.evaluate("performance.now()")
        await page.wait(lambda: page.evaluate(f"performance.now() > {start} + 2200"))
        assert await page.text("#clock") == stopped  # not ticking down a dead game's time


async def open_streams(session, url: str, count: int) -> list[aiohttp.ClientResponse]:
    return await asyncio.gather(*(session.get(url + "events") for _ in range(count)))


@needs_chromium
async def test_after_a_flood_of_streams_a_page_opened_during_it_connects_within_5_s(display):
    display.publish(page_of("Discussion"))
    async with (
        Browser() as browser,
        aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session,
    ):
        flood = await open_streams(session, display.url, 200)
        codes = [r.status for r in flood]
        assert codes.count(200) == MAX_CLIENTS and codes.count(503) == 200 - MAX_CLIENTS
        page = await browser.open(display.url)  # a phone opened during the flood: refused
        await shown(page, STATE, "offline")
        display.publish(page_of("Vote"))
        for response in flood:
            response.close()
        ended = time.monotonic()
        await shown(page, "document.getElementById('step').textContent", "Vote")
        assert time.monotonic() - ended < 5  # it kept trying (EventSource alone gives up)
        assert await page.evaluate(STATE) == "live"
        await wait_until(lambda: len(display.queues) == 1)  # the flood's places are free


async def wait_until(predicate, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "not within the time"
        await asyncio.sleep(0.02)


@needs_chromium
async def test_a_reloaded_page_frees_its_old_stream_at_once(display):
    display.publish(page_of("Discussion"))
    async with Browser() as browser:
        page = await browser.open(display.url)
        await shown(page, STATE, "live")
        await wait_until(lambda: len(display.queues) == 1)
        for _ in range(5):
            await page.evaluate("window.old = true")
            await page.call("Page.reload")
            await shown(page, f"!window.old && {STATE}", "live")  # the new document, live
            await wait_until(lambda: len(display.queues) == 1, timeout=3)  # not one a reload
