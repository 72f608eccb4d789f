"""What anyone at a Blood Bound table may see: the one door for the side panel, the terminal
display and the page. B14: each seat's tokens face up by kind and its wounds out of 4 (the
fourth captures, B16), its ability cards (B3), "holds a curse" (never which, B19, B21), the
dagger; the supply and the box (B6, B20, B28, B30); the attack being resolved (B10, B12), the
Inquisitor once his fleur cross showed (B11), and the end (B22–B26). ``State.true_curse`` is
read nowhere here, and in ``told`` only at the end (the privacy screen's mismatch, B26)."""

from __future__ import annotations

from narrator.games.blood_bound import keys
from narrator.games.blood_bound.flow import (
    ABILITY,
    CHARACTERS,
    END,
    FLIPS,
    HEAL,
    OFFERS,
    SETUP,
    TURN,
    WOUND,
)
from narrator.games.blood_bound.state import (
    BEAST,
    BOX_TOKENS,
    CURSE,
    FAN,
    FLEUR,
    INQUISITOR,
    MAX_WOUNDS,
    QUILL,
    RANK_COPIES,
    ROSE,
    SHIELD,
    STAFF,
    SWORD,
    UNKNOWN,
    State,
)
from narrator.games.blood_bound.told import (
    character_words,
    end_lines,
    next_flip,
    rank_words,
    table_lines,
    told,
)
from narrator.games.shell_data import Cell, Pile, PublicView, SeatView, Text, joined
from narrator.prompts import Words

CARDS = (SHIELD, SWORD, FAN, STAFF, QUILL)  # B3: the ability cards, face up, in this order
WOUNDS_LIMIT = MAX_WOUNDS + 1  # B16: the fourth wound captures
RANK_TONE, FLEUR_TONE, CURSE_TONE = "rank", "fleur", "curse"  # tones of the game's palette


def token_cells(s: State, p: int) -> tuple[Cell, ...]:
    """B13, B14: the affiliation tokens by kind (B30's stand-ins count as Unknown), then the
    rank token: its number and, being public, the character it names; or the fleur cross."""
    held = s.tokens[p]
    cells = [
        Cell(keys.token(s, kind), n) for kind in (ROSE, BEAST, UNKNOWN) if (n := held.count(kind))
    ]
    rank = s.rank_of(p)
    if rank is not None:
        tone = FLEUR_TONE if rank == INQUISITOR else RANK_TONE
        # Short (a small panel): the number, its character being B2's; once the character
        # is revealed (B22), its mark beside the name says both, and the cell is left out.
        revealed = bool(s.characters) and s.characters[p] is not None
        short = "" if revealed else str(rank) if rank != INQUISITOR else None
        cells.append(Cell(rank_words(rank), tone=tone, short=short))
    return tuple(cells)


def curse_cell(s: State, p: int) -> tuple[Cell, ...]:
    """B19: a curse card held face down, never which; B26: once flipped, what it showed."""
    if not s.holds(p, CURSE):
        return ()
    flipped = dict(s.flipped)
    if p in flipped:
        kind = "true" if flipped[p] else "false"
        return (Cell(Words(f"bb.table.curse_{kind}"), tone=CURSE_TONE),)
    return (Cell(Words("bb.table.curse"), tone=CURSE_TONE, short=Words("bb.table.short.curse")),)


def card_cells(s: State, p: int) -> tuple[Cell, ...]:
    """B3: Shield, Sword, Fan, Staff ×n, Quill (a count when a seat holds two)."""
    held = s.cards[p]
    return tuple(
        Cell(Words(f"bb.card.{card}"), n if n > 1 else None)
        for card in CARDS
        if (n := held.count(card))
    )


def seat_cells(s: State, p: int) -> tuple[Cell, ...]:
    """A seat's public things (B14): wounds n/4, tokens, ability cards, a curse held."""
    wounds = Cell(Words("bb.table.wounds"), s.wounds_of(p), WOUNDS_LIMIT, short="♥")
    return (wounds, *token_cells(s, p), *card_cells(s, p), *curse_cell(s, p))


