"""A real browser for the tests: headless Chromium, driven over its DevTools protocol (a
WebSocket, with aiohttp), so a test reads the page's DOM at any moment while it stays live."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import shutil
import socket
import tempfile
import time
from typing import Any

import aiohttp

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Browser:
    """``async with Browser() as b: page = await b.open(url); await page.text("#step")``."""

    async def __aenter__(self) -> Browser:
        self.folder = tempfile.TemporaryDirectory(
            ignore_cleanup_errors=True
        )  # chromium writes late
        self.port = free_port()
        self.child = await asyncio.create_subprocess_exec(
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--remote-debugging-port={self.port}",
            f"--user-data-dir={self.folder.name}",
            "--window-size=800,900",
            "about:blank",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            # its own temporary files (a killed Chromium leaves its singleton's folder in
            # TMPDIR: 684 of them in /tmp after an evening of runs) go with the profile
            env={**os.environ, "TMPDIR": self.folder.name},
        )
        self.session = aiohttp.ClientSession()
        for _ in range(200):  # until its DevTools answer
            with contextlib.suppress(aiohttp.ClientError):
                async with self.session.get(f"http://127.0.0.1:{self.port}/json/version") as r:
                    if r.status == 200:
                        return self
            await asyncio.sleep(0.05)
        raise RuntimeError("chromium did not start")

    async def __aexit__(self, *exc) -> None:
        await self.session.close()
        with contextlib.suppress(ProcessLookupError):
            self.child.kill()
        await self.child.wait()
        self.folder.cleanup()

    async def open(self, url: str) -> Page:
        async with self.session.put(f"http://127.0.0.1:{self.port}/json/new?{url}") as r:
            target = await r.json()
        socket_ = await self.session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        page = Page(socket_)
        await page.wait(lambda: page.evaluate("document.readyState === 'complete'"))
        return page


class Page:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.ids = itertools.count(1)

    async def call(self, method: str, **params: Any) -> dict:
        number = next(self.ids)
        await self.ws.send_str(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads((await self.ws.receive()).data)
            if message.get("id") == number:
                return message.get("result", {})

    async def evaluate(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def text(self, selector: str) -> str | None:
        return await self.evaluate(
            f"(e => e ? e.textContent : null)(document.querySelector({json.dumps(selector)}))"
        )

    async def html(self) -> str:
        return await self.evaluate("document.documentElement.outerHTML")

    async def wait(self, condition, timeout: float = 10.0) -> None:
        """Until ``await condition()`` is true (the page is polled, never slept on blindly:
        often at first, a page drawn again in a few milliseconds, then every 50 ms)."""
        deadline, pause = time.monotonic() + timeout, 0.002
        while not await condition():
            if time.monotonic() > deadline:
                raise AssertionError("the page never showed what was expected")
            await asyncio.sleep(pause)
            pause = min(0.05, pause * 2)

    async def screenshot(self) -> bytes:
        import base64

        return base64.b64decode((await self.call("Page.captureScreenshot"))["data"])
