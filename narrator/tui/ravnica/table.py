"""Ravnica's table view: every seat at a glance, with its guild's colour pips."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from narrator.games.common.seats import seat_key
from narrator.games.ravnica.state import State, Step
from narrator.tui.words import say

PIP_STYLE = {
    "W": "bold #f4ecd2",
    "U": "bold #4a8fe7",
    "B": "bold #b58ad8",
    "R": "bold #e5534b",
    "G": "bold #3fb96b",
}


WIDE = 44  # content cells from which the guild's name is shown

# Steps in which the table marks the candidates (◆) and who has voted (✓).
CANDIDATE_STEPS = (
    Step.DISCUSSION,
    Step.ELECTION,
    Step.FINAL_VOTE,
    Step.ELECTION_TIE,
    Step.FINAL_TIE,
)


def pips(colours) -> Text:
    """Coloured dots with the colour letters (legible without colour too)."""
    text = Text()
    for c in colours:
        text.append("●" + c, style=PIP_STYLE[c])
    return text


class TableView(Static):
    """Every seat: name, guild, colour pips, leader cards, Ablaze, candidate, death, vote."""

    state: State | None = None
    unannounced: frozenset[int] = frozenset()

    def on_resize(self) -> None:
        if self.state is not None:
            self.show(self.state, self.unannounced)

    def show(self, s: State, unannounced=frozenset()) -> None:
        """Draw ``s``; the seats in ``unannounced`` are not marked dead yet (their death is an
        announcement still to come)."""
        self.state = s
        self.unannounced = frozenset(unannounced)
        lang = self.app.language
        # Names come first: when the table is narrow (80 columns) the guild's name gives way;
        # its pips still show the colours. At setup nobody leads or is marked yet, so the
        # guilds the checklist deals by seat are always named (R6).
        setup = s.step in (Step.DEAL, Step.OPENING)
        wide = self.content_size.width == 0 or self.content_size.width >= WIDE or setup
        table = Table(box=None, expand=True, padding=(0, 1), collapse_padding=True, show_edge=False)
        table.add_column(say(lang, "table.seat"), justify="right", style="dim", width=2)
        player = say(lang, "table.player")
        table.add_column(player, ratio=3, min_width=6, no_wrap=True, overflow="ellipsis")
        if wide:
            guild = say(lang, "table.guild")
            table.add_column(guild, ratio=2, min_width=4, no_wrap=True, overflow="ellipsis")
        table.add_column("", width=4)
        if not setup:
            table.add_column(say(lang, "table.lead"), width=5, no_wrap=True, overflow="crop")
            # The marks: a steady width (rows do not jump), "(Ablaze) ◆ ✓" in full when wide.
            table.add_column("", no_wrap=True, width=12 if wide else 10, overflow="ellipsis")
        if s.step is Step.DISCUSSION and s.round_colour:  # who may be elected this round
            candidates = set(s.players_of(s.round_colour))
        else:
            candidates = set(s.ballot.candidates) if s.ballot else set()
        dead = set(s.dead()) - self.unannounced
        for seat in s.seats:
            guild = s.guilds[seat] if s.guilds else ""
            colours = s.colours_of(seat) if s.guilds else ()
            leads = Text()
            for c in s.colours_led_by(seat):
                leads.append(f"{c} ", style=PIP_STYLE[c])  # leader cards held (R16: maybe two)
            leads.rstrip()
            marks = Text()  # the vote marks first: a narrow table crops the Ablaze mark
            if seat in dead:
                marks.append("✝ ", style="bold red")
            if s.step in CANDIDATE_STEPS and seat in candidates and len(candidates) < s.count:
                marks.append("◆ ", style="bold yellow")
            if s.ballot and s.step in CANDIDATE_STEPS and s.ballot.vote_of(seat) is not None:
                marks.append("✓ ", style="green")
            if s.ablaze == seat:
                marks.append(say(lang, "table.ablaze"), style="bold #ff8c1a")
            elif s.ablaze_card == seat:  # the Red leader holds the card (R22)
                marks.append(say(lang, "table.ablaze_card"), style="#ff8c1a")
            name_style = "strike dim" if seat in dead else ""
            name = Text(s.players[seat], style=name_style)
            cells = (name, guild) if wide else (name,)
            extra = () if setup else (leads, marks)
            table.add_row(seat_key(seat), *cells, pips(colours), *extra)
        legend = Text("\n" + say(lang, "table.legend"), style="dim")
        self.update(Group(table, legend) if not setup else table)
