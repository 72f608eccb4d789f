"""The tracker's drawing: any game's public page (``feed.public_page``: the view worded, as the
web page gets it) as Rich text. Each seat with its key, name and marks (the dead struck through,
the seat whose turn it is marked ▶), its cells under it (a label and a count, "3/4" against a
limit, an ordered list), then the table's piles and the public lines. The TUI's generic side
panel (``narrator.tui.tracker``) and the terminal display both draw with it, so the screens
cannot drift apart. It never sees a game's state.

Three layouts, each more compact than the one before, for a panel too small for the one
before (``LAYOUTS``): "full" (the cells under the name), "inline" (a line a seat: the cells
follow the name and wrap under it) and "short" (inline, each cell by its short label, and
without the public lines: the step on screen beside the panel says them)."""

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
LAYOUTS = ("full", "inline", "short")


def plain_style(tone: str | None) -> str:
    return "bold" if tone else ""


def cell_text(cell: Mapping[str, Any], style: Style = plain_style, short: bool = False) -> Text:
    """One cell: "Wounds 3/4", "Rose 2", "Dagger", "Council: Ann, Bob" (items in order);
    ``short``: by its short label when it has one ("♥ 3/4")."""
    label = cell.get("label")
    if short and cell.get("short") is not None:
        label = cell["short"]
    text = Text(str(label or ""), style=style(cell["tone"]) if cell.get("tone") else "")
    count, limit = cell.get("count"), cell.get("limit")
    if count is not None:
        shown = f"{count}/{limit}" if limit is not None else f"{count}"
        text.append(f" {shown}" if text.plain else shown, style="bold")
    items = cell.get("items") or ()
    if items:
        text.append((": " if text.plain else "") + ", ".join(str(i) for i in items))
    return text


def shown(cell: Mapping[str, Any], short: bool) -> bool:
    """A cell is left out of a short layout only when its short label is "" and it says
    nothing else (Dominance: inactive)."""
    if not short or cell.get("short") != "":
        return True
    return cell.get("count") is not None or bool(cell.get("items"))


def cells_text(
    cells: Sequence[Mapping[str, Any]], style: Style = plain_style, short: bool = False
) -> Text:
    """Cells one after another, " · " between them; they wrap under a narrow panel."""
    text = Text(no_wrap=False, overflow="fold")
    for cell in (c for c in cells if shown(c, short)):
        if text.plain:
            text.append(" · ", style="dim")
        text.append_text(cell_text(cell, style, short))
    return text


def seat_name(seat: Mapping[str, Any]) -> Text:
    """The name, ▶ before it on its turn, struck through when dead."""
    dead, turn = seat.get("dead", False), seat.get("turn", False)
    name = Text((TURN if turn else "") + seat["name"])
    name.stylize("strike dim" if dead else "bold" if turn else "")
    return name


def seat_marks(seat: Mapping[str, Any]) -> Text:
    marks = Text(" ".join(str(m) for m in seat.get("marks") or ()), justify="right")
    if seat.get("dead", False):
        marks.append(" ✝", style="bold red")
    return marks


def inline_table(
    seats: Sequence[Mapping[str, Any]], style: Style = plain_style, short: bool = False
) -> Table:
    """A line a seat: its key, then its name, marks and cells, wrapping under the name."""
    table = Table.grid(expand=True, padding=(0, 1))
    table.add_column(justify="right", style="dim", width=2)
    table.add_column(ratio=1)
    count = len(seats)
    for i, seat in enumerate(seats):
        line = seat_name(seat)
        marks = seat_marks(seat)
        if marks.plain.strip():
            line.append(" ")
            line.append_text(marks)
        cells = cells_text(seat.get("cells") or (), style, short)
        if cells.plain:
            line.append("  " if short else " · ", style="dim")
            line.append_text(cells)
        line.justify = "left"
        table.add_row(seat_key(i, count), line)
    return table


def seats_table(seats: Sequence[Mapping[str, Any]], style: Style = plain_style) -> Group:
    """A line a seat (key, name, marks), its cells under it across the whole width. Marks wrap
    within at most half the width, so long ones ("captor, Rose 1 · Elder, leader") never push
    the name or the cells into a sliver."""
    parts: list = []
    count = len(seats)
    for i, seat in enumerate(seats):
        name, marks = seat_name(seat), seat_marks(seat)
        line = Table.grid(expand=True, padding=(0, 1))
        line.add_column(justify="right", style="dim", width=2)
        line.add_column(ratio=1, no_wrap=True, overflow="ellipsis", min_width=6)
        line.add_column(justify="right", max_width=MARKS_WIDTH)
        line.add_row(seat_key(i, count), name, marks)
        parts.append(line)
        if seat.get("cells"):
            parts.append(Padding(cells_text(seat["cells"], style), (0, 0, 0, CELLS_INDENT)))
    return Group(*parts)


def piles_text(
    piles: Sequence[Mapping[str, Any]], style: Style = plain_style, short: bool = False
) -> Text:
    """Each of the table's piles on a line: its name, then its cells."""
    text = Text(no_wrap=False, overflow="fold")
    for i, pile in enumerate(piles):
        if i:
            text.append("\n")
        text.append(str(pile["name"]), style="bold")
        if pile.get("cells"):
            text.append(": ")
            text.append_text(cells_text(pile["cells"], style, short))
    return text


def least_rows(page: Mapping[str, Any], layout: str = "full") -> int:
    """The fewest rows ``draw`` can take in ``layout``, at any width (a row a seat, and one
    for its cells under it in "full"; a row a pile and a public line): a panel lower than this
    need not draw it to know that it does not fit."""
    seats = page.get("seats") or ()
    rows = len(seats) + len(page.get("piles") or ())
    if layout == "full":
        rows += sum(1 for seat in seats if seat.get("cells"))
    if layout != "short":
        rows += len(page.get("lines") or ())
    return rows


def draw(page: Mapping[str, Any], style: Style = plain_style, layout: str = "full") -> Group:
    """The seats, the piles and the public lines of a page (``public_page``'s form), in one
    of the ``LAYOUTS``."""
    seats, short = page.get("seats") or (), layout == "short"
    table = seats_table(seats, style) if layout == "full" else inline_table(seats, style, short)
    parts: list = [table]
    if page.get("piles"):
        parts.append(piles_text(page["piles"], style, short))
    for line in page.get("lines") or () if not short else ():  # short: the step says them
        parts.append(Text(str(line), style="dim"))
    return Group(*parts)
