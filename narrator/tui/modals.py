"""Small screens over the game: confirm an undo, help, settings (the record: ``record.py``; the
help's rows: ``help.py``). They import no screen they are shown over: the game screen imports
them."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Select, Static

from narrator.tui.words import say, translate_bindings


class Worded:
    """A screen whose words and Footer labels come in the app's language."""

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.refresh_bindings()


class ConfirmScreen(Worded, ModalScreen[bool]):
    """A yes/no question. Only y says yes; Enter, n and Esc say no: a reflex Enter (after
    ctrl+z, ctrl+q, or in a running discussion: a tired narrator presses Enter twice) never
    does the harmful thing. On a Russian layout н is y and т is n (the app maps letter keys
    by position)."""

    BINDINGS = [("y", "yes", "Yes"), ("n,escape,enter", "no", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question))  # plain: a name like "Bob[/]" is no markup
            yield Static(self.tr("modals.confirm.hint"), classes="dim")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class HelpScreen(Worded, ModalScreen[None]):
    BINDINGS = [("escape,question_mark,q", "close", "Close")]

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = rows  # ``help_rows`` of the screen it is opened over

    def compose(self) -> ComposeResult:
        t = self.tr
        table = Table(box=None, padding=(0, 2), title=t("modals.help.title"))
        table.add_column(t("modals.help.key"), style="bold")
        table.add_column(t("modals.help.what"))
        for key, does in self.rows:
            table.add_row(Text(key), Text(does))
        with VerticalScroll(id="dialog"):  # at 80×24 the list is longer than the screen
            yield Static(t("modals.help.hint"), classes="dim")
            yield Static(table)

    def action_close(self) -> None:
        self.dismiss(None)


class SettingsScreen(Worded, ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("ctrl+s", "save", "Save", priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.tr("modals.settings.title"), classes="screen-title", id="s-title")
            yield Static(self.tr("modals.settings.language"), id="s-language")
            yield Select(
                [("English", "en"), ("Русский", "ru")],  # each language named in itself
                value=getattr(self.app, "language", "en"),
                allow_blank=False,
                id="language",
            )
            yield Static(Text(self.tr("modals.settings.hint"), style="dim"), id="s-hint")

    def on_select_changed(self, message: Select.Changed) -> None:
        """The dialog speaks the language chosen at once, before it is saved: whoever picks
        Russian reads how to save it in Russian."""
        lang = str(message.value)
        self.query_one("#s-title", Static).update(say(lang, "modals.settings.title"))
        self.query_one("#s-language", Static).update(say(lang, "modals.settings.language"))
        hint = Text(say(lang, "modals.settings.hint"), style="dim")
        self.query_one("#s-hint", Static).update(hint)

    def action_save(self) -> None:
        problem = self.app.set_language(self.query_one("#language", Select).value)
        # Said in the language just chosen, as the screens that follow are.
        if problem:
            title = self.tr("modals.settings.title")
            self.notify(problem, title=title, severity="error", timeout=8)
            return
        self.notify(self.tr("modals.settings.saved"))
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
