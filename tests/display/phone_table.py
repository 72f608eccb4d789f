"""A table of phones for the whole games of issue 38 (test_phone_games.py): the app driven
by Pilot with its display served on 127.0.0.1, each joined seat a page of its own browser
context in one headless Chromium at a phone's size, and the public page; a secret step taken
by tapping the acting seat's page, the others' decoys read from their DOM, and every page,
the laptop's screen and the captions searched for what must stay secret."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from narrator.display.seatserver import RateLimit
from narrator.display.server import TableDisplay
from narrator.prompts import worded
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.seatsview import PhoneStepScreen
from tests.display.seat_helpers import open_phone
from tests.display.test_browser import async_eq
from tests.display.test_seat_browser import PHONE
from tests.tui.driver import screen_text, wait_for

MINIMUM = 8  # seconds: the setting's default, counted on the test's clock (no wait)
# What a phone shows, read from its DOM: the prompt's mode, title, lines and buttons, its
# box's size, and the publish it came from (``data-rev``)
LOOK = """(() => {
  const box = document.getElementById('prompt'), r = box.getBoundingClientRect();
  const shown = [...box.querySelectorAll('button')].filter((b) => !b.hidden);
  return {mode: box.hidden ? 'idle' : box.dataset.mode,
          title: document.getElementById('prompt-title').textContent,
          lines: [...document.querySelectorAll('#prompt-lines p')].map((p) => p.textContent),
          keys: shown.map((b) => b.dataset.key), size: [r.width, r.height],
          message: document.getElementById('message').textContent,
          rev: Number(document.getElementById('mine').dataset.rev)};
})()"""


class Clock:
    """The app's clock, moved by the test: the minimum time costs nothing."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def last_entry(path: Path) -> dict:
    return json.loads(path.read_text().splitlines()[-1])


async def poll(check, timeout: float = 20.0) -> None:
    """Until ``await check()`` is true: read often (a page answers in milliseconds and the
    steps are many), never a blind sleep."""
    end = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < end, "the page never showed what was expected"
        await asyncio.sleep(0.005)


async def phone(browser, link: str, name: str):
    """A phone that opened a seat's link: its own browser context, at a phone's size, its
    page drawn."""
    page = await open_phone(browser, link)
    await page.call("Emulation.setDeviceMetricsOverride", **PHONE)
    await page.wait(async_eq(page, "#name", name))
    return page


