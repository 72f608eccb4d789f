"""The shell's drawing of what a game gives it (``narrator.games.shell_data``), the generic
views: a ``StepView`` as a title, a body and the key line; an announcement; paced lines.

Every kind of step is drawn here from data (paragraphs, seats, a checklist, a ballot, rows,
the winner); a game's screens (``narrator/tui/<game>``) only label its seats and colour its
tones. Nothing here reads a game's state: what is secret never reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from narrator.games.common.seats import seat_key
from narrator.games.shell_data import (
    Announcement,
    Ballot,
    Checklist,
    Claims,
    Over,
    Paced,
    Rows,
    Seats,
    StepView,
)
from narrator.prompts import worded
from narrator.tui.words import say


@dataclass(frozen=True)
class View:
    title: Text
    body: RenderableType
    keys: str = ""  # the key line, pinned under the body: always visible at 80×24


class Look:
    """How a game's seats, tones and table look, and its own screens: the generic ones here;
    a game's screens module (``narrator.tui.<game>``) gives a ``LOOK`` of its own."""

    screens: dict = {}  # a step's ``screen`` name -> the game's own Screen class
    css: Path | None = None  # the game's own styles (its themes: ``StepView.theme`` classes)

    def __init__(self, game) -> None:
        self.game = game
        self._seen: tuple[Any, tuple] | None = None  # the last state and its public seats

    def seats(self, state) -> tuple:
        """The public view's seats, worked out once a state (a state is never changed, only
        replaced): a step's drawing asks for every seat's tag, and each asked for the whole
        public view twice."""
        if self._seen is None or self._seen[0] is not state:
            self._seen = (state, tuple(self.game.public_view(state).seats))
        return self._seen[1]

    def name(self, state, seat: int) -> str:
        return self.seats(state)[seat].name

    def count(self, state) -> int:
        return len(self.seats(state))

    def seat_tag(self, state, seat: int) -> str:
        """The seat's key and its player's name, as typed: "[3] Cid"."""
        return f"[{seat_key(seat, self.count(state))}] {self.name(state, seat)}"

    def seat_label(self, state, seat: int, lang: str) -> Text:
        return Text(self.seat_tag(state, seat))

    def tone_style(self, tone: str | None) -> str:
        return "bold"

    def side_panel(self):
        """The widget beside the step (every seat at a glance): ``show(public_view)``."""
        from narrator.tui.tracker import Tracker

        return Tracker(id="table")


def moment_name(page: Announcement, lang: str) -> str:
    """An announcement's own name ("The lynch", "Election result"): the header's and the table
    display's heading while it is on screen."""
    return say(lang, f"announce.kind.{page.kind}")


NAME_ONLY = ((" ", "bold"), (None, "bold"), (" ", "bold"))


def banner(view: StepView, lang: str, page: Announcement | None = None) -> Text:
    """The header: where the game is and the step on screen (an announcement's own name)."""
    name = moment_name(page, lang) if page else worded(view.name or "", lang)
    shape = view.banner or NAME_ONLY  # a game that gives no header of its own: the step's name
    parts = [(name if text is None else worded(text, lang), style) for text, style in shape]
    styles = {style for _, style in parts}
    if len(styles) == 1:  # one style: one text, as the header always was
        return Text("".join(text for text, _ in parts), style=styles.pop())
    return Text.assemble(*parts)


CONSOLE = Console(width=80)  # measures how lines wrap (said)
SAID = 4  # the lines said last that stay on screen under the step (a move and a new step's 3)
SAID_ROWS = 4  # the rows they may take; the newest line up to 6 (app.tcss: #caption)


def said(captions: list[str], width: int | None = None, rows: int = SAID_ROWS) -> Text:
    """The last lines said, newest first (the older dim); a line said again shows once. At
    ``width`` columns, an older line shows only if it fits whole in the ``rows`` left."""
    recent: list[str] = []
    for line in reversed(captions):
        if len(recent) == SAID:
            break
        if not recent or recent[-1] != line:
            recent.append(line)
    out = Text()
    used = 0
    for i, line in enumerate(recent):
        shown = f"🔊 {line}" if i == 0 else f"   {line}"
        if width:
            need = len(Text(shown).wrap(CONSOLE, width))
            if i and used + need > rows:
                break
            used += need
        if i:
            out.append("\n")
        out.append(shown, style="" if i == 0 else "dim")
    return out


