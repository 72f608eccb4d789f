"""What the game screen shows at each step: a title, a body and the keys that apply.

Pure functions of the state: everything here is public, so no secret may be read from it
(the Ultimate Price target and a secret draw's colour are never shown before R29).
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from narrator.games.ravnica.state import Stage, State, Step
from narrator.games.ravnica.story import STAGE_NAMES, death_lines, result_line, winner_line
from narrator.games.ravnica.tables import (
    COLOUR_NAMES,
    GUILDS,
    TEAM_NAMES,
    agents_for,
)
from narrator.tui.widgets import PIP_STYLE, pips, seat_key

OPENING_CHECKLIST = (
    "Shuffle {agents} Agent of Bolas and {loyalists} Loyalist role cards; deal one face down to each player (R7).",
    "Deal the guild cards face up as shown in the table (R6); put the other guild and role cards back in the box.",
    "Shuffle the targeting deck (one card per colour) and put it face down (R8).",
    "Shuffle the colour leader deck (one card per colour) and put it face down (R8).",
    "Put the Ablaze and Ultimate Price cards beside the decks (R8).",
)


def who(s: State, seat: int) -> Text:
    text = Text(f"[{seat_key(seat)}] {s.players[seat]} ")
    text.append(f"({s.guilds[seat]} ", style="dim")
    text.append_text(pips(GUILDS[s.guilds[seat]]))
    text.append(")", style="dim")
    return text


def seat_list(s: State, seats) -> Text:
    """One seat per line, key first: readable across the table and never split mid-name."""
    out = Text()
    for i, seat in enumerate(seats):
        if i:
            out.append("\n")
        out.append("  ")
        out.append_text(who(s, seat))
    return out


def checklist(s: State, ticked: set[int]) -> Text:
    agents = agents_for(s.count)
    out = Text()
    for i, line in enumerate(OPENING_CHECKLIST):
        mark = "[x]" if i in ticked else "[ ]"
        out.append(f"{mark} {i + 1}. ", style="bold green" if i in ticked else "bold")
        out.append(line.format(agents=agents, loyalists=s.count - agents) + "\n")
    return out


def ballot_body(s: State) -> Group:
    b = s.ballot
    assert b is not None
    parts: list = []
    if s.step is Step.ELECTION:
        head = Text(
            f"{COLOUR_NAMES[s.round_colour]} leader election", style=PIP_STYLE[s.round_colour]
        )
        if b.stage is Stage.REVOTE:
            head.append(" — re-vote among the tied (R15)")
    else:
        head = Text(STAGE_NAMES[b.stage][:1].upper() + STAGE_NAMES[b.stage][1:], style="bold")
    parts.append(head)
    tally = b.tally()
    table = Table(box=None, padding=(0, 1), show_header=False)
    table.add_column(no_wrap=True)  # key, name, guild
    table.add_column(no_wrap=True)  # votes
    top = max(tally.values(), default=0)
    for c in b.candidates:
        n = tally[c]
        style = "bold yellow" if n == top and n > 0 else ""
        table.add_row(who(s, c), Text(" " + "█" * n + f" {n}", style=style))
    parts.append(table)
    if b.waiting:
        voter = b.waiting[0]
        parts.append(
            Text.assemble(
                ("Now voting: ", "bold"),
                (f" {s.players[voter]} ", "bold reverse"),
                f" — press the seat number of their choice. ({len(b.votes)}/{len(b.voters)} voted)",
            )
        )
    else:
        parts.append(
            Text(
                f"Everyone has voted ({len(b.votes)}/{len(b.voters)}). Enter: count the votes.",
                style="bold green",
            )
        )
    if b.votes:
        parts.append(
            Text(
                "Votes: " + ", ".join(f"{s.players[v]}→{s.players[c]}" for v, c in b.votes),
                style="dim",
            )
        )
    return Group(*parts)


def results_text(s: State, since_round: int) -> Text:
    out = Text()
    for r in s.results:
        if r.round >= since_round:
            out.append(result_line(s, r) + "\n", style="dim")
    return out


def over_body(s: State) -> Group:
    """The winner, full-screen (the table view is hidden at the end, R31)."""
    team = TEAM_NAMES[s.winner]
    colour = "#4a8fe7" if s.winner == "loyalists" else "#e5534b"
    banner = Text(f"\n{team.upper()} WIN\n", style=f"bold reverse {colour}", justify="center")
    story = Text(winner_line(s) + "\n\n", style="bold", justify="center")
    story.append("\n".join(death_lines(s)), style="")
    return Group(
        Panel(Group(banner, Text(""), story), border_style=f"bold {colour}", padding=(1, 4)),
        Text("\nt: game record · x: export to Markdown · h: home", style="dim", justify="center"),
    )
