"""The setup wizard: players, rulings, then the guild deal (by the app or from the table)."""

from __future__ import annotations

import random

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from narrator.games.base import Refusal
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.rules import clean_name
from narrator.games.ravnica.tables import (
    GUILD_ORDER,
    GUILDS,
    agents_for,
    check_player_count,
    deal_guilds,
)
from narrator.tui.widgets import pips


class CInput(Input):
    """A one-line input, so the whole form fits a laptop's terminal. What it refuses to take
    (a letter in a number, a paste too long) is said on the form, not only with a bell."""

    def __init__(self, *args, hint: str = "", **kwargs) -> None:
        super().__init__(*args, compact=True, **kwargs)
        self.hint = hint

    def restricted(self) -> None:
        super().restricted()
        if self.hint and hasattr(self.screen, "show_message"):
            self.screen.show_message(self.hint)


class NameInput(CInput):
    """A player's name: what the rules would refuse (control characters, too long) is refused
    as it is typed or pasted, with the rules' own words, and never reaches the screen raw."""

    def __init__(self, seat: int) -> None:
        super().__init__(placeholder=f"Seat {seat + 1}", id=f"name-{seat}")
        self.seat = seat

    def replace(self, text: str, start: int, end: int) -> None:
        low, high = sorted((max(0, start), min(len(self.value), end)))
        value = self.value[:low] + text + self.value[high:]
        if text and value.strip():  # deleting is always allowed
            try:
                clean_name(value)
            except Refusal as refusal:
                self.hint = f"Seat {self.seat + 1}: {refusal.message}"
                self.restricted()
                return
        super().replace(text, start, end)


class CSelect(Select):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, compact=True, **kwargs)


DEALS = [("The app deals", "app"), ("Key in the deal at the table", "physical")]
DECKS = [
    ("Physical cards: key in what was turned", "physical"),
    ("The app shuffles and draws", "app"),
]
# (label, default, field id, most digits, what the field is)
TIMERS = [
    ("Colour round (s)", "120", "round_seconds", 4, "The colour round"),
    ("Final discussion (s)", "300", "final_seconds", 4, "The final discussion"),
    ("Opening pause (s)", "10", "opening_pause", 3, "The opening pause"),
]
ELECTION_TIES = [
    ("Guild order decides (Azorius first)", "guild_order"),
    ("Re-vote among the tied", "revote"),
    ("The narrator picks", "narrator"),
]
FINAL_TIES = [
    ("Guild order decides (Azorius first)", "guild_order"),
    ("Nobody dies by vote", "nobody"),
    ("The narrator picks", "narrator"),
]


def digits_field(label: str, value: str, name: str, digits: int, hint: str) -> Horizontal:
    """A labelled number: only digits are taken, and a refused key says why (``hint``)."""
    return Horizontal(
        Label(label),
        CInput(value, id=name, restrict=r"[0-9]*", max_length=digits, hint=hint),
        classes="field",
    )


def choice_field(label: str, options: list, value: str, name: str) -> Horizontal:
    return Horizontal(
        Label(label), CSelect(options, value=value, allow_blank=False, id=name), classes="field"
    )


