"""Small screens over the game: confirm an undo, help, the game record, settings."""

from __future__ import annotations

import os
from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown, Select, Static

KEYS = [
    ("Enter", "continue / confirm the step (count the votes, open the privacy screen, …)"),
    ("1–9, 0", "a seat: vote for it, pick it, choose it (0 is seat 10)"),
    ("w u b r g", "a colour: the leader card or targeting card that was turned"),
    ("space", "pause / resume the discussion timer"),
    ("+", "add 30 seconds to the timer"),
    ("e", "end the discussion now and vote"),
    ("Backspace", "take back the last vote"),
    ("a / l", "the revealed role: Agent of Bolas / Loyalist"),
    ("ctrl+z", "undo the last entry (asks first)"),
    ("m", "mute / unmute the voice (captions stay)"),
    ("v", "say the last line again"),
    ("[ / ]", "volume down / up"),
    ("F5", "try the sound again"),
    ("t", "the game record"),
    ("?", "this help"),
    ("ctrl+p", "command palette"),
    ("ctrl+q", "quit (the game is saved; resume it from the home screen)"),
]


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [("y,enter", "yes", "Yes"), ("n,escape", "no", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question)
            yield Static("y / Enter: yes · n / Esc: no", classes="dim")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [("escape,question_mark,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        table = Table(box=None, padding=(0, 2), title="Keys")
        table.add_column("key", style="bold")
        table.add_column("what it does")
        for key, what in KEYS:
            table.add_row(key, what)
        with VerticalScroll(id="dialog"):  # at 80×24 the list is longer than the screen
            yield Static("Esc: close · ↑/↓: scroll", classes="dim")
            yield Static(table)

    def action_close(self) -> None:
        self.dismiss(None)


def record_text(app) -> str:
    from narrator.games.ravnica.story import record_markdown

    return record_markdown(app.state, list(app.journal.events)) if app.journal else ""


def export_record(app) -> Path | None:
    if not app.journal:
        return None
    path = app.journal.path.with_suffix(".md")
    try:  # owner-only, like the journal beside it
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8") as f:
            os.fchmod(fd, 0o600)  # an older export may have been made with other permissions
            f.write(record_text(app))
    except OSError as err:
        app.refuse(f"Could not write {path}: {err.strerror or err}.", speak=False)
        return None
    return path


class RecordScreen(Screen):
    BINDINGS = [("escape,t,q", "close", "Close"), ("x", "export", "Export to Markdown")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="record"):
            yield Markdown(record_text(self.app))
        yield Footer()

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_export(self) -> None:
        path = export_record(self.app)
        if path:
            self.notify(f"Game record written to {path}", title="Export", timeout=10)


class SettingsScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("ctrl+s", "save", "Save", priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Settings", classes="screen-title")
            yield Static("Language of the voice and captions")
            yield Select(
                [("English", "en"), ("Русский", "ru")],
                value=getattr(self.app, "language", "en"),
                allow_blank=False,
                id="language",
            )
            yield Static(Text("ctrl+s: save · Esc: close", style="dim"))

    def action_save(self) -> None:
        problem = self.app.set_language(self.query_one("#language", Select).value)
        if problem:
            self.notify(problem, title="Settings", severity="error", timeout=8)
            return
        self.notify("Settings saved.")
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
