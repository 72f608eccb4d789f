"""A long table drawn as lines: the history's games or players, one a row, a cursor moved with
the arrows, Enter chooses. Only the lines on screen are drawn each frame (Textual's line API, as
the record's ``RecordLines``): a DataTable of 300 games took most of a second to draw on a busy
laptop.

The columns fit the width of the screen: a table wider than it has its widest columns narrowed
and their cells wrapped, a row taking as many lines as its tallest cell (at 80 columns a game's
outcome and its nine players are read whole, not cut). The heading is drawn by the table itself,
above the rows as they scroll and along with them sideways, so each column keeps its label."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

GAP = "  "
MARGIN = " "  # before each line
LONGEST_WORD = 16  # a longer word is cut rather than keep its column that wide


def wrapped(text: str, width: int) -> list[str]:
    """``text`` on lines of at most ``width`` cells, broken between words (a word longer than
    a line, cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while cell_len(word) > width:
            if line:
                lines.append(line)
                line = ""
            cut = next(i for i in range(len(word), 0, -1) if cell_len(word[:i]) <= width)
            lines.append(word[:cut])
            word = word[cut:]
        if not line:
            line = word
        elif cell_len(line) + 1 + cell_len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line or not lines else lines


def narrowest(cells: list[str]) -> int:
    """The width a column's cells wrap to without cutting a word (a very long one is cut)."""
    longest = max((cell_len(word) for cell in cells for word in cell.split()), default=0)
    return max(4, min(LONGEST_WORD, longest))


def widths(head: list[str], body: list[list[str]], room: int) -> list[int]:
    """Each column as wide as its widest cell; while the table is wider than ``room``, the
    widest column that can be is narrowed by one, down to its longest word."""
    columns = [[line[i] for line in [head, *body]] for i in range(len(head))]
    sizes = [max(map(cell_len, cells)) for cells in columns]
    floors = [min(size, narrowest(cells)) for size, cells in zip(sizes, columns, strict=True)]
    spare = sum(sizes) + len(GAP) * (len(sizes) - 1) - room
    while spare > 0:
        narrowed = [i for i, size in enumerate(sizes) if size > floors[i]]
        if not narrowed:
            break  # no narrower: the table scrolls sideways, its heading with it
        sizes[max(narrowed, key=lambda i: sizes[i])] -= 1
        spare -= 1
    return sizes


def laid_out(cells: list[str], sizes: list[int]) -> list[str]:
    """One row as lines: each cell wrapped in its column, the columns side by side."""
    columns = [wrapped(cell, size) for cell, size in zip(cells, sizes, strict=True)]
    height = max(map(len, columns), default=1)
    return [
        (
            MARGIN
            + GAP.join(
                set_cell_size(column[y] if y < len(column) else "", size)
                for column, size in zip(columns, sizes, strict=True)
            )
        ).rstrip()
        for y in range(height)
    ]


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
        self.heading = laid_out(self.head, sizes)
        self.lines, self.starts, self.row_of = [], [0], []
        for index, cells in enumerate(self.rows):
            row = laid_out(cells, sizes)
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
