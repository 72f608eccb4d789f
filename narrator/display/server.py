"""The table display's server (aiohttp): one read-only page, its assets and a push channel
(Server-Sent Events), under a random token per game. It takes GETs of its own paths only
(and a seat's entries, POSTs to /seat/entry), checks the Host header, serves nothing else
from the disk and holds no state but the last pages it was given (the public view, ``feed``,
and each seat's).

It runs in a thread of its own, with its own event loop, so a page is sent the moment an entry
is on disk, not when the app's screen has been drawn again (and the screen never waits for a
page): ``publish`` may be called from the app's thread. A page that lost its connection
reconnects by itself (``page/stream.js``: whatever the failure, with a backoff) and is sent the
current page first; a stream whose page went away, or that takes no write for
``WRITE_TIMEOUT``, is dropped at once (it counts against ``MAX_CLIENTS``). How many connections
it keeps and for how long, and the headers of every answer: ``connections``. A game keeps its
address: ``port`` and ``token`` may be given (the app saves them beside the journal), so the
pages of a killed game find the resumed one. Each seat's own page (issue 38) is served under
``/seat/`` by ``seatserver``, with its seat's cookie only (the public token opens none of it);
its stream is the same loop as the public page's, down that seat's streams only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import socket
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from importlib import resources
from typing import Any

from aiohttp import web

from narrator.display.connections import (
    HEAD_TIMEOUT,
    IDLE_TIMEOUT,
    SEAT_PATH,
    Connection,
    Doors,
    connection_cap,
    secure_response,
    under_way,
)
from narrator.display.feed import encode
from narrator.display.pagehtml import page_html
from narrator.display.seats import SeatDoor
from narrator.display.seatserver import Farewell, SeatServer, padded

MAX_CLIENTS = 64  # pages open at once; more are refused (503), the game goes on
WRITE_TIMEOUT = 10.0  # seconds a page may take to read what it is sent before it is dropped
KEEPALIVE = 15.0  # seconds between comments on an idle stream (proxies, sleeping phones)
ASSETS = {"page.js": "text/javascript", "stream.js": "text/javascript", "page.css": "text/css"}
HEARTBEAT = 1.0  # seconds between checks that an idle stream's page is still there
GET_METHODS = ("GET", "HEAD")


def gone(request: web.Request) -> bool:
    """The page of this request closed its connection."""
    transport = request.transport
    return transport is None or transport.is_closing()


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), or localhost."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the interface
        return probe.getsockname()[0]
    return "127.0.0.1"


class TableDisplay:
    """``start()`` binds it (localhost only unless ``lan``), ``publish(page)`` pushes a page,
    ``url`` is the address to open, ``stop()`` closes every stream."""

    def __init__(
        self,
        *,
        lan: bool = False,
        port: int = 0,
        token: str | None = None,
        layout: Callable[[str], str | None] | None = None,
        cap: int | None = None,
        head_timeout: float = HEAD_TIMEOUT,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        self.lan = lan
        self.port = port
        self.token = token or secrets.token_urlsafe(16)
        self.layout = layout  # a game's own drawing of its extra: game name -> JS, or None
        self.host = lan_address() if lan else "127.0.0.1"
        self.page: bytes = b"{}"
        self.game: str | None = None  # the game of the page: its layout is game.js
        self.queues: set[asyncio.Queue[bytes]] = set()
        self.runner: web.AppRunner | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's own, in its thread
        self.thread: threading.Thread | None = None
        self.served = 0  # pages sent (tests and the bench count them)
        self.doors = Doors(cap or connection_cap(), head_timeout, idle_timeout)
        self.streams_cap = max(1, min(MAX_CLIENTS, self.doors.cap // 2))  # room for page loads
        self.listener: asyncio.Server | None = None
        self.troubles = 0  # errors the server's loop met and kept quiet (never printed)
        # Each seat's own page (issue 38), set by the app: who may open which (``SeatDoor``),
        # the last page made for each seat, and the app's doors for a phone's entry (called
        # in the server's thread, it returns a concurrent Future of the answer: {"ok": bool,
        # "message": str}) and for a seat joined or gone (called in the server's thread).
        self.seats: SeatDoor | None = None
        self.seat_pages: dict[int, bytes] = {}  # each padded to the same length
        self.seat_queues: dict[int, set[asyncio.Queue[bytes]]] = {}  # each seat's own streams
        self.seat_server = SeatServer(self)  # the /seat/ routes (tests change its rate limit)
        self.on_seat_entry: Callable[[int, dict[str, Any]], Future[dict[str, Any]]] | None = None
        self.on_seat_change: Callable[[int], None] | None = None
        self.language = "en"  # the words of a refusal page (a seat's own page has its own)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/{self.token}/"

    def seat_link(self, seat: int) -> str | None:
        """The address ``seat``'s phone opens to join (its link works once), or None: no seats
        here, or the seat is joined (revoke it first)."""
        token = self.seats.link_token(seat) if self.seats is not None else None
        return None if token is None else f"http://{self.host}:{self.port}/seat/join/{token}"

    def publish_seats(self, pages: Mapping[int, dict[str, Any]]) -> None:
        """Send each seat its own page (only down that seat's own streams), all in one go so
        they reach the phones at the same moment, each the same length. From any thread."""
        made = padded(pages)
        self.seat_pages = {**self.seat_pages, **made}
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._fanout_seats, made)

    def revoke_seat(self, seat: int) -> None:
        """A lost phone, or one given to the wrong player: the seat's cookie opens nothing from
        now on and its open pages are told so and closed at once. From any thread."""
        if self.seats is not None:
            self.seats.revoke(seat)
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._end_seat, seat)

    def allowed_hosts(self) -> set[str]:
        names = {self.host, "127.0.0.1", "localhost"}
        return {f"{name}:{self.port}" for name in names}

    # --- running ----------------------------------------------------------------------------
    async def start(self) -> str:
        """Start the server's thread and bind (OSError if the port cannot be had)."""
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(self._quiet)
        thread = threading.Thread(target=self._run, args=(loop,), name="table-display", daemon=True)
        thread.start()
        try:
            await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._start(), loop))
        except BaseException:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(5)
            raise
        self.loop, self.thread = loop, thread
        return self.url

    async def stop(self) -> None:
        loop, thread = self.loop, self.thread
        if loop is None or thread is None:
            return
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._stop(), loop))
        loop.call_soon_threadsafe(loop.stop)
        await asyncio.get_running_loop().run_in_executor(None, thread.join, 5)
        loop.close()
        self.loop = self.thread = None

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        """The server's thread: an error that ends its loop is counted, never printed (a
        thread's uncaught error is written to the terminal, the game's screen)."""
        try:
            loop.run_forever()
        except BaseException:  # noqa: BLE001 - the game goes on without its display
            self.troubles += 1

    def _quiet(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """An error in the server's loop (an accept that found no file left, a connection's
        failure): counted, never printed into the game's terminal."""
        self.troubles += 1

    async def _start(self) -> None:
        app = web.Application(middlewares=[under_way, self.guard], client_max_size=1024)
        app.on_response_prepare.append(secure_response)
        token = self.token
        app.router.add_get(f"/{token}/", self.index)
        app.router.add_get(f"/{token}/events", self.events)
        app.router.add_get(f"/{token}/page.json", self.current)
        app.router.add_get(f"/{token}/{{asset}}", self.asset)
        self.seat_server.add_routes(app.router)
        self.runner = web.AppRunner(  # a page gone cancels its stream (it frees its place)
            app, handle_signals=False, shutdown_timeout=1.0, handler_cancellation=True
        )
        await self.runner.setup()
        server, doors = self.runner.server, self.doors
        assert server is not None
        loop = asyncio.get_running_loop()
        idle = doors.idle_timeout  # aiohttp's own idle timer, as a second guard

        def connection() -> Connection:
            return Connection(doors, server, loop=loop, keepalive_timeout=idle)

        bind = "0.0.0.0" if self.lan else "127.0.0.1"
        try:
            self.listener = await loop.create_server(
                connection, bind, self.port, reuse_address=True
            )
        except BaseException:
            await self.runner.cleanup()
            self.runner = None
            raise
        self.port = self.listener.sockets[0].getsockname()[1]  # the port chosen when 0

    async def _stop(self) -> None:
        for queue in self.every_stream():
            queue.put_nowait(b"")  # each stream ends
        if self.listener is not None:
            self.listener.close()  # no new connection; the open ones are closed just below
            self.listener = None
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    def publish(self, page: dict[str, Any]) -> bool:
        """Send ``page`` to every open page if it changed; True if it did. From any thread."""
        data = encode(page)
        if data == self.page:
            return False
        self.page, self.game = data, page.get("game")
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._fanout, data)
        return True

    def _fanout(self, data: bytes, queues: set[asyncio.Queue[bytes]] | None = None) -> None:
        """In the server's thread: every open stream (or those of ``queues``) gets ``data``
        (a slow one, the newest)."""
        for queue in list(self.queues if queues is None else queues):
            if queue.full():  # a page that reads too slowly gets the newest only
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(data)

    def _fanout_seats(self, pages: Mapping[int, bytes]) -> None:
        """In the server's thread, in one go: each seat's page down that seat's streams only."""
        for seat, data in pages.items():
            self._fanout(data, self.seat_queues.get(seat, set()))

    def _end_seat(self, seat: int) -> None:
        """In the server's thread: a revoked seat's open pages get their last frame, and no
        page of the seat after it (they leave its streams: a slow one never drops it)."""
        goodbye = self.seat_server.farewell(seat)
        for queue in self.seat_queues.pop(seat, set()):
            while not queue.empty():  # said at once, before any page still waiting
                queue.get_nowait()
            queue.put_nowait(goodbye)

    def every_stream(self) -> list[asyncio.Queue[bytes]]:
        """The public page's streams and every seat's."""
        return [*self.queues, *(q for queues in self.seat_queues.values() for q in queues)]

    # --- requests ---------------------------------------------------------------------------
    @web.middleware
    async def guard(self, request: web.Request, handler):
        if request.path.startswith(SEAT_PATH):  # a seat's page: its own checks
            return await self.seat_server.guard(request, handler)
        if request.method not in GET_METHODS:
            raise web.HTTPMethodNotAllowed(request.method, list(GET_METHODS))
        if request.headers.get("Host", "") not in self.allowed_hosts():
            raise web.HTTPMisdirectedRequest(text="unknown host")
        return await handler(request)  # its headers: connections.secure_response

    async def index(self, request: web.Request) -> web.Response:
        html = page_html({"page": self.page})
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def asset(self, request: web.Request) -> web.Response:
        name = request.match_info["asset"]
        if name == "game.js":
            return self.game_layout()
        if name not in ASSETS:
            raise web.HTTPNotFound()
        text = resources.files(__package__).joinpath("page", name).read_text("utf-8")
        return web.Response(text=text, content_type=ASSETS[name], charset="utf-8")

    def game_layout(self) -> web.Response:
        """game.js: the game being played draws its own part of the page."""
        game = self.game
        code = self.layout(game) if self.layout is not None and game else None
        body = f"window.NarratorLayoutGame = {json.dumps(game)};\n" + (code or "")
        return web.Response(text=body, content_type="text/javascript", charset="utf-8")

    async def current(self, request: web.Request) -> web.Response:
        return web.Response(body=self.page, content_type="application/json")

    async def events(self, request: web.Request) -> web.StreamResponse:
        return await self.stream(request, self.queues, lambda: self.page)

    async def stream(
        self,
        request: web.Request,
        queues: set[asyncio.Queue[bytes]],
        current: Callable[[], bytes],
    ) -> web.StreamResponse:
        """A page's stream (the public page's, or a seat's: ``queues``): ``current()`` first,
        then each page put in its queue, until the page goes or is told farewell."""
        if request.method == "HEAD":  # what a stream's answer would be: no stream, no place
            return web.Response(headers={"Content-Type": "text/event-stream"})
        if len(self.every_stream()) >= self.streams_cap:
            raise web.HTTPServiceUnavailable(text="too many pages open")
        queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=4)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        queues.add(queue)  # before any wait: a seat revoked from now on finds this stream
        try:
            await response.prepare(request)
            await self._send(response, current())  # the current page first: a reconnect
            idle = 0.0
            while True:
                try:
                    data = await asyncio.wait_for(queue.get(), HEARTBEAT)
                except TimeoutError:
                    if gone(request):
                        break  # the page was closed or reloaded: its place is free again
                    idle += HEARTBEAT
                    if idle >= KEEPALIVE:
                        idle = 0.0
                        await self._write(response, b": keep-alive\n\n")
                    continue
                idle = 0.0
                if isinstance(data, Farewell):
                    await self._write(response, data)
                if not data or isinstance(data, Farewell):
                    break
                await self._send(response, data)
        except (ConnectionResetError, asyncio.CancelledError, TimeoutError):
            pass  # the page went, or reads nothing: its place is free again
        finally:
            queues.discard(queue)
        return response

    async def _send(self, response: web.StreamResponse, data: bytes) -> None:
        """The server's time, then the page: the page's clock is kept on the server's."""
        now = str(round(time.time() * 1000)).encode()
        await self._write(response, b"event: time\ndata: " + now + b"\n\ndata: " + data + b"\n\n")
        self.served += 1

    @staticmethod
    async def _write(response: web.StreamResponse, data: bytes) -> None:
        """A write the page must take within ``WRITE_TIMEOUT`` (TimeoutError if it does not)."""
        await asyncio.wait_for(response.write(data), WRITE_TIMEOUT)
