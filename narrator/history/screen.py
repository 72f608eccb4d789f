"""The history screen: every game newest first, filtered by game (g) or player (p); Enter
opens a past game's record, read-only; w shows each player's games and wins; x exports the
history as CSV and Markdown into the data folder."""

from __future__ import annotations

import os
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from narrator.games import registry
from narrator.history import tables
from narrator.history.listing import Listing
from narrator.history.reading import record
from narrator.history.store import History
from narrator.journal import JournalError
from narrator.tui.modals import Worded
from narrator.tui.record import KeyLine, RecordLines
from narrator.tui.words import translate_bindings

SHOWN = 300  # lines drawn at once: the rest is found with a filter


class HistoryScreen(Worded, Screen):
    DEFAULT_CSS = """
    HistoryScreen #history-filter { height: 1; color: $text-muted; }
    HistoryScreen #history-keys { dock: bottom; height: 1; background: $footer-background; }
    """
    BINDINGS = [
        Binding("escape,q", "close", "Close"),
        Binding("enter", "open", "Record"),
        Binding("g", "by_game", "Filter by game"),
        Binding("p", "by_player", "Filter by player"),
        Binding("w", "players", "Players"),
        Binding("x", "export", "Export"),
    ]

    def __init__(self, history: History | None = None) -> None:
        """``history``: the home screen's, up to date a moment ago (none: opened here)."""
        super().__init__()
        self.history = history
        self.own_history = history is None
        self.game: str | None = None
        self.player: str | None = None
        self.showing_players = False
        self.rows = []

    def compose(self) -> ComposeResult:
        translate_bindings(self, self.app.language)
        with Vertical():
            yield Static(self.tr("history.title"), classes="screen-title")
            yield Static(id="history-filter")
            yield Listing(id="history-table")
        yield Static(key_line(self), id="history-keys")

    def on_mount(self) -> None:
        if self.history is None:
            self.history = History(self.app.data_dir)
            self.history.sync()
        self.fill()
        self.query_one(Listing).focus()

    def on_unmount(self) -> None:
        if self.own_history:
            self.history.close()

    def fill(self) -> None:
        lang = self.app.language
        chosen = {"game": self.game, "player": self.player}
        limit = None if self.showing_players else SHOWN  # a player's wins count every game
        self.rows = self.history.games(**chosen, limit=limit)
        total = self.history.count(**chosen)
        if self.showing_players:
            head, body = tables.player_rows(self.rows, lang)
        else:
            head, body = tables.game_rows(self.rows, lang)
            # The language and the file are in the exports. The players go last: the longest
            # cell, wrapped on the most lines where the screen is narrow.
            order = [0, 1, 3, 4, 5, 2]  # started, game, duration, outcome, winners, players
            head, body = [head[i] for i in order], [[line[i] for i in order] for line in body]
        self.query_one(Listing).show(head, body)  # its columns fit the screen's width
        game = tables.title(self.game, lang) if self.game else self.tr("history.any_game")
        player = self.player or self.tr("history.any_player")
        line = self.tr("history.filter", game=game, player=player, count=total)
        if total > SHOWN and not self.showing_players:
            line += " " + self.tr("history.first", shown=SHOWN)
        self.query_one("#history-filter", Static).update(Text(line))

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "open":
            return not self.showing_players and bool(self.rows)
        return True

    # --- the keys -------------------------------------------------------------------------
    def action_close(self) -> None:
        asking = self.query("#history-player")
        if asking:  # Esc while a name is typed: no filter changed
            asking.remove()
            self.query_one(Listing).focus()
            return
        self.app.pop_screen()

    def action_by_game(self) -> None:
        """All games, then each game in turn."""
        names = [None, *registry.names()]
        self.game = names[(names.index(self.game) + 1) % len(names)]
        self.fill()

    def action_by_player(self) -> None:
        """A field for the name, made only now (the screen opens quicker without it)."""
        if self.query("#history-player"):
            return
        placeholder = self.tr("history.player_prompt")
        asking = Input(self.player or "", placeholder=placeholder, id="history-player")
        self.mount(asking, after="#history-filter")
        asking.focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.input.remove()
        self.player = message.value.strip() or None
        self.fill()
        self.query_one(Listing).focus()

    def action_players(self) -> None:
        self.showing_players = not self.showing_players
        self.fill()
        self.refresh_bindings()

    def on_listing_chosen(self, message: Listing.Chosen) -> None:
        self.action_open()

    def action_open(self) -> None:
        if self.showing_players or not self.rows:
            return
        row = self.rows[self.query_one(Listing).cursor]
        if row.status == "unreadable":
            self.notify(row.problem.get(self.app.language, ""), severity="warning")
            return
        try:  # read as it stands, never locked: it may be played by another narrator
            markdown = record(self.app.data_dir / row.journal, self.app.language)
        except JournalError as err:
            self.notify(err.text(self.app.language), severity="error")
            return
        self.app.push_screen(PastRecordScreen(markdown))

    def action_export(self) -> None:
        lang = self.app.language
        rows = self.history.games(game=self.game, player=self.player)
        files = {
            "history-games.csv": tables.as_csv(*tables.game_rows(rows, lang)),
            "history-players.csv": tables.as_csv(*tables.player_rows(rows, lang)),
            "history.md": tables.markdown(rows, lang),
        }
        try:
            written = [
                write_private(self.app.data_dir / name, text) for name, text in files.items()
            ]
        except OSError as err:
            self.notify(str(err), severity="error")
            return
        self.notify(self.tr("history.exported", files=", ".join(str(p) for p in written)))


def key_line(screen: Screen) -> Text:
    """The screen's own keys, one line, as the Footer shows them: one widget, drawn with the
    screen (Textual's Footer, a widget a key, took most of the time this screen took to
    open). Every key it shows works here."""
    line = Text(no_wrap=True, overflow="ellipsis")
    said = set()
    for listed in screen._bindings.key_to_bindings.values():
        for binding in listed:
            if binding.show and binding.action not in said:  # "escape,q": esc alone
                said.add(binding.action)
                line.append(f" {screen.app.get_key_display(binding)} ", style="bold reverse")
                line.append(f" {binding.description} ")
    return line


def write_private(path: Path, text: str) -> Path:
    """Owner-only, like the journals beside it."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(fd, "w", encoding="utf-8") as f:
        os.fchmod(fd, 0o600)
        f.write(text)
    return path


class PastRecordScreen(Worded, Screen):
    """A past game's record, read-only: nothing of the game can be entered from here."""

    BINDINGS = [Binding("escape,t,q", "close", "Close")]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        translate_bindings(self, self.app.language)
        yield RecordLines(self.markdown, id="record")
        yield KeyLine()

    def action_close(self) -> None:
        self.app.pop_screen()
