"""What anyone at a Ravnica table may see: the one door for the side panel, the terminal
display and the page. Each seat's guild and colours (R2), the leader cards it holds (R16),
Ablaze (R22), the candidates and who has voted (R14, R27: votes are cast openly); the round's
colour and the live tally for the page, and each moment told in sentences (``told``). Nothing
secret: no draw, no Ultimate Price before R29."""

from __future__ import annotations

from narrator.games.ravnica import tables
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.told import end_lines, told
from narrator.games.shell_data import Cell, PublicView, SeatView, Text
from narrator.prompts import Words

# Steps in which the table marks the candidates (◆) and who has voted (✓).
CANDIDATE_STEPS = (
    Step.DISCUSSION,
    Step.ELECTION,
    Step.FINAL_VOTE,
    Step.ELECTION_TIE,
    Step.FINAL_TIE,
)
SETUP_STEPS = (Step.DEAL, Step.OPENING)  # R6: nobody leads or is marked yet
CANDIDATE, VOTED = "◆", "✓"  # the marks beside a seat, as the legend names them
GUILD = "guild"  # the tone of a seat's guild cell: its items are the guild's colours (R2)
ABLAZE, ABLAZE_CARD = "ablaze", "ablaze_card"  # R22: given Ablaze; the Red leader holds it


def seat_cells(state: State, seat: int) -> tuple[Cell, ...]:
    """A seat's public things: its guild with its colours (R2), a cell for each leader card
    it holds (R16: maybe two; the tone is the colour), Ablaze given or held (R22)."""
    cells = []
    if state.guilds:
        colours = tuple(state.colours_of(seat))
        cells.append(Cell(state.guilds[seat], items=colours, tone=GUILD))
    cells += [Cell(tables.colour_term(c), tone=c) for c in state.colours_led_by(seat)]
    if state.ablaze == seat:
        cells.append(Cell(Words("table.ablaze"), tone=ABLAZE))
    elif state.ablaze_card == seat:  # the Red leader holds the card (R22)
        cells.append(Cell(Words("table.ablaze_card"), tone=ABLAZE_CARD))
    return tuple(cells)


def candidates(state: State) -> set[int]:
    """Who may be elected now: the players of the round's colour while it is discussed, then
    the ballot's candidates."""
    if state.step is Step.DISCUSSION and state.round_colour:
        return set(state.players_of(state.round_colour))
    return set(state.ballot.candidates) if state.ballot else set()


def seat_marks(state: State, seat: int, standing: set[int]) -> tuple[Text, ...]:
    """◆ a candidate (when not everyone is one), ✓ has voted (R14, R27: cast openly)."""
    if state.step not in CANDIDATE_STEPS:
        return ()
    marks: list[Text] = []
    if seat in standing and len(standing) < state.count:
        marks.append(CANDIDATE)
    if state.ballot and state.ballot.vote_of(seat) is not None:
        marks.append(VOTED)
    return tuple(marks)


def display_extra(state: State) -> dict:
    """The page's own part: the round's colour, the live tally of a vote (cast openly, R14,
    R27), and who is ablaze once it is given (R22)."""
    extra: dict = {}
    colour = state.round_colour
    if colour:
        extra["colour"] = colour
        extra["colour_words"] = Words("display.colour", {"colour": tables.colour_term(colour)})
        players = tuple(state.players[p] for p in state.players_of(colour))  # R2: guilds shown
        extra["candidates_words"] = Words("display.candidates", {"players": players})
    if state.ballot is not None:
        tally = state.ballot.tally()
        extra["tally"] = tuple(
            {"name": state.players[c], "votes": tally[c]} for c in state.ballot.candidates
        )
    if state.ablaze is not None:
        extra["ablaze_words"] = Words("display.ablaze", {"player": state.players[state.ablaze]})
    return extra


def public_view(title: Text, state: State, unannounced: frozenset[int]) -> PublicView:
    """The table as anyone sees it; the seats in ``unannounced`` are not marked dead yet
    (their death is an announcement still to come). The legend of the marks is its line,
    once there are marks (not at setup, R6)."""
    dead = set(state.dead()) - set(unannounced)
    standing = candidates(state)
    seats = tuple(
        SeatView(
            name,
            seat_marks(state, i, standing),
            i in dead,
            cells=seat_cells(state, i),
        )
        for i, name in enumerate(state.players)
    )
    step = Words(f"step.{state.step.value}")
    lines = () if state.step in SETUP_STEPS else (Words("table.legend"),)
    extra = display_extra(state)
    if state.step is Step.OVER:  # the end told on every public screen (R28-R31)
        lines = end_lines(state, dead)
        if lines:  # the winner is the page's heading, not a line under "Winner"
            step, lines = lines[0], lines[1:]
    elif moment := told(state, dead):
        extra["told"] = moment
    return PublicView(title, step, seats, extra, lines=lines)
