"""Each seat's own page (issue 38, items 1, 4 and 5): the routes under ``/seat/``, who may
open them, and the padding that makes every seat's message the same length.

A seat's phone joins once by its link (``/seat/join/<token>``): the token is swapped for an
HttpOnly, SameSite=Strict cookie and the phone is sent to ``/seat/``, an address with no token
in it. Every other ``/seat/`` path answers only that cookie: the page, its stream (only this
seat's pages), its current page and its assets. An entry is a POST to ``/seat/entry`` only,
checked in this order: the rate per address (429, for every ``/seat/`` request), its size
(413), the ``X-Narrator-Seat`` header and the ``Origin`` (403, what a page elsewhere cannot
send), the cookie (403), its JSON (400); then the app answers it (``on_seat_entry``, 503 if it
does not within ``ENTRY_TIMEOUT``). A refusal names no token or cookie, is counted
(``refused``) and is never logged or printed: the app's terminal is the game's screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from collections.abc import Awaitable, Callable, Mapping
from html import escape
from importlib import resources
from typing import Any, NoReturn

from aiohttp import web

from narrator.display.connections import SEAT_PATH
from narrator.display.feed import encode
from narrator.display.pagehtml import page_html
from narrator.display.seats import MAX_KEY
from narrator.prompts import words

COOKIE = "narrator_seat"
COOKIE_AGE = 12 * 3600  # seconds: a game night
JOIN = SEAT_PATH + "join/"
ENTRY = SEAT_PATH + "entry"
ENTRY_HEADER = "X-Narrator-Seat"
MAX_ENTRY = 2048  # bytes of an entry's body; an entry is a key and a number
ENTRY_TIMEOUT = 5.0  # seconds the app has to answer a phone's entry
RATE, BURST = 10.0, 20  # each address's requests to /seat/: 10 a second, 20 at once
BUCKET = 4096  # every seat message is a multiple of this many bytes: its length tells nothing
KEPT_ADDRESSES = 256  # rate buckets kept before the full ones are forgotten
ASSETS = {
    "seat.js": "text/javascript",
    "seat.css": "text/css",
    "page.js": "text/javascript",
    "stream.js": "text/javascript",
    "page.css": "text/css",
}

SEAT_HEAD = '<link rel="stylesheet" href="seat.css">\n<script src="seat.js" defer></script>\n'
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Farewell(bytes):
    """A stream's last frame, written as it is: then the stream closes (a revoked seat)."""


def padded(pages: Mapping[int, Mapping[str, Any]]) -> dict[int, bytes]:
    """Each page's bytes with a "pad" field, all of the same length (a multiple of
    ``BUCKET``): a step, a decoy and a wait cannot be told apart by their size."""
    bare = {seat: len(encode({**page, "pad": ""})) for seat, page in pages.items()}
    size = BUCKET * max([1, *(math.ceil(n / BUCKET) for n in bare.values())])
    return {
        seat: encode({**page, "pad": " " * (size - bare[seat])}) for seat, page in pages.items()
    }


