"""The privacy screen: a secret draw and the choice it allows, seen by one leader only.

It covers the whole terminal (an opaque Screen, not a modal over the public view). It
speaks nothing secret, shows no refusal as a toast (a toast would outlive it), and ends on
a cleared page before the public screen comes back. A refusal here never names another
leader's secret draw either (R18): the rules word it without the card.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from narrator.games.ravnica import events as ev
from narrator.games.ravnica.rules import check
from narrator.games.ravnica.script import app_targeting_card
from narrator.games.ravnica.state import State, Step
from narrator.tui.panels import colour_word, seat_list, seat_of_key
from narrator.tui.words import say, translate_bindings

PRIVATE_STEPS = (Step.DRAW, Step.CHOOSE, Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)
DRAW_STEPS = (Step.DRAW, Step.ABLAZE_DRAW)


def held_cards(s: State, seat: int) -> tuple[str, ...]:
    """R24 ⚖: the targeting cards the app keeps for ``seat`` (one per colour they lead)."""
    return tuple(d.colour for d in s.draws if s.leader_of(d.by) == seat)


class PrivacyScreen(Screen):
    BINDINGS = [Binding("enter", "primary", "Continue"), Binding("escape", "leave", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy"):
            yield Static(id="privacy-banner")
            yield Static(id="privacy-body")
            yield Static(id="privacy-message")

    def on_mount(self) -> None:
        s = self.app.state
        translate_bindings(self, self.app.language)
        self.ablaze = s.step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)
        self.by = "R" if self.ablaze else s.round_colour
        self.phase = "cover"
        self.query_one("#privacy-banner", Static).update(self.words("privacy.banner"))
        self.app.clear_notifications()  # no public toast over the private page
        if self.by != "B" or self.ablaze:  # Black's eyes-closed line was said on the public screen
            self.app.say("privacy_close_eyes", leader=self.leader_name)
        self.refresh_state()

    def words(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def colour(self, letter: str) -> str:
        return colour_word(letter, self.app.language)

    @property
    def leader_name(self) -> str:
        s = self.app.state
        return s.players[s.leader_of(self.by)]

    def refresh_state(self) -> None:
        s = self.app.state
        if self.phase == "leaving":
            return
        if self.phase != "cover":  # follow the game: an undo here goes back a phase
            if s.step in DRAW_STEPS:
                self.phase = "cover" if self.last_card(s) else "draw"
            elif s.step in (Step.CHOOSE, Step.ABLAZE_GIVE):
                self.phase = "choose"
            else:
                self.phase = "done"
        if s.step not in PRIVATE_STEPS and self.phase != "done":
            self.dismiss()
            return
        self.query_one("#privacy-body", Static).update(self.body(s))
        self.query_one("#privacy-message", Static).update("")

    def last_card(self, s: State) -> str | None:
        """With physical decks the app knows the Red leader's last card (R22): it is entered
        as the cover page is left, with nothing to ask."""
        left = s.targeting_cards_left()
        physical = s.options.deck_mode == "physical"
        return left[0] if s.step is Step.ABLAZE_DRAW and physical and len(left) == 1 else None

    def body(self, s: State) -> Text:
        if self.phase == "cover":
            text = self.words("privacy.cover", colour=self.colour(self.by), leader=self.leader_name)
            return Text(text, justify="center")
        if self.phase == "draw":
            if s.options.deck_mode == "app":
                return Text(self.words("privacy.draw_app"), justify="center")
            return Text(self.words("privacy.draw_physical"), justify="center")
        if self.phase == "choose":
            drawn = s.draw_of(self.by).colour
            if self.ablaze:
                verb = "privacy.give_ablaze"
            elif self.by == "B":
                verb = "privacy.note_price"
            elif self.by == "W":
                verb = "privacy.show_role"
            else:
                verb = "privacy.look_at"
            leader = s.leader_of(self.by)
            choices = [
                p
                for p in s.players_of(drawn)
                if not (self.by in "WG" and not self.ablaze and p == leader)  # R20 ⚖, R24 ⚖
            ]
            card = self.colour(drawn)
            text = Text(self.words("privacy.your_card", colour=card.upper()) + "\n\n")
            text.append(self.words(verb, colour=card) + "\n\n")
            text.append_text(seat_list(s, choices))
            text.justify = "center"
            return text
        return self.done_body(s)

    def done_body(self, s: State) -> Text:
        chosen = s.chosen_by("G") if self.by == "G" and not self.ablaze else None
        if chosen is not None:
            look = self.green_look(s, chosen) + "\n\n" + self.words("privacy.done_look")
            return Text(look, justify="center")
        return Text(self.words("privacy.done"), justify="center")

    def green_look(self, s: State, chosen: int) -> str:
        """R24: the chosen player's face-down cards: the role card at the table, and with the
        app holding the targeting deck (R9 ⚖) the targeting cards it keeps for them."""
        name = s.players[chosen]
        if s.options.deck_mode == "physical":
            return self.words("privacy.green_physical", player=name)
        cards = held_cards(s, chosen)
        if not cards:
            return self.words("privacy.green_no_cards", player=name)
        shown = tuple(self.colour(c).upper() for c in cards)
        return self.words("privacy.green_cards", player=name, cards=shown)

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
        if self.phase == "draw" and key in "wubrg":
            event.stop()
            if s.options.deck_mode == "physical":
                self.enter(ev.TargetDrawn(key.upper()))
            else:  # R9: the app holds the targeting deck
                self.show_message(self.words("game.app_holds_targeting_deck"))
        elif self.phase == "choose" and key.isdigit():
            event.stop()
            seat = seat_of_key(key)
            if self.ablaze:
                event_ = ev.AblazeGiven(seat)
            elif self.by == "B":
                event_ = ev.UltimatePriceNoted(seat)
            else:
                event_ = ev.PlayerChosen(seat)
            self.enter(event_)  # its refresh shows the cleared page

    def enter(self, event) -> bool:
        """Check first, quietly: a refusal here stays on this screen and is never spoken. What
        the entry makes the narrator say waits until the screen is clear (``leave``)."""
        refusal = check(self.app.state, event)
        if refusal is not None:
            self.show_message(refusal.text(self.app.language))
            return False
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
        s = self.app.state
        if self.phase == "cover":
            last = self.last_card(s)
            if last is not None:
                self.phase = "draw"
                self.enter(ev.TargetDrawn(last))
                return
            self.phase = "draw" if s.step in DRAW_STEPS else "choose"
            self.refresh_state()
        elif self.phase == "draw" and s.options.deck_mode == "app":
            self.enter(app_targeting_card(s, len(self.app.journal.events)))
        elif self.phase == "done":
            self.leave()

    def action_leave(self) -> None:
        if self.phase in ("cover", "done"):
            self.leave()
