"""The generic table view: every seat of any game at a glance, from its public view."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from narrator.games.common.seats import seat_key
from narrator.games.views import worded


class PublicTable(Static):
    """Each seat's key, name and public marks; the dead struck through (from their death's
    announcement on)."""

    def show(self, state, unannounced=frozenset(), game=None) -> None:
        game = game or self.app.game
        view = game.public_view(state, frozenset(unannounced))
        lang = self.app.language
        table = Table(box=None, expand=True, padding=(0, 1), show_header=False, show_edge=False)
        table.add_column(justify="right", style="dim", width=2)
        table.add_column(ratio=3, no_wrap=True, overflow="ellipsis")
        table.add_column(no_wrap=True)
        count = len(view.seats)
        for i, seat in enumerate(view.seats):
            name = Text(seat.name, style="strike dim" if seat.dead else "")
            marks = Text(" ".join(worded(m, lang) for m in seat.marks))
            if seat.dead:
                marks.append(" ✝", style="bold red")
            table.add_row(seat_key(i, count), name, marks)
        self.update(table)


class FittingFooter(Footer):
    """Textual's Footer showing only the keys that fit its width, each whole: when they do not
    all fit, the keys every screen has give way first (the command palette, replay, mute,
    undo, quit, the record), then the others from the right; Help (?) stays, and lists them
    all. A key is never cut mid-word."""

    GIVE_WAY = ("command_palette", "replay", "mute", "undo", "ask_quit", "record")
    KEEP = frozenset({"help"})

    async def recompose(self) -> None:
        await super().recompose()
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        keys = list(self.query(FooterKey))
        room = self.size.width
        if not keys or not room:
            return
        widths = [
            key.render().cell_len + key.styles.gutter.width + key.styles.margin.width
            for key in keys
        ]
        used = sum(widths)
        shown = [True] * len(keys)

        def rank(i: int) -> tuple[int, int]:
            action = keys[i].action
            if action in self.GIVE_WAY:
                return (0, self.GIVE_WAY.index(action))
            return (1, -i)

        for i in sorted(range(len(keys)), key=rank):
            if used <= room:
                break
            if keys[i].action not in self.KEEP:
                shown[i] = False
                used -= widths[i]
        for key, show in zip(keys, shown, strict=True):
            if key.display != show:
                key.display = show
