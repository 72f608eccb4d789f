"""Werewolf's own screens: what the generic views cannot show: the village grid (W9, W33),
each seat's votes and the supply (W4), the hidden pool and the dead."""

from __future__ import annotations

from pathlib import Path

from narrator.tui.drawing import Look


class WerewolfLook(Look):
    css = Path(__file__).parent / "theme.tcss"  # its end's layout (W38)

    def name(self, state, seat: int) -> str:
        return state.players[seat]

    def count(self, state) -> int:
        return state.count

    def side_panel(self):
        from narrator.tui.werewolf.village import VillageView

        return VillageView(id="table")


LOOK = WerewolfLook


def page_view(extra: dict, lang: str):
    """The table display in a terminal (``narrator display``): the grid and the supply."""
    from narrator.tui.werewolf.village import grid_view

    return grid_view(extra)
