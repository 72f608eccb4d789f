"""The laptop's screens for the seats' own pages (issue 38): the Seats view, where each player
scans their own seat's QR code while the table watches (from F2's screen, ``s``, and the
palette), and the screen the laptop shows while a secret step is taken on a phone: only who
is taking it, never what.

The table display's public page never shows a seat's code or link: they are drawn here only,
on the laptop."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from narrator.games.common.seats import seat_keys
from narrator.games.shell_data import Choice
from narrator.tui import keyreader
from narrator.tui.tabledisplay import qr_text
from narrator.tui.words import say, translate_bindings


class PhoneStepScreen(Screen):
    """The laptop while the acting seat takes its secret step on its phone: "Eve is taking a
    secret step on their phone", and ``l`` to take it to the laptop's privacy screen."""

    BINDINGS = [
        Binding("l", "laptop", "Take it to the laptop"),
        Binding("enter", "primary", "Continue", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy"):
            yield Static(id="phone-step")
            yield Static(id="phone-step-keys")

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.refresh_state()

    def refresh_state(self) -> None:
        session = self.app.phone_session
        if session is None or not self.query("#phone-step"):
            return  # (not drawn yet: its mount draws it)
        lang = self.app.language
        name = self.app.display.seats.names[session.seat]
        said = "phone_lost" if session.lost else "on_phone"
        self.query_one("#phone-step", Static).update(
            Text(say(lang, f"seats.{said}", name=name), style="bold", justify="center")
        )
        self.query_one("#phone-step-keys", Static).update(
            Text(say(lang, f"seats.{said}_keys"), justify="center")
        )

    def action_laptop(self) -> None:
        self.app.take_to_laptop()

    def action_primary(self) -> None:
        session = self.app.phone_session
        if session is not None and session.lost:
            self.app.take_to_laptop()


class SeatsScreen(Screen):
    """Each seat's name, its QR code and its link as text under it, joined or not and since
    when: one seat at a time (←/→ or its key), or all at once (``a``); ``r`` revokes the seat
    shown (asked first) and shows its fresh code."""

    BINDINGS = [
        Binding("escape,f2", "close", "Close"),
        Binding("left", "turn(-1)", "Previous", show=False),
        Binding("right", "turn(1)", "Next", show=False),
        Binding("a", "all", "All seats"),
        Binding("r", "revoke", "Revoke"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.seat = 0
        self.all = False
        self.typed = ""  # the first digit of a two-digit seat key

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="seats"):
            yield Static(id="seats-body")
        yield Static(id="seats-keys")

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.refresh_state()

    @property
    def door(self):
        return self.app.display.seats

    def refresh_state(self) -> None:
        door, lang = self.door, self.app.language
        if door is None:
            return
        self.seat %= len(door.names)
        shown = range(len(door.names)) if self.all else (self.seat,)
        body = Text("\n\n").join(self.seat_text(seat) for seat in shown)
        self.query_one("#seats-body", Static).update(body)
        keys = say(lang, "seats.keys_all" if self.all else "seats.keys")
        self.query_one("#seats-keys", Static).update(keys)

    def seat_text(self, seat: int) -> Text:
        """One seat: its name; joined since when, or its code and its link."""
        lang, door = self.app.language, self.door
        name = door.names[seat]
        key = seat_keys(len(door.names))[seat]
        out = Text()
        out.append(say(lang, "seats.seat", seat=key, name=name) + "\n", style="bold")
        since = self.app.joined_seats().get(seat)
        link = self.app.display.seat_link(seat) if since is None else None
        if link is None:
            when = time.strftime("%H:%M", time.localtime(since or 0))
            out.append(say(lang, "seats.joined", time=when))
            return out
        out.append(say(lang, "seats.not_joined", name=name) + "\n")
        out.append_text(qr_text(link))
        out.append(link)
        return out

    def on_key(self, event) -> None:
        key = event.character or ""
        if self.all or not key.isdigit():
            return
        event.stop()
        choices = [Choice(k) for k in seat_keys(len(self.door.names))]
        read = keyreader.read(choices, self.typed, key)
        self.typed = read.typed
        if read.chosen is not None:
            self.seat = choices.index(read.chosen)
            self.refresh_state()

    def action_turn(self, step: int) -> None:
        if not self.all:
            self.seat += step
            self.refresh_state()

    def action_all(self) -> None:
        self.all = not self.all
        self.refresh_state()

    def action_revoke(self) -> None:
        from narrator.tui.modals import ConfirmScreen

        if self.all:
            return
        seat, lang = self.seat, self.app.language
        name = self.door.names[seat]

        def done(yes: bool | None) -> None:
            if yes:
                self.app.revoke_seat(seat)
                self.app.notify(say(lang, "seats.revoked", name=name), markup=False)
                self.refresh_state()

        self.app.push_screen(ConfirmScreen(say(lang, "seats.revoke_question", name=name)), done)

    def action_close(self) -> None:
        self.dismiss()