def seat_marks(s: State, p: int) -> tuple[Text, ...]:
    """Beside the name: the dagger (B14), the Inquisitor shown (B11), at the end the captured
    and the captor (B22), the character revealed (B22), the leader (B23), the winners."""
    marks: list[Text] = []
    if s.dagger == p:
        marks.append(Words("bb.table.dagger"))
    if s.fleur_shown == p and (not s.characters or s.characters[p] is None):
        marks.append(Words("bb.table.inquisitor"))
    if s.captured == p:
        marks.append(Words("bb.table.captured"))
    if s.captor == p:
        marks.append(Words("bb.table.captor"))
    character = s.characters[p] if s.characters else None
    if character is not None:
        marks.append(character_words(s, character))
    if p in s.leaders:
        marks.append(Words("bb.table.leader"))
    if s.step == END and p in s.winners:
        marks.append(Words("bb.table.wins"))
    return (joined(", ", *marks),) if marks else ()  # one mark: the terminal joins by spaces


def turn_seat(s: State) -> int | None:
    """The seat that acts now: the dagger holder on his turn (B10), the target while offers
    are open (B12: he picks), the wounded (B13), the ability's user (B17, B14), the next
    curse card flipped (B26)."""
    if s.step == TURN:
        return s.dagger
    if s.step == OFFERS and s.attack is not None:
        return s.attack[1]
    if s.step == WOUND and s.wounds:
        return s.wounds[0].seat
    if s.step in (ABILITY, HEAL) and s.reveals:
        return s.reveals[0].seat
    return next_flip(s)


def piles(s: State) -> tuple[Pile, ...]:
    """The supply (B6): the rank tokens left, the fleur cross, the curse cards until they are
    given (B20), the Unknown tokens left of 20 and any stand-ins (B30); the box's ability
    cards left (B28)."""
    if s.step in (SETUP, CHARACTERS, FLIPS, END) or not s.players:
        return ()
    ranks = tuple(
        Words("bb.table.rank_left", {"rank": r, "n": left})
        for r in range(1, 10)
        if (left := RANK_COPIES - s.out(str(r)))
    )
    supply = [Cell(Words("bb.table.ranks_left"), items=ranks, short=Words("bb.table.short.ranks"))]
    if not s.out(FLEUR):  # B13: one fleur cross, back in the supply after a heal
        supply.append(Cell(keys.token(s, FLEUR)))
    curses = s.left_in_box(CURSE)
    if curses:
        supply.append(Cell(Words("bb.table.curse_cards"), curses, tone=CURSE_TONE))
    unknown = s.out(UNKNOWN)
    # left in the box, as the box's cards are counted ("Unknown 20"): "20/20" read as garbage
    supply.append(Cell(keys.token(s, UNKNOWN), max(0, BOX_TOKENS[UNKNOWN] - unknown)))
    if unknown > BOX_TOKENS[UNKNOWN]:
        supply.append(Cell(Words("bb.table.stand_ins"), unknown - BOX_TOKENS[UNKNOWN]))
    box = tuple(Cell(Words(f"bb.card.{card}"), s.left_in_box(card)) for card in CARDS)
    return (Pile(Words("bb.table.supply"), tuple(supply)), Pile(Words("bb.table.box"), box))


def public_view(title: Text, state: State, unannounced: frozenset[int] = frozenset()) -> PublicView:
    """Everything on the table is public (B14); the True Curse's seat never is before B26. No
    announcement here holds back a death (``Announcement.dies``): ``unannounced`` is always
    empty."""
    turn = turn_seat(state)
    seats = tuple(
        SeatView(name, seat_marks(state, p), cells=seat_cells(state, p), turn=p == turn)
        for p, name in enumerate(state.players)
    )
    step: Text = Words(f"bb.step.{state.step}")
    if state.step == END and state.winner is not None:  # the winner heads the page (B24–B26)
        step = end_lines(state)[0]
    moment = told(state)
    extra = {"told": moment} if moment else {}
    return PublicView(title, step, seats, extra, piles(state), table_lines(state))
