"""The home screen: resume the unfinished game (offered first), new game, settings, quit.

It names no game: the games are the registry's (their titles read without importing their
rules), and the unfinished game words where it stands itself (``Game.summary``).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from narrator.games import registry
from narrator.prompts import Problem, Words, worded
from narrator.tui.widgets import FittingFooter
from narrator.tui.words import say, translate_bindings

NEW = "new:"  # the id of a game's "New game" option, with several games: new:<name>


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
            # The app's own title (the games are in the menu), in the very first frame.
            self.shown_title = self.tr("home.title")
            yield Static(self.shown_title, id="home-title")
            yield Static(id="home-subtitle")
            yield OptionList(id="home-menu")
            yield Static(id="message")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.refresh_state()

    def on_screen_resume(self) -> None:
        self.refresh_state()

    def refresh_state(self) -> None:
        # Words are read again each time: the language may have changed in the settings.
        translate_bindings(self, self.app.language)
        self.refresh_bindings()
        title = self.tr("home.title")
        if title != self.shown_title:  # only when the language changed: a redraw costs a frame
            self.shown_title = title
            self.query_one("#home-title", Static).update(title)
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
        games = registry.names()
        if self.resumable:
            menu.add_option(Option(self.resume_line(self.resumable[1], games), id="resume"))
        if len(games) == 1:
            menu.add_option(Option(self.tr("home.new"), id="new"))
        else:  # one "New game" a game, in the registry's order
            for name in games:
                label = self.tr("home.new_of", game=registry.title(name, self.app.language))
                menu.add_option(Option(label, id=NEW + name))
        menu.add_option(Option(self.tr("home.settings"), id="settings"))
        menu.add_option(Option(self.tr("home.quit"), id="quit"))
        menu.highlighted = 0
        menu.focus()

    def resume_line(self, journal, games: tuple[str, ...]) -> str:
        """ "Resume the unfinished game (6 players, round 2)": the game's own summary, and with
        several games, which game it is."""
        lang = self.app.language
        summary = journal.game.summary(journal.state)
        if len(games) > 1:
            title = registry.title(journal.game.name, lang)
            if summary.key == "home.resume":
                summary = Words("home.resume_of", {**summary.params, "game": title})
            else:  # a game with words of its own: its summary, then which game it is
                summary = Words("home.resume_named", {"summary": summary, "game": title})
        return worded(summary, lang, journal.game.words_dir)  # in its game's words

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        option = message.option.id or ""
        if option.startswith(NEW):
            self.app.start_setup(option.removeprefix(NEW))
        else:
            getattr(self, f"action_{option}")()

    def action_new(self) -> None:
        """A new game: the only game's setup, or with several, the menu to choose one from."""
        games = registry.names()
        if len(games) == 1:
            self.app.start_setup(games[0])
            return
        menu = self.query_one("#home-menu", OptionList)
        ids = [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]
        menu.highlighted = next(i for i, option in enumerate(ids) if option.startswith(NEW))
        menu.focus()

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
