"""A game made of its parts, the usual way to write one: the `base.Game` methods that only hand
the state to a module are written once here. A game gives its modules as one ``Parts`` and
writes what is its own (the setup form, the app's moves, the summary)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

from narrator.games.base import Event, Game


@dataclass(frozen=True)
class Parts:
    """The modules a game is made of, and what each must hold."""

    rules: ModuleType  # apply(state, event), legal_moves(state), waiting_for(state)
    steps: ModuleType  # step_view(state, path)
    # step_lines(state), event_lines(before, event, after), announcements(before, event, after);
    # again_lines(state) if what is said again after an undo is not the step's opening lines
    narration: ModuleType
    public: ModuleType  # public_view(title, state, unannounced): the one door for the table
    story: ModuleType  # describe(before, event, after, lang), record(state, events, lang)
    script: ModuleType  # ScriptReader(game): the headless player's reader of script lines


class GameOfParts(Game):
    parts: ClassVar[Parts]

    def apply(self, state: Any, event: Event) -> Any:
        return self.parts.rules.apply(state, event)

    def legal_moves(self, state: Any) -> list[Event]:
        return self.parts.rules.legal_moves(state)

    def waiting_for(self, state: Any):
        return self.parts.rules.waiting_for(state)

    def step(self, state: Any, path: tuple[str, ...] = ()):
        return self.parts.steps.step_view(state, path)

    def step_lines(self, state: Any):
        return self.parts.narration.step_lines(state)

    def again_lines(self, state: Any):
        if hasattr(self.parts.narration, "again_lines"):
            return self.parts.narration.again_lines(state)
        return super().again_lines(state)  # the step's opening lines

    def event_lines(self, before: Any, event: Event, after: Any):
        return self.parts.narration.event_lines(before, event, after)

    def announcements(self, before: Any, event: Event, after: Any):
        return self.parts.narration.announcements(before, event, after)

    def public_view(self, state: Any, unannounced: frozenset[int] = frozenset()):
        return self.parts.public.public_view(self.title, state, unannounced)

    def describe(self, before: Any, event: Event, after: Any, lang: str) -> str:
        return self.parts.story.describe(before, event, after, lang)

    def record(self, state: Any, events: Sequence[Event], lang: str) -> str:
        return self.parts.story.record(state, events, lang)

    def script(self):
        return self.parts.script.ScriptReader(self)
