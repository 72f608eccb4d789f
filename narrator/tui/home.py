"""The home screen: resume the unfinished game (offered first), new game, settings, quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from narrator.prompts import Problem
from narrator.tui.words import say, translate_bindings


class HomeScreen(Screen):
    BINDINGS: ClassVar = [
        ("n", "new", "New game"),
        ("r", "resume", "Resume"),
        ("s", "settings", "Settings"),
    ]

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static("RAVNICA: INQUISITION", id="home-title")  # the title as printed
            yield Static(id="home-subtitle")
            yield OptionList(id="home-menu")
            yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_state()

    def on_screen_resume(self) -> None:
        self.refresh_state()

    def refresh_state(self) -> None:
        # Words are read again each time: the language may have changed in the settings.
        translate_bindings(self, self.app.language)
        self.refresh_bindings()
        self.query_one("#home-subtitle", Static).update(self.tr("home.subtitle"))
        menu = self.query_one("#home-menu", OptionList)
        menu.clear_options()
        problems: list[Problem] = []
        self.resumable = self.app.unfinished(problems)
        message = self.query_one("#message", Static)
        if problems:  # files that look like games but cannot be read: say so, never silently
            lines = [self.tr("home.skipped")]
            lines += [problem.text(self.app.language) for problem in problems[:3]]
            if len(problems) > 3:
                lines.append(self.tr("home.more", count=len(problems) - 3))
            lines.append(self.tr("home.move_out", folder=self.app.data_dir))
            message.update(Text("\n".join(lines), style="yellow"))
        else:
            message.update("")
        if self.resumable:
            journal = self.resumable[1]
            s = journal.state
            where = (
                self.tr("home.round", round=s.round)
                if 1 <= s.round <= 5
                else self.tr(f"home.step.{s.step.value}")
            )
            menu.add_option(
                Option(self.tr("home.resume", players=s.count, where=where), id="resume")
            )
        menu.add_option(Option(self.tr("home.new"), id="new"))
        menu.add_option(Option(self.tr("home.settings"), id="settings"))
        menu.add_option(Option(self.tr("home.quit"), id="quit"))
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
            self.notify(self.tr("home.no_game"), severity="warning")

    def action_settings(self) -> None:
        from narrator.tui.modals import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_quit(self) -> None:
        self.app.exit()
