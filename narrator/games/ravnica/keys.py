"""The keys of Ravnica's steps: the colour keys (w u b r g, R1) and the seat digits (R4)."""

from __future__ import annotations

from narrator.games.common.seats import seat_choices as common_seat_choices
from narrator.games.ravnica.state import State
from narrator.games.ravnica.tables import COLOURS, colour_term
from narrator.games.shell_data import Choice
from narrator.prompts import Words


def colour_words(letter: str) -> Words:
    return Words(str(colour_term(letter)))


def seat_choices(s: State, make=None, refusal: Words | None = None, listed=()) -> tuple:
    """A choice for each digit key (R4: at most ten seats); only ``listed`` seats are drawn in
    the step's list (the ballot and the tables draw their own)."""
    return common_seat_choices(s.players, make, refusal, no_seat="game.no_seat", listed=listed)


def colour_choices(make=None, refusal: Words | None = None, quiet=False) -> tuple[Choice, ...]:
    """A choice for each colour key (w u b r g): every colour may be keyed, the rules refuse
    a card that is gone (R18: listing only the cards left would tell the deck)."""
    return tuple(
        Choice(
            c.lower(),
            colour_words(c),
            make(c) if make else None,
            refusal=refusal,
            quiet=quiet,
            listed=False,
        )
        for c in COLOURS
    )
