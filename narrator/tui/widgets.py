"""Widgets of the shell's own: the Footer that fits, the side panels' base (drawn once at
their width, the generic one is ``tracker.Tracker``), a drawing measured at a width (how many
rows it takes: what the side panel and the step check before they show it), and the screen
behind a dialog, dimmed."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from rich.cells import cell_len
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey


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


class FittingFooter(Footer):
    """Textual's Footer showing only the keys that fit its width, each whole: when they do not
    all fit, the keys every screen has give way first (``GIVE_WAY``: their labels, the key
    alone: "^z", "m"; then the palette, replay and mute keys, before the record's label, which
    a table uses: "t Record"), then the others from the right; Help (?) stays, and lists them
    all. A key is never cut mid-word."""

    GIVE_WAY = (  # in this order, while the keys do not fit: a label, or the whole key
        *(("label", name) for name in ("command_palette", "replay", "mute", "undo", "ask_quit")),
        *(("key", name) for name in ("command_palette", "replay", "mute")),
        ("label", "record"),
        *(("key", name) for name in ("undo", "ask_quit", "record")),
    )
    KEEP = frozenset({"help"})

    def __init__(self, *children, at_once: bool = False, **options) -> None:
        super().__init__(*children, **options)
        # Its first keys drawn by one widget (``KeyLine``) until the app's first frame is drawn
        # (the home screen's, which would wait for a widget a key: 3% of it).
        self.at_once = at_once

    def on_mount(self) -> None:  # (Textual calls Footer's own too)
        if self.at_once:
            self.fit()  # the keys composed with it, fitted before the first frame
            self.app.after_first_frame(self.build_keys)

    def build_keys(self) -> None:
        """A widget a key, as always, in place of the one that drew them until now."""
        self.at_once, self._shown = False, None
        self.call_later(self.recompose)

    def compose(self):
        """Textual's keys, each given the Footer's ``compact`` before it is mounted: a new key's
        own default (True) would otherwise be styled once, then its bound value (False) again,
        two restyles per key and rebuild (a profile found them a tenth of a whole-game test).
        ``at_once``: the keys but the docked palette's drawn by one ``KeyLine``, composed with
        the screen (its bindings are its own and the app's already: no rebuild waits for the
        screen's first word that they are ready, ``bindings_changed``)."""
        if self.at_once and self.is_attached:
            self.set_reactive(Footer._bindings_ready, True)
            self._shown = self.shown_keys()
        widgets = list(super().compose())
        for widget in widgets:
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
        keys = [w for w in widgets if not w.has_class("-command-palette")]
        if self.at_once and keys and all(type(w) is FooterKey and not w._disabled for w in keys):
            widgets = [KeyLine(keys), *(w for w in widgets if w not in keys)]
        yield from widgets

    async def recompose(self) -> None:
        """Rebuilt only when the keys it shows change: Textual rebuilds it at every focus and
        binding change (eight times an entry, a profile found: a tenth of a game's time)."""
        if not self.is_attached or self._pruning:  # as Textual's own: a footer going away
            return
        shown = self.shown_keys()
        if shown == getattr(self, "_shown", None) and self.children:
            return
        self._shown = shown
        if not await self.relabel():
            await super().recompose()
        self.fit()

    async def relabel(self) -> bool:
        """The keys composed now given to the keys there are, each relabelled in place; only the
        keys more or fewer are mounted or removed (no Footer rebuilt and restyled at each step:
        a profile found the rebuild a twentieth of a game's time). False when it cannot (a
        group of keys, no keys yet, the palette's key come or gone): then it is rebuilt."""
        old = list(self.children)
        if not old or any(isinstance(w, KeyLine) for w in old):  # built whole (composed once)
            return False
        fresh = list(self.compose())
        if not all(isinstance(w, FooterKey) for w in (*fresh, *old)):
            return False

        def split(keys: list) -> tuple[list, list]:
            docked = [k for k in keys if k.has_class("-command-palette")]
            return [k for k in keys if not k.has_class("-command-palette")], docked

        (keys, docked), (wanted, docked_wanted) = split(old), split(fresh)
        if len(docked) != len(docked_wanted) or any(k.has_class("-grouped") for k in fresh):
            return False
        # Each in its own place: a key more is mounted, never given to the docked palette key
        # (which then showed a second "v Replay" where "^p palette" was).
        pairs = (*zip(keys, wanted, strict=False), *zip(docked, docked_wanted, strict=True))
        for key, new in pairs:
            key.key, key.key_display, key.description = new.key, new.key_display, new.description
            key.action, key._disabled, key.tooltip = new.action, new._disabled, new.tooltip
            key.set_class(new._disabled, "-disabled")
            key.labelled = (new.key_display, new.description)  # as composed (fit may cut it)
            key.refresh(layout=True)
        if len(wanted) > len(keys):
            more = wanted[len(keys) :]
            await self.mount(*more, before=docked[0]) if docked else await self.mount(*more)
        elif len(keys) > len(wanted):
            await self.remove_children(keys[len(wanted) :])
        return True

    def shown_keys(self) -> tuple:
        """What ``compose`` draws, as data: each shown binding, enabled or not, its words."""
        if not self._bindings_ready:
            return ()
        return (
            self.app.language if hasattr(self.app, "language") else None,
            self.compact,
            tuple(
                (b.key, b.action, b.description, b.group, enabled, tooltip)
                for (_, b, enabled, tooltip) in self.screen.active_bindings.values()
                if b.show or b.action == "command_palette"
            ),
        )

    def on_resize(self) -> None:
        self.fit()

    def keys(self) -> list[tuple[Any, FooterKey]]:
        """Each key shown, with the widget that draws it (itself, or the ``KeyLine``)."""
        keys: list[tuple[Any, FooterKey]] = []
        for widget in self.query(FooterKey):
            if isinstance(widget, KeyLine):
                keys += [(key, widget) for key in widget.keys]
            else:
                keys.append((widget, widget))
        return keys

    def fit(self) -> None:
        drawers = self.keys()
        keys = [key for key, _ in drawers]
        # Before the first frame it is not laid out yet: the screen's width (it is docked
        # across it), so that the first frame shows the keys that fit, as every later one.
        room = self.size.width or (self.app.size.width if self.at_once else 0)
        if not keys or not room:
            return
        drawn = [(key.key_display, key.description) for key in keys]
        for key in keys:  # as composed: each with its label
            labelled = getattr(key, "labelled", None)
            if labelled is None:
                key.labelled = (key.key_display, key.description)
            else:
                key.key_display, key.description = labelled

        drawer = {id(key): by for key, by in drawers}

        def width(key) -> int:
            by = drawer[id(key)]
            return key_width(key, by) + by.styles.gutter.width + by.styles.margin.width

        widths = [width(key) for key in keys]
        used = sum(widths)
        shown = [True] * len(keys)
        for how, name in self.GIVE_WAY:
            for i, key in enumerate(keys):
                if used <= room or key.action != name or not shown[i]:
                    continue
                if how == "key":
                    shown[i] = False
                    used -= widths[i]
                elif key.description:  # the key alone: " ^z", " m"
                    key.key_display, key.description = " " + key.key_display, ""
                    used -= widths[i] - width(key)
                    widths[i] = width(key)
        for i in reversed(range(len(keys))):  # then the others, from the right
            if used <= room:
                break
            if shown[i] and keys[i].action not in self.KEEP:
                shown[i] = False
                used -= widths[i]
        for key, show, was in zip(keys, shown, drawn, strict=True):
            changed = (key.key_display, key.description) != was or key.display != show
            if key.display != show:
                key.display = show
            if changed:  # drawn again only then
                drawer[id(key)].refresh(layout=True)


def key_width(key: Any, drawn_by: FooterKey | None = None) -> int:
    """The columns ``FooterKey.render`` draws: its key and its label, each with its padding
    (``drawn_by``'s styles: a ``KeyLine``'s for its keys), counted without drawing it (drawing
    it works out its styles: a tenth of the footer's first build, which the home screen's
    first frame waits for)."""
    if not key.description:
        return cell_len(key.key_display)
    styled = drawn_by or key
    around = styled.get_component_styles("footer-key--key").padding
    label = styled.get_component_styles("footer-key--description").padding
    return (
        around.left
        + cell_len(key.key_display)
        + around.right
        + label.left
        + cell_len(key.description)
        + label.right
    )


class KeyLine(FooterKey):
    """The Footer's keys drawn by one widget as their own widgets draw them side by side: it is
    styled as a key is (a FooterKey), and draws each with ``FooterKey.render``. Only until the
    first frame is drawn (``FittingFooter.at_once``): it takes no click."""

    def __init__(self, keys: list[FooterKey]) -> None:
        super().__init__("", "", "", "")
        self.keys = [
            SimpleNamespace(
                key=key.key,
                key_display=key.key_display,
                description=key.description,
                action=key.action,
                display=True,
            )
            for key in keys
        ]

    def render(self) -> Text:
        drawn = []
        for key in self.keys:
            if key.display:
                self.key_display, self.description = key.key_display, key.description
                drawn.append(super().render())
        return Text.assemble(*drawn, no_wrap=True)

    def on_mouse_down(self) -> None:
        pass  # a frame's stand-in: the keys' own widgets take the clicks


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
