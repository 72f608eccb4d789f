"""The keys of a Blood Bound table and the names they stand for, in one place: seats (1–9, or
01–11 at eleven), the clans (B1: Rose and Beast, or Gargoyle and Phoenix, named and keyed by
the game's option), the wound tokens (B13), the characters (B2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from narrator.games.blood_bound.state import (
    AFFILIATIONS,
    BEAST,
    FLEUR,
    INQUISITOR,
    INQUISITOR_CLAN,
    ROSE,
    UNKNOWN,
    State,
)
from narrator.games.common.seats import seat_choices as common_seat_choices
from narrator.games.common.seats import seat_key, seat_range
from narrator.games.shell_data import Choice
from narrator.prompts import Words

# B1: each naming's keys for the two clans (the first letter of each name in English)
CLAN_KEYS = {"rose_beast": {ROSE: "r", BEAST: "b"}, "gargoyle_phoenix": {ROSE: "g", BEAST: "p"}}
UNKNOWN_KEY, FLEUR_KEY, INQUISITOR_KEY = "u", "f", "i"
PASS_KEY, ATTACK_KEY, PICK_KEY, NOBODY_KEY = "p", "a", "i", "n"
USE_KEY, DECLINE_KEY, WOUND_KEY, HEAL_KEY = "u", "d", "w", "l"
TRUE_KEY, FALSE_KEY = "1", "0"  # t is the record (SHELL_KEYS)
RANKS = range(1, 10)


def clan(s: State, code: str) -> Words:
    """B1: a clan's name as this table names it ("Rose", or "Gargoyle")."""
    if code == INQUISITOR_CLAN:
        return Words("bb.clan.inquisitor")
    return Words(f"bb.clan.{s.options.clans}.{code}")


def clan_key(s: State, code: str) -> str:
    return CLAN_KEYS[s.options.clans][code]


def character(s: State, code: str, rank: int) -> Words:
    """B2: a character as revealed: "Rose 3 · Harlequin", or "Inquisitor"."""
    if code == INQUISITOR_CLAN:
        return Words("bb.clan.inquisitor")
    return Words("bb.character", {"clan": clan(s, code), "rank": rank, "name": rank_name(rank)})


def rank_name(rank: int) -> Words:
    """B2: the character a rank token names: 1 the Elder … 9 the Courtesan, ✠ the Inquisitor."""
    return Words(f"bb.rank.{rank if rank != INQUISITOR else 'inquisitor'}")


def token(s: State, code: str) -> Words:
    """A wound token as shown (B13): a clan's, Unknown, rank n, the fleur cross."""
    if code in (ROSE, BEAST):
        return clan(s, code)
    if code in (UNKNOWN, FLEUR):
        return Words(f"bb.token.{code}")
    return Words("bb.token.rank", {"rank": int(code), "name": rank_name(int(code))})


def token_choices(s: State, make: Callable[[str, int], Any], only: tuple[str, ...] = ()):
    """A key for each token kind (B13): the clans', Unknown, the fleur cross, ranks 1–9.
    ``only``: the tokens listed (a heal lists the healed player's); the others are keyed
    anyway and the rules refuse them with their rule."""
    out = []
    for code in (*AFFILIATIONS, FLEUR, *map(str, RANKS)):
        kind, rank = ("rank", int(code)) if code.isdigit() else (code, 0)
        if code in (ROSE, BEAST):
            key = clan_key(s, code)
        else:
            key = {UNKNOWN: UNKNOWN_KEY, FLEUR: FLEUR_KEY}.get(code, code)
        listed = not only or code in only
        out.append(Choice(key, token(s, code), make(kind, rank), listed=listed))
    return tuple(out)


def token_keys(s: State) -> Words:
    """The key line's names of the token keys: "r Rose · b Beast · u Unknown · …"."""
    return Words("bb.token_keys", clan_params(s))


def clan_params(s: State) -> dict:
    """The clans' keys and names for a key line: {rk} {rose} · {bk} {beast}."""
    keys = CLAN_KEYS[s.options.clans]
    return {"rk": keys[ROSE], "rose": clan(s, ROSE), "bk": keys[BEAST], "beast": clan(s, BEAST)}


def seat_choices(s: State, make=None, refusal: Words | None = None, listed=None):
    return common_seat_choices(s.players, make, refusal, no_seat="bb.no_seat", listed=listed)


def seat_keys(s: State) -> Words:
    """This table's seat keys as a key line names them: "1–9", "01–11" (B4)."""
    return seat_range(s.count, "bb.seat_range")


def key_of(s: State, seat: int) -> str:
    return seat_key(seat, s.count)
