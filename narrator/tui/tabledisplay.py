"""The table display, from the app: turned on by ``--table-display`` or F2, it serves the
game's public view on the local network (``narrator.display``) and shows its address and a QR
code, so a phone or a TV browser opens it. Every change of the public screen reaches it."""

from __future__ import annotations

import contextlib
import importlib
from importlib import resources

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from narrator.tui.words import say, translate_bindings


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


class DisplayMixin:
    """The app's part: start and stop the server, publish the public screen, show the way in."""

    display = None  # a narrator.display.server.TableDisplay once turned on
    display_problem: str | None = None

    async def start_display(self) -> bool:
        if self.display is not None:
            return True
        from narrator.display.server import TableDisplay

        display = TableDisplay(lan=True, layout=self.display_layout)
        try:
            await display.start()
        except OSError as err:
            self.display_problem = say(self.language, "display.cannot", error=err.strerror or err)
            self.notify(self.display_problem, severity="error", timeout=10)
            return False
        self.display = display
        self.publish_display()
        return True

    async def stop_display(self) -> None:
        if self.display is not None:
            display, self.display = self.display, None
            await display.stop()

    def display_layout(self, name: str) -> str | None:
        """The game's own drawing of its part of the page (``tui/<game>/display.js``)."""
        game = self.game
        if game is None or game.name != name or not game.screens:
            return None
        with contextlib.suppress(OSError, ModuleNotFoundError, FileNotFoundError):
            package = importlib.import_module(game.screens).__name__
            return resources.files(package).joinpath("display.js").read_text("utf-8")
        return None

    def publish_display(self) -> None:
        """The public screen as the display shows it (only the public view: never a secret);
        called as soon as an entry is on disk, before the screen is drawn again."""
        if self.display is None or self.game is None or not self.journal:
            return
        from narrator.display.feed import snapshot
        from narrator.tui.stepview import banner as banner_of

        shown = self.pages[0] if self.pages else None  # the announcement on screen, if any
        state = self.shown_state  # the moment on screen: never ahead of it
        banner = banner_of(self.game.step(state), self.language, shown).plain.strip()
        self.display.publish(
            snapshot(
                self.game,
                state,
                self.language,
                unannounced=self.unannounced,
                countdown=self.countdown,
                banner=banner,
            )
        )

    async def action_table_display(self) -> None:
        if await self.start_display():
            self.push_screen(TableDisplayScreen())


class TableDisplayScreen(ModalScreen):
    """The display's address and its QR code, until Esc."""

    BINDINGS = [Binding("escape,enter,f2", "close", "Close")]

    def compose(self) -> ComposeResult:
        lang = self.app.language
        url = self.app.display.url
        with Vertical(id="display-dialog"):
            yield Static(say(lang, "display.title"), classes="screen-title")
            yield Static(say(lang, "display.open", url=url))
            yield Static(qr_text(url), id="display-qr")
            yield Static(say(lang, "display.keys"))

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)

    def action_close(self) -> None:
        self.dismiss()
