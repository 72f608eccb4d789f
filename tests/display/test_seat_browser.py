"""Seat pages in a real browser (issue 38, items 1, 3, 4 and 5): two phones (390×844) and the
table's page open at once, in English and in Russian. Each phone joins by its link and the
token is gone from its address; each draws its own name, prompt, secrets and the public table;
the acting seat's step and the other seat's decoy are boxes of one size; a tap reaches the app
and its answer is shown; a revoked phone is told at once and shows nothing of its seat. A
phone finds a resumed game by itself, and learns there that it was revoked while it slept; a
link followed from another site joins too. One Chromium for all of it."""

from __future__ import annotations

import pytest

from narrator.display.seatserver import RateLimit
from tests.display.browser import CHROMIUM, Browser
from tests.display.seat_helpers import NAMES, open_phone, seated, until
from tests.display.test_browser import STATE, async_eq, layout

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test installs it)")

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
WORDS = {
    "en": {"seen": "What you alone have seen", "table": "The table", "nothing": "Nothing yet"},
    "ru": {"seen": "Что видели только вы", "table": "Стол", "nothing": "Пока ничего"},
}
SAID = {  # the app's words for the two prompts, and its refusal
    "en": ("The White leader's draw", "A secret step", "Tap when you are ready", "Ready", "R18"),
    "ru": (
        "Белый лидер тянет карту",
        "Тайный шаг",
        "Нажмите, когда будете готовы",
        "Готово",
        "R18",
    ),
}
ENDED = {"en": "This phone is no longer Bob's page", "ru": "Этот телефон больше не страница"}


def public(lang: str) -> dict:
    seats = [{"name": n, "marks": [], "dead": False, "turn": False, "cells": []} for n in NAMES]
    return {"game": None, "lang": lang, "title": "Coin Call", "step": "Step", "banner": "",
            "seats": seats, "piles": [], "lines": [], "extra": {}, "said": []}  # fmt: skip


def pages(lang: str, rev: int) -> dict:
    step_title, decoy_title, ready_line, ready, _ = SAID[lang]
    table = public(lang)
    step = {
        "title": step_title,
        "lines": ["Draw a leader card", ""],
        "choices": [{"key": "W", "label": "White"}, {"key": "G", "label": "Green"}],
        "primary": {"key": "enter", "label": "Draw"},
        "back": False,
        "message": "",
    }
    decoy = {"title": decoy_title, "lines": [ready_line, ""], "choices": [],
             "primary": {"key": "ready", "label": ready}, "back": False, "message": ""}  # fmt: skip
    common = {"lang": lang, "words": WORDS[lang], "ends_at": None, "table": table, "rev": rev}
    return {
        0: {
            **common,
            "seat": 0,
            "name": "Ann",
            "mode": "step",
            "prompt": step,
            "seen": ["You drew GREEN (round 1)"],
        },  # fmt: skip
        1: {**common, "seat": 1, "name": "Bob", "mode": "decoy", "prompt": decoy, "seen": []},
    }


def box(page):
    return page.evaluate(
        "(r => [r.width, r.height])(document.getElementById('prompt').getBoundingClientRect())"
    )


async def test_seat_pages_in_one_browser():
    """One Chromium for every scenario (each phone in a context of its own: its cookies)."""
    async with Browser() as browser:
        for lang in ("en", "ru"):
            await two_phones_and_the_table_each_see_their_own(browser, lang)
        await a_phone_comes_back_to_a_resumed_game_and_learns_it_was_revoked_meanwhile(browser)
        await a_link_followed_from_another_site_joins_too(browser)


