"""A started table display with three seats, and the client's side of a phone (issue 38):
join by a seat's link, carry its cookie, read its stream, post an entry."""

from __future__ import annotations

import asyncio
import contextlib
import time
from concurrent.futures import Future
from typing import Any

import aiohttp
from yarl import URL

from narrator.display.seats import SeatDoor
from narrator.display.seatserver import COOKIE
from narrator.display.server import TableDisplay

NAMES = ("Ann", "Bob", "Cid")
PUBLIC = {"game": None, "lang": "en", "title": "Coin Call", "step": "The vote", "seats": []}
DEADLINE = 10.0  # seconds: what a busy machine may take; a pass takes a fraction of it


class FakeApp:
    """The app's side: every entry from a phone, answered at once (or never)."""

    def __init__(self, answer: dict[str, Any] | None = None) -> None:
        self.answer = answer
        self.entries: list[tuple[int, dict[str, Any]]] = []
        self.changed: list[int] = []

    def on_seat_entry(self, seat: int, body: dict[str, Any]) -> Future[dict[str, Any]]:
        self.entries.append((seat, body))
        future: Future[dict[str, Any]] = Future()
        if self.answer is not None:
            future.set_result(self.answer)
        return future


@contextlib.asynccontextmanager
async def seated(game: str = "game-1", answer: dict[str, Any] | None = None, **options):
    display = TableDisplay(lan=False, token="public-token-0123", **options)
    display.seats = SeatDoor(game, NAMES)
    app = FakeApp({"ok": True, "message": ""} if answer is None else answer)
    display.on_seat_entry = app.on_seat_entry
    display.on_seat_change = app.changed.append
    await display.start()
    display.publish(PUBLIC)
    try:
        yield display, app
    finally:
        await display.stop()


def origin(display: TableDisplay) -> str:
    return f"http://127.0.0.1:{display.port}"


def client() -> aiohttp.ClientSession:
    """A phone's browser, its cookies handed over by hand (aiohttp keeps none for an IP)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar())


async def get(session, display, path: str, cookie: str | None = None, **kwargs):
    headers = dict(kwargs.pop("headers", {}))
    if cookie is not None:
        headers["Cookie"] = f"{COOKIE}={cookie}"
    url = URL(origin(display) + path, encoded=True)
    return await session.get(url, headers=headers, allow_redirects=False, **kwargs)


async def join(session, display, seat: int) -> str:
    """The seat's link visited: its cookie's value."""
    link = display.seat_link(seat)
    assert link is not None
    async with session.get(link, allow_redirects=False) as answer:
        assert answer.status == 303
        return answer.cookies[COOKIE].value


async def post_entry(session, display, cookie: str | None, body: Any = None, **overrides):
    """A tap as the page sends it; ``overrides`` replace its headers (None drops one)."""
    headers = {"X-Narrator-Seat": "1", "Origin": origin(display)}
    if cookie is not None:
        headers["Cookie"] = f"{COOKIE}={cookie}"
    for name, value in overrides.items():
        name = name.replace("_", "-")
        headers.pop(name, None)
        if value is not None:
            headers[name] = value
    data = body if isinstance(body, bytes) else None
    json_body = None if data is not None else (body or {"key": "W", "rev": 3})
    return await session.post(
        origin(display) + "/seat/entry", headers=headers, data=data, json=json_body
    )


async def next_message(stream) -> bytes:
    """The next frame of an event stream ("time" skipped): a page's bytes, or b"ended:" and
    what an ended page says."""
    event, data = b"", b""
    while True:
        line = await asyncio.wait_for(stream.content.readline(), DEADLINE)
        if not line:
            return b""
        if line.startswith(b"event: "):
            event = line[7:].rstrip(b"\n")
        elif line.startswith(b"data: "):
            data = line[6:].rstrip(b"\n")
        elif line == b"\n":
            if event == b"ended":
                return b"ended:" + data
            if event != b"time" and data:
                return data
            event, data = b"", b""


async def until(check, deadline: float = DEADLINE) -> None:
    """Poll ``check()`` until it is true (never a blind sleep)."""
    end = time.monotonic() + deadline
    while not check():
        assert time.monotonic() < end, "never happened"
        await asyncio.sleep(0.01)


async def open_phone(browser, url: str):
    """A page of its own browser context (its own cookies: another phone), opened at ``url``."""
    from tests.display.browser import Page

    session, port = browser.session, browser.port
    async with session.get(f"http://127.0.0.1:{port}/json/version") as answer:
        top = (await answer.json())["webSocketDebuggerUrl"]
    async with session.ws_connect(top, max_msg_size=0) as ws:
        whole = Page(ws)
        context = (await whole.call("Target.createBrowserContext"))["browserContextId"]
        made = await whole.call("Target.createTarget", url=url, browserContextId=context)
    async with session.get(f"http://127.0.0.1:{port}/json/list") as answer:
        target = next(t for t in await answer.json() if t["id"] == made["targetId"])
    socket_ = await session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
    page = Page(socket_)
    await page.wait(lambda: page.evaluate("document.readyState === 'complete'"))
    return page
