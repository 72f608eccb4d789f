"""R6: the guild deal, by the app (seeded) or keyed in from the table's own deal."""

from __future__ import annotations

import random

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Label, Select, Static

from narrator.games.ravnica import events as ev
from narrator.games.ravnica.tables import GUILD_ORDER, GUILDS, deal_guilds
from narrator.tui.footer import FittingFooter
from narrator.tui.messages import Refused
from narrator.tui.ravnica.table import pips
from narrator.tui.setup import CSelect
from narrator.tui.words import say, translate_bindings


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
        yield FittingFooter()

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.redeals = 0
        self.mode = self.app.state.options.deal_mode  # R6: journaled, so a resumed game keeps it
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

    def on_refused(self, message: Refused) -> None:
        self.show_message(message.text)

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
