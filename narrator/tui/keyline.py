"""The keys a screen's key line shows in its width (``give_way``: the Footer's, and the first
frame's), and the home screen's key line in the app's first frame (``FirstKeys``), drawn as
Textual's Footer draws it without building the Footer: its styles and a widget a key are
built once that frame is drawn (bench: cold start)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

GIVE_WAY = (  # in this order, while the keys do not fit: a label, or the whole key
    *(("label", name) for name in ("command_palette", "replay", "mute", "undo", "ask_quit")),
    *(("key", name) for name in ("command_palette", "replay", "mute")),
    ("label", "record"),
    *(("key", name) for name in ("undo", "ask_quit", "record")),
)
KEEP = frozenset({"help"})  # Help (?) stays: it lists every key


def give_way(keys: Sequence[Any], room: int, width: Callable[[Any], int]) -> list[bool]:
    """Which of ``keys`` are shown in ``room`` columns, each whole (never cut mid-word): when
    they do not all fit, the keys every screen has give way first (``GIVE_WAY``: their labels,
    the key alone: " ^z", " m", given up in place; then the palette, replay and mute keys,
    before the record's label, which a table uses: "t Record"), then the others from the
    right, Help aside. Each key has ``action``, ``key_display`` and ``description``;
    ``width(key)`` counts its columns as it is now."""
    widths = [width(key) for key in keys]
    used = sum(widths)
    shown = [True] * len(keys)
    for how, name in GIVE_WAY:
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
        if shown[i] and keys[i].action not in KEEP:
            shown[i] = False
            used -= widths[i]
    return shown


def key_width(key: Any, styled: Any = None) -> int:
    """The columns ``FooterKey.render`` draws: its key and its label, each with its padding
    (``styled``'s: the widget whose styles pad it, the key itself by default), counted
    without drawing it (drawing it works out its styles: a tenth of the Footer's first
    build)."""
    if not key.description:
        return cell_len(key.key_display)
    styled = styled or key
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


class FirstKeys(Widget):
    """The home screen's keys in the app's first frame, one widget drawing the row Textual's
    Footer draws (the same cells and styles: tests/tui/test_startup.py), then giving way to a
    ``FittingFooter`` once the frame is drawn (``make_way``). Its looks are the Footer's: the
    colours below are Textual's Footer's and its keys', their paddings are the app's
    (app.tcss), and the palette key sits at the right behind a thin left edge, as docked."""

    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "first-keys--edge"}
    DEFAULT_CSS = """
    FirstKeys {
        dock: bottom; height: 1; width: 100%;
        color: $footer-foreground; background: $footer-background;
        .footer-key--key {
            color: $footer-key-foreground; background: $footer-key-background; text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground; background: $footer-description-background;
        }
        .first-keys--edge { color: $foreground 20%; }
    }
    """
    EDGE = "▏"  # the docked palette key's left border (Textual's "vkey")

    def __init__(self, footer: Callable[[], Widget]) -> None:
        super().__init__()
        self.footer = footer  # what it gives way to: a ``footer.FittingFooter(ready=True)``

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, lambda _: self.refresh())
        self.app.after_first_frame(lambda: self.call_later(self.make_way))

    async def make_way(self) -> None:
        """The Footer in its place, in one frame (no row drawn twice or missing)."""
        if not self.is_attached:
            return
        with self.app.batch_update():
            await self.screen.mount(self.footer(), before=self)
            await self.remove()

    def keys(self) -> tuple[list[SimpleNamespace], SimpleNamespace | None]:
        """The keys the Footer would show, as data (the home screen groups none), and its
        palette key (None: none)."""
        app, bindings = self.app, self.screen.active_bindings

        def key(binding, enabled: bool) -> SimpleNamespace:
            shown = app.get_key_display(binding)
            return SimpleNamespace(
                action=binding.action, key_display=shown, description=binding.description,
                enabled=enabled, docked=False,
            )  # fmt: skip

        first: dict[str, SimpleNamespace] = {}  # one key an action, as the Footer groups them
        for _, binding, enabled, _tip in bindings.values():
            if binding.show and binding.action not in first:
                first[binding.action] = key(binding, enabled)
        palette = None
        if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in bindings:
            _, binding, enabled, _tip = bindings[app.COMMAND_PALETTE_BINDING]
            palette = key(binding, enabled)
            palette.docked = True
        return list(first.values()), palette

    def width(self, key: SimpleNamespace) -> int:
        """The columns a key takes (the docked palette key's: its edge and right padding too)."""
        return key_width(key, self) + (2 if key.docked else 0)

    def drawn(self, key: SimpleNamespace, own: Style) -> list[Segment]:
        """One key as ``FooterKey.render`` draws it (``own``: the key widget's style)."""
        if not key.enabled:
            own += Style(dim=True)
        key_style = own + self.get_component_rich_style("footer-key--key")
        if not key.description:
            return [Segment(key.key_display, key_style)]
        around = self.get_component_styles("footer-key--key").padding
        label = self.get_component_styles("footer-key--description").padding
        return [
            Segment(" " * around.left + key.key_display + " " * around.right, key_style),
            Segment(
                " " * label.left + key.description + " " * label.right,
                own + self.get_component_rich_style("footer-key--description"),
            ),
        ]

    def render_line(self, y: int) -> Strip:
        """The row, cell by cell as the Footer's: its keys, each on its widget's style; the
        cells between them the Footer's background alone; the docked palette key."""
        width, own = self.size.width, self.rich_style
        background = Style(bgcolor=own.bgcolor)
        if y:
            return Strip.blank(width, background)
        keys, palette = self.keys()
        everything = [*keys, *([palette] if palette else [])]
        shown = give_way(everything, width, self.width)
        row: list[Segment] = []
        for key, show in zip(keys, shown, strict=False):
            if show:
                row += self.drawn(key, own)
        if palette is not None and shown[-1]:
            used = sum(cell_len(segment.text) for segment in row)
            row.append(Segment(" " * max(0, width - used - self.width(palette)), background))
            row.append(Segment(self.EDGE, self.get_component_rich_style("first-keys--edge")))
            row += self.drawn(palette, own)
            row.append(Segment(" ", background))  # its right padding
        return Strip(row).adjust_cell_length(width, background)
