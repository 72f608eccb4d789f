"""A secret step on the acting seat's phone (issue 38, items 2 and 3): every joined phone gets
its page in one publish (the actor its step, the others a decoy of the same look), an entry
from the phone is the same entry as a key (the journal notes it came from the phone), a
refusal is answered with its rule on that phone only, the session lasts at least the minimum
on the app's clock and every phone goes idle together; a flat battery takes the step back to
the laptop; a revoked phone mid-step hands it back too. The display is never started: its
pages are read where the app leaves them (``seat_pages``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import stat

from narrator.display.server import TableDisplay
from narrator.games.ravnica import Options
from narrator.games.ravnica.private_view import needs_privacy
from narrator.settings import Settings
from narrator.tui.game import GameScreen
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.seatpages import seats_path
from narrator.tui.seatsview import PhoneStepScreen
from tests.tui.driver import journal_until, screen_text, wait_for

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def at_secret_step(tmp_path, stem: str | None = None):
    """A Ravnica game with the app's decks, at its first secret draw: Green's (Cid leads)."""
    journal = journal_until(
        tmp_path / "games", needs_privacy, seed=1, options=Options(deck_mode="app"), stem=stem
    )
    journal.close()
    return journal.path


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def pages(app) -> dict[int, dict]:
    return {seat: json.loads(data) for seat, data in app.display.seat_pages.items()}


def join(app, seat: int) -> str:
    """A phone swaps its seat's link for a cookie (as the server does), and the app hears."""
    joined = app.display.seats.join(app.display.seats.link_token(seat))
    assert joined is not None and joined[0] == seat
    app.seats_changed(seat)
    return joined[1]


async def tap(app, seat: int, key: str) -> dict:
    """A key from a seat's page, as the server hands it over (its answer, a Future)."""
    rev = pages(app)[seat]["rev"]
    answer = app.display.on_seat_entry(seat, {"key": key, "rev": rev})
    return await asyncio.wait_for(asyncio.wrap_future(answer), 10)


async def started(pilot, app, clock=None, seconds=8):
    """The game at its secret step, the display on (not served), the actor and one other seat
    joined; Enter opens the phone session."""
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
    app.settings = Settings(private_seconds=seconds)
    app.display = TableDisplay()
    app.publish_display()
    actor = app.game.step(app.state).private.seat
    other = (actor + 1) % len(NAMES)
    join(app, actor)
    join(app, other)
    while app.pages:
        await pilot.press("enter")
    return actor, other


async def test_a_secret_step_on_the_phone_decoys_the_others_and_holds_its_minimum(
    make_app, tmp_path
):
    clock = Clock()
    path = at_secret_step(tmp_path)
    app = make_app(resume=path, new=False, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        actor, other = await started(pilot, app)
        idle = pages(app)
        assert {p["mode"] for p in idle.values()} == {"idle"} and set(idle) == {actor, other}
        assert idle[other]["table"] == json.loads(app.display.page)
        public, said = app.display.page, len(app.captions)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PhoneStepScreen))
        assert f"{NAMES[actor]} is taking a secret step on their phone" in screen_text(app)
        shown = pages(app)
        step, decoy = shown[actor], shown[other]
        assert (step["mode"], decoy["mode"]) == ("step", "decoy")
        assert step["rev"] == decoy["rev"] and step["ends_at"] == decoy["ends_at"] is not None
        assert len(step["prompt"]["lines"]) == len(decoy["prompt"]["lines"])
        assert step["prompt"]["title"] == decoy["prompt"]["title"]
        assert decoy["prompt"]["primary"]["key"] == "ready"
        assert len(decoy["prompt"]["choices"]) == len(step["prompt"]["choices"])  # its buttons
        assert app.captions[said:] == [  # the close-eyes line, as on the laptop
            f"Everyone except {NAMES[actor]}, close your eyes."
            f" {NAMES[actor]}, take your secret step."
        ]
        assert await tap(app, actor, "enter") == {"ok": True, "message": ""}  # the draw
        entry = last(path)
        assert entry["from"] == "phone" and entry["event"]["type"] == "target_drawn"
        card = pages(app)[actor]["prompt"]["lines"][0]  # "Your card is GREEN."
        assert card.startswith("Your card is") and card not in screen_text(app)  # the laptop
        assert await tap(app, other, "ready") == {"ok": True, "message": ""}
        assert pages(app)[other]["mode"] == "wait"
        while pages(app)[actor]["prompt"]["choices"]:  # the choice the card allows
            key = pages(app)[actor]["prompt"]["choices"][0]["key"]
            assert (await tap(app, actor, key))["ok"]
        assert pages(app)[actor]["prompt"]["primary"]["label"] == "Done"
        assert (await tap(app, actor, "enter"))["ok"]
        assert pages(app)[actor]["mode"] == "wait"
        # Nothing public moved while the step was under way, nothing was said of it
        assert app.display.page == public and len(app.captions) == said + 1
        clock.now += 7.9
        app.phone_tick()  # its minimum not passed: the session holds (no wait: the app's clock)
        assert app.phone_session is not None and isinstance(app.screen, PhoneStepScreen)
        clock.now += 0.5
        await wait_for(pilot, lambda: app.phone_session is None)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        ended = pages(app)
        assert {p["mode"] for p in ended.values()} == {"idle"}
        assert ended[actor]["rev"] == ended[other]["rev"]  # every phone idle in one publish
        said_after = " ".join(app.captions) + app.display.page.decode()
        assert card not in said_after and card.split()[-1].strip(".") not in said_after


