"""The command palette (ctrl+p) in the app's language: the app's own commands, not Textual's
("Change theme", "Screenshot", …). Opening it (with its placeholder in the app's language) is
``stacking.StackingMixin.action_command_palette``: the palette follows the rule of every screen
stacked over another."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import SystemCommand
from textual.screen import Screen

from narrator.tui.words import say

# The palette's commands: the words ids palette.<name> (title) and palette.<name>_more (help),
# and the action each runs.
COMMANDS = (
    ("help", "action_help"),
    ("undo", "action_undo"),
    ("mute", "action_mute"),
    ("replay", "action_replay"),
    ("quit", "action_ask_quit"),
)


class PaletteMixin:
    """Mixed into ``NarratorApp``: what ctrl+p offers, worded in ``self.language``."""

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for name, action in COMMANDS:
            yield SystemCommand(
                say(self.language, f"palette.{name}"),
                say(self.language, f"palette.{name}_more"),
                getattr(self, action),
            )
