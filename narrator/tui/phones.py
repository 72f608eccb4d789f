"""Each seat's own page on its phone (issue 38), the app's side: the game's seat door
(``narrator.display.seats``) kept beside its journal, each joined seat's page, and the phone
session, in which the acting seat takes a secret step on its phone while every other joined
phone shows a decoy of the same look.

A session is the privacy screen's, taken through the same door (``secretkeys``): the same
keys, the same check, the same refusal (shown on that phone only, never spoken), the same
entry in the journal (noted as from the phone). It starts when Enter is pressed on a private
step whose seat is joined and ends when the acting seat is done AND the minimum time has passed
on the app's clock (``Settings.private_seconds``), every phone going back to its idle page in
the same publish: a quick chooser is no tell. Mixed into ``NarratorApp``."""

from __future__ import annotations

import asyncio
import contextlib
import time
from concurrent.futures import Future
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from narrator.prompts import worded
from narrator.tui.tabledisplay import save_private
from narrator.tui.words import say

if TYPE_CHECKING:  # the rules' side: imported once a game is played (a quicker first frame)
    from narrator.games.shell_data import Choice, Privacy
    from narrator.tui.seatpages import PhoneSession

PRIVATE_SECONDS = 8  # the settings' default (``Settings.private_seconds``)
TICK = 0.1  # seconds between looks at the clock while a session waits for its minimum