class SetupScreen(Screen):
    """R4 player count, names in seat order, R6/R9 deal and deck modes, timers, ⚖ rulings."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start the game", priority=True),
        Binding("escape", "back", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield Static("New game — Ravnica: Inquisition", classes="screen-title")
            yield digits_field(
                "Players (5–10)", "5", "count", 2, "The number of players: digits only, 5 to 10."
            )
            yield Static(id="roles-line")
            yield Label("Names in seat order (blank: Seat 1, Seat 2, …)")
            yield Vertical(id="names")
            yield choice_field("Guild deal (R6)", DEALS, "app", "deal")
            yield choice_field("Leader & targeting decks (R9)", DECKS, "physical", "deck")
            for label, value, name, digits, what in TIMERS:
                yield digits_field(
                    label, value, name, digits, f"{what}: a whole number of seconds, digits only."
                )
            yield choice_field(
                "Tied leader election (R15)", ELECTION_TIES, "guild_order", "election_tie"
            )
            yield choice_field("Tie after R27b (R27c)", FINAL_TIES, "guild_order", "final_tie")
            yield digits_field(
                "Seed",
                str(random.SystemRandom().randrange(1, 10**6)),
                "seed",
                9,
                "The seed: a whole number, at most 9 digits.",
            )
            yield Button("Start the game (ctrl+s)", id="start", variant="primary")
        yield Static(id="message")  # under the form, not in it: seen however long it is
        yield Footer()

    def on_mount(self) -> None:
        self.rebuild_names(5)
        self.show_message("")
        self.query_one("#count", Input).focus()

    def player_count(self) -> int | None:
        text = self.query_one("#count", Input).value.strip()
        return int(text) if text.isdigit() else None

    def rebuild_names(self, count: int) -> None:
        """One name field a seat: add or remove fields at the end, keeping what was typed."""
        box = self.query_one("#names", Vertical)
        fields = list(box.query(Input))
        for extra in fields[count:]:
            extra.remove()
        box.mount_all(NameInput(i) for i in range(len(fields), count))
        roles = self.query_one("#roles-line", Static)
        roles.update(
            f"{agents_for(count)} Agents of Bolas, {count - agents_for(count)} Loyalists (R5)"
        )

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id != "count":
            return
        count = self.player_count()
        try:
            check_player_count(count if count is not None else 0)
        except Refusal as refusal:
            self.show_message(str(refusal) if message.value else "How many players? 5 to 10.")
            return
        self.show_message("")
        self.rebuild_names(count)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "start":
            self.action_start()

    def show_message(self, text: str) -> None:
        message = self.query_one("#message", Static)
        message.update(Text(text, style="bold red") if text else "")
        message.display = bool(text)

    def show_caption(self, text: str) -> None:
        pass

    def action_back(self) -> None:
        self.app.pop_screen()

    def _number(self, field: str, what: str) -> int:
        text = self.query_one(f"#{field}", Input).value.strip()
        if not text.isdigit():
            raise Refusal(f"{what} must be a whole number of seconds.")
        return int(text)

    def action_start(self) -> None:
        try:
            count = self.player_count()
            check_player_count(count if count is not None else 0)
            names = []
            for i, box in enumerate(list(self.query("#names Input").results(Input))[:count]):
                raw = box.value if box.value.strip() else f"Seat {i + 1}"
                try:
                    names.append(clean_name(raw))
                except Refusal as refusal:
                    raise Refusal(f"Seat {i + 1}: {refusal.message}") from None
            options = ev.Options(
                deck_mode=self.query_one("#deck", Select).value,
                opening_pause=self._number("opening_pause", "The opening pause"),
                round_seconds=self._number("round_seconds", "The colour round"),
                final_seconds=self._number("final_seconds", "The final discussion"),
                election_tie=self.query_one("#election_tie", Select).value,
                final_tie=self.query_one("#final_tie", Select).value,
            )
            seed_text = self.query_one("#seed", Input).value.strip()
            seed = int(seed_text) if seed_text.isdigit() else 0
        except Refusal as refusal:
            self.show_message(str(refusal))
            return
        self.app.deal_mode = self.query_one("#deal", Select).value
        self.app.new_game(ev.GameCreated(tuple(names), options, seed))


class DealScreen(Screen):
    """R6: the app deals the guilds (seeded), or the narrator keys in the deal at the table."""

    BINDINGS = [
        Binding("ctrl+s", "accept", "Accept the deal", priority=True),
        Binding("d", "redeal", "Deal again"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="deal-screen"):
            yield Static("Guild deal (R6)", classes="screen-title")
            yield Static(id="deal-help")
            yield Static(id="deal-table")
            yield Vertical(id="deal-selects")
            yield Static(id="message")
            yield Button("Accept the deal (ctrl+s)", id="accept", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.redeals = 0
        self.mode = getattr(self.app, "deal_mode", "app")
        self.refresh_state()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "redeal":
            return getattr(self, "mode", "app") == "app"
        return True

    def refresh_state(self) -> None:
        s = self.app.state
        if self.mode == "app":
            self.deal = deal_guilds(s.count, random.Random(f"{s.seed}:deal:{self.redeals}"))
            self.query_one("#deal-help", Static).update(
                "The app dealt the guilds. Hand each player their guild card face up.\n"
                "Enter or ctrl+s: accept · d: deal again"
            )
            self.show_deal(self.deal)
            self.query_one("#accept", Button).focus()
        else:
            self.query_one("#deal-help", Static).update(
                "Key in the guild card each player was dealt. The five Ravnica Allegiance guilds "
                "(Azorius, Rakdos, Gruul, Simic, Orzhov) are always in play."
            )
            box = self.query_one("#deal-selects", Vertical)
            if not box.children:
                options = [(f"{g} ({'/'.join(GUILDS[g])})", g) for g in GUILD_ORDER]
                for seat, name in enumerate(s.players):
                    box.mount(
                        Horizontal(
                            Label(f"{seat + 1}. {name}"),
                            CSelect(options, id=f"guild-{seat}", prompt="guild…"),
                            classes="field",
                        )
                    )
        self.refresh_bindings()

    def show_deal(self, guilds) -> None:
        s = self.app.state
        table = Table(box=None, padding=(0, 2))
        table.add_column("seat", justify="right")
        table.add_column("player")
        table.add_column("guild")
        table.add_column("colours")
        for seat, guild in enumerate(guilds):
            table.add_row(str(seat + 1), s.players[seat], guild, pips(GUILDS[guild]))
        self.query_one("#deal-table", Static).update(table)

    def show_message(self, text: str) -> None:
        self.query_one("#message", Static).update(Text(text, style="bold red") if text else "")

    def show_caption(self, text: str) -> None:
        pass

    def action_redeal(self) -> None:
        self.redeals += 1
        self.refresh_state()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        self.action_accept()

    def action_accept(self) -> None:
        if self.mode == "app":
            guilds = self.deal
        else:
            values = [self.query_one(f"#guild-{i}", Select).value for i in self.app.state.seats]
            missing = [i + 1 for i, v in enumerate(values) if not isinstance(v, str)]
            if missing:
                self.show_message(f"Choose a guild for seat {', '.join(map(str, missing))}.")
                return
            guilds = tuple(values)
        self.app.enter(ev.GuildsDealt(tuple(guilds)), speak_refusal=False)
