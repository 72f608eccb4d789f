"""The display's connections (issue 37, items 1 and 7): at most its cap open, a slow head and
an idle connection closed, a HEAD of the stream takes no page's place, and every answer (an
error, the stream, aiohttp's own 400 too) carries the page's security headers and no server
version. Raw sockets to 127.0.0.1, a handful each, timeouts made small."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest

from narrator.display.connections import SECURITY, connection_cap
from narrator.display.server import TableDisplay

PAGE = {"game": "toy", "title": "Coin Call", "step": "The vote", "seats": [], "extra": {}}
DEADLINE = 10.0  # seconds: what a busy machine may take; a pass takes a fraction of it


@contextlib.asynccontextmanager
async def served(**options):
    display = TableDisplay(lan=False, token="secret-token-0123", **options)
    await display.start()
    display.publish(PAGE)
    try:
        yield display
    finally:
        await display.stop()


def request(display: TableDisplay, path: str, method: str = "GET", host: str = "") -> bytes:
    host = host or f"127.0.0.1:{display.port}"
    return f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()


async def connect(display: TableDisplay):
    return await asyncio.open_connection("127.0.0.1", display.port)


async def answer_head(reader) -> tuple[int, dict[str, str]]:
    """The status and the headers of the next answer (names in lower case)."""
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), DEADLINE)
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers


async def ask(display: TableDisplay, raw: bytes) -> tuple[int, dict[str, str]]:
    reader, writer = await connect(display)
    try:
        writer.write(raw)
        return await answer_head(reader)
    finally:
        writer.close()


async def closed(reader, trickle=None) -> bool:
    """Whether the server closes the connection within the deadline (``trickle``: a byte
    sent every tenth of a second meanwhile, as a slow sender does)."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        try:
            data = await asyncio.wait_for(reader.read(1024), 0.1)
        except TimeoutError:
            if trickle is not None:
                trickle.write(b"X")
            continue
        except ConnectionError:
            return True
        if not data:
            return True
    return False


def check_headers(headers: dict[str, str]) -> None:
    for name, value in SECURITY.items():
        assert headers.get(name.lower()) == value, name
    assert "server" not in headers  # no "Python/3.11 aiohttp/3.x": no version told


@pytest.mark.parametrize(
    ("what", "path", "method", "host", "status"),
    [
        ("page", "/secret-token-0123/", "GET", "", 200),
        ("asset", "/secret-token-0123/page.js", "GET", "", 200),
        ("stream", "/secret-token-0123/events", "GET", "", 200),
        ("stream's head", "/secret-token-0123/events", "HEAD", "", 200),
        ("no such page", "/wrong/", "GET", "", 404),
        ("a POST", "/secret-token-0123/", "POST", "", 405),
        ("a foreign host", "/secret-token-0123/", "GET", "evil.example:80", 421),
    ],
)
async def test_every_answer_carries_the_security_headers_and_no_server_version(
    what, path, method, host, status
):
    async with served() as display:
        got, headers = await ask(display, request(display, path, method, host))
        assert got == status, what
        check_headers(headers)


async def test_a_malformed_request_answered_by_aiohttp_itself_carries_them_too():
    async with served() as display:
        got, headers = await ask(display, b"NOT HTTP AT ALL\r\n\r\n")
        assert got == 400
        check_headers(headers)


async def test_a_stream_refused_when_every_place_is_taken_carries_them_too():
    async with served(cap=4) as display:  # two streams' places
        streams = [await connect(display) for _ in range(display.streams_cap)]
        for reader, writer in streams:
            writer.write(request(display, "/secret-token-0123/events"))
            assert (await answer_head(reader))[0] == 200
        got, headers = await ask(display, request(display, "/secret-token-0123/events"))
        assert got == 503
        check_headers(headers)
        for _, writer in streams:
            writer.close()


async def test_heads_of_the_stream_take_no_page_place():
    async with served() as display:
        heads = [await connect(display) for _ in range(display.streams_cap + 4)]
        for reader, writer in heads:  # each left open once answered
            writer.write(request(display, "/secret-token-0123/events", "HEAD"))
            assert (await answer_head(reader))[0] == 200
        got, _ = await ask(display, request(display, "/secret-token-0123/events"))
        assert got == 200  # a real page still finds its place
        for _, writer in heads:
            writer.close()


async def test_a_slow_head_is_closed_after_the_head_timeout():
    async with served(head_timeout=0.3, idle_timeout=60) as display:
        reader, writer = await connect(display)
        writer.write(b"GET /secret-token-0123/ HTTP/1.1\r\nHost: ")  # and never the end
        assert await closed(reader, trickle=writer)
        assert display.doors.timed_out == 1
        writer.close()


async def test_an_idle_connection_is_closed_after_the_idle_timeout():
    async with served(head_timeout=60, idle_timeout=0.3) as display:
        silent_reader, silent = await connect(display)  # connects, says nothing
        assert await closed(silent_reader)
        reader, writer = await connect(display)  # a keep-alive connection, once answered
        writer.write(request(display, "/secret-token-0123/page.json"))
        assert (await answer_head(reader))[0] == 200
        assert await closed(reader)
        silent.close()
        writer.close()


async def test_a_page_stream_is_never_timed_out_as_idle():
    async with served(head_timeout=0.3, idle_timeout=0.3) as display:
        reader, writer = await connect(display)
        writer.write(request(display, "/secret-token-0123/events"))
        assert (await answer_head(reader))[0] == 200
        idle_reader, idle = await connect(display)  # opened after the stream, closed first
        assert await closed(idle_reader)
        display.publish({**PAGE, "step": "The call"})
        seen = b""
        while b"The call" not in seen:
            chunk = await asyncio.wait_for(reader.read(4096), DEADLINE)
            assert chunk, "the stream was closed"
            seen += chunk
        writer.close()
        idle.close()


async def test_connections_over_the_cap_are_dropped_at_once():
    async with served(cap=8) as display:
        flood = [await connect(display) for _ in range(20)]
        end = time.monotonic() + DEADLINE
        while display.doors.refused < 12 and time.monotonic() < end:
            await asyncio.sleep(0.02)
        assert display.doors.refused == 12 and display.doors.open == 8
        for _, writer in flood:
            writer.close()
        while display.doors.open and time.monotonic() < end:
            await asyncio.sleep(0.02)
        got, _ = await ask(display, request(display, "/secret-token-0123/"))
        assert got == 200  # the flood gone, the page is served again


def test_the_cap_is_a_bounded_quarter_of_the_file_limit():
    assert connection_cap(1024) == 256
    assert connection_cap(20) == 8  # never none
    assert connection_cap(1_000_000) == 512
