"""Players' names, for any game: trimmed, no control characters, within a length, no two alike.

The refusals are the common catalogue's (``refusal.name_*``, ``refusal.same_name``); the rule
that asks for names (R4, W2) is the game's, passed in.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from narrator.games.entries import Refusal

MAX_NAME_LENGTH = 24


def clean_name(raw: object, limit: int = MAX_NAME_LENGTH) -> str:
    """A player's name as shown: trimmed, no control characters, within the length limit."""
    if not isinstance(raw, str):
        raise Refusal("name_not_text")
    text = " ".join(raw.split())
    hidden = sorted({ch for ch in text if unicodedata.category(ch).startswith("C")})
    if hidden:
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in hidden[:3])
        raise Refusal("name_hidden", codes=codes)
    if not text:
        raise Refusal("name_blank")
    if len(text) > limit:
        raise Refusal("name_too_long", limit=limit)
    return text


def clean_names(raw: Sequence[object], rule: str) -> tuple[str, ...]:
    """Every seat's name cleaned, and refused when two are the same (whatever the case)."""
    players = tuple(clean_name(p) for p in raw)
    seen: dict[str, int] = {}
    for i, p in enumerate(players):
        key = p.casefold()
        if key in seen:
            raise Refusal("same_name", rule, first=seen[key] + 1, second=i + 1, name=p)
        seen[key] = i
    return players
