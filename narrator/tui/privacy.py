"""The privacy screen: a secret draw and the choice it allows, seen by one leader only.

It covers the whole terminal (an opaque Screen, not a modal over the public view). It
speaks nothing secret, shows no refusal as a toast (a toast would outlive it), and ends on
a cleared page before the public screen comes back.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from narrator.games.base import Refusal
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.script import app_rng
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.tables import COLOUR_NAMES
from narrator.tui.panels import seat_list

PRIVATE_STEPS = (Step.DRAW, Step.CHOOSE, Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)


class PrivacyScreen(Screen):
    BINDINGS = [Binding("enter", "primary", "Continue"), Binding("escape", "leave", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy"):
            yield Static("PRIVATE", id="privacy-banner")
            yield Static(id="privacy-body")
            yield Static(id="privacy-message")

    def on_mount(self) -> None:
        s = self.app.state
        self.ablaze = s.step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)
        self.by = "R" if self.ablaze else s.round_colour
        self.phase = "cover"
        if self.by != "B" or self.ablaze:  # Black's eyes-closed line was said on the public screen
            self.app.say("privacy_close_eyes", leader=s.players[s.leader_of(self.by)])
        self.refresh_state()

    @property
    def leader_name(self) -> str:
        s = self.app.state
        return s.players[s.leader_of(self.by)]

    def refresh_state(self) -> None:
        s = self.app.state
        if self.phase != "cover" and self.phase != "done":
            if s.step in (Step.DRAW, Step.ABLAZE_DRAW):
                self.phase = "draw"
            elif s.step in (Step.CHOOSE, Step.ABLAZE_GIVE):
                self.phase = "choose"
            else:
                self.phase = "done"
        if s.step not in PRIVATE_STEPS and self.phase != "done":
            self.dismiss()
            return
        self.query_one("#privacy-body", Static).update(self.body(s))
        self.query_one("#privacy-message", Static).update("")

    def body(self, s: State) -> Text:
        colour = COLOUR_NAMES[self.by]
        if self.phase == "cover":
            return Text(
                f"Only the {colour} leader, {self.leader_name}, looks at this screen.\n"
                "Everyone else: look away.\n\n"
                f"{self.leader_name}: press Enter when nobody else can see.",
                justify="center",
            )
        if self.phase == "draw":
            if s.options.deck_mode == "app":
                return Text("Press Enter to draw your targeting card.", justify="center")
            return Text(
                "Draw the top card of the targeting deck and look at it.\n"
                "Press its colour: w White · u Blue · b Black · r Red · g Green",
                justify="center",
            )
        if self.phase == "choose":
            drawn = s.draw_of(self.by).colour
            if self.ablaze:
                verb = "Give Ablaze to"
            elif self.by == "B":
                verb = "Note for the Ultimate Price"
            elif self.by == "W":
                verb = "Choose the player you show your role card to:"
            else:
                verb = "Choose the player whose face-down cards you look at:"
            choices = [
                p
                for p in s.players_of(drawn)
                if not (self.by in "WG" and not self.ablaze and p == s.leader_of(self.by))
            ]
            text = Text(f"Your card is {COLOUR_NAMES[drawn].upper()}.\n\n", justify="center")
            text.append(f"{verb} a {COLOUR_NAMES[drawn]} player — press the seat number:\n\n")
            text.append_text(seat_list(s, choices))
            return text
        return Text(
            "Done. The screen is clear.\n\nPress Enter and hand back the laptop.", justify="center"
        )

    def show_message(self, text: str) -> None:
        self.query_one("#privacy-message", Static).update(
            Text(text, style="bold red", justify="center")
        )

    def show_caption(self, text: str) -> None:
        pass

    def on_key(self, event) -> None:
        key = (event.character or "").lower()
        if not key:
            return
        s = self.app.state
        if self.phase == "draw" and s.options.deck_mode == "physical" and key in "wubrg":
            event.stop()
            self.enter(ev.TargetDrawn(key.upper()))
        elif self.phase == "choose" and key.isdigit():
            event.stop()
            seat = 9 if key == "0" else int(key) - 1
            if self.ablaze:
                event_ = ev.AblazeGiven(seat)
            elif self.by == "B":
                event_ = ev.UltimatePriceNoted(seat)
            else:
                event_ = ev.PlayerChosen(seat)
            if self.enter(event_):
                self.phase = "done"
                self.refresh_state()

    def enter(self, event) -> bool:
        """Check first, quietly: a refusal here stays on this screen and is never spoken."""
        from narrator.games.ravnica import check

        refusal: Refusal | None = check(self.app.state, event)
        if refusal is not None:
            self.show_message(str(refusal))
            return False
        if isinstance(event, ev.PlayerChosen | ev.UltimatePriceNoted | ev.AblazeGiven):
            self.phase = "done"
        return self.app.enter(event, speak_refusal=False)

    def action_primary(self) -> None:
        s = self.app.state
        if self.phase == "cover":
            self.phase = "draw" if s.step in (Step.DRAW, Step.ABLAZE_DRAW) else "choose"
            self.refresh_state()
        elif self.phase == "draw" and s.options.deck_mode == "app":
            colour = app_rng(s, len(self.app.journal.events)).choice(s.targeting_cards_left())
            self.enter(ev.TargetDrawn(colour))
        elif self.phase == "done":
            self.dismiss()
            self.app.route()

    def action_leave(self) -> None:
        if self.phase in ("cover", "done"):
            self.dismiss()
            self.app.route()