class PhoneTable:
    """One app, its served display, the public page and the joined seats' pages."""

    def __init__(self, pilot, app, browser, clock: Clock) -> None:
        self.pilot, self.app, self.browser, self.clock = pilot, app, browser, clock
        self.phones: dict[int, object] = {}
        self.public = None
        self.pushed: list[type] = []  # every screen the laptop pushed (no privacy screen)
        self.read: list[str] = []  # every page's text as a secret step began
        push = app.push_screen

        def pushing(screen, *args, **kwargs):
            self.pushed.append(type(screen))
            return push(screen, *args, **kwargs)

        app.push_screen = pushing

    async def serve(self, port: int = 0, token: str | None = None) -> TableDisplay:
        """The display on 127.0.0.1 (every page loads from one address: no rate limit), and
        the public page open."""
        app = self.app
        display = TableDisplay(lan=False, port=port, token=token, layout=app.display_layout)
        display.seat_server.limit = RateLimit(burst=100_000)
        await display.start()
        app.display = display
        app.publish_display()
        if self.public is None:
            self.public = await self.browser.open(display.url)
        return display

    async def join(self, seat: int) -> None:
        """A phone scans the seat's code."""
        app = self.app
        link = app.display.seat_link(seat)
        page = await phone(self.browser, link, app.display.seats.names[seat])
        await wait_for(self.pilot, lambda: seat in app.joined_seats())
        self.phones[seat] = page

    async def look(self, page) -> dict:
        return await page.evaluate(LOOK)

    async def until(self, page, check) -> dict:
        """Poll the page (the app's loop runs between) until ``check(look)`` holds."""
        found: list[dict] = []

        async def ok() -> bool:
            found[:] = [await self.look(page)]
            return bool(check(found[0]))

        await poll(ok)
        return found[0]

    async def all_show(self) -> dict[int, dict]:
        """Every joined page once each draws the app's last publish (read again if another
        came while they were read)."""
        while True:
            rev = self.app.seat_rev
            shown = {
                seat: await self.until(page, lambda look, rev=rev: look["rev"] >= rev)
                for seat, page in self.phones.items()
            }
            if {look["rev"] for look in shown.values()} == {self.app.seat_rev}:
                return shown

    async def tap(self, seat: int, key: str) -> dict:
        """A finger on a button of the seat's page; what the page shows once the app has
        answered it (the next publish)."""
        page = self.phones[seat]
        selector = json.dumps(f'#prompt button[data-key="{key}"]')
        assert await page.evaluate(f"!!document.querySelector({selector})"), key
        await page.evaluate(f"document.querySelector({selector}).click()")  # its buttons off

        async def answered() -> bool:  # the app's answer came (after its publish)
            return await page.evaluate("!document.querySelector('#prompt button:disabled')")

        await poll(answered)
        return await self.until(page, lambda shown: shown["rev"] >= self.app.seat_rev)

    async def secret_step(self, choose) -> int:
        """Enter on a private step whose seat has a page: the actor's every tap on its page
        (``choose(buttons)``: a button's key, else its big button), every other page a decoy
        from the same publish and of the same box, Ready tapped on each; the minimum on the
        app's clock, then every page idle in one publish. The actor's seat."""
        pilot, app = self.pilot, self.app
        privacy = app.game.step(app.state).private
        actor = privacy.seat
        assert actor in self.phones, f"seat {actor} acts and has no page"
        entries = len(app.journal.events)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PhoneStepScreen))
        name = app.display.seats.names[actor]
        assert name in screen_text(app)  # the laptop says who, never what
        shown = await self.all_show()
        self.same_look(shown, actor, "step")
        for page in (self.public, *self.phones.values()):  # as a player reads it
            self.read.append(await page.evaluate("document.body.innerText"))
        await self.check_secrets()
        public = await self.public.html()
        now = shown[actor]
        while now["mode"] == "step":
            buttons = [k for k in now["keys"] if k not in ("enter", "escape")]
            now = await self.tap(actor, choose(buttons) if buttons else "enter")
            assert not now["message"], now["message"]
            shown = await self.all_show()  # each tap: every page from that publish, one box
            assert len({tuple(look["size"]) for look in shown.values()}) == 1, shown
            own = {line for line in now["lines"] if line.strip() and line not in public}
            await self.nowhere_but(actor, own)
            await self.check_secrets()
        for seat in self.phones:
            if seat != actor:
                assert (await self.tap(seat, "ready"))["mode"] == "wait"
        added = app.journal.path.read_text().splitlines()[entries - len(app.journal.events) :]
        assert added and all(json.loads(line)["from"] == "phone" for line in added)
        assert app.phone_session is not None  # the minimum holds it
        self.clock.now += MINIMUM
        await wait_for(pilot, lambda: app.phone_session is None)
        ended = await self.all_show()
        assert {s["mode"] for s in ended.values()} == {"idle"}
        lang = app.language
        for seat, page in self.phones.items():  # what each seat alone has seen, on its page
            mine = await page.evaluate("document.getElementById('seen-list').innerText")
            for line in app.game.seen_by(app.state, seat):
                assert worded(line, lang) in mine, (seat, line)
        assert len({s["rev"] for s in ended.values()}) == 1  # idle at the same moment
        assert PrivacyScreen not in self.pushed
        return actor

    async def nowhere_but(self, actor: int, lines: set[str]) -> None:
        """The acting seat's prompt (its card, Green's look) on no other page, on neither
        the public page nor the laptop's screen."""
        shown = [await page.html() for seat, page in self.phones.items() if seat != actor]
        shown += [await self.public.html(), screen_text(self.app)]
        for line in lines:
            assert not any(line in text for text in shown), line

    def same_look(self, shown: dict[int, dict], actor: int, mode: str) -> None:
        """The actor's step and every other page's decoy: one publish, one box size, one
        title, as many lines."""
        assert shown[actor]["mode"] == mode
        decoys = [s for seat, s in shown.items() if seat != actor]
        assert decoys and {s["mode"] for s in decoys} == {"decoy"}
        assert len({s["rev"] for s in shown.values()}) == 1
        assert len({tuple(s["size"]) for s in shown.values()}) == 1, shown
        assert len({s["title"] for s in shown.values()}) == 1
        assert len({len(s["lines"]) for s in shown.values()}) == 1

    async def check_secrets(self) -> None:
        """No public page, laptop screen or caption holds a secret; no seat's page holds
        another seat's own lines."""
        app = self.app
        lang, state = app.language, app.state
        secrets = [s for s in app.game.secrets(state, lang) if s]
        public = await self.public.html()
        laptop, said = screen_text(app), "\n".join(app.captions)
        seen = {
            seat: {worded(t, lang) for t in app.game.seen_by(state, seat)}
            for seat in range(len(app.display.seats.names))
        }
        for secret in secrets:
            assert secret not in public and secret not in laptop and secret not in said, secret
        for seat, page in self.phones.items():
            html = await page.html()
            for other, lines in seen.items():
                for line in lines - seen[seat] if other != seat else ():
                    assert line not in html, (seat, line)
        assert not any(line in public for lines in seen.values() for line in lines)
