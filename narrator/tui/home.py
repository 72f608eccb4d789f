"""The home screen: resume the unfinished game (offered first), new game, settings, quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option


class HomeScreen(Screen):
    BINDINGS = [("n", "new", "New game"), ("r", "resume", "Resume"), ("s", "settings", "Settings")]

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static("RAVNICA: INQUISITION", id="home-title")
            yield Static("the narrator at your table", id="home-subtitle")
            yield OptionList(id="home-menu")
            yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_state()

    def on_screen_resume(self) -> None:
        self.refresh_state()

    def refresh_state(self) -> None:
        menu = self.query_one("#home-menu", OptionList)
        menu.clear_options()
        problems: list[str] = []
        self.resumable = self.app.unfinished(problems)
        message = self.query_one("#message", Static)
        if problems:  # files that look like games but cannot be read: say so, never silently
            message.update(
                Text(
                    "These saved files were skipped:\n"
                    + "\n".join(problems[:3])
                    + (f"\n… and {len(problems) - 3} more." if len(problems) > 3 else "")
                    + f"\nMove them out of {self.app.data_dir} to stop this message.",
                    style="yellow",
                )
            )
        else:
            message.update("")
        if self.resumable:
            path, journal = self.resumable
            s = journal.state
            where = f"round {s.round}" if 1 <= s.round <= 5 else s.step.value.replace("_", " ")
            menu.add_option(
                Option(f"Resume the unfinished game ({s.count} players, {where})", id="resume")
            )
        menu.add_option(Option("New game", id="new"))
        menu.add_option(Option("Settings", id="settings"))
        menu.add_option(Option("Quit", id="quit"))
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        getattr(self, f"action_{message.option.id}")()

    def action_new(self) -> None:
        from narrator.tui.setup import SetupScreen

        self.app.push_screen(SetupScreen())

    def action_resume(self) -> None:
        if self.resumable:
            if not self.app.open_journal(self.resumable[0]):
                self.refresh_state()  # it was damaged since the menu was drawn
        else:
            self.notify("There is no unfinished game.", severity="warning")

    def action_settings(self) -> None:
        from narrator.tui.modals import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_quit(self) -> None:
        self.app.exit()
