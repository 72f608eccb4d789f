"""The table display, from the app: turned on by ``--table-display`` or F2, it serves the
game's public view on the local network (``narrator.display``) and shows its address and a QR
code, so a phone or a TV browser opens it. Every change of the public screen reaches it.

A game keeps its address: the display's port and token are saved beside the journal (owner
only, like the discussion clock), so after a crash the resumed game turns the display on again
at the same address and the pages left open on the TV and phones find it by themselves."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import importlib
import json
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from narrator.paths import write_private
from narrator.tui.widgets import Dimmed
from narrator.tui.words import say, translate_bindings

SAID = 3  # the lines said last, on the page under the step (the newest last)


def qr_text(url: str) -> Text:
    """The address as a QR code in half blocks (two modules a character), black on white."""
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(url)
    code.make(fit=True)
    rows = code.get_matrix()
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    out = Text(style="#000000 on #ffffff")
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        line = "".join(
            "█" if a and b else "▀" if a else "▄" if b else " "
            for a, b in zip(top, bottom, strict=True)
        )
        out.append(line + "\n")
    return out


def address_path(journal_path: Path) -> Path:
    """Where a game's display address is saved: beside its journal."""
    return journal_path.with_suffix(".display.json")


def load_address(path: Path) -> tuple[int, str] | None:
    """The saved (port, token), or None if there is none (or it is damaged)."""
    try:
        data = json.loads(path.read_text())
        port, token = data["port"], data["token"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    if not isinstance(port, int) or not 0 < port < 65536 or not isinstance(token, str):
        return None
    if not 16 <= len(token) <= 64 or not all(c.isalnum() or c in "-_" for c in token):
        return None  # only what secrets.token_urlsafe makes: it is part of the page's path
    return port, token


def save_address(path: Path, port: int, token: str) -> None:
    """Replace the saved address (the token is the only key to the page: owner only)."""
    save_private(path, {"port": port, "token": token})


def save_private(path: Path, data: dict) -> None:
    """Keep ``data`` beside the journal, owner-only. A failure is not the game's: the display
    just gets a new address, the phones join again."""
    write_private(path, json.dumps(data))


class DisplayMixin:
    """The app's part: start and stop the server, publish the public screen, show the way in."""

    display = None  # a narrator.display.server.TableDisplay once turned on
    display_problem: str | None = None  # why it cannot start, or that its old port was taken
    _display_lock: asyncio.Lock | None = None  # one start or move at a time

    def display_lock(self) -> asyncio.Lock:
        if self._display_lock is None:
            self._display_lock = asyncio.Lock()
        return self._display_lock

    def saved_display(self) -> tuple[int, str] | None:
        """The address the game being played was shown at, if its display was ever on."""
        journal = getattr(self, "journal", None)
        return load_address(address_path(journal.path)) if journal else None

    def remember_display(self) -> None:
        """Save the display's address with the game (if both are there)."""
        journal, display = getattr(self, "journal", None), self.display
        if not journal or display is None:
            return
        if load_address(address_path(journal.path)) != (display.port, display.token):
            save_address(address_path(journal.path), display.port, display.token)

    async def start_display(self) -> bool:
        async with self.display_lock():
            if self.display is None and not await self._start_display():
                return False
        self.publish_display()
        return True

    async def _start_display(self) -> bool:
        """Serve at the game's saved address if it has one (else a new one); if its port is
        taken now, at a new port, and say so (F2 shows the new address)."""
        from narrator.display.server import TableDisplay

        saved = self.saved_display()
        port, token = saved or (0, None)
        display = TableDisplay(lan=True, port=port, token=token, layout=self.display_layout)
        self.display_problem = None
        try:
            await display.start()
        except OSError as err:
            if saved is None or err.errno != errno.EADDRINUSE:
                return self._display_failed(err)
            display = TableDisplay(lan=True, token=token, layout=self.display_layout)
            try:
                await display.start()
            except OSError as again:
                return self._display_failed(again)
            self.display_problem = say(
                self.language, "display.port_taken", port=port, url=display.url
            )
            self.notify(self.display_problem, severity="warning", timeout=15)
        self.display = display
        self.remember_display()
        return True

    def _display_failed(self, err: OSError) -> bool:
        self.display_problem = say(self.language, "display.cannot", error=err.strerror or err)
        self.notify(self.display_problem, severity="error", timeout=10)
        return False

    async def stop_display(self) -> None:
        if self.display is not None:
            display, self.display = self.display, None
            await display.stop()

    def display_follows_game(self) -> None:
        """A game was started or resumed: it keeps its address. Its display was on when the
        app stopped: on again, at the same address (or it moves there, if it was turned on
        before this game was resumed). Else a display that is on is saved as this game's."""
        saved = self.saved_display()
        display = self.display
        if display is None:
            if saved is not None:
                self.run_worker(self.start_display(), group="display")
        elif saved is None or saved == (display.port, display.token):
            self.remember_display()
        else:
            self.run_worker(self.move_display(), group="display")

    async def move_display(self) -> None:
        async with self.display_lock():
            await self.stop_display()
            await self._start_display()
        self.publish_display()

    def display_layout(self, name: str) -> str | None:
        """The game's own drawing of its part of the page (``tui/<game>/display.js``)."""
        game = self.game
        if game is None or game.name != name or not game.screens:
            return None
        from importlib import resources  # (not at start: the home screen's frame needs none)

        with contextlib.suppress(OSError, ModuleNotFoundError, FileNotFoundError):
            package = importlib.import_module(game.screens).__name__
            return resources.files(package).joinpath("display.js").read_text("utf-8")
        return None

    def publish_display(self) -> None:
        """The public screen as the display shows it (only the public view: never a secret);
        called as soon as an entry is on disk, before the screen is drawn again."""
        if self.display is None:
            return
        if self.game is None or not self.journal:  # before the first entry: the page says so
            from narrator.display.feed import waiting

            self.display.publish(waiting(self.language))
            return
        self.follow_seats()  # the seats of the game being played (a new game: new seats)
        from narrator.display.feed import snapshot
        from narrator.tui.clock import discussion_key
        from narrator.tui.drawing import banner as banner_of
        from narrator.tui.drawing import moment_name
        from narrator.tui.privacy import PrivacyScreen

        if self.phone_session is not None or any(
            isinstance(s, PrivacyScreen) for s in self.screen_stack
        ):
            return  # the page keeps who has the laptop until the public screen is back (R22)
        shown = self.pages[0] if self.pages else None  # the announcement on screen, if any
        state = self.shown_state  # the moment on screen: never ahead of it
        view = self.game.step(state)
        banner = banner_of(view, self.language, shown).plain.strip()
        # A clock only while this step's own countdown runs or is paused (not the last one's).
        key = discussion_key(view, len(self.journal.events)) if view.timer else None
        timed = key is not None and shown is None and self.countdown_key == key
        page = snapshot(
            self.game,
            state,
            self.language,
            unannounced=self.unannounced,
            countdown=self.countdown if timed else None,
            banner=banner,
            said=self.captions[-SAID:],
        )
        if shown is not None:  # the heading is the moment told, not the step that follows it
            page["step"] = moment_name(shown, self.language)
        self.display.publish(page)
        self.public_page = page
        self.publish_phones()  # each seat's own page, with the table as it is now

    async def action_table_display(self) -> None:
        if await self.start_display():
            self.push_screen(TableDisplayScreen())


class TableDisplayScreen(Dimmed, ModalScreen):
    """The display's address and its QR code, until Esc."""

    BINDINGS = [Binding("escape,enter,f2", "close", "Close"), Binding("s", "seats", "Seats")]

    def compose(self) -> ComposeResult:
        lang = self.app.language
        url = self.app.display.url
        with Vertical(id="display-dialog"):
            yield Static(say(lang, "display.title"), classes="screen-title")
            if self.app.display_problem:  # its old port was taken: the pages must open anew
                yield Static(self.app.display_problem, id="display-problem")
            yield Static(say(lang, "display.open", url=url))
            with Horizontal(id="display-row"):  # the keys beside the code: in sight at 80×24
                yield Static(qr_text(url), id="display-qr")
                keys = say(lang, "display.keys") + "\n\n" + say(lang, "seats.from_display")
                yield Static(keys, id="display-keys")

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)

    def action_close(self) -> None:
        self.dismiss()

    def action_seats(self) -> None:
        self.dismiss()
        self.app.action_seats()
