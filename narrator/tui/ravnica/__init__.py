"""Ravnica's own screens: what the generic views cannot show (R1–R6): the table of seats,
guilds and colour pips, the guild deal, and the colours of the round's theme."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from narrator.games.ravnica.tables import GUILDS
from narrator.tui.drawing import Look
from narrator.tui.ravnica.table import PIP_STYLE, TableView, pips


class RavnicaLook(Look):
    css = Path(__file__).parent / "theme.tcss"

    @property
    def screens(self) -> dict:
        from narrator.tui.ravnica.deal import DealScreen

        return {"deal": DealScreen}

    def name(self, state, seat: int) -> str:
        return state.players[seat]

    def count(self, state) -> int:
        return state.count

    def seat_label(self, state, seat: int, lang: str) -> Text:
        """Key, name and guild with its colour pips (R2)."""
        text = Text(self.seat_tag(state, seat) + " ")
        text.append(f"({state.guilds[seat]} ", style="dim")
        text.append_text(pips(GUILDS[state.guilds[seat]]))
        text.append(")", style="dim")
        return text

    def tone_style(self, tone: str | None) -> str:
        return PIP_STYLE.get(tone or "", "bold")

    def side_panel(self):
        return TableView(id="table")


LOOK = RavnicaLook


def page_view(extra: dict, lang: str):
    """The table display in a terminal (``narrator display``): the colour and the tally."""
    from rich.console import Group

    parts: list = []
    colour = extra.get("colour")
    if extra.get("colour_words"):
        parts.append(Text(extra["colour_words"], style=PIP_STYLE.get(colour or "", "bold")))
    if extra.get("candidates_words"):
        parts.append(Text(extra["candidates_words"]))
    for row in extra.get("tally") or ():
        line = Text(f"{row['name']} ")
        line.append("█" * row["votes"] + f" {row['votes']}", style="bold yellow")
        parts.append(line)
    if extra.get("ablaze_words"):
        parts.append(Text(extra["ablaze_words"], style="bold #ff8c1a"))
    return Group(*parts)
