"""Ravnica's table view: every seat at a glance, with its guild's colour pips, drawn from
the public view (``narrator.games.ravnica.public``), never from the state."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from narrator.games.common.seats import seat_key
from narrator.games.ravnica.public import ABLAZE, ABLAZE_CARD, CANDIDATE, GUILD, VOTED
from narrator.games.shell_data import Cell, PublicView, SeatView
from narrator.prompts import worded
from narrator.tui.widgets import DrawnStatic
from narrator.tui.words import say

PIP_STYLE = {
    "W": "bold #f4ecd2",
    "U": "bold #4a8fe7",
    "B": "bold #b58ad8",
    "R": "bold #e5534b",
    "G": "bold #3fb96b",
}
MARK_STYLE = {CANDIDATE: "bold yellow", VOTED: "green"}
FIRE_STYLE = {ABLAZE: "bold #ff8c1a", ABLAZE_CARD: "#ff8c1a"}  # R22


WIDE = 44  # content cells from which the guild's name is shown


def pips(colours) -> Text:
    """Coloured dots with the colour letters (legible without colour too)."""
    text = Text()
    for c in colours:
        text.append("●" + c, style=PIP_STYLE[c])
    return text


def guild_of(seat: SeatView) -> Cell | None:
    return next((c for c in seat.cells if c.tone == GUILD), None)


class TableView(DrawnStatic):
    """Every seat: name, guild, colour pips, leader cards, Ablaze, candidate, death, vote."""

    view: PublicView | None = None

    def on_resize(self) -> None:
        if self.view is not None:
            self.show(self.view)

    def show(self, view: PublicView) -> None:
        """Draw the public view: its seats' cells (guild, leader cards, Ablaze) and marks."""
        self.view = view
        lang = self.app.language
        # Names come first: when the table is narrow (80 columns) the guild's name gives way;
        # its pips still show the colours. At setup nobody leads or is marked yet (the view
        # has no legend), so the guilds the checklist deals by seat are always named (R6).
        setup = not view.lines
        wide = self.content_size.width == 0 or self.content_size.width >= WIDE or setup
        table = Table(box=None, expand=True, padding=(0, 1), collapse_padding=True, show_edge=False)
        table.add_column(say(lang, "table.seat"), justify="right", style="dim", width=2)
        player = say(lang, "table.player")
        table.add_column(player, ratio=3, min_width=6, no_wrap=True, overflow="ellipsis")
        if wide:
            guild = say(lang, "table.guild")
            table.add_column(guild, ratio=2, min_width=4, no_wrap=True, overflow="ellipsis")
        table.add_column("", width=4)
        if not setup:
            table.add_column(say(lang, "table.lead"), width=5, no_wrap=True, overflow="crop")
            # The marks: a steady width (rows do not jump), "(Ablaze) ◆ ✓" in full when wide.
            table.add_column("", no_wrap=True, width=12 if wide else 10, overflow="ellipsis")
        for i, seat in enumerate(view.seats):
            guild = guild_of(seat)
            leads = Text()
            for cell in seat.cells:
                if cell.tone in PIP_STYLE:  # a leader card held (R16: maybe two)
                    leads.append(f"{cell.tone} ", style=PIP_STYLE[cell.tone])
            leads.rstrip()
            marks = Text()  # the vote marks first: a narrow table crops the Ablaze mark
            if seat.dead:
                marks.append("✝ ", style="bold red")
            for mark in seat.marks:  # ◆ a candidate, ✓ has voted: plain symbols
                style = MARK_STYLE.get(mark, "") if isinstance(mark, str) else ""
                marks.append(f"{worded(mark, lang)} ", style=style)
            for cell in seat.cells:
                if cell.tone in FIRE_STYLE:
                    marks.append(worded(cell.label, lang), style=FIRE_STYLE[cell.tone])
            name = Text(seat.name, style="strike dim" if seat.dead else "")
            named = worded(guild.label, lang) if guild else ""
            cells = (name, named) if wide else (name,)
            extra = () if setup else (leads, marks)
            table.add_row(seat_key(i), *cells, pips(guild.items if guild else ()), *extra)
        if setup:
            self.show_drawn(table)
            return
        legend = Text("\n" + "\n".join(worded(line, lang) for line in view.lines), style="dim")
        self.show_drawn(Group(table, legend))
