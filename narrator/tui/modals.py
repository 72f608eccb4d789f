"""Small screens over the game: confirm an undo, help, settings (the record: ``record.py``)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Select, Static

from narrator.prompts import words
from narrator.tui.words import action_id, say, translate_bindings

# A binding's action -> its row's words, modals.help.does.<id>, where the action's name differs.
DOES = {
    "primary": "continue",
    "end_discussion": "end",
    "retry_voice": "retry",
    "ask_quit": "quit",
    "command_palette": "palette",
}


def help_rows(app) -> list[tuple[str, str]]:
    """The keys that work now, from the live bindings of the screen under the help and of the
    app, and the step's own choices (each key with what it enters)."""
    from narrator.games.views import worded
    from narrator.tui.game import GameScreen

    lang = app.language
    lines = words(lang).lines
    below = app.screen  # asked before the help is shown
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()
    public = isinstance(below, GameScreen) and below.view.kind != "private"  # R18
    if public and app.journal is not None and not app.pages:
        for choice in below.view.choices:
            if (
                choice.refusal is None
                and choice.key not in seen
                and (choice.listed or choice.footer)
            ):
                seen.add(choice.key)
                rows.append((choice.key, worded(choice.label, lang)))
    for node in (below, app):
        for bindings in node._bindings.key_to_bindings.values():
            for binding in bindings:
                action = binding.action.split("(")[0]
                if action == "choose" or node.check_action(binding.action, ()) is False:
                    continue
                does = lines.get(f"modals.help.does.{does_id(binding.action)}")
                if node is below and public:  # the step's own words where it has them
                    does = step_does(below, action, lang) or does
                shown = key_name(app, binding)
                ours = does or (binding.show and action_id(binding.action) in lines)
                if (shown, does) in seen or not ours:
                    continue  # Textual's own (focus, copy), or said already
                seen.add((shown, does))
                rows.append((shown, does or binding.description))
    quit_last = sorted(rows, key=lambda row: row[0] == "ctrl+q")  # the last row, as printed
    return quit_last


def step_does(screen, action: str, lang: str) -> str | None:
    """What a key does on this step, where the step says it better than the shell's row:
    Backspace takes back a resident, not a vote; space pauses the night pass (W24)."""
    from narrator.games.views import Words, worded

    if action == "undo_vote" and isinstance(screen.view.take_back, Words):
        return worded(screen.view.take_back, lang)
    if action == "pause" and screen.paced is not None:
        return words(lang).lines.get("modals.help.does.pause_paced")
    return None


def does_id(action: str) -> str:
    """A binding's action as its help row's id: ``volume(-0.1)`` is ``volume_down``."""
    name, _, argument = action.partition("(")
    if name == "volume":  # [ and ]: a row each
        return "volume_down" if argument.lstrip().startswith("-") else "volume_up"
    return DOES.get(name, name)


def key_name(app, binding) -> str:
    """A key as the help prints it: "ctrl+z", "F5", "?", "Enter"."""
    if binding.key_display:
        return binding.key_display
    if binding.key.startswith("ctrl+"):
        return binding.key
    shown = app.get_key_display(binding)
    return shown.upper() if shown[:1] == "f" and shown[1:].isdigit() else shown


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
            yield Static(self.tr("modals.settings.title"), classes="screen-title")
            yield Static(self.tr("modals.settings.language"))
            yield Select(
                [("English", "en"), ("Русский", "ru")],  # each language named in itself
                value=getattr(self.app, "language", "en"),
                allow_blank=False,
                id="language",
            )
            yield Static(Text(self.tr("modals.settings.hint"), style="dim"))

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