async def test_a_refusal_is_answered_with_its_rule_on_the_phone_only(make_app, tmp_path):
    async with on_the_phone(make_app, tmp_path) as (pilot, app, actor, other):
        said = len(app.captions)
        answer = await tap(app, actor, "w")  # the app holds the deck (R9): no card is keyed
        assert not answer["ok"] and "(R9)" in answer["message"]
        assert pages(app)[actor]["prompt"]["message"] == answer["message"]
        assert pages(app)[other]["prompt"]["message"] == ""
        assert await tap(app, other, "w") == {"ok": True, "message": ""}  # a decoy: the same
        assert len(app.captions) == said and not app.refusals  # never said, never shown
        for body in ("junk", {"key": 7}, {"key": "x" * 100}, {"rev": 1}):  # no key: no crash
            future = app.display.on_seat_entry(actor, body)
            refused = await asyncio.wait_for(asyncio.wrap_future(future), 10)
            assert refused == {"ok": False, "message": "The page has changed: look again."}
        assert isinstance(app.screen, PhoneStepScreen) and pages(app)[actor]["mode"] == "step"
        assert answer["message"] not in screen_text(app)


async def test_a_flat_battery_takes_the_step_to_the_laptop(make_app, tmp_path):
    async with on_the_phone(make_app, tmp_path) as (pilot, app, actor, other):
        said = len(app.captions)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        assert {p["mode"] for p in pages(app).values()} == {"idle"}
        assert len(app.captions) == said  # the close-eyes line was said once, as it began
        entries = len(app.journal.events)
        await pilot.press("enter", "enter")  # the cover, then the draw, on the laptop
        await wait_for(pilot, lambda: len(app.journal.events) == entries + 1)
        entry = last(app.journal.path)
        assert entry["event"]["type"] == "target_drawn" and "from" not in entry


@contextlib.asynccontextmanager
async def on_the_phone(make_app, tmp_path):
    """Enter on the secret step: its seat is joined, the laptop says only who takes it."""
    app = make_app(resume=at_secret_step(tmp_path), new=False, clock=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        actor, other = await started(pilot, app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PhoneStepScreen))
        yield pilot, app, actor, other


def last(path) -> dict:
    return json.loads(path.read_text().splitlines()[-1])


async def test_a_phone_revoked_mid_step_hands_it_back_to_the_laptop(make_app, tmp_path):
    async with on_the_phone(make_app, tmp_path) as (pilot, app, actor, other):
        assert (await tap(app, actor, "enter"))["ok"]  # drawn on the phone, then lost
        app.revoke_seat(actor)
        await wait_for(pilot, lambda: "phone was revoked" in screen_text(app))
        assert set(pages(app)) == {other} and pages(app)[other]["mode"] == "idle"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")  # the cover: the choice the drawn card allows, here
        await wait_for(pilot, lambda: "Your card is" in screen_text(app))


async def test_a_game_killed_mid_step_resumes_with_its_seats_and_a_new_game_gets_new_ones(
    make_app, tmp_path
):
    path = at_secret_step(tmp_path)
    app = make_app(resume=path, new=False, clock=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        actor, other = await started(pilot, app)
        assert 0 not in (actor, other)
        cookie = join(app, 0)
        kept = seats_path(path)
        text = kept.read_text()
        assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
        assert cookie not in text  # digests only
        assert set(json.loads(text)["seats"]) == {"0", str(actor), str(other)}
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PhoneStepScreen))
        assert (await tap(app, actor, "enter"))["ok"]  # drawn on the phone; then the app stops
    again = make_app(resume=path, new=False, clock=Clock())
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, GameScreen))
        again.display = TableDisplay()
        again.publish_display()
        assert set(again.joined_seats()) == {0, actor, other}
        assert again.display.seats.seat_of(cookie) == 0
        while again.pages:
            await pilot.press("enter")
        await pilot.press("enter")  # the step's public announcement, then on the phone again
        await wait_for(pilot, lambda: isinstance(again.screen, PhoneStepScreen))
        assert pages(again)[actor]["mode"] == "step"
        assert pages(again)[actor]["prompt"]["lines"][0].startswith("Your card is")
    other_game = at_secret_step(tmp_path, stem="another")
    fresh = make_app(resume=other_game, new=False, clock=Clock())
    async with fresh.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(fresh.screen, GameScreen))
        fresh.display = TableDisplay()
        fresh.publish_display()
        assert fresh.joined_seats() == {}
        assert fresh.display.seats.seat_of(cookie) is None


