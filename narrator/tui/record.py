"""The game record on screen, drawn at once (a long game's record in about 0.1 s: its
Markdown drawn straight into lines, never through a Markdown widget), and its export."""

from __future__ import annotations

import os
import re
from pathlib import Path

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from narrator.tui.modals import Worded
from narrator.tui.widgets import ScrollsWhenLonger
from narrator.tui.words import say, translate_bindings


def record_text(app) -> str:
    if not app.journal:
        return ""
    # The moment on screen: an announcement still to be read is not in the record yet.
    return app.game.record(app.shown_state, app.shown_events, app.language)


def export_record(app) -> Path | None:
    if not app.journal:
        return None
    path = app.journal.path.with_suffix(".md")
    try:  # owner-only, like the journal beside it
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8") as f:
            os.fchmod(fd, 0o600)  # an older export may have been made with other permissions
            f.write(record_text(app))
    except OSError as err:
        why = say(app.language, "modals.record.failed", path=path, reason=err.strerror or err)
        app.refuse(why, speak=False)
        return None
    return path


# The record's Markdown, as the games write it: headings, lists, tables, **bold**, `code`, and
# the backslash escapes; anything else is a paragraph, shown as written.
INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`|\\([!-/:-@\[-`{-~])")
CELL_EDGE = re.compile(r"(?<!\\)\|")  # a table's column edge: a | not escaped
TABLE_RULE = re.compile(r"\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?")
ITEM = re.compile(r"[-*+] ")
BULLET = " • "


def inline(text: str) -> Text:
    """One line's Markdown as Text: **bold** and `code` styled, escapes taken off."""
    out = Text(end="")
    at = 0
    for found in INLINE.finditer(text):
        out.append(text[at : found.start()])
        bold, code, escaped = found.groups()
        if bold is not None:
            out.append(bold, "bold")
        elif code is not None:
            out.append(code, "bold")
        else:
            out.append(escaped)
        at = found.end()
    out.append(text[at:])
    return out


def markdown_blocks(markdown: str) -> list[tuple[str, object]]:
    """The blocks of the record: ("h1" | "h2" | "para", Text), ("items", [Text]), ("table",
    Table); a blank line between two blocks is ("gap", None)."""
    blocks: list[tuple[str, object]] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line:
            continue
        if blocks:
            blocks.append(("gap", None))
        if line.startswith("#"):
            level, _, title = line.partition(" ")
            blocks.append(("h1" if level == "#" else "h2", inline(title.strip(" #"))))
        elif ITEM.match(line):
            items = [inline(line[2:].strip())]
            while i < len(lines) and ITEM.match(lines[i].strip()):
                items.append(inline(lines[i].strip()[2:].strip()))
                i += 1
            blocks.append(("items", items))
        elif line.startswith("|"):
            rows = [line]
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i].strip())
                i += 1
            blocks.append(("table", markdown_table(rows)))
        else:
            paragraph = [line]
            while i < len(lines) and lines[i].strip() and lines[i].strip()[0] not in "#|":
                if ITEM.match(lines[i].strip()):
                    break
                paragraph.append(lines[i].strip())
                i += 1
            blocks.append(("para", inline(" ".join(paragraph))))
    return blocks


def markdown_table(rows: list[str]) -> Table:
    cells = [
        [cell.strip() for cell in CELL_EDGE.split(row.strip().strip("|"))]
        for row in rows
        if not TABLE_RULE.fullmatch(row)
    ]
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    for heading in cells[0] if cells else ():
        table.add_column(inline(heading))
    for row in cells[1:]:
        table.add_row(*(inline(cell) for cell in row))
    return table


