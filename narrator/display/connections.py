"""The display's connections: how many it keeps open, how long each may stay silent, and the
headers every answer carries (issue 37, items 1 and 7).

Anyone on the local network can open connections to the display's port, and each one costs
the app a file descriptor: the budget the journal, the crash report and the help draw on too.
So the display keeps at most ``connection_cap()`` open (a quarter of the file limit, bounded)
and drops any other at once; a connection is closed when a request's head takes longer than
``HEAD_TIMEOUT`` to arrive (a slow sender) or when no request is under way for
``IDLE_TIMEOUT`` (an idle one). A page's stream is a request under way: it is never timed out
here (``server.events`` ends it when its page goes).

aiohttp has an idle timeout of its own (``keepalive_timeout``) but no head timeout and no cap,
so each connection is a ``Connection``, aiohttp's request handler with a count and a timer.
Nothing the display meets is logged or printed: the app's terminal is the game's screen.
"""

from __future__ import annotations

import asyncio
import logging
import resource
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

HEAD_TIMEOUT = 10.0  # seconds from a request's first byte to the end of its head
IDLE_TIMEOUT = 15.0  # seconds a connection may stay open with no request under way
FEWEST, MOST = 8, 512  # the bounds of the cap on open connections
SHARE = 4  # the display keeps at most a quarter of the app's file limit

SECURITY = {  # the page's own headers, on every answer (an error, the stream, a 400 too)
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": (
        "default-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'"
    ),
}

SEAT_PATH = "/seat/"  # each seat's own page (issue 38) and everything under it
SEAT_SECURITY = {  # stricter: a seat's page loads its own scripts and styles and nothing else
    **SECURITY,
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
}

QUIET = logging.getLogger("narrator.display.connections")  # aiohttp's own reports go here
QUIET.addHandler(logging.NullHandler())
QUIET.propagate = False  # never to Python's last-resort handler: it writes to the terminal


def connection_cap(limit: int | None = None) -> int:
    """The most connections the display keeps open, from the soft file limit (``limit``)."""
    if limit is None:
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if limit == resource.RLIM_INFINITY:
        return MOST
    return max(FEWEST, min(MOST, limit // SHARE))


def secure(headers: Any, path: str = "") -> None:
    """The security headers set (a seat's, under ``SEAT_PATH``), and no "Server:
    Python/3.11 aiohttp/…" (no version told)."""
    headers.update(SEAT_SECURITY if path.startswith(SEAT_PATH) else SECURITY)
    headers.popall("Server", None)


async def secure_response(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: every answer of the application, once its headers are made."""
    secure(response.headers, request.path)


class Unnamed(web.Response):
    """An answer aiohttp makes by itself (a 400 for a malformed request, a 500): no signal of
    the application runs for it, so it drops the server's name once its headers are made."""

    async def _prepare_headers(self) -> None:
        await super()._prepare_headers()
        secure(self.headers)


class Doors:
    """The open connections, counted, and the limits each is held to."""

    def __init__(self, cap: int, head_timeout: float, idle_timeout: float) -> None:
        self.cap = cap
        self.head_timeout = head_timeout
        self.idle_timeout = idle_timeout
        self.open = 0
        self.refused = 0  # dropped at once: the cap was reached (tests and the bench read it)
        self.timed_out = 0


class Connection(RequestHandler):
    """One connection: counted while it is open, dropped at once over the cap, closed when a
    request's head is slow or when it is idle for too long."""

    def __init__(self, doors: Doors, manager: web.Server, **kwargs: Any) -> None:
        super().__init__(manager, logger=QUIET, access_log=None, **kwargs)
        self.doors = doors
        self.admitted = False
        self.busy = 0  # requests in the application now (a stream is one for its whole life)
        self.timer: asyncio.TimerHandle | None = None
        self.waiting_for = ""  # "idle" or "head": what the timer is for

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        doors = self.doors
        if doors.open >= doors.cap:
            doors.refused += 1
            transport.abort()  # its descriptor is given back now, not after a goodbye
            return
        doors.open += 1
        self.admitted = True
        super().connection_made(transport)
        self.wait("idle")

    def connection_lost(self, exc: BaseException | None) -> None:
        if not self.admitted:
            return
        self.admitted = False
        self.doors.open -= 1
        self.stop_waiting()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.waiting_for == "idle" and data:  # a request begins: its head has a deadline
            self.wait("head")
        super().data_received(data)

    def request_started(self) -> None:
        self.busy += 1
        self.stop_waiting()

    def request_ended(self) -> None:
        self.busy -= 1
        if not self.busy and self.admitted:
            self.wait("idle")

    def wait(self, what: str) -> None:
        self.stop_waiting()
        doors = self.doors
        seconds = doors.head_timeout if what == "head" else doors.idle_timeout
        self.waiting_for = what
        self.timer = self._loop.call_later(seconds, self.time_out)

    def stop_waiting(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer, self.waiting_for = None, ""

    def time_out(self) -> None:
        self.timer, self.waiting_for = None, ""
        self.doors.timed_out += 1
        transport = self.transport
        if transport is not None:
            transport.abort()  # a peer that reads nothing would hold a close() open

    def handle_error(
        self,
        request: Any,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        """aiohttp's own answer (a malformed request, a handler's failure), with the headers
        and without the server's name."""
        made = super().handle_error(request, status, exc, message)
        assert isinstance(made, web.Response)
        answer = Unnamed(
            status=made.status, body=made.body, content_type=made.content_type, charset=made.charset
        )
        answer.force_close()
        return answer


@web.middleware
async def under_way(request: web.Request, handler):
    """A request in the application: its connection is not idle until it is answered."""
    connection = request.protocol
    if not isinstance(connection, Connection):
        return await handler(request)
    connection.request_started()
    try:
        return await handler(request)
    finally:
        connection.request_ended()
