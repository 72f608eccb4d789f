"""Pieces of the game screen's steps: seat lists, the checklist, the ballot, the winner.

Pure functions of the state: everything here is public, so no secret may be read from it
(the Ultimate Price target and a secret draw's colour are never shown before R29).
"""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from narrator.games.ravnica import story
from narrator.games.ravnica.state import Stage, State, Step
from narrator.games.ravnica.tables import GUILDS, agents_for, colour_term, loyalists_for
from narrator.tui.widgets import PIP_STYLE, pips, seat_key, seat_of_key
from narrator.tui.words import say

__all__ = ["seat_key", "seat_of_key"]

# The setup checklist (R6–R8); with the app holding the decks (R9) nobody shuffles them.
CHECKLIST_PHYSICAL = ("roles", "guilds", "targeting_deck", "leader_deck", "cards")
CHECKLIST_APP = ("roles", "guilds", "app_decks", "cards")


def colour_word(letter: str, lang: str) -> str:
    """A colour's name on screen (R1): "White", "белый"."""
    return say(lang, str(colour_term(letter)))


def checklist_lines(s: State) -> tuple[str, ...]:
    return CHECKLIST_PHYSICAL if s.options.deck_mode == "physical" else CHECKLIST_APP


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


def checklist(s: State, ticked: frozenset[int], lang: str) -> Text:
    out = Text()
    params = {"agents": agents_for(s.count), "loyalists": loyalists_for(s.count)}
    for i, line in enumerate(checklist_lines(s)):
        mark = "[x]" if i in ticked else "[ ]"
        out.append(f"{mark} {i + 1}. ", style="bold green" if i in ticked else "bold")
        out.append(say(lang, f"checklist.{line}", **params) + "\n")
    return out


def stage_title(s: State, lang: str) -> Text:
    b = s.ballot
    if s.step is Step.ELECTION:
        colour = colour_word(s.round_colour, lang)
        head = Text(say(lang, "game.election_head", colour=colour), style=PIP_STYLE[s.round_colour])
        if b.stage is Stage.REVOTE:
            head.append(" — " + say(lang, "game.revote_head"))
        return head
    name = story.stage_name(b.stage, lang)  # worded to stand mid-sentence: capitalised here
    return Text(name[:1].upper() + name[1:], style="bold")


def ballot_body(s: State, lang: str) -> tuple[Group, str]:
    """The ballot as a table of candidates and votes, and its key line."""
    b = s.ballot
    assert b is not None
    parts: list = [stage_title(s, lang)]
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
    voted = {"voted": len(b.votes), "voters": len(b.voters)}
    if b.waiting:
        keys = Text.assemble(
            (say(lang, "game.now_voting") + " ", "bold"),
            (f" {s.players[b.waiting[0]]} ", "bold reverse"),
            " " + say(lang, "game.vote_keys", **voted),
        )
    else:
        keys = Text(say(lang, "game.all_voted", **voted), style="bold green")
    if b.votes:
        cast = ", ".join(f"{s.players[v]}→{s.players[c]}" for v, c in b.votes)
        parts.append(Text(say(lang, "game.votes_cast", votes=cast), style="dim"))
    return Group(*parts), keys.plain


def death_lines(s: State, lang: str) -> list[str]:
    return story.death_lines(s, lang=lang)


def over_body(s: State, lang: str) -> Group:
    """The winner, full-screen (the table view is hidden at the end, R31)."""
    team = say(lang, "team.loyalists_full" if s.winner == "loyalists" else "team.agents")
    colour = "#4a8fe7" if s.winner == "loyalists" else "#e5534b"
    banner = Text(
        "\n" + say(lang, "game.win_banner", team=team.upper()) + "\n",
        style=f"bold reverse {colour}",
        justify="center",
    )
    text = Text(story.winner_line(s, lang=lang) + "\n\n", style="bold", justify="center")
    text.append("\n".join(death_lines(s, lang)), style="")
    return Group(
        Panel(Group(banner, Text(""), text), border_style=f"bold {colour}", padding=(1, 4)),
        Text("\n" + say(lang, "game.over_keys"), style="dim", justify="center"),
    )