class RecordView:
    """The game record's Markdown drawn without a Markdown parser: headings, lists with their
    bullets, the table of seats, bold lines. rich's Markdown took ~60 ms more to parse and draw
    a long record, and its import (with pygments) ~80 ms more at the first opening."""

    def __init__(self, markdown: str) -> None:
        self.blocks = markdown_blocks(markdown)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(console, options):
            yield from line
            yield Segment.line()

    def lines(self, console: Console, options: ConsoleOptions) -> list[list[Segment]]:
        """The record's lines at ``options.max_width``: the lines themselves, not a stream of
        segments for rich to split again (a third of the time)."""
        width = options.max_width
        out: list[list[Segment]] = []
        for kind, block in self.blocks:
            if kind == "gap":
                out.append([])
            elif kind == "table":
                out += console.render_lines(block, options.update(height=None), pad=False)
            elif kind == "items":
                indent = Segment(" " * len(BULLET))
                bullet = Segment(BULLET, Style(bold=True))
                room = max(1, width - len(BULLET))
                for item in block:
                    if item.cell_len <= room:  # most items: one line, nothing to wrap
                        out.append([bullet, *item.render(console)])
                        continue
                    for n, line in enumerate(item.wrap(console, room)):
                        out.append([bullet if n == 0 else indent, *line.render(console)])
            else:
                text = block.copy()
                if kind == "h1":
                    text.stylize("bold underline")
                    text.justify = "center"
                elif kind == "h2":
                    text.stylize("bold underline")
                for line in text.wrap(console, width, justify=text.justify):
                    out.append(list(line.render(console)))
        return out


class RecordLines(ScrollsWhenLonger, ScrollView, can_focus=True):
    """The record, drawn into lines once for its width; each frame composes only the lines on
    screen (Textual's line API, as its RichLog). A Static in a scroll measured and drew the
    whole record again for each frame as the screen opened. The keys of a scroll: arrows,
    Page Up/Down, Home, End."""

    def __init__(self, markdown: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view = RecordView(markdown)
        self.strips: list[Strip] = []
        self.width_drawn = 0

    def draw(self) -> None:
        """The record's lines for the width there is, if that width is new."""
        width = self.scrollable_content_region.width
        if width <= 0 or width == self.width_drawn:
            return
        options = self.app.console_options.update(width=width, height=None, highlight=False)
        self.strips = [Strip(line) for line in self.view.lines(self.app.console, options)]
        self.width_drawn = width
        self.virtual_size = Size(width, len(self.strips))

    def on_resize(self) -> None:
        self.draw()

    def render_line(self, y: int) -> Strip:
        self.draw()  # the first frame may come before the first Resize
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.strips):
            return Strip.blank(width, self.rich_style)
        line = self.strips[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)
        return line.apply_style(self.rich_style)


class KeyLine(Footer):
    """Textual's Footer with its keys in its first frame, built again only when the keys it
    shows change, and only on the screen in front. Textual's waits for a first notice that
    the bindings changed, then builds its keys again at each notice (~50 ms each, three as a
    screen opens), even on the screen behind: its keys came last."""

    def __init__(self) -> None:
        super().__init__()
        self.set_reactive(Footer._bindings_ready, True)
        self._shown: tuple | None = None
        self._due = False

    def shown(self) -> tuple:
        return tuple(
            (key, binding.description, binding.key_display, enabled)
            for key, (_, binding, enabled, _) in self.screen.active_bindings.items()
            if binding.show
        )

    def compose(self) -> ComposeResult:
        self._shown = self.shown()
        for widget in super().compose():
            if isinstance(widget, FooterKey):  # styled once, not three times as it mounts:
                widget.set_reactive(FooterKey.compact, self.compact)  # the key line's own,
                widget._reactive_connect = None  # never changed here (no data binding)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        if self._due or not (self.is_attached and screen is self.screen and screen.is_current):
            return
        if screen.app.app_focus:
            self._due = True
            self.call_after_refresh(self._build)

    async def _build(self) -> None:
        self._due = False
        if self.is_attached and self.screen.is_current and self.shown() != self._shown:
            await self.recompose()


class RecordScreen(Worded, Screen):
    """The game record, on screen at once with its keys (issue 17): its Markdown drawn into
    lines by ``RecordView``, scrolled by ``RecordLines``, the keys by ``KeyLine``. Textual's
    Markdown widget, a widget per block, took seconds to open a long game's record and its
    Footer came last (docs/performance.md, "record on screen")."""

    BINDINGS = [("escape,t,q", "close", "Close"), ("x", "export", "Export to Markdown")]

    def compose(self) -> ComposeResult:
        translate_bindings(self, self.app.language)  # before the key line is built, once
        yield RecordLines(record_text(self.app), id="record")
        yield KeyLine()

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_export(self) -> None:
        path = export_record(self.app)
        if path:
            self.notify(
                self.tr("modals.record.written", path=path),
                title=self.tr("modals.record.title"),
                timeout=10,
            )
