"""A long table drawn as lines: the history's games or players, one a row, a cursor moved with
the arrows, Enter chooses. Only the lines on screen are drawn each frame (Textual's line API, as
the record's ``RecordLines``): a DataTable of 300 games took most of a second to draw on a busy
laptop.

The columns fit the width of the screen (`narrator.history.columns`). The heading is drawn by
the table itself, above the rows as they scroll and along with them sideways, so each column
keeps its label."""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from narrator.history.columns import laid_out, widths
from narrator.tui.widgets import ScrollsWhenLonger

MARGIN = " "  # before each line


class Listing(ScrollsWhenLonger, ScrollView, can_focus=True):
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
        self.head: list[str] = []
        self.rows: list[list[str]] = []  # each row's cells
        self.heading: list[str] = []  # the heading's lines, drawn at the top whatever the scroll
        self.lines: list[str] = []  # the rows' lines
        self.starts: list[int] = [0]  # each row's first line, then the end
        self.row_of: list[int] = []  # each line's row
        self.room = 0  # the width laid out for

    def show(self, head: list[str], rows: list[list[str]]) -> None:
        self.head, self.rows = head, rows
        self.room = 0
        self.lay_out()
        self.cursor = 0
        self.scroll_to(0, 0, animate=False, immediate=True)

    def lay_out(self) -> None:
        """The columns for the width the table has now (the screen's, before it is drawn)."""
        width = self.size.width or self.app.size.width
        room = width - self.styles.scrollbar_size_vertical - len(MARGIN)
        if room == self.room and (self.lines or not self.rows):
            return
        self.room = room
        sizes = widths(self.head, self.rows, max(1, room))
        self.heading = [MARGIN + line for line in laid_out(self.head, sizes)]
        self.lines, self.starts, self.row_of = [], [0], []
        for index, cells in enumerate(self.rows):
            row = [MARGIN + line for line in laid_out(cells, sizes)]
            self.lines += row
            self.row_of += [index] * len(row)
            self.starts.append(len(self.lines))
        wide = max(map(cell_len, [*self.heading, *self.lines]), default=0)
        self.virtual_size = Size(wide, len(self.heading) + len(self.lines))
        self.refresh()

    def on_resize(self) -> None:
        self.lay_out()
        self.keep_in_view()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        style = self.rich_style
        if y < len(self.heading):  # sideways with the rows, never up with them
            text, style = self.heading[y], style + Style(bold=True)
        else:
            index = scroll_y + y - len(self.heading)
            if index >= len(self.lines):
                return Strip.blank(width, style)
            text = self.lines[index]
            if self.row_of[index] == self.cursor and self.has_focus:
                style += Style(reverse=True)
        strip = Strip([Segment(text, style)])
        return strip.crop_extend(scroll_x, scroll_x + width, style)

    def keep_in_view(self) -> None:
        """The cursor's row on screen, all of it when it fits, and no row cut at the top (a
        row's first line says which game it is)."""
        if not self.rows:
            return
        top, bottom = self.starts[self.cursor], self.starts[self.cursor + 1]
        seen = max(1, self.scrollable_content_region.height - len(self.heading))
        y = self.scroll_offset.y
        if top < y:
            y = top
        elif bottom > y + seen:
            y = min(top, next(start for start in self.starts if start >= bottom - seen))
        self.scroll_to(y=y, animate=False, immediate=True)

    def watch_cursor(self, old: int, new: int) -> None:
        self.keep_in_view()
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        if self.rows:
            self.cursor = max(0, min(len(self.rows) - 1, self.cursor + step))

    def action_page(self, direction: int) -> None:
        """A screenful of lines on: the row found there."""
        if self.rows:
            seen = max(1, self.scrollable_content_region.height - len(self.heading))
            line = self.starts[self.cursor] + direction * seen
            self.cursor = self.row_of[max(0, min(len(self.lines) - 1, line))]

    def action_choose(self) -> None:
        if self.rows:
            self.post_message(self.Chosen(self.cursor))
