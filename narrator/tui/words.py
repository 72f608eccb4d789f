"""The screens' words in the chosen language, and the keys that work on any keyboard layout.

Every text a screen shows comes from ``narrator/prompts/ui/<lang>/*.toml`` through ``say``;
Footer labels come from the ``[keys]`` table, one per action (``translate_bindings``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from narrator.prompts import words

# A Russian (ЙЦУКЕН) keyboard types these where a Latin one types the letter on the same key:
# the letter keys work by position, whatever the layout (ц г и к п are w u b r g).
_RU = "йцукенгшщзхъфывапролджэячсмитьбю"
_EN = "qwertyuiop[]asdfghjkl;'zxcvbnm,."
LATIN_BY_POSITION: dict[str, str] = dict(zip(_RU, _EN, strict=True)) | {
    r.upper(): e.upper() for r, e in zip(_RU, _EN, strict=True) if e.isalpha()
}


def latin_key(character: str | None) -> str | None:
    """The Latin key at the position of ``character`` on a Russian layout, or None."""
    return LATIN_BY_POSITION.get(character or "")


def say(lang: str, key: str, **params: Any) -> str:
    """One of the screens' texts, formatted: ``say("ru", "game.vote_now", player="Ann")``."""
    return words(lang).format(key, **params)


def action_id(action: str) -> str:
    """A binding's action as a words id: ``role('agents')`` is ``keys.role_agents``."""
    return "keys." + re.sub(r"\W+", "_", action).strip("_")


def translate_bindings(node: Any, lang: str) -> None:
    """Give every binding of ``node`` (an App or a Screen) its Footer label in ``lang``.

    The label is ``[keys] <action>`` of the words catalogue; an action without one keeps its
    English label (a test checks that every shown binding has one)."""
    lines = words(lang).lines
    bindings = node._bindings.key_to_bindings  # Textual keeps them per key, in order
    for key, listed in bindings.items():
        shown = lines.get(f"keys.display_{key}")  # "space" is "пробел" on a Russian screen
        bindings[key] = [
            replace(
                b,
                description=lines.get(action_id(b.action), b.description),
                key_display=shown or b.key_display,
            )
            for b in listed
        ]
