"""A long table drawn as lines: the history's games or players, one a line, columns aligned
once, a cursor moved with the arrows, Enter chooses. Only the lines on screen are drawn each
frame (Textual's line API, as the record's ``RecordLines``): a DataTable of 300 games took
most of a second to draw on a busy laptop."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

GAP = "  "


def aligned(head: list[str], body: list[list[str]]) -> tuple[str, list[str]]:
    """The heading and each line, every column as wide as its widest cell."""
    widths = [max(cell_len(line[i]) for line in [head, *body]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        padded = (set_cell_size(cell, width) for cell, width in zip(cells, widths, strict=True))
        return GAP.join(padded).rstrip()

    return line(head), [line(cells) for cells in body]


class Listing(ScrollView, can_focus=True):
    DEFAULT_CSS = "Listing { height: 1fr; }"
    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "move(-1000000)", show=False),
        Binding("end", "move(1000000)", show=False),
        Binding("enter", "choose", show=False),
    ]
    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[str] = []

    def show(self, lines: list[str]) -> None:
        self.lines = lines
        width = max((cell_len(line) for line in lines), default=0)
        self.virtual_size = Size(width, len(lines))
        self.cursor = 0
        self.scroll_to(0, 0, animate=False)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        style = self.rich_style
        if index == self.cursor and self.has_focus:
            style += Style(reverse=True)
        strip = Strip([Segment(self.lines[index], style)])
        return strip.crop_extend(scroll_x, scroll_x + width, style)

    def watch_cursor(self, old: int, new: int) -> None:
        self.scroll_to_region(Region(0, new, 1, 1), animate=False, immediate=True)
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        if self.lines:
            self.cursor = max(0, min(len(self.lines) - 1, self.cursor + step))

    def action_page(self, direction: int) -> None:
        self.action_move(direction * max(1, self.scrollable_content_region.height - 1))

    def action_choose(self) -> None:
        if self.lines:
            self.post_message(self.Chosen(self.cursor))
