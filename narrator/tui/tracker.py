"""The generic tracker: the side panel of a game with no screens of its own, drawing its public
view as the terminal display does (``narrator.display.tracking``). It never sees a game's
state."""

from __future__ import annotations

from textual.widgets import Static

from narrator.display.feed import public_page
from narrator.display.tracking import draw, plain_style
from narrator.games.views import PublicView


class Tracker(Static):
    """The side panel of a game with no screens folder: ``show(view)`` draws the public view."""

    def show(self, view: PublicView) -> None:
        look = getattr(self.app, "look", None)
        style = look.tone_style if look is not None else plain_style
        self.update(draw(public_page(view, self.app.language), style))
