"""The table display's server: the page, its live feed, and what it refuses (issue 12): a
wrong token, other paths, "..", a POST, a foreign Host, a huge header, 200 pages at once."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from yarl import URL

from narrator.display.feed import encode
from narrator.display.server import MAX_CLIENTS, TableDisplay

PAGE = {"game": "toy", "title": "Coin Call", "step": "The vote", "seats": [], "extra": {}}


@pytest.fixture
async def display():
    shown = TableDisplay(lan=False, token="secret-token", layout=lambda name: "/* layout */")
    await shown.start()
    shown.publish(PAGE)
    yield shown
    await shown.stop()


def base(display: TableDisplay) -> str:
    return f"http://127.0.0.1:{display.port}"


async def status(display, path: str, method: str = "GET", **kwargs) -> int:
    async with aiohttp.ClientSession() as session:
        url = URL(base(display) + path, encoded=True)
        async with session.request(method, url, **kwargs) as response:
            await response.read()
            return response.status


async def read_event(stream) -> bytes:
    """The next page of an event stream (its "time" event skipped)."""
    data = b""
    while True:
        line = await stream.content.readline()
        if line.startswith(b"data: ") and not data.startswith(b"time"):
            data = line[6:].rstrip(b"\n")
        if line == b"\n" and data:
            if data.startswith(b"{"):
                return data
            data = b""


async def test_the_page_its_assets_and_the_current_page_are_served(display):
    async with aiohttp.ClientSession() as session:
        async with session.get(display.url) as response:
            html = await response.text()
            assert response.status == 200 and "page.js" in html
            assert '"title":"Coin Call"' in html  # the current page, drawn at once
            assert response.headers["Cache-Control"] == "no-store"
            assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        for asset in ("page.js", "page.css", "game.js", "page.json"):
            async with session.get(display.url + asset) as response:
                assert response.status == 200, asset


async def test_an_entry_reaches_an_open_page_at_once_and_a_new_page_gets_the_current(display):
    async with aiohttp.ClientSession() as session:
        async with session.get(display.url + "events") as stream:
            assert await read_event(stream) == encode(PAGE)  # what it missed, first
            assert display.publish({**PAGE, "step": "The call"})
            data = await asyncio.wait_for(read_event(stream), 1)  # how fast: scripts/bench
            assert b'"step":"The call"' in data
            assert not display.publish({**PAGE, "step": "The call"})  # the same: not sent
        async with session.get(display.url + "events") as again:  # a reconnect
            assert b'"step":"The call"' in await read_event(again)


@pytest.mark.parametrize(
    "path",
    [
        "/wrong-token/",
        "/wrong-token/events",
        "/",
        "/secret-token/../secret-token/",
        "/secret-token/..%2f..%2fetc%2fpasswd",
        "/secret-token/../../etc/passwd",
        "/secret-token/index.html",
        "/secret-token/page.py",
        "/secret-token/server.py",
        "/secret-tokenx/",
        "/favicon.ico",
    ],
)
async def test_other_paths_are_not_found(display, path):
    assert await status(display, path) == 404


async def test_only_gets_are_taken(display):
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        assert await status(display, "/secret-token/", method, data=b"x") == 405


async def test_a_foreign_host_header_is_refused(display):
    assert await status(display, "/secret-token/", headers={"Host": "evil.example"}) == 421


async def test_a_huge_header_is_refused_and_the_server_goes_on(display):
    assert await status(display, "/secret-token/", headers={"X-Big": "a" * 100_000}) in (400, 431)
    assert await status(display, "/secret-token/") == 200


async def test_two_hundred_pages_at_once_are_survived(display):
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        async def open_one():
            response = await session.get(display.url + "events")
            return response

        opened = await asyncio.gather(*(open_one() for _ in range(200)))
        codes = sorted(r.status for r in opened)
        assert codes.count(200) == MAX_CLIENTS and codes.count(503) == 200 - MAX_CLIENTS
        live = next(r for r in opened if r.status == 200)
        assert await asyncio.wait_for(read_event(live), 1) == encode(PAGE)
        assert display.publish({**PAGE, "step": "Still here"})
        assert b"Still here" in await asyncio.wait_for(read_event(live), 1)  # the game goes on
        for response in opened:
            response.close()
    assert await status(display, "/secret-token/") == 200  # the page is still served