def announcement(page: Announcement, caption: str, lang: str, compact: bool = False) -> View:
    """An announcement, large, until Enter; ``compact`` (a small terminal): no blank rows."""
    headline = Text(caption, style="bold", justify="center")
    parts: list[RenderableType] = [headline]
    if page.detail is not None:
        text = worded(page.detail, lang)
        parts += [Text(""), Text(text[:1].upper() + text[1:], justify="center")]
    border = page.tone or "#f4ecd2"
    padding = (0, 1) if compact else (1, 3)
    body = Panel(Group(*parts), padding=padding, border_style=f"bold {border}")
    return View(
        Text(moment_name(page, lang), style="bold"),
        body,
        say(lang, "announce.keys"),
    )


def paced(running: Paced, caption: str, lang: str, compact: bool = False) -> View:
    """Lines the app says by itself (the opening, R10): the line being said, large; in a
    small terminal (``compact``) with no blank rows around it (a long line of Werewolf's night
    pass at 80x24 pushed the frame's foot below the fold)."""
    line = Text(caption, style="bold", justify="center")
    return View(
        Text(worded(running.title, lang), style="bold"),
        Group(
            Text(worded(running.note, lang) + ("" if compact else "\n")),
            Panel(line, padding=(0, 2) if compact else (2, 4), border_style="bold #ff8c1a"),
        ),
    )


def step(
    view: StepView,
    state,
    look: Look,
    lang: str,
    ticked: frozenset[int] = frozenset(),
    public: bool = False,
    justify: str | None = None,
    compact: bool = False,
) -> View:
    """The step's own view; ``public``: a private step as the public screen announces it;
    ``compact``: a small terminal's (long lists of seats in columns, no blank rows)."""
    title, body, keys = view.title, view.body, view.keys
    if public and view.public is not None:
        title, body, keys = view.public
    parts = [block(b, state, look, lang, ticked, justify, compact) for b in body]
    rendered: RenderableType = parts[0] if len(parts) == 1 else Group(*parts)
    if compact and len(parts) > 1 and isinstance(body[0], Over):  # the winner beside the rest
        rest = [block(b, state, look, lang, ticked, justify) for b in body[1:]]  # a column
        rendered = Table.grid(expand=True, padding=(0, 2))
        # The winner's box keeps its banner's width (its line wraps under it); the rest
        # wraps and its lists take fewer columns: both readable side by side at 80 columns.
        banner = Text(worded(body[0].banner, lang)).cell_len + OVER_FRAME
        rendered.add_column(ratio=1, width=banner)
        rendered.add_column()
        rendered.add_row(parts[0], Group(*rest))
    return View(
        Text(worded(title, lang), style="bold"),
        rendered,
        worded(keys, lang) if keys is not None else "",
    )


def block(
    b, state, look: Look, lang: str, ticked=frozenset(), justify=None, compact=False
) -> RenderableType:
    if isinstance(b, Seats):
        return listed(seat_lines(state, b.seats, look, lang), compact, justify)
    if isinstance(b, Checklist):
        return checklist(b, ticked, lang)
    if isinstance(b, Ballot):
        return ballot(b, state, look, lang)
    if isinstance(b, Rows):
        return listed(rows(b, state, look, lang), compact)
    if isinstance(b, Claims):
        return claims(b, state, look, lang, compact)
    if isinstance(b, Over):
        return over(b, lang, compact)
    if isinstance(b, tuple):
        return Text(" ".join(worded(part, lang) for part in b), justify=justify)
    return Text(worded(b, lang), justify=justify)


OVER_FRAME = 4  # the winner's box, compact: its borders and padding, either side

LISTED_IN_COLUMNS = 4  # a small terminal lists more seats than this in columns


