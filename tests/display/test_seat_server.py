"""Each seat's own page on the table display's server (issue 38, items 1, 2 and 5): a link joins
once and leaves no token in the address; a seat's cookie opens only its own page and stream;
every token swap is refused (403), counted and never echoed; an entry is a POST only, checked
in order (rate 429, size 413, header 403, Origin 403, cookie 403, JSON 400) and answered by the
app; a revoked seat's stream ends at once; every seat answer carries the seat's headers."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from pathlib import Path

import pytest

from narrator.display import seatserver
from narrator.display.connections import SEAT_SECURITY
from narrator.display.seats import SeatDoor
from narrator.display.seatserver import BUCKET, COOKIE, MAX_ENTRY, RateLimit, padded
from narrator.display.server import TableDisplay
from tests.display.seat_helpers import (
    NAMES,
    client,
    get,
    join,
    next_message,
    origin,
    post_entry,
    seated,
    until,
)

INVALID_EN = "This link was already used or is no longer valid."


def seat_page(seat: int, mode: str = "idle", seen=(), rev: int = 1) -> dict:
    return {
        "seat": seat,
        "name": NAMES[seat],
        "lang": "en",
        "words": {},
        "mode": mode,
        "prompt": None,
        "seen": list(seen),
        "table": {},
        "rev": rev,
    }


async def test_a_link_joins_once_and_leaves_no_token_in_the_address():
    async with seated() as (display, app), client() as session:
        link = display.seat_link(1)
        token = link.rsplit("/", 1)[1]
        async with session.get(link, allow_redirects=False) as answer:
            assert answer.status == 303 and answer.headers["Location"] == "/seat/"
            set_cookie = answer.headers["Set-Cookie"]
            cookie = answer.cookies[COOKIE].value
        for part in ("HttpOnly", "SameSite=Strict", "Path=/seat", "Max-Age=43200"):
            assert part in set_cookie, part
        assert token not in set_cookie and len(cookie) >= 32
        await until(lambda: app.changed == [1])  # the app is told: its Seats view redraws
        assert display.seat_link(1) is None  # a joined seat shows no link
        async with await get(session, display, "/seat/", cookie) as page:
            html = await page.text()
            assert page.status == 200 and '"name":"Bob"' in html and token not in html
        async with session.get(link, allow_redirects=False) as again:  # the link works once
            assert again.status == 403 and INVALID_EN in await again.text()
            assert token not in await again.text()


async def test_a_phone_that_holds_a_seat_takes_no_second_one():
    async with seated() as (display, _), client() as session:
        cookie = await join(session, display, 0)
        link = display.seat_link(1)
        async with await get(session, display, link.split(str(display.port))[1], cookie) as a:
            assert a.status == 403
            assert "This phone is already Ann's page" in await a.text()
        assert display.seat_link(1) == link  # Bob's link is still Bob's to use
        assert display.seats.joined().keys() == {0}


async def test_each_seat_gets_only_its_own_pages_all_of_one_length():
    async with seated() as (display, _), client() as session:
        ann, bob = await join(session, display, 0), await join(session, display, 1)
        async with (
            await get(session, display, "/seat/events", ann) as ann_stream,
            await get(session, display, "/seat/events", bob) as bob_stream,
            await get(session, display, "/public-token-0123/events") as public,
        ):
            first = await next_message(ann_stream)  # the current page first: name and table
            assert b'"name":"Ann"' in first and len(first) % BUCKET == 0
            await next_message(bob_stream)
            await next_message(public)
            display.publish_seats(
                {
                    0: seat_page(0, "step", seen=["You drew GREEN (round 1)"] * 200, rev=2),
                    1: seat_page(1, "decoy", rev=2),
                }
            )
            mine, theirs = await next_message(ann_stream), await next_message(bob_stream)
            assert b"You drew GREEN" in mine and b"You drew GREEN" not in theirs
            assert b'"mode":"decoy"' in theirs and len(mine) == len(theirs) == 2 * BUCKET
            display.publish({**display_page(), "step": "Next"})  # the public stream: no seat's
            assert b"You drew" not in await next_message(public)
        async with await get(session, display, "/seat/page.json", bob) as current:
            assert b'"mode":"decoy"' in await current.read()


def display_page() -> dict:
    return {"game": None, "lang": "en", "title": "Coin Call", "step": "The vote", "seats": []}


async def test_a_revoked_seat_is_told_at_once_and_its_cookie_opens_nothing():
    async with seated() as (display, _), client() as session:
        cookie = await join(session, display, 2)
        async with await get(session, display, "/seat/events", cookie) as stream:
            await next_message(stream)
            display.revoke_seat(2)  # as the app does: from its own thread
            for rev in range(6):  # its next pages (for its next phone): more than a queue holds
                display.publish_seats({2: seat_page(2, "step", seen=["Cid's secret"], rev=rev)})
            said = await next_message(stream)
            assert said == b'ended:"This phone is no longer Cid\'s page: ask the narrator."'
            assert await next_message(stream) == b""  # and the stream is closed
        for path in ("/seat/", "/seat/events", "/seat/page.json"):
            async with await get(session, display, path, cookie) as answer:
                assert answer.status == 403, path
        fresh = display.seat_link(2).split(str(display.port), 1)[1]  # for the right phone
        refused = display.seats.refused
        async with await get(session, display, fresh, cookie) as rejoined:  # a stale cookie
            assert rejoined.status == 303  # holds no seat: the phone may join again
        assert display.seats.refused == refused


async def previous_games_token(display: TableDisplay) -> str:
    return SeatDoor("game-0", NAMES).link_token(0)


@pytest.mark.parametrize(
    "swap",
    [
        "no cookie",
        "a guessed cookie",
        "the public page's token as a cookie",
        "the public page's token in the path",
        "a previous game's cookie",
        "a revoked seat's cookie",
    ],
)
async def test_every_cookie_swap_is_refused_counted_and_never_echoed(swap):
    async with seated() as (display, _), client() as session:
        revoked = await join(session, display, 1)
        display.revoke_seat(1)
        other = SeatDoor("game-0", NAMES)  # the game before, on the same phone
        _, old_cookie = other.join(other.link_token(0))
        cookie, path = {
            "no cookie": (None, "/seat/"),
            "a guessed cookie": ("A" * 32, "/seat/"),
            "the public page's token as a cookie": (display.token, "/seat/"),
            "the public page's token in the path": (None, f"/seat/{display.token}/"),
            "a previous game's cookie": (old_cookie, "/seat/"),
            "a revoked seat's cookie": (revoked, "/seat/"),
        }[swap]
        before = display.seat_server.refused
        for where in (path, "/seat/events", "/seat/page.json", "/seat/seat.js"):
            async with await get(session, display, where, cookie) as answer:
                text = await answer.text()
                assert answer.status == 403, where
                assert INVALID_EN in text
                assert not cookie or cookie not in text
        assert display.seat_server.refused == before + 4


@pytest.mark.parametrize("swap", ["used", "guessed", "revoked", "previous game's"])
async def test_every_link_swap_is_refused_and_counted(swap):
    async with seated() as (display, app), client() as session:
        token = display.seat_link(0).rsplit("/", 1)[1]
        if swap == "used":
            await join(session, display, 0)
        elif swap == "guessed":
            token = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
        elif swap == "revoked":
            display.revoke_seat(0)  # the narrator took the QR back before anyone scanned it
        else:
            token = SeatDoor("game-0", NAMES).link_token(0)
        refused = display.seats.refused
        async with await get(session, display, f"/seat/join/{token}") as answer:
            assert answer.status == 403 and token not in await answer.text()
            assert COOKIE not in answer.cookies
        assert display.seats.refused == refused + 1
        assert app.changed == ([0] if swap == "used" else [])


async def test_only_a_visit_from_another_site_is_asked_to_reload_once():
    async with seated() as (display, _), client() as session:
        for site, reloads in (("cross-site", True), ("same-origin", False), ("none", False)):
            headers = {"Sec-Fetch-Site": site}
            async with await get(session, display, "/seat/", headers=headers) as answer:
                assert answer.status == 403
                assert ('http-equiv="refresh"' in await answer.text()) is reloads, site
        async with await get(session, display, "/seat/events", headers=headers) as answer:
            assert 'http-equiv="refresh"' not in await answer.text()


async def test_a_refusal_is_in_the_displays_language():
    async with seated() as (display, _), client() as session:
        display.language = "ru"
        async with await get(session, display, "/seat/join/nothing") as answer:
            assert answer.status == 403 and "Эта ссылка уже использована" in await answer.text()


async def test_an_entry_reaches_the_app_and_its_answer_is_the_posts():
    answer = {"ok": False, "message": "R18: that card is not yours to draw."}
    async with seated(answer=answer) as (display, app), client() as session:
        cookie = await join(session, display, 1)
        async with await post_entry(session, display, cookie, {"key": "W", "rev": 7}) as a:
            assert a.status == 200 and await a.json() == answer
        assert app.entries == [(1, {"key": "W", "rev": 7})]


async def test_a_get_of_the_entry_changes_nothing_and_a_post_elsewhere_is_refused():
    async with seated() as (display, app), client() as session:
        cookie = await join(session, display, 0)
        async with await get(session, display, "/seat/entry?key=W&rev=3", cookie) as a:
            assert a.status == 405
        async with session.post(origin(display) + "/seat/", data=b"{}") as a:
            assert a.status == 405
        link = display.seat_link(1)
        async with session.head(link) as a:  # a link's preview spends nothing
            assert a.status == 405
        assert display.seat_link(1) == link and app.entries == [] and app.changed == [0]


# Each check in its order: every earlier one passed, this one and every later one failed, so
# the status is this one's (a request too big with no header is a 413, not a 403).
ORDER = [
    ("too big", 413),
    ("no header", 403),
    ("a wrong Origin", 403),
    ("no cookie", 403),
    ("not the JSON of a tap", 400),
]


@pytest.mark.parametrize(("index", "status"), [(i, s) for i, (_, s) in enumerate(ORDER)])
async def test_an_entry_is_checked_in_order(index, status):
    async with seated() as (display, app), client() as session:
        cookie = await join(session, display, 0)
        failing = {name for name, _ in ORDER[index:]}
        body = b'{"key": "W", "rev": 3}'
        if "not the JSON of a tap" in failing:
            body = b'{"key": "W"}'
        if "too big" in failing:
            body = b'{"key": "W", "rev": 3, "x": "' + b"x" * MAX_ENTRY + b'"}'
        overrides = {}
        if "no header" in failing:
            overrides["X_Narrator_Seat"] = None
        if "a wrong Origin" in failing:
            overrides["Origin"] = "http://evil.example"
        async with await post_entry(
            session, display, None if "no cookie" in failing else cookie, body, **overrides
        ) as answer:
            assert answer.status == status
            said = await answer.json()
            assert said["ok"] is False and said["message"]
            assert cookie not in await answer.text()
        assert app.entries == []


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[]",
        b'{"key": "W", "rev": "3"}',
        b'{"key": "W", "rev": true}',
        b'{"key": "' + b"W" * 17 + b'", "rev": 3}',
        b'{"key": "", "rev": 3}',
        b'{"key": "W", "rev": 3, "seat": 2}',
        b"\xff\xfe",
    ],
)
async def test_anything_but_a_taps_json_is_refused(body):
    async with seated() as (display, app), client() as session:
        cookie = await join(session, display, 0)
        async with await post_entry(session, display, cookie, body) as answer:
            assert answer.status == 400
        assert app.entries == []


async def test_a_big_body_with_no_length_is_cut_at_the_cap():
    async with seated() as (display, app), client() as session:
        cookie = await join(session, display, 0)

        async def chunks():
            for _ in range(8):
                yield b"x" * 1024

        async with await post_entry(session, display, cookie, None, Content_Type=None) as a:
            assert a.status == 200  # the tap itself, for comparison
        headers = {
            "X-Narrator-Seat": "1",
            "Origin": origin(display),
            "Cookie": f"{COOKIE}={cookie}",
        }
        async with session.post(
            origin(display) + "/seat/entry", data=chunks(), headers=headers
        ) as answer:
            assert answer.status == 413 and "Content-Length" not in answer.request_info.headers
        assert len(app.entries) == 1


async def test_too_many_requests_from_one_address_are_refused_joins_too():
    async with seated() as (display, app), client() as session:
        display.seat_server.limit = RateLimit(rate=0.0, burst=3)  # never refills: exact
        cookie = await join(session, display, 0)  # 1
        async with await get(session, display, "/seat/", cookie) as a:  # 2
            assert a.status == 200
        async with await get(session, display, "/seat/nothing") as a:  # 3: a refusal counts
            assert a.status == 403
        async with await get(session, display, f"/seat/join/{display.seat_link(1)}") as a:
            assert a.status == 429
        async with await post_entry(session, display, cookie) as a:
            assert a.status == 429 and (await a.json())["ok"] is False
        assert app.entries == [] and display.seats.joined().keys() == {0}


def test_the_rate_is_a_bucket_per_address():
    now = [0.0]
    limit = RateLimit(rate=10.0, burst=20, clock=lambda: now[0])
    assert all(limit.admit("10.0.0.2") for _ in range(20))
    assert not limit.admit("10.0.0.2")
    assert limit.admit("10.0.0.3")  # another phone is not slowed down
    now[0] += 0.1  # a tenth of a second: one more
    assert limit.admit("10.0.0.2") and not limit.admit("10.0.0.2")


def test_a_crowd_of_addresses_keeps_the_buckets_bounded():
    limit = RateLimit(rate=0.0, burst=2, clock=lambda: 0.0)  # none ever full again
    for n in range(3 * seatserver.KEPT_ADDRESSES):
        limit.admit(f"10.0.{n // 256}.{n % 256}")
    assert len(limit.buckets) <= seatserver.KEPT_ADDRESSES


def test_a_seat_page_never_vibrates_or_plays_a_sound():
    folder = Path(seatserver.__file__).parent / "page"
    code = "".join((folder / name).read_text("utf-8") for name in seatserver.ASSETS)
    for call in ("vibrate(", "new Audio", "speechSynthesis", "AudioContext", ".play("):
        assert call not in code, call


async def test_the_app_not_answering_is_a_503_try_again(monkeypatch):
    monkeypatch.setattr(seatserver, "ENTRY_TIMEOUT", 0.05)
    async with seated() as (display, app), client() as session:
        display.on_seat_entry = lambda seat, body: Future()  # never answered
        cookie = await join(session, display, 0)
        async with await post_entry(session, display, cookie) as answer:
            assert answer.status == 503
            said = (await answer.json())["message"]
            assert said == "The narrator's app did not answer: tap again."


def test_every_seat_page_of_one_publish_is_one_length():
    small = seat_page(0, "decoy")
    big = seat_page(1, "step", seen=["x" * 100] * 50)
    made = padded({0: small, 1: big})
    assert len(made[0]) == len(made[1]) == 2 * BUCKET
    assert len(padded({0: small})[0]) == BUCKET


@pytest.mark.parametrize(
    ("what", "method", "path", "status"),
    [
        ("the page", "GET", "/seat/", 200),
        ("an asset", "GET", "/seat/seat.js", 200),
        ("the layout", "GET", "/seat/game.js", 200),
        ("the current page", "GET", "/seat/page.json", 200),
        ("the stream", "GET", "/seat/events", 200),
        ("no such asset", "GET", "/seat/server.py", 404),
        ("a join refused", "GET", "/seat/join/nothing", 403),
        ("no cookie", "GET", "/seat/", 403),
        ("a GET of the entry", "GET", "/seat/entry", 405),
        ("an entry", "POST", "/seat/entry", 200),
        ("a foreign host", "GET", "/seat/", 421),
    ],
)
async def test_every_seat_answer_carries_the_seats_headers(what, method, path, status):
    async with seated() as (display, _), client() as session:
        cookie = await join(session, display, 0)
        headers = {}
        if what != "no cookie":
            headers["Cookie"] = f"{COOKIE}={cookie}"
        if what == "a foreign host":
            headers["Host"] = "evil.example"
        if method == "POST":
            headers.update({"X-Narrator-Seat": "1", "Origin": origin(display)})
        url = origin(display) + path
        async with session.request(
            method, url, headers=headers, json={"key": "W", "rev": 1} if method == "POST" else None
        ) as answer:
            assert answer.status == status, what
            for name, value in SEAT_SECURITY.items():
                assert answer.headers.get(name) == value, (what, name)
            assert "Server" not in answer.headers
        async with session.get(display.seat_link(1), allow_redirects=False) as joined:
            assert joined.status == 303
            assert joined.headers["Content-Security-Policy"].startswith("default-src 'none'")


async def test_a_seat_stream_ends_with_the_display():
    async with seated() as (display, _), client() as session:
        cookie = await join(session, display, 0)
        stream = await get(session, display, "/seat/events", cookie)
        await next_message(stream)
        await asyncio.wait_for(display.stop(), 5)
        assert await next_message(stream) == b""
        stream.close()
