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
from narrator.games.ravnica.setup_rules import OPTION_BOUNDS, clean_name
from narrator.games.ravnica.tables import (
    GUILD_ORDER,
    GUILDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    agents_for,
    check_player_count,
    deal_guilds,
)
from narrator.prompts import Localized, Term
from narrator.tui.widgets import pips
from narrator.tui.words import say, translate_bindings

COUNTS = {"low": MIN_PLAYERS, "high": MAX_PLAYERS}


def seat_refusal(seat: int, refusal: Refusal) -> Refusal:
    """The rules' refusal of one seat's name, with the seat in front, worded in any language."""
    reason = Localized(lambda lang: refusal.text(lang, with_rule=False))
    return Refusal("seat_name", refusal.rule, seat=seat, reason=reason)


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

    def __init__(self, seat: int, lang: str) -> None:
        super().__init__(placeholder=say(lang, "setup.seat", seat=seat + 1), id=f"name-{seat}")
        self.seat = seat
        self.lang = lang

    def replace(self, text: str, start: int, end: int) -> None:
        low, high = sorted((max(0, start), min(len(self.value), end)))
        value = self.value[:low] + text + self.value[high:]
        if text and value.strip():  # deleting is always allowed
            try:
                clean_name(value)
            except Refusal as refusal:
                self.hint = seat_refusal(self.seat + 1, refusal).text(self.lang)
                self.restricted()
                return
        super().replace(text, start, end)


class CSelect(Select):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, compact=True, **kwargs)


# Each choice's value; its label is setup.<list>.<value> in the words.
DEALS = ("app", "physical")
DECKS = ("physical", "app")
ELECTION_TIES = ("guild_order", "revote", "narrator")
FINAL_TIES = ("guild_order", "nobody", "narrator")
# (field id, default, most digits); the label is setup.timer.<id>, its name setup.what.<id>
TIMERS = [("round_seconds", "120", 4), ("final_seconds", "300", 4), ("opening_pause", "10", 3)]


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

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def choices(self, table: str, values: tuple[str, ...]) -> list[tuple[str, str]]:
        return [(self.tr(f"setup.{table}.{value}"), value) for value in values]

    def compose(self) -> ComposeResult:
        t = self.tr
        with VerticalScroll(id="setup"):
            yield Static(t("setup.title"), classes="screen-title")
            yield digits_field(
                t("setup.count", **COUNTS), "5", "count", 2, t("setup.count_hint", **COUNTS)
            )
            yield Static(id="roles-line")
            yield Label(t("setup.names"))
            yield Vertical(id="names")
            yield choice_field(t("setup.deal"), self.choices("deal_mode", DEALS), "app", "deal")
            yield choice_field(
                t("setup.decks"), self.choices("deck_mode", DECKS), "physical", "deck"
            )
            for name, value, digits in TIMERS:
                what = Term(f"setup.what.{name}")
                yield digits_field(
                    t(f"setup.timer.{name}"),
                    value,
                    name,
                    digits,
                    t("setup.seconds_hint", what=what),
                )
            yield choice_field(
                t("setup.election_tie"),
                self.choices("election_ties", ELECTION_TIES),
                "guild_order",
                "election_tie",
            )
            yield choice_field(
                t("setup.final_tie"),
                self.choices("final_ties", FINAL_TIES),
                "guild_order",
                "final_tie",
            )
            yield digits_field(
                t("setup.seed"),
                str(random.SystemRandom().randrange(1, 10**6)),
                "seed",
                9,
                t("setup.seed_hint"),
            )
            yield Button(t("setup.start"), id="start", variant="primary")
        yield Static(id="message")  # under the form, not in it: seen however long it is
        yield Footer()

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.refresh_bindings()
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
        box.mount_all(NameInput(i, self.app.language) for i in range(len(fields), count))
        agents = agents_for(count)
        roles = self.query_one("#roles-line", Static)
        roles.update(self.tr("setup.roles", agents=agents, loyalists=count - agents))

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id != "count":
            return
        count = self.player_count()
        try:
            check_player_count(count if count is not None else 0)
        except Refusal as refusal:
            lang = self.app.language
            empty = self.tr("setup.count_empty", **COUNTS)
            self.show_message(refusal.text(lang) if message.value else empty)
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

    def _number(self, field: str) -> int:
        """A timer's seconds, checked here so the refusal names the field as it is labelled."""
        low, high, rule = OPTION_BOUNDS[field]
        what = Term(f"setup.what.{field}")
        text = self.query_one(f"#{field}", Input).value.strip()
        if not text.isdigit():
            raise Refusal("whole_seconds", rule, what=what)
        if not low <= int(text) <= high:
            raise Refusal("seconds_range", rule, what=what, low=low, high=high)
        return int(text)

    def action_start(self) -> None:
        try:
            count = self.player_count()
            check_player_count(count if count is not None else 0)
            names = []
            for i, box in enumerate(list(self.query("#names Input").results(Input))[:count]):
                raw = box.value if box.value.strip() else self.tr("setup.seat", seat=i + 1)
                try:
                    names.append(clean_name(raw))
                except Refusal as refusal:
                    raise seat_refusal(i + 1, refusal) from None
            options = ev.Options(
                deck_mode=self.query_one("#deck", Select).value,
                opening_pause=self._number("opening_pause"),
                round_seconds=self._number("round_seconds"),
                final_seconds=self._number("final_seconds"),
                election_tie=self.query_one("#election_tie", Select).value,
                final_tie=self.query_one("#final_tie", Select).value,
            )
            seed_text = self.query_one("#seed", Input).value.strip()
            seed = int(seed_text) if seed_text.isdigit() else 0
        except Refusal as refusal:  # said as the rules' refusals of the form are: here and a toast
            self.app.refuse(refusal, speak=False)
            return
        self.app.deal_mode = self.query_one("#deal", Select).value
        self.app.new_game(ev.GameCreated(tuple(names), options, seed))


