"""What may stay in Latin letters on a Russian screen, and the English words that slipped in.

``english_words(screen_text(app), {"Ann", "Bob"})`` lists the Latin-letter words of a screen
that are neither in the given names nor always allowed: the game's printed title, guild names,
colour letters, key names, the speech engine's name and rule ids (R4, R27c), which stay as
printed in every language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from narrator.games.ravnica.tables import GUILD_ORDER

KEY_NAMES = {"Enter", "enter", "Esc", "esc", "ctrl", "Backspace", "F2", "F5", "tab", "shift"}
KEY_LETTERS = set("abcdefghijklmnopqrstuvwxyz")  # single keys, as the Footer and hints name them
PRODUCT_NAMES = {"eSpeak", "NG"}  # the speech engine, as the Settings screen's voice list names it
ALWAYS = {"RAVNICA", "INQUISITION", *GUILD_ORDER, *"WUBRG", *KEY_NAMES, *KEY_LETTERS}
ALWAYS |= PRODUCT_NAMES
RULE_ID = re.compile(r"[RWBP]\d+[a-z]?")  # every game's rule ids: R4, W21, B12, P16
WORD = re.compile(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*")  # runs of Latin letters and digits


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The Latin-letter words of ``text`` not in ``allowed`` nor ``ALWAYS``, each once, in order."""
    keep = ALWAYS | {word for name in allowed for word in WORD.findall(name)}  # "Zoë Mü" too
    found: dict[str, None] = {}
    for word in WORD.findall(text):
        if word not in keep and not RULE_ID.fullmatch(word):
            found[word] = None
    return list(found)
