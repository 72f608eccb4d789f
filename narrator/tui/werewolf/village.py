"""The village at a glance, beside every step: the 4×3 grid (per spot: a resident or not,
vertical ▮ or horizontal ▬, the votes on it, the Bodyguard's shield), the supply, each seat's
votes and the Grand Inquisitor, whose hut turn it is, the hidden pool and the dead. Drawn
from the public view (its ``VillageBoard``), never from the state."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from narrator.games.common.seats import seat_key
from narrator.games.shell_data import PublicView
from narrator.games.werewolf.public import BoxKind, VillageBoard
from narrator.games.werewolf.setup_view import signed
from narrator.tui.widgets import DrawnStatic
from narrator.tui.words import say

COLUMNS, ROWS = "ABCD", "123"


def cell(spot) -> Text:
    """One spot: ▮ vertical, ▬ horizontal, · empty; its votes; ⛨ protected."""
    if not spot.occupied:
        return Text("  ·  ", style="dim")
    text = Text(
        "▬" if spot.horizontal else "▮", style="bold #d8c38a" if spot.horizontal else "bold"
    )
    votes = f" {spot.votes:>2}" if spot.votes else "   "
    text.append(votes, style="bold yellow" if spot.votes else "")
    text.append("⛨" if spot.protected else " ", style="bold #4a8fe7")
    return text


def grid_table(spots) -> Table:
    """The 4×3 grid of spots (W9), each drawn by ``cell``."""
    grid = Table(box=None, padding=(0, 1), show_header=True, show_edge=False)
    grid.add_column("", style="dim", width=1)
    for c in COLUMNS:
        grid.add_column(c, width=5, header_style="bold", no_wrap=True)
    for r in ROWS:
        grid.add_row(r, *(cell(spots[COLUMNS.index(c) * 3 + ROWS.index(r)]) for c in COLUMNS))
    return grid


def grid_view(extra: dict):
    """The table display's part (from the feed, not the state): the grid, supply, the pool."""
    from types import SimpleNamespace

    parts: list = []
    if len(extra.get("village") or ()) == 12:
        parts.append(grid_table([SimpleNamespace(**spot) for spot in extra["village"]]))
    words = [extra.get(k) for k in ("supply_words", "hidden_words", "dead_words")]
    parts.append(Text(" · ".join(w for w in words if w)))
    return Group(*parts)


TWO_A_ROW_FROM = 8  # seats: more are drawn two a row in a short terminal
TALL = 30  # rows: a terminal this tall draws a seat a row


class VillageView(DrawnStatic):
    """The game's own side panel, drawn from the public view: its ``VillageBoard`` and seats."""

    def show(self, view: PublicView) -> None:
        lang = self.app.language
        board: VillageBoard = view.board
        if board.box:  # the set being picked (W5, W8)
            self.show_drawn(self.picker(board.box, lang))
            return
        parts: list = []
        if board.spots:
            parts.append(grid_table(board.spots))
            parts.append(Text(say(lang, "ww.panel.supply", supply=board.supply), style="bold"))
        parts.append(self.seats(view, board, lang))
        if board.hidden is not None:
            parts.append(self.pool(board, lang))
        self.show_drawn(Group(*parts))

    def picker(self, box: tuple[BoxKind, ...], lang: str) -> Table:
        """W5, W8: the box, each kind with its key, balance number and copies chosen."""
        table = Table(box=None, padding=(0, 1), show_header=False, show_edge=False, expand=True)
        table.add_column(style="bold", width=3)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(justify="right", width=3)
        table.add_column(justify="right", width=3)
        for k in box:
            n = k.picked
            table.add_row(
                Text(f"[{k.key}]"),
                Text(say(lang, f"term.kind.{k.kind}"), style="bold" if n else ""),
                Text(signed(k.balance)),
                Text(f"{n}/{k.copies}", style="bold green" if n else "dim"),
            )
        return table

    def seats(self, view: PublicView, board: VillageBoard, lang: str) -> Table:
        """A seat a row; side by side, two a row, when the table is large and the terminal
        short (12 seats at 80x24: one a row pushed the hidden pool below the panel)."""
        pairs = len(view.seats) > TWO_A_ROW_FROM and self.app.size.height < TALL
        table = Table(box=None, padding=(0, 1), show_header=False, show_edge=False, expand=True)
        for _ in range(2 if pairs else 1):
            table.add_column(justify="right", style="dim", width=2)
            table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
            table.add_column(no_wrap=True, justify="right")
        cells = [self.seat_cells(p, seat, view, board, lang) for p, seat in enumerate(view.seats)]
        if not pairs:
            for row in cells:
                table.add_row(*row)
            return table
        half = (len(cells) + 1) // 2
        for left, right in zip(cells[:half], [*cells[half:], ("", "", "")], strict=False):
            table.add_row(*left, *right)
        return table

    def seat_cells(
        self, p: int, seat, view: PublicView, board: VillageBoard, lang: str
    ) -> tuple[Text | str, Text, Text]:
        held = board.held
        marks = Text()
        if held:
            marks.append(f"{held[p]}", style="bold yellow" if held[p] else "dim")
            marks.append(say(lang, "ww.panel.votes_short"), style="dim")
        if held and p == board.gi:
            marks.append(" " + say(lang, "ww.panel.gi"), style="bold #b58ad8")
        name = ("▶ " if seat.turn else "") + seat.name
        shown = Text(name, style="bold" if seat.turn else "")
        return seat_key(p, len(view.seats)), shown, marks

    def pool(self, board: VillageBoard, lang: str) -> Text:
        kinds = []
        for kind, n in board.hidden or ():
            name = say(lang, f"term.kind.{kind}")
            kinds.append(f"{name}×{n}" if n > 1 else name)
        text = Text(say(lang, "ww.panel.hidden") + " ", style="bold")
        text.append(", ".join(kinds))
        if board.converted:
            text.append("\n" + say(lang, "ww.panel.converted"), style="bold red")
        if board.dead:
            text.append("\n" + say(lang, "ww.panel.dead") + " ", style="bold")
            text.append(", ".join(say(lang, f"term.kind.{k}") for k in board.dead), style="red")
        return text
