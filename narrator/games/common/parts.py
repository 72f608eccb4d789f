"""A game made of its modules, the usual way to write one: the `base.Game` methods that only
hand the state to a module are written once here. A game names its modules as class attributes
and writes what is its own (the setup form, the app's moves, the summary):

- ``rules``: ``apply(state, event)``, ``legal_moves(state)``, ``waiting_for(state)``;
- ``steps``: ``step_view(state, path)``;
- ``narration``: ``step_lines``, ``again_lines``, ``event_lines``, ``announcements``;
- ``public``: ``public_view(title, state)`` (the one door for the table);
- ``story``: ``describe(before, event, after, lang)``, ``record(state, events, lang)``;
- ``script``: ``ScriptReader(game)`` (imported when a script is played: a quicker start).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any, ClassVar

from narrator.games.base import Event, Game


class GameOfParts(Game):
    rules: ClassVar[ModuleType]
    steps: ClassVar[ModuleType]
    narration: ClassVar[ModuleType]
    public: ClassVar[ModuleType]
    story: ClassVar[ModuleType]
    script_module: ClassVar[str]  # "narrator.games.<name>.script"

    def apply(self, state: Any, event: Event) -> Any:
        return self.rules.apply(state, event)

    def legal_moves(self, state: Any) -> list[Event]:
        return self.rules.legal_moves(state)

    def waiting_for(self, state: Any):
        return self.rules.waiting_for(state)

    def step(self, state: Any, path: tuple[str, ...] = ()):
        return self.steps.step_view(state, path)

    def step_lines(self, state: Any):
        return self.narration.step_lines(state)

    def again_lines(self, state: Any):
        return self.narration.again_lines(state)

    def event_lines(self, before: Any, event: Event, after: Any):
        return self.narration.event_lines(before, event, after)

    def announcements(self, before: Any, event: Event, after: Any):
        return self.narration.announcements(before, event, after)

    def public_view(self, state: Any, unannounced: frozenset[int] = frozenset()):
        return self.public.public_view(self.title, state)

    def describe(self, before: Any, event: Event, after: Any, lang: str) -> str:
        return self.story.describe(before, event, after, lang)

    def record(self, state: Any, events: Sequence[Event], lang: str) -> str:
        return self.story.record(state, events, lang)

    def script(self):
        return importlib.import_module(self.script_module).ScriptReader(self)
