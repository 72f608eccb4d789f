"""What anyone at a Pyre table may see: the one door for the side panel, the terminal display
and the page. P1: everything the app knows is public, and of a hand only its size. Each seat:
its hand size (flagged above 7, P22), its City Council as an ordered list of influences (P10),
its permanent-points cards (P17), its influence against the target (P18), its Dominance
token's side (P19, P20), whose turn and which action (P7), a claim in an open window (P16).
The table: the Pyre in the order its Citizens arrived, each with its former owner (P1, P11,
P17), the deck's empty mark (P9); the lines of ``told``."""

from __future__ import annotations

from narrator.games.pyre.reactions import first_claim
from narrator.games.pyre.state import (
    DEAL,
    HAND_LIMIT,
    OVER,
    PICK,
    SETUP,
    TURN_END,
    Citizen,
    State,
)
from narrator.games.pyre.told import action_number, end_lines, table_lines, told
from narrator.games.shell_data import Cell, Pile, PublicView, SeatView, Text, joined
from narrator.prompts import Words

IGNITES_AT = 3  # P17: the third Citizen on the Pyre ignites it
ACTIVE_TONE, WARN_TONE, PYRE_TONE = "active", "warn", "pyre"  # tones of the game's palette


def hand_cells(s: State, p: int) -> tuple[Cell, ...]:
    """P1: a hand is its size, nothing more; P22: above 7 it is flagged (it may be pointed
    out)."""
    size = s.hands[p]
    cells = [Cell(Words("py.table.hand"), size)]
    if size > HAND_LIMIT:
        cells.append(Cell(Words("py.table.above_seven"), tone=WARN_TONE))
    return tuple(cells)


def influences(citizens: tuple[Citizen, ...]) -> tuple[Text, ...]:
    """A council's Citizens as their influences, in the order played (place 1, 2, …)."""
    return tuple(str(c.influence) for c in citizens) or (Words("py.table.none"),)


def council_cell(s: State, p: int) -> Cell:
    """P10: the City Council, in the order played, where each place is final."""
    return Cell(Words("py.table.council"), items=influences(s.councils[p]))


def permanent_cells(s: State, p: int) -> tuple[Cell, ...]:
    """P17, P18: permanent-points cards (3 each), once a seat has any."""
    n = s.permanent[p]
    return (
        (Cell(Words("py.table.permanent"), n, short=Words("py.table.short.permanent")),)
        if n
        else ()
    )


def influence_cell(s: State, p: int) -> Cell:
    """P18: the council plus 3 a permanent card, against the target (P3, P4)."""
    short = Words("py.table.short.influence")
    return Cell(Words("py.table.influence"), s.influence(p), limit=s.target, short=short)


def dominance_cell(s: State, p: int) -> Cell:
    """P19, P20: the Dominance token's side."""
    if s.active[p]:
        short = Words("py.table.short.dominance_active")
        return Cell(Words("py.table.dominance.active"), tone=ACTIVE_TONE, short=short)
    return Cell(Words("py.table.dominance.inactive"), short="")  # inactive: left out when short


def seat_cells(s: State, p: int) -> tuple[Cell, ...]:
    """A seat's public things: hand, council, permanent points, influence, Dominance."""
    if not s.dealt:
        return ()
    return (
        *hand_cells(s, p),
        council_cell(s, p),
        *permanent_cells(s, p),
        influence_cell(s, p),
        dominance_cell(s, p),
    )


def turn_mark(s: State) -> Text | None:
    """P7: "action 1 of 2", "action 2 of 2", or the turn's end."""
    if s.step == TURN_END:
        return Words("py.table.turn_end")
    n = action_number(s)
    return None if n is None else Words("py.table.action", {"n": n})


def claim_mark(s: State, p: int) -> Text | None:
    """P16: in an open window, who claims, who has priority, who reacted."""
    w = s.window
    if w is None:
        return None
    if w.reacted == p:
        return Words("py.table.reacted", {"card": w.reaction})
    if w.reacted is None and p in w.claims:
        return Words("py.table.priority" if first_claim(s) == p else "py.table.claims")
    return None


def seat_marks(s: State, p: int) -> tuple[Text, ...]:
    """Beside the name: which action of his turn (P7), a claim (P16), the hand being picked
    from (P22), the winner (P21)."""
    marks: list[Text] = []
    if p == s.current and s.step != OVER and (mark := turn_mark(s)) is not None:
        marks.append(mark)
    if (claim := claim_mark(s, p)) is not None:
        marks.append(claim)
    if s.step == PICK and s.pointed == p:
        marks.append(Words("py.table.pointed"))
    if s.winner == p:
        marks.append(Words("py.table.wins"))
    return (joined(", ", *marks),) if marks else ()


def burning(s: State, citizen: Citizen) -> Text:
    """P1: a Citizen on the Pyre, with the player whose council it last left, if known."""
    if citizen.owner is None:
        return str(citizen.influence)
    return Words(
        "py.table.burning", {"influence": citizen.influence, "player": s.players[citizen.owner]}
    )


def piles(s: State) -> tuple[Pile, ...]:
    """The Pyre, its Citizens in the order they arrived, out of the 3 that ignite it (P17);
    the deck, marked empty or not (P9)."""
    if s.step in (SETUP, DEAL):
        return ()
    pyre = Cell(
        Words("py.table.citizens"),
        len(s.pyre),
        IGNITES_AT,
        items=tuple(burning(s, c) for c in s.pyre),
        tone=PYRE_TONE if s.pyre else None,
    )
    deck = Cell(Words("py.table.deck_empty"), tone=WARN_TONE) if s.deck_empty else None
    return (
        Pile(Words("py.table.pyre"), (pyre,)),
        Pile(Words("py.table.deck"), (deck or Cell(Words("py.table.deck_in_play")),)),
    )


def public_view(title: Text, state: State, unannounced: frozenset[int] = frozenset()) -> PublicView:
    """Everything at a Pyre table is public but what is in a hand (P1), which the app never
    knows: the side panel, the terminal display and the page draw this alone. No announcement
    here holds back a death (``Announcement.dies``): ``unannounced`` is always empty."""
    seats = tuple(
        SeatView(
            name,
            seat_marks(state, p),
            cells=seat_cells(state, p),
            turn=p == state.current and state.step != OVER,
        )
        for p, name in enumerate(state.players)
    )
    step: Text = Words(f"py.step.{state.step}")  # the game screen's name of the step
    if state.step == OVER:  # the winner heads the page (P21)
        step = end_lines(state)[0]
    moment = told(state)
    extra = {"told": moment} if moment else {}
    return PublicView(title, step, seats, extra, piles(state), table_lines(state))
