"""Textual's Footer fitted to its width (``FittingFooter``): the keys that fit, each whole, and
rebuilt only when the keys it shows change. The home screen's first frame draws its keys with
``keyline.FirstKeys``, which gives way to one of these once drawn."""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from narrator.tui.keyline import give_way, key_width


class FittingFooter(Footer):
    """Textual's Footer showing only the keys that fit its width, each whole: the keys every
    screen has give way first (``keyline.give_way``); Help (?) stays, and lists them all."""

    def __init__(self, *children, ready: bool = False, **options) -> None:
        super().__init__(*children, **options)
        # Its keys composed with it, fitted to the screen's width before it is laid out: in
        # place of the first frame's keys (``FirstKeys.make_way``), the same row at once.
        self.ready = ready

    def compose(self):
        """Textual's keys, each given the Footer's ``compact`` before it is mounted: a new key's
        own default (True) would otherwise be styled once, then its bound value (False) again,
        two restyles per key and rebuild (a profile found them a tenth of a whole-game test).
        ``ready``: composed as it is mounted (the screen's bindings are ready: no rebuild waits
        for the screen's word that they are, ``bindings_changed``)."""
        if self.ready and self.is_attached and not self._bindings_ready:
            self.set_reactive(Footer._bindings_ready, True)
            self._shown = self.shown_keys()
        widgets = list(super().compose())
        for widget in widgets:
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, self.compact)
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
        if not old:
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

    def on_mount(self) -> None:  # (Textual calls Footer's own too, which starts listening)
        if self.ready:
            self.fit()  # composed with it: fitted before it is laid out
            # Keys changed while it was mounted were told before it listened: looked at again
            # (rebuilt only if they differ from those it was composed with).
            self.call_after_refresh(self.recompose)

    def fit(self) -> None:
        keys = list(self.query(FooterKey))
        # Not laid out yet: the screen's width (it is docked across it), so that its first
        # frame shows the keys that fit, as every later one.
        room = self.size.width or (self.app.size.width if self.ready else 0)
        if not keys or not room:
            return
        drawn = [(key.key_display, key.description) for key in keys]
        for key in keys:  # as composed: each with its label
            labelled = getattr(key, "labelled", None)
            if labelled is None:
                key.labelled = (key.key_display, key.description)
            else:
                key.key_display, key.description = labelled

        def width(key: FooterKey) -> int:
            return key_width(key) + key.styles.gutter.width + key.styles.margin.width

        shown = give_way(keys, room, width)
        for key, show, was in zip(keys, shown, drawn, strict=True):
            changed = (key.key_display, key.description) != was or key.display != show
            if key.display != show:
                key.display = show
            if changed:  # drawn again only then
                key.refresh(layout=True)
