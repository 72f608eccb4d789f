"""``narrator display URL``: the table display full screen in a second terminal (a TV plugged
into the laptop), from the same feed as the page: the address the app shows (F2). It reads the
stream, reconnects by itself, and counts the clock down from its deadline.

The address is tried once before the screen is drawn (`reachable`): one that is not a table
display's, or where none answers, stops the command with one line; an app that goes away once
followed (killed, resumed) is waited for."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import time
from typing import Any

from rich.console import Group
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from narrator.display.tracking import draw
from narrator.timer import mmss

RETRY = 1.0  # seconds between tries while the app is away
FIRST_TRY = 5.0  # seconds the first look at the address may take (a Wi-Fi that wakes up)


def reachable(url: str) -> None:
    """Whether ``url`` is a table display that answers: its current page fetched once, or
    `narrator.exits.Stop` with why not (not http, no host, nothing there, not a display)."""
    import socket
    import urllib.error
    import urllib.parse
    import urllib.request

    from narrator.exits import NO_DISPLAY, Stop, why
    from narrator.prompts import Localized, words

    def wrong(key: str) -> Stop:
        said = Localized(lambda lang: words(lang, None).format(f"command.{key}", scheme="http://"))
        return Stop(NO_DISPLAY, "command.address", url=url, why=said)

    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - read for its check: a port that is no number raises
    except ValueError:
        raise wrong("address_unreadable") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise wrong("address_scheme")
    if not parts.hostname:
        raise wrong("address_host")
    page = (url if url.endswith("/") else url + "/") + "page.json"
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # the LAN, direct
    try:
        with opener.open(page, timeout=FIRST_TRY) as answer:
            json.loads(answer.read(1 << 20))
    except urllib.error.HTTPError as err:
        raise Stop(NO_DISPLAY, "command.not_display", url=url, status=err.code) from None
    except (OSError, ValueError) as err:  # refused, no such host, timed out; no JSON page
        cause = getattr(err, "reason", err)  # URLError wraps the system's error
        if isinstance(cause, socket.gaierror):
            said = Localized(lambda lang: words(lang, None).format("command.no_such_host"))
        else:
            said = why(cause if isinstance(cause, BaseException) else err)
        raise Stop(NO_DISPLAY, "command.unreachable", url=url, reason=said) from None


def page_view(game: str, extra: dict, lang: str):
    """The game's own part, drawn by its screens folder (``tui.<game>.page_view``), if any."""
    from narrator.games import registry

    if game not in registry.names():
        return None
    screens = registry.get(game).screens
    if not screens:
        return None
    with contextlib.suppress(ImportError, AttributeError):
        return importlib.import_module(screens).page_view(extra, lang)
    return None


def render(page: dict[str, Any], offset: float = 0.0) -> Group:
    """One page of the feed, for a terminal: the step large, the clock, the game's own part,
    then the generic tracker (the seats with their cells, the piles, the public lines)."""
    parts: list = [Text(page.get("title", ""), style="dim")]
    parts.append(Text(page.get("step", ""), style="bold reverse"))
    if page.get("banner"):
        parts.append(Text(page["banner"], style="bold yellow"))
    clock = page.get("clock")
    if clock:
        left = (
            clock["left"]
            if clock.get("paused")
            else clock["ends_at"] / 1000 - (time.time() + offset)
        )
        parts.append(
            Text(mmss(max(0.0, left)), style="bold yellow" if clock.get("paused") else "bold")
        )
    told = (page.get("extra") or {}).get("told") or []  # the moment, as sentences (the page's)
    for i, sentence in enumerate(told):
        parts.append(Text(str(sentence), style="bold" if i == 0 else ""))
    extra = page_view(page.get("game") or "", page.get("extra") or {}, page.get("lang", "en"))
    if extra is not None:
        parts.append(extra)
    parts.append(draw(page))  # the seats, their cells, the piles and the lines: the tracker's
    return Group(*parts)


class DisplayApp(App):
    """The feed at ``url`` (``http://host:port/token/``), full screen, read-only."""

    BINDINGS = [Binding("q,ctrl+q", "quit", "Quit")]
    CSS = "Screen { padding: 1 2; } #page { height: 1fr; } #status { color: $text-muted; }"

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url if url.endswith("/") else url + "/"
        self.page: dict[str, Any] | None = None
        self.offset = 0.0  # the server's clock minus ours, in seconds
        self.connected = False

    def compose(self) -> ComposeResult:
        yield Static(id="page")
        yield Static("…", id="status")

    def on_mount(self) -> None:
        self.run_worker(self.follow(), exclusive=True)
        self.set_interval(0.2, self.draw)

    def draw(self) -> None:
        if self.page is not None:
            self.query_one("#page", Static).update(render(self.page, self.offset))
        self.query_one("#status", Static).update("" if self.connected else f"… {self.url}")

    async def follow(self) -> None:
        import aiohttp

        while True:
            try:
                timeout = aiohttp.ClientTimeout(total=None, sock_read=40)
                async with (
                    aiohttp.ClientSession(timeout=timeout) as session,
                    session.get(self.url + "events") as stream,
                ):
                    stream.raise_for_status()
                    self.connected = True
                    await self.read(stream)
            except (TimeoutError, aiohttp.ClientError, ValueError):
                pass
            self.connected = False
            self.draw()
            await asyncio.sleep(RETRY)

    async def read(self, stream) -> None:
        event = ""
        async for raw in stream.content:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
                if event == "time":
                    self.offset = int(data) / 1000 - time.time()
                else:
                    self.page = json.loads(data)
                    self.draw()
                event = ""
