"""Widgets of the shell's own: the side panels' base (drawn once at their width, the generic
one is ``tracker.Tracker``), a drawing measured at a width (how many rows it takes: what the
side panel and the step check before they show it), and the screen behind a dialog, dimmed.
The Footer that fits is ``footer.FittingFooter``."""

from __future__ import annotations

from typing import Any

from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.widgets import Static


class Drawn:
    """A renderable drawn once, ``width`` columns wide, as Textual draws a widget's content
    (``drawn_at``), and kept as its lines: Textual draws it again from them (its height, then
    its lines) instead of laying out its tables anew. At another width it is drawn afresh."""

    def __init__(self, renderable: Any, width: int, lines: list[list[Segment]]) -> None:
        self.renderable, self.width, self.lines = renderable, width, lines

    @property
    def rows(self) -> int:
        return len(self.lines)

    def __rich_console__(self, console, options):
        if options.max_width != self.width:
            yield self.renderable
            return
        end = Segment.line()
        for line in self.lines:
            yield from line
            yield end

    def __rich_measure__(self, console, options) -> Measurement:
        return Measurement.get(console, options, self.renderable)


def drawn_at(app: Any, renderable: Any, width: int) -> Drawn:
    """``renderable`` drawn ``width`` columns wide with the options Textual draws a widget's
    content with (its console's, without highlighting)."""
    options = app.console_options.update_width(width).update(highlight=False)
    return Drawn(renderable, width, app.console.render_lines(renderable, options, pad=False))


class ScrollsWhenLonger:
    """Mixed into a view drawn by lines (a ``ScrollView``): it scrolls whenever its lines are
    more than its room. Textual asks whether its scrollbar is shown, which it is only from the
    layout after its lines were first set: an End pressed as the record came on screen did
    nothing (a test caught it, 1 run in 20)."""

    @property
    def allow_vertical_scroll(self) -> bool:
        return not self._check_disabled() and self.max_scroll_y > 0


class DrawnStatic(Static):
    """What is drawn again at every entry (a side panel, the step's body): shown drawn once at
    its width (``Drawn``), and left as it is when it draws the same lines (no new layout of the
    screen). Drawn again when its width changes (the screen or the subclass shows it again)."""

    _drawn_lines: tuple[int, list] | None = None  # the width and lines shown, when drawn

    def show_drawn(self, renderable: Any) -> None:
        """``renderable`` (or a ``Drawn`` already drawn at this width) shown from its lines."""
        width = self.content_region.width
        if width <= 0:  # not laid out yet: drawn as it is (drawn again once it is)
            self.show_as_is(renderable)
            return
        drawn = renderable
        if not isinstance(drawn, Drawn) or drawn.width != width:
            drawn = drawn_at(self.app, renderable, width)
        if self._drawn_lines != (width, drawn.lines):
            self._drawn_lines = (width, drawn.lines)
            self.update(drawn)

    def show_as_is(self, renderable: Any) -> None:
        """``renderable`` left for Textual to draw (a step drawn compact, which may scroll)."""
        self._drawn_lines = None
        self.update(renderable)


_TINTS: dict[tuple[Style | None, Color], Style] = {}  # a style behind a dialog -> dimmed


class DimmedBehind(BackgroundScreen):
    """The screen behind a dialog, dimmed as Textual's ``BackgroundScreen`` dims it, each style's
    dimmed style worked out once (``_TINTS``) instead of for every piece of text at every
    drawing of the dialog: a fifth of a storm of keys' time, with its help and questions."""

    def __rich_console__(self, console, options):
        color, tints = self.color, _TINTS
        for segment in console.render(self.screen._compositor, options):
            text, style, control = segment
            if control:
                yield segment
                continue
            tint = tints.get((style, color))
            if tint is None:
                if len(tints) > 4096:
                    tints.clear()
                (alone,) = BackgroundScreen.process_segments([Segment(" ", style)], color)
                tint = tints[style, color] = alone.style
            yield Segment(text, tint)


class Dimmed:
    """Mixed into a dialog's screen (a ``ModalScreen``): the screen behind it drawn dimmed by
    ``DimmedBehind``."""

    def render(self):
        drawn = super().render()
        if type(drawn) is BackgroundScreen:
            return DimmedBehind(drawn.screen, drawn.color)
        return drawn