class DealScreen(Screen):
    """R6: the app deals the guilds (seeded), or the narrator keys in the deal at the table."""

    BINDINGS = [
        Binding("ctrl+s", "accept", "Accept the deal", priority=True),
        Binding("d", "redeal", "Deal again"),
    ]

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="deal-screen"):
            yield Static(self.tr("deal.title"), classes="screen-title")
            yield Static(id="deal-help")
            yield Static(id="deal-table")
            yield Vertical(id="deal-selects")
            yield Static(id="message")
            yield Button(self.tr("deal.accept"), id="accept", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
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
            self.query_one("#deal-help", Static).update(self.tr("deal.app_help"))
            self.show_deal(self.deal)
            self.query_one("#accept", Button).focus()
        else:
            self.query_one("#deal-help", Static).update(self.tr("deal.table_help"))
            box = self.query_one("#deal-selects", Vertical)
            if not box.children:
                options = [(f"{g} ({'/'.join(GUILDS[g])})", g) for g in GUILD_ORDER]
                for seat, name in enumerate(s.players):
                    box.mount(
                        Horizontal(
                            Label(Text(f"{seat + 1}. {name}")),  # a name is no markup
                            CSelect(options, id=f"guild-{seat}", prompt=self.tr("deal.pick")),
                            classes="field",
                        )
                    )
        self.refresh_bindings()

    def show_deal(self, guilds) -> None:
        s = self.app.state
        table = Table(box=None, padding=(0, 2))
        table.add_column(self.tr("deal.seat"), justify="right")
        table.add_column(self.tr("deal.player"))
        table.add_column(self.tr("deal.guild"))
        table.add_column(self.tr("deal.colours"))
        for seat, guild in enumerate(guilds):
            table.add_row(
                str(seat + 1), Text(s.players[seat]), guild, pips(GUILDS[guild])
            )  # as typed
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
            missing = [str(i + 1) for i, v in enumerate(values) if not isinstance(v, str)]
            if missing:
                self.show_message(self.tr("deal.missing", seats=missing))
                return
            guilds = tuple(values)
        self.app.enter(ev.GuildsDealt(tuple(guilds)), speak_refusal=False)
