"""The generic table view: every seat of any game at a glance, from its public view."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

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
