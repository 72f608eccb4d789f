"""The command palette (ctrl+p) in the app's language: the app's own commands, not Textual's
("Change theme", "Screenshot", …), and the search field's placeholder."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import SystemCommand
from textual.command import CommandPalette
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

    def action_command_palette(self) -> None:
        """As Textual's, with the search field's placeholder in the app's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            placeholder = say(self.language, "palette.search")
            self.push_screen(CommandPalette(placeholder=placeholder, id="--command-palette"))
