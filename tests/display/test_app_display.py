"""The table display from the app: F2 turns it on and shows its address and QR code; every
entry reaches the page; the display is off unless asked (nothing listens by default)."""

from __future__ import annotations

import json

import pytest

from narrator.games.werewolf.state import Step
from narrator.tui.tabledisplay import TableDisplayScreen, qr_text
from tests.tui.werewolf_driver import make_app, on_step, screen_text, set_up, wait_for


async def test_f2_serves_the_page_and_every_entry_reaches_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        assert app.display is None  # off by default: nothing listens
        await set_up(pilot, app, keys=False)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, TableDisplayScreen))
        url = app.display.url
        assert url.startswith("http://") and f":{app.display.port}/{app.display.token}/" in url
        assert "█" in screen_text(app) or "▀" in screen_text(app)  # the QR code
        await pilot.press("escape")
        await wait_for(pilot, lambda: on_step(app, Step.HUTS))
        page = json.loads(app.display.page)
        assert page["game"] == "werewolf" and page["step"] == "Huts"
        assert "Grand Inquisitor: Ann" in page["banner"]
        await pilot.press("s", "b", "2")  # a hut turn at the table: the Seer on B2
        await wait_for(
            pilot, lambda: json.loads(app.display.page)["extra"]["village"][4]["horizontal"]
        )
        # What the hut did, as said aloud (W12): the page's last lines said are the app's
        await wait_for(pilot, lambda: json.loads(app.display.page)["said"] == app.captions[-3:])
        assert "B2" in " ".join(json.loads(app.display.page)["said"])
        assert len(app.display.token) >= 20  # not to be guessed by someone else on the Wi-Fi
    assert app.display is None  # closed with the app


def test_the_qr_code_holds_two_modules_a_character():
    text = qr_text("http://192.0.2.2:8080/abcdefghijklmnopqrstuv/").plain.splitlines()
    assert len(text) >= 12 and len({len(line) for line in text}) == 1


async def test_a_page_opened_before_the_first_entry_says_it_is_waiting(tmp_path):
    from narrator.tui.setup import SetupScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("f2")  # turned on in the setup form: no game yet
        await wait_for(pilot, lambda: isinstance(app.screen, TableDisplayScreen))
        page = json.loads(app.display.page)
        assert page["step"] == "Waiting for the game to start" and page["seats"] == []
        assert page["game"] is None and page["clock"] is None
        await pilot.press("escape")
        await set_up(pilot, app, keys=False)
        await wait_for(pilot, lambda: json.loads(app.display.page)["game"] == "werewolf")


def test_the_waiting_page_is_in_the_apps_language():
    from narrator.display.feed import waiting

    assert waiting("ru")["step"] == "Ждём начала игры"
    assert waiting("ru")["title"] == "Нарратор инквизиции"


@pytest.mark.long
async def test_while_a_moment_is_held_the_page_is_headed_by_it(tmp_path):
    """Headings match what is on screen: the lynch's announcement, not the step after it."""
    from narrator.games.werewolf import events as ev
    from tests.tui.werewolf_driver import DAY_ONE

    app = make_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await set_up(pilot, app, keys=False)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, TableDisplayScreen))
        await pilot.press("escape")
        for kind, fields in DAY_ONE:
            assert app.enter(ev.CODEC.decode({"type": kind, **fields}))
        while app.state.voter is not None:
            assert app.enter(ev.VoteCast(app.state.voter, "D1"))
        assert app.enter(ev.VotesCounted())
        app.route()
        await wait_for(pilot, lambda: bool(app.pages))
        kind = app.words(f"announce.kind.{app.pages[0].kind}")
        await wait_for(pilot, lambda: json.loads(app.display.page)["step"] == kind)
        await pilot.press("enter")  # read: the page follows the screen to the step's own
        await wait_for(pilot, lambda: not app.pages)
        await wait_for(pilot, lambda: json.loads(app.display.page)["step"] != kind)
