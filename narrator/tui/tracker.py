"""The generic tracker: the side panel of a game with no screens of its own, drawing its public
view as the terminal display does (``narrator.display.tracking``). It never sees a game's
state.

On a small terminal (80×24) eleven seats with their cells under them do not fit: the panel
takes the first of the tracker's layouts that fits its height (a line a seat, then short
labels), so that every seat, the supply and the box stay in sight (issue 26)."""

from __future__ import annotations

from typing import Any

from narrator.display.feed import public_page
from narrator.display.tracking import LAYOUTS, draw, least_rows, plain_style
from narrator.games.shell_data import PublicView
from narrator.tui.widgets import DrawnStatic, drawn_at


class Tracker(DrawnStatic):
    """The side panel of a game with no screens folder: ``show(view)`` draws the public view."""

    DEFAULT_CSS = "Tracker { height: 1fr; }"  # the panel's height, whatever it shows

    page: dict[str, Any] | None = None
    layout = LAYOUTS[0]

    def show(self, view: PublicView) -> None:
        page = public_page(view, self.app.language)
        if page == self.page:
            return  # drawn already (a key that changes no seat): a resize draws it again
        self.page = page
        self.redraw()

    def on_resize(self) -> None:
        if self.page is not None:
            self.redraw()

    def redraw(self) -> None:
        look = getattr(self.app, "look", None)
        style = look.tone_style if look is not None else plain_style
        width, height = self.content_region.width, self.content_region.height
        for layout in LAYOUTS:  # not laid out yet: the first (on_resize draws it again)
            last = layout == LAYOUTS[-1]
            if width > 0 and height > 0 and not last and least_rows(self.page, layout) > height:
                continue  # cannot fit, however wide: not drawn to be measured
            self.layout, drawn = layout, draw(self.page, style, layout)
            if width <= 0 or height <= 0:
                break
            drawn = drawn_at(self.app, drawn, width)  # measured once, drawn from its lines
            if drawn.rows <= height:
                break
        self.show_drawn(drawn)  # the same lines (a cell that shows no change): left as it is
