"""A flood of connections cannot stop the game (issue 37, item 1): under a file limit of 256,
the parent opens more connections to the display than the whole limit, with no HTTP and no
token; the app keeps its cap of them, takes an entry by its keys and saves it, and opens the
help. Only to 127.0.0.1, a few hundred sockets, closed at the end."""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path

from narrator.display.connections import connection_cap

CHILD = Path(__file__).with_name("flood_child.py")
LIMIT = 256  # the child's file limit: a quarter of it is the display's cap
FLOOD = LIMIT + 64  # more connections than the child could ever hold


async def read_line(stream, prefix: str) -> str:
    while True:
        line = (await asyncio.wait_for(stream.readline(), 90)).decode()
        assert line, "the child ended early"
        if line.startswith(prefix + " ") or line.strip() == prefix:
            return line[len(prefix) :].strip()


def flood(port: int) -> list[socket.socket]:
    """Connections that say nothing, opened without waiting for the server to take them."""
    sockets = []
    for _ in range(FLOOD):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", port))
        sockets.append(sock)
    return sockets


async def test_a_flood_of_connections_leaves_the_game_its_keys_its_saves_and_its_help(tmp_path):
    errors = (tmp_path / "child.err").open("wb")
    child = await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), str(tmp_path / "games"), str(LIMIT),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=errors,
    )  # fmt: skip
    sockets: list[socket.socket] = []
    try:
        port = int(await read_line(child.stdout, "port"))
        sockets = flood(port)
        child.stdin.write(b"flooded\n")
        await child.stdin.drain()
        kept, refused = map(int, (await read_line(child.stdout, "full")).split())
        assert kept == connection_cap(LIMIT) and refused > 0
        assert await read_line(child.stdout, "saved") == "1"  # the entry, on disk
        await read_line(child.stdout, "help")
        assert await asyncio.wait_for(child.wait(), 60) == 0
    finally:
        for sock in sockets:
            sock.close()
        if child.returncode is None:
            child.kill()
            await child.wait()
        errors.close()
    assert (tmp_path / "child.err").read_text() == ""  # nothing printed into the terminal
