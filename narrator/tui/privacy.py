"""The privacy screen, for any game: the private steps one player takes alone (a secret
draw and the choice it allows), on a page nobody else looks at.

It covers the whole terminal (an opaque Screen, not a modal over the public view). It says
nothing secret, shows no refusal as a toast (a toast would outlive it), and ends on a cleared
page before the public screen comes back. A refusal here is the rules' own, which never name
what another player drew (R18). Its pages: the cover (pass the laptop), the game's private
steps one after another (its ``StepView`` with the same ``Privacy.session``), then the
game's ``after_private`` page until Enter. Keys are read as the game screen reads them
(``keyreader``): "01" for a seat, then a second key with ``goto`` (B19: a curse to a seat,
then True or False); Escape goes back to the first keys. They are taken through
``secretkeys``, the door the acting seat's phone takes them through too (``phones``); a step
begun on a phone may be taken back here, where it stands.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from narrator.games.shell_data import Choice, Privacy, StepView
from narrator.prompts import Words, worded
from narrator.tui import drawing, keyreader
from narrator.tui.secretkeys import PrivateKeys
from narrator.tui.words import say, translate_bindings


class PrivacyScreen(Screen):
    BINDINGS = [Binding("enter", "primary", "Continue"), Binding("escape", "leave", "Back")]

    def __init__(
        self,
        keys: PrivateKeys | None = None,
        eyes_closed: bool = False,
        privacy: Privacy | None = None,
    ) -> None:
        """A session begun on a phone and taken back to the laptop: its ``keys`` (its
        entries so far) and ``privacy``; ``eyes_closed``: its close-eyes line was said as it
        began (said once)."""
        super().__init__()
        self.keys = keys
        self.eyes_closed = eyes_closed
        self.privacy = privacy

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy"):
            yield Static(id="privacy-banner")
            yield Static(id="privacy-body")
            yield Static(id="privacy-message")

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        view = self.app.game.step(self.app.state)
        self.privacy = self.privacy or view.private
        if self.keys is None:
            self.keys = PrivateKeys(self.app, self.privacy.session)
        self.keys.source = None  # keyed on the laptop from now on
        self.phase = "cover"  # cover · inside · done · leaving
        if self.keys.entered and not self.keys.ours(view):
            self.phase = "done"  # its steps were taken on the phone: its last page
        self.query_one("#privacy-banner", Static).update(say(self.app.language, "privacy.banner"))
        self.app.clear_notifications()  # no public toast over the private page
        if self.privacy.close_eyes is not None and not self.eyes_closed:
            self.app.say_lines([self.privacy.close_eyes])
        self.refresh_state()

    @property
    def view(self) -> StepView:
        return self.keys.view

    @property
    def path(self) -> tuple[str, ...]:
        """The keys of a choice that has more (a seat, then…)."""
        return self.keys.path

    def ours(self, view: StepView) -> bool:
        return self.keys.ours(view)

    def refresh_state(self) -> None:
        if self.phase == "leaving":
            return
        view = self.view
        if self.phase != "cover":  # follow the game: an undo here goes back a page
            if self.ours(view):
                self.phase = "cover" if view.private.on_open is not None else "inside"
            elif self.keys.entered:
                self.phase = "done"
            else:
                self.phase = "gone"
        if self.phase == "gone" or (self.phase == "cover" and not self.ours(view)):
            self.dismiss()
            return
        self.query_one("#privacy-body", Static).update(self.body(view))
        self.query_one("#privacy-message", Static).update("")

    def body(self, view: StepView):
        lang = self.app.language
        if self.phase == "cover":
            return Text(worded(self.privacy.cover, lang), justify="center")
        if self.phase == "inside":
            shown = drawing.step(view, self.app.state, self.app.look, lang, justify="center")
            return shown.body
        after = self.app.game.after_private(self.app.state, self.privacy.session)
        done = worded(after, lang) + "\n\n" if after is not None else ""
        return Text(done + say(lang, "privacy.hand_back"), justify="center")  # the laptop's

    def show_message(self, text: str) -> None:
        self.query_one("#privacy-message", Static).update(
            Text(text, style="bold red", justify="center")
        )

    def on_key(self, event) -> None:
        key = event.character or ""
        if not key or not key.isprintable() or key.isspace() or self.phase != "inside":
            return
        read = self.keys.read(key)
        if read.chosen is not None or read.waiting:
            event.stop()
        if read.chosen is not None:
            self.choose(read.chosen)

    def choose(self, choice: Choice) -> None:
        message = self.keys.choose(choice, self.ask_warning)
        if message:
            self.show_message(message)
        elif choice.goto is not None:
            self.refresh_state()
        # an entry's refresh (``app.route``) shows the next page

    def ask_warning(self, choice: Choice) -> None:
        keyreader.ask_warning(self.app, choice, self.choose)  # asked first, on this screen

    def enter(self, event) -> bool:
        """The entry made here (True), or refused on this screen (its rule's words)."""
        message = self.keys.enter(event)
        if message:
            self.show_message(message)
        return message is None

    def leave(self) -> None:
        """Clear the page first and leave once the cleared page is drawn: the public screen
        never shows a row of a private one (R18, R24)."""
        if self.phase == "leaving":
            return
        self.phase = "leaving"
        for part in ("#privacy-body", "#privacy-message"):
            self.query_one(part, Static).update("")
        self.call_after_refresh(self._left)

    def _left(self) -> None:
        self.dismiss()
        self.app.release_lines()  # "Everyone, open your eyes" only now: the screen is clear
        self.app.route()

    def action_primary(self) -> None:
        view = self.view
        if self.phase == "cover":
            self.phase = "inside"
            if view.private.on_open is not None:  # entered with nothing to ask (R22)
                self.enter(view.private.on_open)
                return
            self.refresh_state()
        elif self.phase == "inside" and view.primary is not None:
            self.choose(view.primary)
        elif self.phase == "done":
            self.leave()

    def action_leave(self) -> None:
        if self.phase == "inside" and self.path:  # back to the step's first keys
            self.keys.back()
            self.refresh_state()
        elif self.phase in ("cover", "done"):
            self.leave()


__all__ = ["PrivacyScreen", "Words"]
