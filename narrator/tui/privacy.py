"""The privacy screen, for any game: the private steps one player takes alone (a secret
draw and the choice it allows), on a page nobody else looks at.

It covers the whole terminal (an opaque Screen, not a modal over the public view). It says
nothing secret, shows no refusal as a toast (a toast would outlive it), and ends on a cleared
page before the public screen comes back. A refusal here is the rules' own, which never name
what another player drew (R18). Its pages: the cover (pass the laptop), the game's private
steps one after another (its ``StepView`` with the same ``Privacy.session``), then the
game's ``after_private`` page until Enter. Keys are read as the game screen reads them
(``keyreader``): "01" for a seat, then a second key with ``goto`` (B19: a curse to a seat,
then True or False); Escape goes back to the first keys.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from narrator.games.base import Refusal
from narrator.games.shell_data import AppMove, Choice, StepView
from narrator.prompts import Words, worded
from narrator.tui import drawing, keyreader
from narrator.tui.words import say, translate_bindings


class PrivacyScreen(Screen):
    BINDINGS = [Binding("enter", "primary", "Continue"), Binding("escape", "leave", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy"):
            yield Static(id="privacy-banner")
            yield Static(id="privacy-body")
            yield Static(id="privacy-message")

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        view = self.view
        self.privacy = view.private
        self.phase = "cover"  # cover · inside · done · leaving
        self.entered = False
        self.path: tuple[str, ...] = ()  # the keys of a choice that has more (a seat, then…)
        self.typed = ""  # keys typed so far of a longer key ("0" of "01")
        self.query_one("#privacy-banner", Static).update(say(self.app.language, "privacy.banner"))
        self.app.clear_notifications()  # no public toast over the private page
        if self.privacy.close_eyes is not None:
            self.app.say_lines([self.privacy.close_eyes])
        self.refresh_state()

    @property
    def view(self) -> StepView:
        return self.app.game.step(self.app.state, getattr(self, "path", ()))

    def ours(self, view: StepView) -> bool:
        return view.private is not None and view.private.session == self.privacy.session

    def refresh_state(self) -> None:
        if self.phase == "leaving":
            return
        view = self.view
        if self.phase != "cover":  # follow the game: an undo here goes back a page
            if self.ours(view):
                self.phase = "cover" if view.private.on_open is not None else "inside"
            elif self.entered:
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
        return Text(worded(after, lang) if after is not None else "", justify="center")

    def show_message(self, text: str) -> None:
        self.query_one("#privacy-message", Static).update(
            Text(text, style="bold red", justify="center")
        )

    def on_key(self, event) -> None:
        key = event.character or ""
        if not key or not key.isprintable() or key.isspace() or self.phase != "inside":
            return
        read = keyreader.read(self.view.choices, self.typed, key)
        self.typed = read.typed
        if read.chosen is not None or read.waiting:
            event.stop()
        if read.chosen is not None:
            self.choose(read.chosen)

    def choose(self, choice: Choice) -> None:
        if choice.refusal is not None:
            self.show_message(worded(choice.refusal, self.app.language))
            return
        if choice.warning is not None:  # asked first, on this screen (B11's kind)
            keyreader.ask_warning(self.app, choice, self.choose)
            return
        if choice.goto is not None:  # a seat, then its second key
            self.path, self.typed = choice.goto, ""
            self.refresh_state()
            return
        event = choice.event
        if isinstance(event, AppMove):
            try:
                app = self.app
                event = app.game.app_move(app.state, len(app.journal.events), event)
            except Refusal as refusal:
                self.show_message(refusal.text(self.app.language))
                return
        if event is not None:
            self.enter(event)  # its refresh shows the next page

    def enter(self, event) -> bool:
        """Check first, quietly: a refusal here stays on this screen and is never spoken. What
        the entry makes the narrator say waits until the screen is clear (``leave``)."""
        refusal = self.app.game.check(self.app.state, event)
        if refusal is not None:
            self.show_message(refusal.text(self.app.language))
            return False
        self.entered = True
        self.path, self.typed = (), ""  # the next private step starts at its first keys
        return self.app.enter(event, speak_refusal=False, hold=True)

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
            self.path, self.typed = (), ""
            self.refresh_state()
        elif self.phase in ("cover", "done"):
            self.leave()


__all__ = ["PrivacyScreen", "Words"]
