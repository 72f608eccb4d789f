"""One key reader for every screen that takes a step's choices (the game screen, the privacy
screen): a key is one of the choices, typed as it is ("1", "w", "01", "B2"); the keys typed so
far wait while they are the start of a longer one ("0" of "01"); a choice's ``goto`` leads to
the keys that follow it (a seat, then its role: B19's curse to a seat, then True or False)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from narrator.games.shell_data import Choice
from narrator.prompts import worded


@dataclass(frozen=True)
class Read:
    """What a key did: ``chosen`` (a whole key typed), or ``typed`` (the start of a longer
    one, kept), or neither (no such key here: ``typed`` is emptied)."""

    chosen: Choice | None = None
    typed: str = ""

    @property
    def waiting(self) -> bool:
        return self.chosen is None and bool(self.typed)


def read(choices: Sequence[Choice], typed: str, key: str) -> Read:
    """The choice ``typed + key`` names, or the start of a longer one, or nothing."""
    so_far = typed + key.lower()  # "B2" or "b2": a key is typed either way
    exact = next((c for c in choices if c.key == so_far), None)
    longer = any(c.key.startswith(so_far) for c in choices)
    if exact is not None:  # a whole key is taken at once: "1" with "10" there is "1"
        return Read(chosen=exact)
    if longer:  # "0" of "01": wait for the rest of the key
        return Read(typed=so_far)
    return Read()


def ask_warning(app, choice: Choice, choose: Callable[[Choice], None]) -> None:
    """Warn, then allow (B11, P15), on either screen: the warning is asked with y to go on;
    confirmed, ``choose`` takes the choice as if keyed without it."""
    from narrator.tui.modals import ConfirmScreen

    def done(yes: bool | None) -> None:
        if yes:
            choose(replace(choice, warning=None))

    app.push_screen(ConfirmScreen(worded(choice.warning, app.language)), done)


def merged(own: Sequence[Choice], anytime: Sequence[Choice]) -> tuple[Choice, ...]:
    """A step's choices, then the game's choices valid at any step whose key the step does
    not use (the step's own key wins)."""
    taken = {c.key for c in own}
    return (*own, *(c for c in anytime if c.key not in taken))
