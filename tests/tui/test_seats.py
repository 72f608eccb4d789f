"""The Seats view (issue 38, item 1, the laptop's side): from F2's screen (``s``), one seat at
a time with its name, its QR code and its link under it, whole at 80×24 in English and in
Russian; a joined seat says since when; ``r`` revokes it (asked first) and shows a fresh code;
the public page never holds a seat's link."""

from __future__ import annotations

from narrator.display.server import TableDisplay
from narrator.tui.game import GameScreen
from narrator.tui.seatsview import SeatsScreen
from narrator.tui.speech import CaptionsOnly
from narrator.tui.tabledisplay import TableDisplayScreen
from narrator.tui.words import say
from tests.tui.driver import screen_text, wait_for
from tests.tui.test_phones import NAMES, at_secret_step, join

KEYS = {"en": "Esc: close", "ru": "Esc: закрыть"}
SEAT = {"en": "Seat {seat}: {name}", "ru": "Место {seat}: {name}"}


async def seats_view(pilot, app):
    """F2's screen, then ``s``: the display as a LAN's would be (a long address)."""
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
    display = TableDisplay()  # not served: the view only reads its seats and links
    display.host, display.port = "192.168.100.100", 65535
    app.display = display
    await pilot.press("f2")
    await wait_for(pilot, lambda: isinstance(app.screen, TableDisplayScreen))
    hint = say(app.language, "seats.from_display")[:8]  # beside its code, in sight at 80×24
    await wait_for(pilot, lambda: hint in screen_text(app))
    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(app.screen, SeatsScreen))


async def test_the_seats_view_fits_at_80x24_in_english_and_russian(make_app, tmp_path):
    for lang in ("en", "ru"):
        path = at_secret_step(tmp_path / lang)
        voice = CaptionsOnly(lang)
        app = make_app(resume=path, new=False, voice=voice, language=lang, keep_language=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await one_seat_at_a_time(pilot, app, lang)


async def one_seat_at_a_time(pilot, app, lang: str) -> None:
    await seats_view(pilot, app)
    for seat in (0, 1):
        link = app.display.seat_link(seat)
        await wait_for(pilot, lambda link=link: link in screen_text(app))
        text = screen_text(app)
        assert SEAT[lang].format(seat=seat + 1, name=NAMES[seat]) in text
        assert "▀" in text or "▄" in text  # its QR code
        assert KEYS[lang] in text.splitlines()[-1]  # the keys, under it, in sight
        assert link not in app.display.page.decode()  # never on the public page
        await pilot.press("right")
    await pilot.press("1")
    join(app, 0)  # its page is open: the view says since when, and shows no code
    joined = "Joined since" if lang == "en" else "Подключено с"
    await wait_for(pilot, lambda: joined in screen_text(app))
    assert "/seat/join/" not in screen_text(app)
    await pilot.press("r")
    await pilot.press("y")
    await wait_for(pilot, lambda: "/seat/join/" in screen_text(app))
    assert app.joined_seats() == {}
    await pilot.press("a")  # every seat at once, scrolling
    await wait_for(pilot, lambda: app.screen.all)
    await pilot.press("escape")
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_the_palette_offers_the_seats_while_a_game_is_played_only(make_app, tmp_path):
    """Issue 38, item 1: the Seats view from the palette too; at home (no game, no seats) the
    palette does not offer it."""
    app = make_app(resume=at_secret_step(tmp_path), new=False, voice=CaptionsOnly("en"))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        offered = {c.callback for c in app.get_system_commands(app.screen)}
        assert app.action_seats in offered
        app.play_journal(None)  # as at home: no game played
        offered = {c.callback for c in app.get_system_commands(app.screen)}
        assert app.action_seats not in offered
