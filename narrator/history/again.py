"""Same players again: a new game's setup form filled in from a game of the history.

The form is the game's own (``SetupScreen``), with the player count, the names in seat order
and the rulings of that game as its defaults: everything stays editable, and ``ctrl+s`` starts
it at once. The names typed in any game are offered in every name field (→ takes one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from textual.suggester import SuggestFromList
from textual.widgets import Input

from narrator.games import registry
from narrator.games.shell_data import Field
from narrator.tui.setup import NameInput, SetupScreen


def next_seat(names: Sequence[str]) -> tuple[str, ...]:
    """The same table, the first seat moved on one: Bob starts where Ann did."""
    return (*names[1:], *names[:1])


def fits(game: str, count: int) -> bool:
    """The rules of ``game`` allow ``count`` players (Blood Bound: 7, 9 or 11)."""
    return count in registry.get(game).players


class AgainSetup(SetupScreen):
    """The setup form of the chosen game, filled in: ``names`` in seat order (none: the
    game's own defaults) and ``rulings`` (the form's values; a value the form does not offer
    keeps the form's default)."""

    def __init__(
        self,
        names: Sequence[str] = (),
        rulings: Mapping[str, Any] | None = None,
        known: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self.names = tuple(names)
        self.rulings = dict(rulings or {})
        self.known = list(known)  # names typed in any game, offered as each name is typed

    @property
    def fields(self) -> tuple[Field, ...]:
        return tuple(self._filled(field) for field in self.app.game.setup_fields())

    def _filled(self, field: Field) -> Field:
        if field.kind == "count":
            return replace(field, default=len(self.names)) if self.names else field
        value = self.rulings.get(field.name)
        if value is None:
            return field
        if field.kind == "choice":
            offered = [option for option, _ in field.options]
            return replace(field, default=value) if value in offered else field
        if isinstance(value, int) and not isinstance(value, bool):
            return replace(field, default=value)
        return field

    def on_mount(self) -> None:
        super().on_mount()
        for field in self.query(NameInput):
            if field.seat < len(self.names):
                field.value = self.names[field.seat]
        self.offer_names()

    def on_descendant_focus(self, event) -> None:
        self.offer_names()  # the name fields the count added since

    def offer_names(self) -> None:
        if not self.known:
            return
        suggester = SuggestFromList(self.known, case_sensitive=False)
        for field in self.query(Input):
            if isinstance(field, NameInput) and field.suggester is None:
                field.suggester = suggester


def start(app, game: str, names: Sequence[str] = (), rulings=None, known=()) -> None:
    """The setup form of ``game`` filled in, over the home screen."""
    app.choose_game(registry.get(game))
    app.push_screen(AgainSetup(names, rulings, known))
