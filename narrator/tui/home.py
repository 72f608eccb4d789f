"""The home screen: every unfinished game (newest first), same players again, a new game of
each game, the history, settings, quit.

It names no game: the games are the registry's (their titles read without importing their
rules), and what it lists comes from the history (``narrator.history``), brought up to date
with the journals each time the screen is shown: a game killed mid-way is there after the next
start. Every key in its key line does something; a key that would do nothing is not shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from narrator.games import registry
from narrator.history.rows import GameRow
from narrator.history.rows import started as when
from narrator.history.rows import title as game_title
from narrator.history.store import History
from narrator.holding import held
from narrator.tui.keyline import FirstKeys
from narrator.tui.words import say, translate_bindings

NEW = "new:"  # a game's "New game" option: new:<name>
RESUME = "resume:"  # an unfinished game: resume:<journal>
AGAIN = "again:"  # the last game's players, in the same seats: again:<journal>
NEXT = "next:"  # the same, the first seat moved on one: next:<journal>
SHOWN_NAMES = 4  # names on a line before "…"
READ_FIRST = 8  # journals read before the first frame (the newest; a rebuilt history: bench)
READ_AT_ONCE = 8  # then, after it, between two looks at the keys
MENU_WIDTH = 96  # the menu's columns, its frame's included; its title's too
MENU_ROWS = 16  # the menu's rows at most, its frame's included (more options scroll)


def players(row: GameRow, room: int) -> str:
    """The first names of a game, as many as fit in ``room`` columns (at most four), then
    "…": eight players' names would wrap an unfinished game's line."""
    names = [seat.name for seat in row.seats]
    for count in range(min(SHOWN_NAMES, len(names)), 0, -1):
        shown = ", ".join(names[:count]) + (", …" if len(names) > count else "")
        if cell_len(shown) <= room:
            return shown
    return "…"


def shortened(text: str, room: int) -> str:
    """``text`` in ``room`` columns at most: cut, with "…", when it is longer."""
    if cell_len(text) <= room:
        return text
    cut = Text(text)
    cut.truncate(max(1, room), overflow="ellipsis")
    return cut.plain


class HomeScreen(Screen):
    # An option on one line, cut with "…" if it must be (an unfinished game's is fitted first:
    # its names, then its step give way, never its date; ``options``).
    DEFAULT_CSS = f"""
    HomeScreen #home-menu {{
        max-height: {MENU_ROWS}; text-wrap: nowrap; text-overflow: ellipsis;
    }}
    """
    BINDINGS: ClassVar = [
        Binding("n", "new", "New game"),
        Binding("r", "resume", "Resume"),
        Binding("a", "abandon", "Abandon"),
        Binding("h", "history", "History"),
        Binding("s", "settings", "Settings"),
    ]

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def compose(self) -> ComposeResult:
        # What the menu lists is read first: the keys it offers (r, a) are known as the first
        # frame's key line is drawn (``FirstKeys``).
        # The first frame reads only what it shows, from the database as it is (and the few
        # journals that can change unseen: bench, cold start); the whole of it once drawn.
        self.history = History(self.app.data_dir, check=False)
        self.unfinished: list[GameRow] = []
        self.damaged: list[GameRow] = []  # damaged journals that can resume before the damage
        self.unreadable: list[GameRow] = []  # files that look like games but cannot be read
        self.elsewhere: set[str] = set()  # unfinished games another narrator plays now
        self.last: GameRow | None = None
        self.shown_once = False  # the first resume is the screen's first showing: drawn here
        self.looked = False  # the look after the first frame is done (every journal read)
        self.read_state(thorough=False)
        translate_bindings(self, self.app.language)  # the first frame's keys in its language
        with Vertical(id="home"):
            # The app's own title (the games are in the menu), in the very first frame.
            self.shown_title = self.tr("home.title")
            yield Static(self.shown_title, id="home-title")
            yield Static(id="home-subtitle")
            yield OptionList(id="home-menu")
            yield Static(id="message")
        # The app's first frame's keys drawn by one widget, which gives way to the Footer once
        # it is drawn (its styles and key widgets: bench, cold start); the app runs one home.
        yield FirstKeys(footer=self.footer)

    def footer(self) -> Widget:
        """The Footer, in place of the first frame's keys once it is drawn (its keys now)."""
        from narrator.tui.footer import FittingFooter

        return FittingFooter(ready=True)

    def on_mount(self) -> None:
        # Wider than the app's menu: an unfinished game's line (its players, its date) on one
        # line at 100 columns. Inline: the app's stylesheet wins over a screen's DEFAULT_CSS.
        # The title is the menu's heading, at its left: a toast (top right) leaves it whole.
        for part in ("#home-title", "#home-subtitle", "#home-menu"):
            self.query_one(part).styles.width = MENU_WIDTH
        self.show_state()
        self.app.after_first_frame(self.look_again)

    def on_unmount(self) -> None:
        self.history.close()

    def on_screen_resume(self, event: ScreenResume) -> None:
        if self.shown_once:  # back from a game, the history or the settings
            self.refresh_state()
        else:  # its first showing: its widgets were styled as they were mounted, just now;
            # Textual would style them all again (1.5% of the first frame; that frame is the
            # screen as it stays, with every style: tests/tui/test_startup.py)
            event.refresh_styles = False
        self.shown_once = True

    def look_again(self) -> None:
        """After the first frame: the database read once whole (a damaged one rebuilt) and
        every journal's size looked at; the menu is drawn again only if that changed it."""
        rebuilt = self.history.verify()
        self.read_more(self.history.sync(budget=READ_AT_ONCE) + rebuilt)

    def read_more(self, changed: int) -> None:
        """The journals still to read (a history rebuilt from many), a few at a time, the keys
        answered in between; then the menu drawn again if anything changed."""
        pending = self.history.pending
        if pending:
            self.history.pending = pending[READ_AT_ONCE:]
            changed += self.history.read_in(pending[:READ_AT_ONCE])
            self.set_timer(0.01, lambda: self.read_more(changed))
        else:
            if changed:
                self.refresh_state(thorough=False, keep=self.highlighted())
            self.looked = True

    def refresh_state(self, thorough: bool = True, keep: str = "") -> None:
        """The menu drawn from the history, brought up to date with the journals first
        (``History.sync``); ``keep``: the option to highlight again, if still there."""
        # The keys' words are read again each time: the language may have changed in the
        # settings (the first showing's are given them as it is composed).
        translate_bindings(self, self.app.language)
        self.read_state(thorough)
        self.show_state(keep)

    def read_state(self, thorough: bool = True) -> None:
        """What the menu lists, from the history brought up to date with the journals."""
        self.history.sync(thorough, budget=None if thorough else READ_FIRST)
        self.unfinished = self.history.games(status="playing")
        self.last = next(iter(self.history.games(seated=True, limit=1)), None)
        self.unreadable = self.history.games(status="unreadable")
        self.damaged = [row for row in self.unreadable if row.step]  # resumable before it
        self.elsewhere = {row.journal for row in self.unfinished if held(self.path(row))}

    def show_state(self, keep: str = "") -> None:
        """The screen drawn from what ``read_state`` read, in the app's language."""
        title = self.tr("home.title")
        if title != self.shown_title:  # only when the language changed: a redraw costs a frame
            self.shown_title = title
            self.query_one("#home-title", Static).update(title)
        self.query_one("#home-subtitle", Static).update(self.tr("home.subtitle"))
        self.show_message(self.unreadable)
        self.fill_menu(keep)
        self.refresh_bindings()

    def show_message(self, unreadable: list[GameRow]) -> None:
        lang = self.app.language
        lines = [self.tr(key, **params) for key, params in self.history.notes]
        if unreadable:  # files that look like games but cannot be read: said, never dropped
            lines.append(self.tr("home.skipped"))
            lines += [row.problem.get(lang, row.journal) for row in unreadable[:3]]
            if len(unreadable) > 3:
                lines.append(self.tr("home.more", count=len(unreadable) - 3))
            lines.append(self.tr("home.move_out", folder=self.app.data_dir))
        message = self.query_one("#message", Static)
        message.update(Text("\n".join(lines), style="yellow") if lines else "")

    def menu_width(self) -> int:
        """The menu's columns, its frame's included: ``MENU_WIDTH``, or the terminal's when
        it is narrower (80 columns)."""
        return min(MENU_WIDTH, self.app.size.width)

    def line_room(self, count: int) -> int:
        """An option's columns on one line: the menu's, its frame aside, and its scrollbar
        when its ``count`` options are more than it shows."""
        menu = self.query_one("#home-menu", OptionList)
        room = self.menu_width() - menu.styles.gutter.width
        if count > MENU_ROWS - menu.styles.gutter.height:
            room -= menu.styles.scrollbar_size_vertical
        return room

    def on_resize(self) -> None:
        """The unfinished games' lines fitted again to a terminal made wider or narrower."""
        wide = self.menu_width()
        if self.unfinished and getattr(self, "filled_for", wide) != wide:
            self.fill_menu(keep=self.highlighted())

    def fill_menu(self, keep: str = "") -> None:
        menu = self.query_one("#home-menu", OptionList)
        self.filled_for = self.menu_width()  # (a resize may fit it again)
        menu.set_options(self.options())  # all at once: an option added lays out every line
        ids = [option.id for option in menu.options]
        menu.highlighted = ids.index(keep) if keep in ids else 0
        if not menu.highlighted:
            menu.scroll_home(animate=False)
        menu.focus()

    def options(self) -> list[Option]:
        """The menu: the unfinished games (newest first), the damaged ones, the last game's
        players again, a new game of each game, the history, settings, quit."""
        lang = self.app.language
        others = self.other_options()
        room = self.line_room(len(self.unfinished) + len(others))
        options = []
        for row in self.unfinished:
            step, started = row.step.get(lang, row.journal), when(row)
            if row.journal in self.elsewhere:  # one game, one narrator: Enter offers its record
                started = self.tr("home.open_elsewhere")  # (where it stands, not when)
            names = players(row, room - cell_len(f"{step} ·  · {started}"))
            if names == "…":  # no name fits: none, and the step cut if it must be
                line = f"{shortened(step, room - cell_len(f' · {started}'))} · {started}"
            else:
                line = f"{step} · {names} · {started}"
            options.append(Option(Text(line), id=RESUME + row.journal))
        return options + others

    def other_options(self) -> list[Option]:
        """The menu but the unfinished games."""
        lang = self.app.language
        options = []
        for row in self.damaged:  # Enter asks first, then resumes before the damaged line
            line = f"⚠ {row.step.get(lang, row.journal)}"
            options.append(Option(Text(line, style="yellow"), id=RESUME + row.journal))
        if self.last is not None and self.last.game in registry.names():  # a game still there
            game = game_title(self.last.game, lang)
            names = ", ".join(seat.name for seat in self.last.seats)
            label = self.tr("home.again", game=game, names=names)
            options.append(Option(Text(label), id=AGAIN + self.last.journal))
            label = self.tr("home.again_next", game=game)
            options.append(Option(Text(label), id=NEXT + self.last.journal))
        for name in registry.names():  # one "New game" a game, in the registry's order
            label = self.tr("home.new_of", game=registry.title(name, lang))
            options.append(Option(label, id=NEW + name))
        for name in ("history", "settings", "quit"):
            options.append(Option(self.tr(f"home.{name}"), id=name))
        return options

    # --- the keys shown are the keys that work ------------------------------------------
    def highlighted(self) -> str:
        menu = self.query_one("#home-menu", OptionList)
        if menu.highlighted is None:  # not filled yet: the first option, as it will be
            first = [*self.unfinished, *self.damaged][:1]  # (the first frame's keys: a)
            return RESUME + first[0].journal if first and not menu.option_count else ""
        return menu.get_option_at_index(menu.highlighted).id or ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":  # the newest unfinished game, or the damaged one highlighted
            return bool(getattr(self, "unfinished", None)) or self.highlighted().startswith(RESUME)
        if action == "abandon":  # a game played here, not by another narrator, nor damaged
            journal = self.highlighted().removeprefix(RESUME)
            playing = any(row.journal == journal for row in getattr(self, "unfinished", ()))
            return playing and journal not in getattr(self, "elsewhere", ())
        return True

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()  # "a Abandon" only on an unfinished game

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        option = message.option.id or ""
        kind, _, what = option.partition(":")
        if option.startswith(NEW):
            self.new_game(what)
        elif option.startswith(RESUME):
            self.resume(what)
        elif option.startswith((AGAIN, NEXT)):
            self.again(what, next_seat=option.startswith(NEXT))
        else:
            getattr(self, f"action_{option}")()

    # --- what the options do --------------------------------------------------------------
    def new_game(self, game: str) -> None:
        """A new game of ``game``: with players in the history, first which players."""
        from narrator.history.choose import PlayersScreen, offers

        choices = offers(self.history, game, self.last)
        known = self.history.names()
        if not choices:
            from narrator.history import again

            again.start(self.app, game, known=known)
            return
        self.app.push_screen(PlayersScreen(game, choices, known))

    def again(self, journal: str, next_seat: bool) -> None:
        from narrator.history import again

        row = next((r for r in self.history.games(limit=40) if r.journal == journal), None)
        if row is None:
            return
        names = [seat.name for seat in row.seats]
        names = list(again.next_seat(names)) if next_seat else names
        again.start(self.app, row.game, names, row.rulings, self.history.names())

    def path(self, row: GameRow) -> Path:
        return self.app.data_dir / row.journal

    def resume(self, journal: str) -> None:
        if not self.app.open_journal(self.app.data_dir / journal):
            self.refresh_state()  # it was damaged since the menu was drawn

    def action_new(self) -> None:
        """A new game: of the game highlighted, if a "New game" option is; otherwise the
        choice of game (one option a game): the first of them highlighted, n or Enter starts
        it, as the key line says."""
        option = self.highlighted()
        if option.startswith(NEW):
            self.new_game(option.removeprefix(NEW))
            return
        menu = self.query_one("#home-menu", OptionList)
        ids = [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]
        menu.highlighted = next(i for i, option in enumerate(ids) if option.startswith(NEW))
        menu.focus()

    def action_resume(self) -> None:
        """The unfinished game highlighted, or the newest."""
        option = self.highlighted()
        if option.startswith(RESUME):
            self.resume(option.removeprefix(RESUME))
        elif self.unfinished:
            self.resume(self.unfinished[0].journal)

    def action_abandon(self) -> None:
        from narrator.tui.modals import ConfirmScreen

        option = self.highlighted()
        if not option.startswith(RESUME):
            return
        journal = option.removeprefix(RESUME)
        row = next((r for r in self.unfinished if r.journal == journal), None)
        if row is None:
            return
        question = self.tr("home.abandon_question", game=row.step.get(self.app.language, ""))

        def done(yes: bool | None) -> None:
            if yes:
                self.history.abandon(journal)
                self.notify(self.tr("home.abandoned"))
                self.refresh_state()

        self.app.push_screen(ConfirmScreen(question), done)

    def action_history(self) -> None:
        from narrator.history.screen import HistoryScreen

        self.app.push_screen(HistoryScreen(self.history))

    def action_settings(self) -> None:
        from narrator.tui.modals import SettingsScreen

        self.app.push_screen(SettingsScreen())

    def action_quit(self) -> None:
        self.app.exit()