class RateLimit:
    """A token bucket per client address (``clock``: injected by tests)."""

    def __init__(
        self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def admit(self, address: str) -> bool:
        now = self.clock()
        tokens, when = self.buckets.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        if len(self.buckets) >= KEPT_ADDRESSES and address not in self.buckets:
            self.forget_full(now)
        self.buckets[address] = (max(0.0, tokens - 1.0), now)
        return tokens >= 1.0

    def forget_full(self, now: float) -> None:
        """A full bucket is the same as none: dropped, so a crowd of addresses costs nothing;
        if none is full, the one idle longest goes (the count stays bounded)."""
        for address, (tokens, when) in list(self.buckets.items()):
            if tokens + (now - when) * self.rate >= self.burst:
                del self.buckets[address]
        if len(self.buckets) >= KEPT_ADDRESSES:
            del self.buckets[min(self.buckets, key=lambda address: self.buckets[address][1])]


class SeatServer:
    """The seat routes of one ``TableDisplay`` (its ``seats``, ``seat_pages``, hooks)."""

    def __init__(self, display: Any) -> None:  # a TableDisplay (it imports this module)
        self.display = display
        self.limit = RateLimit()
        self.refused = 0  # every refusal under /seat/ (the seat door counts its own too)

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_get(JOIN + "{token}", self.join, allow_head=False)  # a HEAD spends nothing
        router.add_get(SEAT_PATH, self.index)
        router.add_get(SEAT_PATH + "events", self.events)
        router.add_get(SEAT_PATH + "page.json", self.current)
        router.add_post(ENTRY, self.entry)
        router.add_get(SEAT_PATH + "{asset}", self.asset)

    # --- refusals ---------------------------------------------------------------------------
    def worded(self, words_id: str, **fields: Any) -> str:
        """A line of the screens' words (display.seat.*), in the display's language."""
        return words(self.display.language, None).format(words_id, **fields)

    def refusal(
        self, status: int, key: str, *, entry: bool = False, again: bool = False, **fields: Any
    ) -> web.HTTPException:
        """A refusal, counted, in the display's language: JSON for the page's own fetch, a
        short page for a phone's browser (``again``: that asks once more by itself). It never
        names what was sent."""
        self.refused += 1
        text = self.worded(f"display.seat.{key}", **fields)
        if entry:
            body = json.dumps({"ok": False, "message": text}, ensure_ascii=False)
            return made(status, body, "application/json")
        text = escape(text, quote=False)  # element text: no attribute to close
        head = '<meta http-equiv="refresh" content="0">' if again else ""
        html = f"<!doctype html><meta charset=utf-8>{head}<title>{text}</title><p>{text}</p>"
        return made(status, html, "text/html")

    def seat(self, request: web.Request, *, refusing: bool = True) -> int | None:
        """The seat whose live cookie this request carries, or None."""
        seats, cookie = self.display.seats, request.cookies.get(COOKIE)
        return seats.seat_of(cookie, refusing=refusing) if seats is not None and cookie else None

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every /seat/ request: the rate first (joins and refusals count), the method, the
        host, then the cookie (but a join has none yet, and an entry checks its own in turn)."""
        path, entry = request.path, request.path == ENTRY
        if not self.limit.admit(request.remote or ""):
            raise self.refusal(429, "slow_down", entry=entry)
        allowed = ("POST",) if entry else ("GET", "HEAD")
        if request.method not in allowed:
            self.refused += 1
            raise web.HTTPMethodNotAllowed(request.method, list(allowed))
        if request.headers.get("Host", "") not in self.display.allowed_hosts():
            self.refused += 1
            raise web.HTTPMisdirectedRequest(text="unknown host")
        if not (entry or path.startswith(JOIN)):
            self.owner(request)  # every path, an unknown one too: nothing told without it
        return await handler(request)

    def owner(self, request: web.Request) -> int:
        """The seat of this request's cookie, or a refusal (403). A phone sent to the page by
        a link on another site (a QR app's page) carries no SameSite=Strict cookie on that
        visit: its refusal reloads itself once, a visit from this site, which carries it."""
        seat = self.seat(request)
        if seat is None:
            elsewhere = request.headers.get("Sec-Fetch-Site") == "cross-site"
            raise self.refusal(403, "invalid", again=elsewhere and request.path == SEAT_PATH)
        return seat

    # --- joining ----------------------------------------------------------------------------
    async def join(self, request: web.Request) -> NoReturn:
        """A link's first visit: the seat's cookie, and on to /seat/ (no token in the address:
        the link works once). A phone that holds a live seat already keeps it and spends
        nothing (a player scanning a neighbour's code takes no second seat)."""
        seats = self.display.seats
        if seats is None:
            raise self.refusal(403, "invalid")
        held = self.seat(request, refusing=False)
        if held is not None:
            raise self.refusal(403, "taken", name=seats.names[held])
        joined = seats.join(request.match_info["token"])
        if joined is None:
            raise self.refusal(403, "invalid")
        seat, cookie = joined
        answer = web.HTTPSeeOther(SEAT_PATH)  # raised: aiohttp's way for a 3xx
        answer.set_cookie(
            COOKIE, cookie, max_age=COOKIE_AGE, path=SEAT_PATH.rstrip("/"), httponly=True,
            samesite="Strict",
        )  # fmt: skip
        if self.display.on_seat_change is not None:
            with contextlib.suppress(Exception):  # the app's trouble never fails the join
                self.display.on_seat_change(seat)
        raise answer

    # --- the page ---------------------------------------------------------------------------
    def page_of(self, seat: int) -> bytes:
        """The seat's current page, or until the app sends one, its name and the table."""
        page = self.display.seat_pages.get(seat)
        if page is not None:
            return page
        seats = self.display.seats
        name = seats.names[seat] if seats is not None else ""
        table = json.loads(self.display.page)
        bare = {"seat": seat, "name": name, "lang": self.display.language, "mode": "idle"}
        first = {**bare, "words": {}, "prompt": None, "seen": [], "table": table}
        return padded({seat: first})[seat]

    async def index(self, request: web.Request) -> web.Response:
        """The table display's page with this seat's own parts above its table."""
        seat = self.owner(request)
        mine = resources.files(__package__).joinpath("page", "seat.html").read_text("utf-8")
        data = {"seat": self.page_of(seat), "ended": self.farewell_words(seat)}
        html = page_html(data, SEAT_HEAD, mine)
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def current(self, request: web.Request) -> web.Response:
        page = self.page_of(self.owner(request))
        return web.Response(body=page, content_type="application/json")

    async def asset(self, request: web.Request) -> web.Response:
        name = request.match_info["asset"]
        if name == "game.js":
            return self.display.game_layout()
        if name not in ASSETS:
            raise web.HTTPNotFound()
        text = resources.files(__package__).joinpath("page", name).read_text("utf-8")
        return web.Response(text=text, content_type=ASSETS[name], charset="utf-8")

    async def events(self, request: web.Request) -> web.StreamResponse:
        seat = self.owner(request)
        queues = self.display.seat_queues.setdefault(seat, set())
        return await self.display.stream(request, queues, lambda: self.page_of(seat))

    def farewell_words(self, seat: int) -> str:
        """What a revoked seat's page says (its stream's last frame; a revoked page that
        slept finds it in the page as served)."""
        names = self.display.seats.names if self.display.seats is not None else ()
        return self.worded("display.seat.ended", name=names[seat] if seat < len(names) else "")

    def farewell(self, seat: int) -> Farewell:
        """A revoked seat's open pages' last frame: then their streams close."""
        said = json.dumps(self.farewell_words(seat), ensure_ascii=False).encode()
        return Farewell(b"event: ended\ndata: " + said + b"\n\n")

    # --- an entry ---------------------------------------------------------------------------
    async def entry(self, request: web.Request) -> web.Response:
        length = request.content_length
        if length is not None and length > MAX_ENTRY:
            raise self.refusal(413, "refused", entry=True)
        body = await request.content.read(MAX_ENTRY + 1)  # a real cap: no length is trusted
        while len(body) <= MAX_ENTRY and not request.content.at_eof():
            more = await request.content.read(MAX_ENTRY + 1 - len(body))
            if not more:
                break
            body += more
        if len(body) > MAX_ENTRY:
            raise self.refusal(413, "refused", entry=True)
        if request.headers.get(ENTRY_HEADER) != "1":
            raise self.refusal(403, "refused", entry=True)
        origins = {f"http://{host}" for host in self.display.allowed_hosts()}
        if request.headers.get("Origin") not in origins:
            raise self.refusal(403, "refused", entry=True)
        seat = self.seat(request)
        if seat is None:
            raise self.refusal(403, "invalid", entry=True)
        said = entry_of(body)
        if said is None:
            raise self.refusal(400, "refused", entry=True)
        answer_to = self.display.on_seat_entry
        try:
            if answer_to is None:
                raise TimeoutError
            future = asyncio.wrap_future(answer_to(seat, said))
            answer = await asyncio.wait_for(future, ENTRY_TIMEOUT)
            return web.json_response(dict(answer))
        except Exception:  # noqa: BLE001 - no answer, a late one or a failed one: tap again
            raise self.refusal(503, "try_again", entry=True) from None


def entry_of(body: bytes) -> dict[str, Any] | None:
    """``{"key": str, "rev": int}`` and nothing else, or None."""
    try:
        said = json.loads(body.decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(said, dict) or set(said) != {"key", "rev"}:
        return None
    key, rev = said["key"], said["rev"]
    if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY:
        return None
    if not isinstance(rev, int) or isinstance(rev, bool):
        return None
    return {"key": key, "rev": rev}


REFUSALS: dict[int, type[web.HTTPException]] = {
    400: web.HTTPBadRequest,
    403: web.HTTPForbidden,
    429: web.HTTPTooManyRequests,
    503: web.HTTPServiceUnavailable,
}


def made(status: int, body: str, content_type: str) -> web.HTTPException:
    """A refusal of this status with this body (aiohttp has a class per status)."""
    if status == 413:
        return web.HTTPRequestEntityTooLarge(MAX_ENTRY, text=body, content_type=content_type)
    return REFUSALS[status](text=body, content_type=content_type)
