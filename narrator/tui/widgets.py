"""Widgets shared by the game screens: the table view (every seat at a glance)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from narrator.games.ravnica.state import State, Step

PIP_STYLE = {
    "W": "bold #f4ecd2",
    "U": "bold #4a8fe7",
    "B": "bold #b58ad8",
    "R": "bold #e5534b",
    "G": "bold #3fb96b",
}


def pips(colours) -> Text:
    """Coloured dots with the colour letters (legible without colour too)."""
    text = Text()
    for c in colours:
        text.append("●" + c, style=PIP_STYLE[c])
    return text


def seat_key(seat: int) -> str:
    """The key that names a seat: 1–9, and 0 for the tenth."""
    return "0" if seat == 9 else str(seat + 1)


class TableView(Static):
    """Every seat: name, guild, colour pips, leader cards, Ablaze, candidate, death, vote."""

    def show(self, s: State) -> None:
        table = Table(box=None, expand=True, padding=(0, 1), show_edge=False)
        table.add_column("#", justify="right", style="dim", width=2)
        table.add_column("player", ratio=3, no_wrap=True, overflow="ellipsis")
        table.add_column("guild", min_width=8, no_wrap=True, overflow="ellipsis")
        table.add_column("", width=4)
        table.add_column("leads", min_width=5, no_wrap=True)
        table.add_column("", ratio=3, no_wrap=True, min_width=7)
        candidates = set(s.ballot.candidates) if s.ballot else set()
        dead = set(s.dead())
        for seat in s.seats:
            guild = s.guilds[seat] if s.guilds else ""
            colours = s.colours_of(seat) if s.guilds else ()
            leads = Text()
            for c in s.colours_led_by(seat):
                leads.append(f"{c} ", style=PIP_STYLE[c])  # leader cards held (R16: maybe two)
            marks = Text()
            if seat in dead:
                marks.append("✝ dead ", style="bold red")
            if s.ablaze == seat:
                marks.append("ABLAZE ", style="bold #ff8c1a")
            elif s.ablaze_card == seat:
                marks.append("holds Ablaze ", style="#ff8c1a")
            if s.ballot and s.step in (
                Step.ELECTION,
                Step.FINAL_VOTE,
                Step.ELECTION_TIE,
                Step.FINAL_TIE,
            ):
                if seat in candidates and len(candidates) < s.count:
                    marks.append("◆ ", style="bold yellow")
                if s.ballot.vote_of(seat) is not None:
                    marks.append("✓", style="green")
            name_style = "strike dim" if seat in dead else ""
            table.add_row(
                seat_key(seat),
                Text(s.players[seat], style=name_style),
                guild,
                pips(colours),
                leads,
                marks,
            )
        self.update(table)