class PhonesMixin:
    """The app's part of the seats' pages."""

    phone_session: PhoneSession | None = None
    public_page: dict[str, Any] | None = None  # the table as last published
    seat_rev = 0
    phone_loop: asyncio.AbstractEventLoop | None = None
    _phone_timer = None
    _phones_sent: tuple | None = None  # the last pages sent, with their rev left out

    # --- the seat door, beside the journal ----------------------------------------------------
    def follow_seats(self) -> None:
        """The display's seats are the played game's: kept from a resume, new for a new game
        (its journal's name is the door's game: a previous game's cookie opens nothing)."""
        display, journal = self.display, self.journal
        if display is None or not journal or self.game is None:
            return
        name = journal.path.name
        if display.seats is not None and display.seats.game == name:
            return
        from narrator.display.seats import SeatDoor
        from narrator.tui.seatpages import read_saved, seats_path

        names = [seat.name for seat in self.game.public_view(journal.state).seats]
        saved = read_saved(seats_path(journal.path))
        display.seats = SeatDoor.from_saved(name, names, saved)
        display.seat_pages = {}
        display.on_seat_entry = self.seat_entry
        display.on_seat_change = self.seat_changed
        display.language = self.language
        self.phone_loop = asyncio.get_running_loop()
        self.phone_session = None

    def joined_seats(self) -> dict[int, float]:
        seats = self.display.seats if self.display is not None else None
        return seats.joined() if seats is not None else {}

    def remember_seats(self) -> None:
        from narrator.tui.seatpages import seats_path

        if self.journal and self.display is not None and self.display.seats is not None:
            save_private(seats_path(self.journal.path), self.display.seats.saved())

    def seat_changed(self, seat: int) -> None:
        """A seat joined (or went), in the server's thread: kept, and its page sent."""
        with contextlib.suppress(RuntimeError):  # the app is closing: nothing to send
            self.phone_loop.call_soon_threadsafe(self.seats_changed, seat)

    def seats_changed(self, seat: int | None = None) -> None:
        from narrator.tui.seatsview import SeatsScreen

        self.remember_seats()
        session = self.phone_session
        if session is not None and session.seat not in self.joined_seats() and not session.lost:
            session.lost = True  # the step comes back to the laptop (its screen says so)
            self.phone_screen_follow()
        self.publish_phones()
        if isinstance(self.screen, SeatsScreen):
            self.screen.refresh_state()

    def revoke_seat(self, seat: int) -> None:
        display = self.display
        display.revoke_seat(seat)  # its open pages told so and closed at once
        display.seat_pages.pop(seat, None)  # nothing of its own is kept for the next phone
        self.seats_changed(seat)

    def action_seats(self) -> None:
        """The Seats view (F2's ``s``, the palette): the display turned on for it."""
        if not self.journal or self.game is None:
            self.notify(say(self.language, "seats.no_game"), severity="warning", markup=False)
            return
        self.run_worker(self.open_seats(), group="display")

    async def open_seats(self) -> None:
        from narrator.tui.seatsview import SeatsScreen

        if await self.start_display():
            self.follow_seats()
            self.push_screen(SeatsScreen())

    # --- the pages ---------------------------------------------------------------------------
    def publish_phones(self) -> None:
        """Every joined seat's page, in one publish (they reach the phones together)."""
        display = self.display
        if display is None or display.seats is None or not self.journal:
            return
        joined = self.joined_seats()
        if not joined:
            return
        session = self.phone_session  # the acting seat's prompt, drawn once for every page
        actor = self.actor_prompt(session) if session is not None and not session.lost else None
        pages = {seat: self.seat_page(seat, actor) for seat in sorted(joined)}
        sent = (display, display.seats, pages)  # the pages as sent, but for their rev
        if sent == self._phones_sent:
            return  # unchanged (an entry publishes the table more than once): no redraw
        self._phones_sent = (display, display.seats, {s: dict(p) for s, p in pages.items()})
        self.seat_rev += 1
        for page in pages.values():
            page["rev"] = self.seat_rev
        display.language = self.language  # its refusal pages too (the game's language)
        display.publish_seats(pages)

    def seat_page(self, seat: int, actor: dict[str, Any] | None) -> dict[str, Any]:
        from narrator.tui.seatpages import PAGE_WORDS

        lang, state = self.language, self.state
        mode, prompt = self.seat_prompt(seat, actor)
        session = self.phone_session
        names = self.display.seats.names
        return {
            "seat": seat,
            "name": names[seat] if seat < len(names) else "",
            "lang": lang,
            "words": {word: say(lang, f"seats.page_{word}") for word in PAGE_WORDS},
            "mode": mode,
            "prompt": prompt,
            "ends_at": session.ends_at if session is not None and mode != "idle" else None,
            "seen": [worded(text, lang) for text in self.game.seen_by(state, seat)],
            "table": self.public_page or {},
            "rev": None,  # set as it is sent (``publish_phones``)
        }

    def seat_prompt(
        self, seat: int, actor: dict[str, Any] | None
    ) -> tuple[str, dict[str, Any] | None]:
        """``actor``: the acting seat's prompt (None: no secret step under way)."""
        from narrator.tui.seatpages import plain_prompt

        session = self.phone_session
        if session is None or actor is None:
            return "idle", None
        lang = self.language
        count, title = len(actor["lines"]), say(lang, "seats.decoy_title")
        if seat == session.seat and not session.done:
            return "step", actor
        if seat == session.seat or seat in session.tapped:
            return "wait", plain_prompt(lang, title, [say(lang, "seats.wait")], False, count)
        names = [s["name"] for s in (self.public_page or {}).get("seats") or ()]
        line = [say(lang, "seats.decoy_line")]
        return "decoy", plain_prompt(lang, title, line, True, count, like=actor, names=names)

    def actor_prompt(self, session: PhoneSession) -> dict[str, Any]:
        from narrator.tui.seatpages import done_prompt, step_prompt

        keys = session.keys
        view = keys.view
        if keys.ours(view):
            return step_prompt(self, view, bool(keys.path), session.message)
        return done_prompt(self, session.privacy, session.message)

    # --- the session -------------------------------------------------------------------------
    def phone_step(self, privacy: Privacy) -> bool:
        """Enter on a private step: on the acting seat's phone if it is joined (True), else
        False (the privacy screen, as ever)."""
        from narrator.tui.seatpages import PhoneSession
        from narrator.tui.seatsview import PhoneStepScreen
        from narrator.tui.secretkeys import PrivateKeys

        if privacy.seat is None or privacy.seat not in self.joined_seats():
            return False
        minimum = getattr(self.settings, "private_seconds", PRIVATE_SECONDS)
        ends_at = round((time.time() + minimum) * 1000)
        keys = PrivateKeys(self, privacy.session, source="phone")
        session = PhoneSession(privacy.seat, privacy, keys, self.clock(), minimum, ends_at)
        session.entries = len(self.journal.events)
        self.phone_session = session
        self.clear_notifications()  # no public toast while a secret step is under way
        if privacy.close_eyes is not None:  # the same lines whichever device takes the step
            self.say_lines([privacy.close_eyes])
        self.push_screen(PhoneStepScreen())
        if privacy.on_open is not None:  # entered with nothing to ask (R22)
            session.message = keys.enter(privacy.on_open) or ""
        self.phone_follow()  # every phone's page, in one publish
        session.step_rev = self.seat_rev
        self._phone_timer = self.set_interval(TICK, self.phone_tick)
        return True

    def phone_follow(self) -> bool:
        """After an entry or an undo: the session goes on (True; every phone told), or it
        ended: undone to before it began, every phone back to idle."""
        session = self.phone_session
        if session is None:
            return False
        keys = session.keys
        keys.entered = len(self.journal.events) > session.entries  # an undo takes them back
        if keys.ours(keys.view) or keys.entered or session.lost:
            session.done = session.done and not keys.ours(keys.view)
            self.phone_screen_follow()
            self.publish_phones()
            return True
        self.end_phone_session()
        return False

    def phone_tick(self) -> None:
        session = self.phone_session
        ready = session is not None and session.done and not session.lost
        if ready and self.clock() >= session.started + session.minimum:
            self.end_phone_session(said=True)

    def end_phone_session(self, said: bool = False, to_laptop: bool = False) -> None:
        """Every phone back to idle in one publish, the laptop's screen cleared; ``said``: the
        held lines now, and on to the next step."""
        from narrator.tui.privacy import PrivacyScreen
        from narrator.tui.seatsview import PhoneStepScreen

        session, self.phone_session = self.phone_session, None
        if self._phone_timer is not None:
            self._phone_timer.stop()
            self._phone_timer = None
        while any(isinstance(s, PhoneStepScreen) for s in self.screen_stack[1:]):
            self.pop_screen()
        if to_laptop and session is not None:
            self.publish_phones()
            self.push_screen(PrivacyScreen(session.keys, eyes_closed=True, privacy=session.privacy))
            return
        if said:
            self.release_lines()  # "Everyone, open your eyes" only now
        self.route()
        self.publish_display()  # the table and every seat's idle page, together

    def phone_screen_follow(self) -> None:
        """The laptop's screen says what the session is now (a phone revoked: the laptop)."""
        from narrator.tui.seatsview import PhoneStepScreen

        for screen in self.screen_stack:
            if isinstance(screen, PhoneStepScreen):
                screen.refresh_state()

    def take_to_laptop(self) -> None:
        """A flat battery, no phone, or a phone revoked: the privacy screen takes the step
        from where the phone left it (its entries kept)."""
        if self.phone_session is not None:
            self.end_phone_session(to_laptop=True)

    # --- a key from a phone --------------------------------------------------------------------
    def seat_entry(self, seat: int, body: dict[str, Any]) -> Future:
        """In the server's thread: the key is taken in the app's loop, the answer is the
        Future's ({"ok": bool, "message": str})."""
        future: Future = Future()

        def take() -> None:
            try:
                answer = self.phone_key(seat, body)
            except BaseException as error:  # the server answers at once; the app reports it
                future.set_exception(error)
                raise
            future.set_result(answer)

        try:
            # Taken as the app's own message: an error in it is the app's (its crash report)
            self.phone_loop.call_soon_threadsafe(self.call_later, take)
        except (RuntimeError, AttributeError):  # the app is closing
            future.set_result({"ok": False, "message": ""})
        return future

    def phone_key(self, seat: int, body: Any) -> dict[str, Any]:
        from narrator.display.seats import MAX_KEY  # the server's bound, checked again here

        key = body.get("key") if isinstance(body, dict) else None
        rev = body.get("rev") if isinstance(body, dict) else None
        session = self.phone_session
        stale = {"ok": False, "message": say(self.language, "seats.stale")}
        if not isinstance(key, str) or not 0 < len(key) <= MAX_KEY:
            return stale
        if session is None or seat != session.seat or session.lost:
            if session is not None and not session.lost and seat not in session.tapped:
                session.tapped.add(seat)  # a decoy's tap: its page waits, nothing else
                self.publish_phones()
            return {"ok": True, "message": ""}  # the same answer as the acting seat's
        if key == "ready":  # the acting seat's page has no Ready: a stray tap changes nothing
            return {"ok": True, "message": ""}
        if isinstance(rev, int) and not isinstance(rev, bool) and rev < session.step_rev:
            return stale  # a tap on a page since changed (a double tap): taken once
        session.message = ""  # an entry's pages (``route``) show no refusal of the last key
        message = self.session_key(session, key.lower())
        session.message = message or ""
        if self.phone_session is session:
            self.publish_phones()
            session.step_rev = self.seat_rev
        return {"ok": message is None, "message": message or ""}

    def session_key(self, session: PhoneSession, key: str) -> str | None:
        """The acting seat's key, taken as the privacy screen takes it."""
        keys = session.keys
        view = keys.view
        if not keys.ours(view):  # the last page: Done, then the wait for the minimum
            if key == "enter":
                session.done = True
                self.phone_tick()
            return None
        if key == "escape":
            keys.back()
            return None
        choice = view.primary if key == "enter" else None
        choice = choice or next((c for c in view.choices if c.key == key), None)
        if choice is None:
            return say(self.language, "game.use_keys")
        asked: list[str | None] = []  # what a warning's tap said (or what its second did)

        def warn(warned: Choice) -> None:
            if session.warned == warned.key:  # tapped again: it goes on
                session.warned = None
                asked.append(keys.choose(replace(warned, warning=None), warn))
            else:
                session.warned = warned.key
                text = worded(warned.warning, self.language)
                asked.append(say(self.language, "seats.confirm", warning=text))

        message = keys.choose(choice, warn)
        if asked:
            message = asked[0]
        else:
            session.warned = None
        return message
