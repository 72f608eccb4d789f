"""The seat door (issue 38, items 1 and 5): a link per seat with a fresh token of 192 bits that
works once, a cookie for the seat it joined, a second phone refused until the seat is revoked,
and only digests kept beside the journal (a resumed game keeps its joined seats)."""

from __future__ import annotations

import base64
import json
import threading

from narrator.display.seats import SeatDoor

NAMES = ("Ann", "Bob", "Cid")


def bits(token: str) -> int:
    return len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8


def test_each_seat_has_its_own_fresh_link_of_at_least_128_bits():
    door = SeatDoor("game-1", NAMES)
    links = [door.link_token(seat) for seat in range(3)]
    assert len(set(links)) == 3 and all(bits(link) >= 128 for link in links)
    assert door.link_token(0) == links[0]  # the same QR until it is used
    assert SeatDoor("game-1", NAMES).link_token(0) != links[0]  # a new game: new tokens


def test_a_link_joins_once_and_its_cookie_opens_its_seat_only():
    door = SeatDoor("game-1", NAMES)
    token = door.link_token(1)
    seat, cookie = door.join(token, now=1000.0)
    assert seat == 1 and bits(cookie) >= 128 and cookie != token
    assert door.seat_of(cookie) == 1
    assert door.link_token(1) is None  # joined: no link shown
    assert door.joined() == {1: 1000.0}
    assert door.join(token) is None  # a second phone with the same link
    assert door.seat_of(token) is None  # a link is no cookie
    assert door.seat_of(None) is None and door.seat_of("") is None
    assert door.refused == 4
    assert door.seat_of("stale", refusing=False) is None and door.refused == 4


def test_a_revoked_seat_opens_nothing_and_has_a_fresh_link():
    door = SeatDoor("game-1", NAMES)
    old_link = door.link_token(2)
    _, cookie = door.join(old_link)
    door.revoke(2)
    assert door.seat_of(cookie) is None and door.joined() == {}
    fresh = door.link_token(2)
    assert fresh not in (None, old_link) and door.join(old_link) is None
    assert door.join(fresh)[0] == 2


def test_a_guessed_token_and_another_games_are_refused():
    door, other = SeatDoor("game-1", NAMES), SeatDoor("game-0", NAMES)
    door.link_token(0)
    assert door.join("A" * 32) is None
    assert door.join(other.link_token(0)) is None
    _, their_cookie = other.join(other.link_token(1))
    assert door.seat_of(their_cookie) is None


def test_what_is_kept_holds_no_token_and_a_resume_keeps_the_joined_seats():
    door = SeatDoor("game-1", NAMES)
    link = door.link_token(0)
    _, cookie = door.join(link, now=5.0)
    unused = door.link_token(1)
    kept = json.dumps(door.saved())
    assert cookie not in kept and link not in kept and unused not in kept
    again = SeatDoor.from_saved("game-1", NAMES, json.loads(kept))
    assert again.seat_of(cookie) == 0 and again.joined() == {0: 5.0}
    assert again.link_token(0) is None  # still joined
    assert again.link_token(1) != unused  # a link never written down: a fresh one
    assert SeatDoor.from_saved("game-2", NAMES, json.loads(kept)).joined() == {}


def test_damaged_kept_seats_are_dropped():
    for data in (None, [], {"game": "game-1", "seats": []}, {"game": "game-1", "seats": {
        "x": {}, "9": {"cookie": "a" * 64}, "1": {"cookie": 5}, "2": "cookie",
        "0": {"cookie": "b" * 64, "since": "yesterday"},
    }}):  # fmt: skip
        door = SeatDoor.from_saved("game-1", NAMES, data)
        assert set(door.joined()) <= {0}
        assert door.joined().get(0, 0.0) == 0.0


def test_one_link_opened_by_many_at_once_joins_one():
    door = SeatDoor("game-1", NAMES)
    token = door.link_token(0)
    results: list = []
    threads = [threading.Thread(target=lambda: results.append(door.join(token))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(r is not None for r in results) == 1 and door.refused == 7