async def two_phones_and_the_table_each_see_their_own(browser, lang: str) -> None:
    answer = {"ok": False, "message": f"{SAID[lang][4]}: not yet"}
    async with seated(answer=answer, layout=layout) as (display, app):
        display.language = lang
        display.seat_server.limit = RateLimit(burst=1000)  # three pages load from one address
        display.publish(public(lang))
        table = await browser.open(display.url)
        phones = []
        for seat in (0, 1):
            link = display.seat_link(seat)
            phone = await open_phone(browser, link)  # its own cookies
            await phone.call("Emulation.setDeviceMetricsOverride", **PHONE)
            await phone.wait(async_eq(phone, "#name", NAMES[seat]))
            href = await phone.evaluate("location.href")
            assert href.endswith("/seat/") and link.rsplit("/", 1)[1] not in href
            phones.append(phone)
        ann, bob = phones
        display.publish_seats(pages(lang, rev=5))
        await ann.wait(async_eq(ann, "#prompt-title", SAID[lang][0]))
        await bob.wait(async_eq(bob, "#prompt-title", SAID[lang][1]))
        assert await box(ann) == await box(bob)  # a step and a decoy: one size
        for phone in phones:  # a phone's width, nothing wider
            assert await phone.evaluate("document.documentElement.scrollWidth") <= 390
            assert await phone.evaluate("document.documentElement.lang") == lang
        assert await ann.text("#seen-list") == "You drew GREEN (round 1)"
        assert await bob.text("#seen-list") == WORDS[lang]["nothing"]
        assert await ann.evaluate("document.querySelectorAll('#seats .name').length") == 3
        assert "You drew" not in await bob.html() and "You drew" not in await table.html()

        await ann.evaluate("document.querySelector('#choices [data-key=W]').click()")
        await until(lambda: app.entries == [(0, {"key": "W", "rev": 5})])
        await ann.wait(async_eq(ann, "#message", answer["message"]))
        await bob.evaluate("document.getElementById('primary').click()")
        await until(lambda: len(app.entries) == 2)
        assert app.entries[1] == (1, {"key": "ready", "rev": 5})

        display.revoke_seat(1)

        async def told() -> bool:
            return ENDED[lang] in (await bob.text("#ended-text") or "")

        await bob.wait(told)
        assert await bob.evaluate("document.getElementById('mine').hidden")
        assert SAID[lang][1] not in await bob.html()  # nothing of its seat is left
        assert await ann.text("#prompt-title") == SAID[lang][0]  # the others go on


async def a_phone_comes_back_to_a_resumed_game_and_learns_it_was_revoked_meanwhile(browser):
    """A killed app resumed on its address (its seats' digests kept beside the journal): the
    phone reconnects by itself and gets its page. Revoked while it slept (its stream gone with
    no farewell), it says so when it finds its way back, with nothing of its seat on screen."""
    from narrator.display.seats import SeatDoor
    from narrator.display.server import TableDisplay

    async with seated(layout=layout) as (display, _):
        display.seat_server.limit = RateLimit(burst=1000)
        phone = await open_phone(browser, display.seat_link(0))
        await phone.wait(async_eq(phone, "#name", "Ann"))
        port, kept = display.port, display.seats.saved()
        await display.stop()  # the app killed
        await phone.wait(lambda: phone.evaluate(f"{STATE} === 'offline'"))
    again = TableDisplay(lan=False, port=port, token=display.token, layout=layout)
    again.seats = SeatDoor.from_saved("game-1", NAMES, kept)
    again.seat_server.limit = RateLimit(burst=1000)
    again.publish_seats(pages("en", rev=9))
    await again.start()
    try:
        await phone.wait(async_eq(phone, "#prompt-title", SAID["en"][0]), timeout=15)
        again.seats.revoke(0)  # the narrator took the seat back, and the phone slept
        again.loop.call_soon_threadsafe(lambda: [q.put_nowait(b"") for q in again.seat_queues[0]])

        async def told() -> bool:
            return await phone.evaluate("!document.getElementById('ended-text').hidden")

        await phone.wait(told, timeout=15)
        assert "no longer Ann's page" in await phone.text("#ended-text")
        assert "You drew" not in await phone.html()
    finally:
        await again.stop()


async def a_link_followed_from_another_site_joins_too(browser) -> None:
    """A QR app's page links to the seat: the browser keeps the SameSite=Strict cookie from
    the visit that follows (a cross-site one), so the refusal reloads itself once."""
    async with seated() as (display, _):
        display.seat_server.limit = RateLimit(burst=1000)
        elsewhere = await open_phone(browser, f"http://localhost:{display.port}/{display.token}/")
        await elsewhere.wait(async_eq(elsewhere, "#step", "The vote"))  # that site's page, shown
        await elsewhere.evaluate(f"location.href = {display.seat_link(0)!r}")
        await elsewhere.wait(async_eq(elsewhere, "#name", "Ann"))
