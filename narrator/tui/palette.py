"""The command palette (ctrl+p) in the app's language: the app's own commands, not Textual's
("Change theme", "Screenshot", …), its search field's placeholder, and a palette that closes
once and never crashes the app as it closes. Like every screen stacked over another, it follows
the rule of ``stacking.py``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual import work
from textual.app import SystemCommand
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.screen import Screen

from narrator.tui.widgets import Dimmed
from narrator.tui.words import say

# The palette's commands: the words ids palette.<name> (title) and palette.<name>_more (help),
# and the action each runs. The seats' codes are a game's: offered only while one is played.
COMMANDS = (
    ("help", "action_help"),
    ("undo", "action_undo"),
    ("mute", "action_mute"),
    ("replay", "action_replay"),
    ("seats", "action_seats"),
    ("quit", "action_ask_quit"),
)


class Palette(Dimmed, CommandPalette):
    """Textual's palette, closed once: a key queued behind its closing (Enter twice on a
    command) would have it dismiss again, popping the screen under it (or, with none left,
    crashing the app), and a search still running as it closes finds no list: both found by
    the storm."""

    def dismiss(self, result: Any = None):
        if self.app.screen is not self:
            from textual.await_complete import AwaitComplete

            return AwaitComplete.nothing()
        return super().dismiss(result)

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        """Textual's search, which lets the app crash when the palette is taken away while
        it searches (a key typed as the game's screen replaced it: found by the storm)."""
        if not self.query(CommandList):
            return  # closing: nothing to list the commands in
        try:
            await CommandPalette._gather_commands.__wrapped__(self, search_value)
        except NoMatches:
            return  # closed while it searched


class PaletteMixin:
    """Mixed into ``NarratorApp``: what ctrl+p offers, worded in ``self.language``."""

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for name, action in COMMANDS:
            if name == "seats" and (not getattr(self, "journal", None) or self.game is None):
                continue  # at home, or in a setup form: no game's seats yet
            yield SystemCommand(
                say(self.language, f"palette.{name}"),
                say(self.language, f"palette.{name}_more"),
                getattr(self, action),
            )

    def action_command_palette(self) -> None:
        """As Textual's, with the search field's placeholder in the app's language (and no id:
        a palette closing while the next opens never clashes with it)."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            placeholder = say(self.language, "palette.search")
            self.push_screen(Palette(placeholder=placeholder))
