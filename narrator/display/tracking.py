"""The tracker's drawing: any game's public page (``feed.public_page``: the view worded, as the
web page gets it) as Rich text. Each seat with its key, name and marks (the dead struck through,
the seat whose turn it is marked ▶), its cells under it (a label and a count, "3/4" against a
limit, an ordered list), then the table's piles and the public lines. The TUI's generic side
panel (``narrator.tui.tracker``) and the terminal display both draw with it, so the screens
cannot drift apart. It never sees a game's state."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from narrator.games.common.seats import seat_key

Style = Callable[[str | None], str]  # a cell's tone -> a Rich style (the game's palette)
TURN = "▶ "
MARKS_WIDTH = 26  # the marks beside a name wrap within this
CELLS_INDENT = 4  # a seat's cells start under its name


def plain_style(tone: str | None) -> str:
    return "bold" if tone else ""


def cell_text(cell: Mapping[str, Any], style: Style = plain_style) -> Text:
    """One cell: "Wounds 3/4", "Rose 2", "Dagger", "Council: Ann, Bob" (items in order)."""
    text = Text(str(cell.get("label") or ""), style=style(cell["tone"]) if cell.get("tone") else "")
    count, limit = cell.get("count"), cell.get("limit")
    if count is not None:
        text.append(f" {count}/{limit}" if limit is not None else f" {count}", style="bold")
    items = cell.get("items") or ()
    if items:
        text.append((": " if text.plain else "") + ", ".join(str(i) for i in items))
    return text


def cells_text(cells: Sequence[Mapping[str, Any]], style: Style = plain_style) -> Text:
    """Cells one after another, " · " between them; they wrap under a narrow panel."""
    text = Text(no_wrap=False, overflow="fold")
    for i, cell in enumerate(cells):
        if i:
            text.append(" · ", style="dim")
        text.append_text(cell_text(cell, style))
    return text


def seats_table(seats: Sequence[Mapping[str, Any]], style: Style = plain_style) -> Group:
    """A line a seat (key, name, marks), its cells under it across the whole width. Marks wrap
    within at most half the width, so long ones ("captor, Rose 1 · Elder, leader") never push
    the name or the cells into a sliver."""
    parts: list = []
    count = len(seats)
    for i, seat in enumerate(seats):
        dead, turn = seat.get("dead", False), seat.get("turn", False)
        name = Text((TURN if turn else "") + seat["name"])
        name.stylize("strike dim" if dead else "bold" if turn else "")
        marks = Text(" ".join(str(m) for m in seat.get("marks") or ()), justify="right")
        if dead:
            marks.append(" ✝", style="bold red")
        line = Table.grid(expand=True, padding=(0, 1))
        line.add_column(justify="right", style="dim", width=2)
        line.add_column(ratio=1, no_wrap=True, overflow="ellipsis", min_width=6)
        line.add_column(justify="right", max_width=MARKS_WIDTH)
        line.add_row(seat_key(i, count), name, marks)
        parts.append(line)
        if seat.get("cells"):
            parts.append(Padding(cells_text(seat["cells"], style), (0, 0, 0, CELLS_INDENT)))
    return Group(*parts)


def piles_text(piles: Sequence[Mapping[str, Any]], style: Style = plain_style) -> Text:
    """Each of the table's piles on a line: its name, then its cells."""
    text = Text(no_wrap=False, overflow="fold")
    for i, pile in enumerate(piles):
        if i:
            text.append("\n")
        text.append(str(pile["name"]), style="bold")
        if pile.get("cells"):
            text.append(": ")
            text.append_text(cells_text(pile["cells"], style))
    return text


def draw(page: Mapping[str, Any], style: Style = plain_style) -> Group:
    """The seats, the piles and the public lines of a page (``public_page``'s form)."""
    parts: list = [seats_table(page.get("seats") or (), style)]
    if page.get("piles"):
        parts.append(piles_text(page["piles"], style))
    for line in page.get("lines") or ():
        parts.append(Text(str(line), style="dim"))
    return Group(*parts)