def listed(lines: list[Text], compact: bool = False, justify=None) -> RenderableType:
    """One seat per line, key first: readable across the table and never split mid-name. On
    a small terminal a long list goes down columns, in seat order (11 seats at 80×24)."""
    if compact and len(lines) > LISTED_IN_COLUMNS:
        return Columns(lines, padding=(0, 2), column_first=True)
    out = Text(justify=justify)
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        out.append_text(line)
    return out


def seat_lines(state, seats, look: Look, lang: str) -> list[Text]:
    return [Text("  ").append_text(look.seat_label(state, seat, lang)) for seat in seats]


def checklist(b: Checklist, ticked: frozenset[int], lang: str) -> Text:
    out = Text()
    for i, line in enumerate(b.items):
        mark = "[x]" if i in ticked else "[ ]"
        out.append(f"{mark} {i + 1}. ", style="bold green" if i in ticked else "bold")
        out.append(worded(line, lang) + "\n")
    return out


def ballot(b: Ballot, state, look: Look, lang: str) -> Group:
    """The candidates and their votes, and the votes cast."""
    parts: list = [Text(worded(b.heading, lang), style=look.tone_style(b.tone))]
    table = Table(box=None, padding=(0, 1), show_header=False)
    table.add_column(no_wrap=True)  # key, name, guild
    table.add_column(no_wrap=True)  # votes
    top = max(b.tally.values(), default=0)
    for c in b.candidates:
        n = b.tally.get(c, 0)
        style = "bold yellow" if n == top and n > 0 else ""
        table.add_row(look.seat_label(state, c, lang), Text(" " + "█" * n + f" {n}", style=style))
    parts.append(table)
    if b.cast:
        cast = ", ".join(f"{look.name(state, v)}→{look.name(state, c)}" for v, c in b.cast)
        parts.append(Text(say(lang, "game.votes_cast", votes=cast), style="dim"))
    return Group(*parts)


def rows(b: Rows, state, look: Look, lang: str) -> list[Text]:
    out = []
    for seat, value in b.rows:
        line = Text()
        mark = "▶ " if seat == b.cursor else "  "
        strong = seat in b.strong
        label = look.seat_tag(state, seat)
        line.append(f"{mark}{label}", style="bold" if strong else "")
        note = f" ({worded(b.strong_note, lang)})" if strong and b.strong_note else ""
        line.append(note, style="red")
        shown = worded(value, lang) if value is not None else "?"
        line.append(f": {shown}", style="green" if value is not None else "dim")
        out.append(line)
    return out


def claims(b: Claims, state, look: Look, lang: str, compact: bool = False) -> Group:
    """A window of claims (B12, P16): every seat that may claim, its claim marked, the first
    claimed with priority when the game orders them so."""
    first = b.claimed[0] if b.claimed and b.priority else None
    lines = []
    for seat in b.seats:
        claimed = seat in b.claimed
        line = Text("  ")
        line.append_text(look.seat_label(state, seat, lang))
        if seat == first:
            line.append("  " + say(lang, "game.claim_priority"), style="bold yellow")
        elif claimed:
            mark = worded(b.mark, lang) if b.mark is not None else say(lang, "game.claimed")
            line.append("  " + mark, style="bold")
        lines.append(line)
    parts: list = [Text(worded(b.heading, lang), style="bold"), listed(lines, compact)]
    if b.note is not None:
        parts.append(Text(worded(b.note, lang), style="dim"))
    return Group(*parts)


def over(b: Over, lang: str, compact: bool = False) -> Group:
    """The winner, full-screen; ``compact`` (a small terminal): no blank rows."""
    colour = b.tone or "#4a8fe7"
    gap = "" if compact else "\n"
    banner_text = Text(
        gap + worded(b.banner, lang) + gap, style=f"bold reverse {colour}", justify="center"
    )
    text = Text(worded(b.line, lang) + "\n" + gap, style="bold", justify="center")
    text.append("\n".join(worded(d, lang) for d in b.details), style="")
    inside = Group(banner_text, text) if compact else Group(banner_text, Text(""), text)
    padding = (0, 1) if compact else (1, 4)
    parts: list = [Panel(inside, border_style=f"bold {colour}", padding=padding)]
    if b.note is not None:
        parts.append(Text(gap + worded(b.note, lang), style="dim", justify="center"))
    return Group(*parts)