def test_a_physical_draw_offers_the_colours_as_buttons_and_a_seat_choice_its_seats(tmp_path):
    """A step that lists no choice but takes a keyed card (R18, the leader's own deck) gives the
    phone the cards' buttons; a choice of a seat, the seats its rule allows (R24: not oneself)."""
    from narrator.games.ravnica import events as ev
    from narrator.games.ravnica.game import GAME as game
    from narrator.prompts import use_game
    from narrator.tui.seatpages import buttons

    use_game(game.words_dir)  # as the app does when the game is chosen
    physical = journal_until(tmp_path / "p", needs_privacy, seed=1).state
    drawn = buttons(game.step(physical), "en")
    assert [b["key"] for b in drawn] == ["w", "u", "b", "r", "g"]
    chosen = game.apply(physical, ev.TargetDrawn("R"))
    seats = [b["label"] for b in buttons(game.step(chosen), "en")]
    assert seats and NAMES[physical.leader_of("G")] not in seats


def test_the_minimum_time_is_a_setting_of_whole_seconds():
    from narrator.settings import dumps, parse

    assert parse("private_seconds = 3")[0].private_seconds == 3
    kept, warnings = parse("private_seconds = 500")
    assert kept.private_seconds == 8 and "private_seconds" in warnings[0]
    assert parse(dumps(Settings(private_seconds=12)))[0].private_seconds == 12


async def test_an_undo_on_the_laptop_follows_the_phones(make_app, tmp_path):
    """ctrl+z during a phone step: the draw taken back, the phone shows the draw again; taken
    back past the step's start, every phone is idle and the laptop shows the step before."""
    async with on_the_phone(make_app, tmp_path) as (pilot, app, actor, other):
        assert (await tap(app, actor, "enter"))["ok"]
        drawn = len(app.journal.events)
        for undone in (1, 2):
            await pilot.press("ctrl+z")
            await wait_for(pilot, lambda: "y" in app.screen._bindings.key_to_bindings)
            await pilot.press("y")
            await wait_for(pilot, lambda undone=undone: len(app.journal.events) == drawn - undone)
            if undone == 1:
                assert pages(app)[actor]["prompt"]["primary"]["label"] == "Draw my targeting card"
                assert not any("Enter" in line for line in pages(app)[actor]["prompt"]["lines"])
                assert isinstance(app.screen, PhoneStepScreen)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.phone_session is None
        assert {p["mode"] for p in pages(app).values()} == {"idle"}


async def test_the_phones_get_a_page_only_when_it_changed(make_app, tmp_path):
    """The table is published more than once an entry (the entry, the screen, the caption):
    each joined phone is sent its page once, not redrawn with a new rev for nothing."""
    app = make_app(resume=at_secret_step(tmp_path), new=False, clock=Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        actor, other = await started(pilot, app)
        rev, sent = app.seat_rev, pages(app)
        app.publish_display()
        app.publish_phones()
        assert app.seat_rev == rev and pages(app) == sent
        await pilot.press("enter")  # the phone session: a change, sent once to every phone
        await wait_for(pilot, lambda: isinstance(app.screen, PhoneStepScreen))
        assert app.seat_rev == rev + 1
        assert {p["rev"] for p in pages(app).values()} == {rev + 1}


def test_a_decoy_mirrors_the_acting_seat_s_buttons_with_public_names():
    """Issue 38, item 3: at a choice of seats (three buttons, no big one) every decoy shows
    three buttons too, each a player's name answering Ready, and no big button: a lit phone's
    buttons tell nothing across the table. The actor's labels (a colour's players: a drawn
    card's) are never copied."""
    from narrator.tui.seatpages import plain_prompt

    actor = {"choices": [{"key": k, "label": f"[{k}] secret"} for k in "357"], "primary": None}
    decoy = plain_prompt("en", "A secret step", ["Tap"], True, 1, like=actor, names=NAMES)
    assert [c["key"] for c in decoy["choices"]] == ["ready"] * 3 and decoy["primary"] is None
    assert [c["label"] for c in decoy["choices"]] == list(NAMES[:3])
    drawing = {"choices": [], "primary": {"key": "enter", "label": "Draw my targeting card"}}
    decoy = plain_prompt("en", "A secret step", ["Tap"], True, 1, like=drawing, names=NAMES)
    assert decoy["choices"] == [] and decoy["primary"]["key"] == "ready"
