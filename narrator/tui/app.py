"""The Textual app: the narrator at the table.

The app holds the game's journal; every entry goes through ``enter`` which checks it against
the rules, writes it to disk (fsync) and only then moves the screen on.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from narrator import paths
from narrator.tui.announcing import AnnouncementsMixin
from narrator.tui.crash import CrashMixin
from narrator.tui.keyboard import KeyboardMixin
from narrator.tui.palette import PaletteMixin
from narrator.tui.phones import PhonesMixin
from narrator.tui.playing import PlayingMixin
from narrator.tui.refusing import RefusalsMixin
from narrator.tui.speech import CaptionsOnly
from narrator.tui.stacking import StackingMixin
from narrator.tui.styling import StylesMixin
from narrator.tui.tabledisplay import DisplayMixin
from narrator.tui.toasts import ToastsMixin
from narrator.tui.voice_mixin import VoiceMixin
from narrator.tui.words import say, translate_bindings

if TYPE_CHECKING:  # the rules' interface, the journal: imported once a game is chosen
    from narrator.games.base import Event, Game
    from narrator.journal import Journal
    from narrator.timer import Clock, Countdown
    from narrator.tui.drawing import Look


class NarratorApp(
    StackingMixin,
    KeyboardMixin,
    CrashMixin,
    AnnouncementsMixin,
    RefusalsMixin,
    PaletteMixin,
    PlayingMixin,
    VoiceMixin,
    DisplayMixin,
    ToastsMixin,
    PhonesMixin,
    StylesMixin,
    App,
):
    CSS_PATH = "app.tcss"  # the home screen's and every screen's; the others' once it is drawn
    TITLE = "Inquisition Narrator"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("question_mark", "help", "Help"),
        Binding("m", "mute", "Mute"),
        Binding("v", "replay", "Replay line"),
        Binding("left_square_bracket", "volume(-0.1)", "Volume −", show=False),
        Binding("right_square_bracket", "volume(0.1)", "Volume +", show=False),
        Binding("f5", "retry_voice", "Retry sound", show=False),
        Binding("f2", "table_display", "Table display", show=False),
        Binding("ctrl+q", "ask_quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        *,
        data_dir: Path | None = None,
        voice: Any = None,
        clock: Clock = time.monotonic,
        pace: float = 1.0,
        language: str = "en",
        resume: Path | None = None,
        new: bool = False,
        game: str | None = None,
        settings: Any = None,
        voice_factory: Callable[[], Any] | None = None,
        table_display: bool = False,
        keep_language: bool = False,
    ) -> None:
        super().__init__()
        self.voice_factory = voice_factory  # the real voice, opened once the first frame is up
        self.data_dir = Path(data_dir) if data_dir else paths.data_dir()
        self.voice = voice if voice is not None else CaptionsOnly(language)
        self.clock = clock
        self.pace = pace  # scales the opening's pauses; tests run it fast
        self.language = getattr(self.voice, "language", language) or language
        self.settings = settings
        self.keep_language = keep_language  # --lang given: a resumed game is shown in it
        self.resume_path = resume
        self.start_new = new
        self.game_name = game  # --game NAME: straight to its setup
        self.table_display = table_display  # --table-display: served from the start
        self.journal: Journal | None = None
        self.game: Game | None = None  # the game chosen or resumed (imported only then)
        self.look: Look | None = None
        self.countdown: Countdown | None = None
        self.countdown_key: str | None = None
        self.captions: list[str] = []
        self.refusals: list[str] = []
        self.first_frame_waiting: list[Callable[[], Any]] | None = []  # None: it is drawn
        self.forget_announcements()
        translate_bindings(self, self.language)

    def words(self, key: str, **params: Any) -> str:
        """One of the screens' texts in the app's language."""
        return say(self.language, key, **params)

    # --- the game -------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        if self.journal:
            return self.journal.state
        return self.game.initial() if self.game else None

    def choose_game(self, game: Game) -> None:
        """Play ``game`` from now on: its words, its look, its own screens."""
        from narrator.prompts import catalogue, prompt_ids, use_game
        from narrator.tui.drawing import Look

        self.game = game
        self.style_every_screen()  # before the game's own styles, which follow them
        use_game(game.words_dir)
        common = catalogue(self.language, None).ids
        self.voice.prewarm(sorted(prompt_ids() - common))  # its fixed lines, rendered ahead
        look = Look
        if game.screens:
            import importlib

            look = importlib.import_module(game.screens).LOOK
        self.look = look(game)
        css = self.look.css
        if css is not None and not self.stylesheet.has_source(str(css.resolve())):
            self.stylesheet.read(css)  # the game's themes, once
            self.refresh_css(animate=False)

    def on_mount(self) -> None:
        if not self.is_headless:
            self.set_interval(2.0, self.check_terminal)
        if self.voice_factory is None:
            self.hook_voice()
        # Said once drawn: the user's prompts read (the screens' words are the app's own) and
        # the last run's crash report looked for.
        self.after_first_frame(self.show_prompt_warnings)
        self.after_first_frame(self.tell_crash)  # the last run stopped on an error: where
        if self.table_display:
            self.run_worker(self.start_display(), exclusive=True, group="display")
        if self.resume_path is not None and self.open_journal(self.resume_path):
            return
        if self.start_new or self.game_name:
            self.start_setup(self.game_name)

    def get_default_screen(self) -> Screen:
        """The home screen, at the bottom of the stack from the start: a screen pushed over
        Textual's own default would cost the first frame a second screen (bench: cold start)."""
        from narrator.tui.home import HomeScreen

        return HomeScreen()

    def start_setup(self, name: str | None = None) -> None:
        """The setup form of game ``name`` (the only game there is, if None)."""
        from narrator.games import game_names, get_game
        from narrator.tui.setup import SetupScreen

        self.choose_game(get_game(name or game_names()[0]))
        self.push_screen(SetupScreen())

    def on_ready(self) -> None:
        """Textual's Ready: the first screen laid out, its frame not yet written while the app
        is starting (a callback asked for after a refresh would run at once, before it)."""
        self.call_after_refresh(self.first_frame_drawn)

    def after_first_frame(self, callback: Callable[[], Any]) -> None:
        """``callback`` once the first frame is on the screen (at once after the next refresh
        when it is already): a look that would only delay it (bench: cold start)."""
        if self.first_frame_waiting is None:
            self.call_after_refresh(callback)
        else:
            self.first_frame_waiting.append(callback)

    def first_frame_drawn(self) -> None:
        """What can wait until the first screen is up (a quicker start, bench: cold start):
        the real voice (its library, its sound device, its speech worker), rendering the fixed
        lines ahead, what the screens asked to wait (``after_first_frame``), and the garbage
        collector, which ``cli.main`` held back while the app's modules were loaded."""
        from narrator.prompts import prompt_ids

        self.style_every_screen()
        if self.voice_factory is not None:
            factory, self.voice_factory = self.voice_factory, None
            self.voice = factory()
            self.hook_voice()
            settings = getattr(self.voice, "settings", None)  # the real voice's, read at start
            if getattr(settings, "language", self.language) != self.language:
                self.use_language(self.language)  # a game resumed meanwhile in its own language
        self.voice.prewarm(sorted(prompt_ids()))  # the fixed lines, rendered ahead of the game
        waiting, self.first_frame_waiting = self.first_frame_waiting or [], None
        for callback in waiting:
            callback()
        if not gc.isenabled():
            gc.freeze()  # what start-up built lives as long as the app: never scan it again
            gc.enable()

    def say_where_we_are(self) -> None:
        """A resumed game says whose turn it is, as after an undo ("Bob, place a vote."), unless
        an announcement is held (its lines are said as it is shown) or the app's paced lines
        take the step up (they say their own: "keep your eyes closed", R10, W24)."""
        from narrator.games.shell_data import Paced

        view = self.game.step(self.state)
        paced = view.primary is not None and isinstance(view.primary.event, Paced)
        if not self.pages and not paced and view.private is None:
            self.say_lines(list(self.game.again_lines(self.state)))

    def new_game(self, created: Event) -> bool:
        """Start a journal with the players and rulings (refused input writes no file)."""
        from narrator.games.base import Refusal
        from narrator.journal import Journal

        game = self.game
        assert game is not None
        try:
            game.apply(game.initial(), created)
        except Refusal as refusal:
            self.refuse(refusal, speak=False)
            return False
        try:
            journal = Journal.create(game.name, self.data_dir, language=self.language, hold=True)
        except OSError as err:
            from narrator.tui.entering import save_failed

            failed = save_failed("cannot_create", err, folder=self.data_dir)
            self.refuse(failed.text(self.language), speak=False)
            return False
        self.play_journal(journal)
        self.countdown = None
        self.captions = []  # a new game starts with no lines said
        self.forget_announcements()
        if not self.enter(created):  # the players could not be saved: no game, no file
            journal.path.unlink(missing_ok=True)
            self.play_journal(None)
            return False
        self.voice.prewarm(list(game.prewarm(self.journal.state)))  # rendered ahead
        self.display_follows_game()  # the display on now is this game's address
        return True

    def enter(
        self,
        event: Event,
        speak_refusal: bool = True,
        hold: bool = False,
        source: str | None = None,
    ) -> bool:
        """Check, save (fsync) and show one entry. A refusal changes nothing and says why.

        ``hold``: its lines wait until ``release_lines`` (an entry on the privacy screen: the
        table opens its eyes only when the screen is clear); ``source``: where it was keyed
        if not on the laptop ("phone"), noted in the journal."""
        from narrator.games.base import Refusal

        assert self.journal is not None and self.game is not None
        game = self.game
        before = self.journal.state
        try:
            after = self.journal.append(event, source=source)
        except Refusal as refusal:
            self.refuse(refusal, speak=speak_refusal)
            return False
        except OSError as err:
            from narrator.tui.entering import save_failed

            self.refuse(save_failed("save_failed", err).text(self.language), speak=False)
            return False
        self.refusals.clear()
        lines = list(game.event_lines(before, event, after))
        pages = list(game.announcements(before, event, after))
        self.hold_pages(pages, before)  # (the display marks a death from its page on)
        fresh = game.step(after).key != game.step(before).key  # its opening lines: said once
        opening = list(game.step_lines(after)) if fresh else []
        if pages:  # said as each is shown; the next step's lines wait until the last is read
            self.lines_after_pages = self.lines_after_pages + opening
        else:
            lines = lines + opening
        if hold:
            self.held_lines = self.held_lines + lines
        else:
            self.say_lines(lines)  # the voice first: its line starts while the rest is drawn
        self.publish_display()  # then the table display: it must not wait for the screen
        self.route()
        self.call_after_refresh(self.render_ahead)  # what the next key may say, rendered now
        return True

    def release_lines(self) -> None:
        """The privacy screen is clear: say what its entries held back."""
        lines, self.held_lines = self.held_lines, []
        self.say_lines(lines)

    def undo_last(self) -> Event | None:
        if not self.journal or len(self.journal.events) <= 1:
            return None
        try:
            event = self.journal.undo()
        except OSError as err:
            from narrator.tui.entering import save_failed

            self.refuse(save_failed("undo_failed", err).text(self.language), speak=False)
            return None
        self.countdown = None
        self.forget_announcements()
        self.refusals = []
        self.route()
        # The voice follows the screen: the line of whoever acts now, said again at once.
        again = list(self.game.again_lines(self.state))
        self.say_lines([replace(again[0], urgent=True), *again[1:]] if again else [])
        self.call_after_refresh(self.render_ahead)
        return event

    # --- screens --------------------------------------------------------------------------
    def route(self) -> None:
        """Show the screen of the step the game is at (the same screen is refreshed)."""
        from narrator.tui.game import GameScreen
        from narrator.tui.privacy import PrivacyScreen

        if self.phone_session is not None and self.phone_follow():
            return  # the step is on a phone: the laptop says only that
        if isinstance(self.screen, PrivacyScreen):
            self.screen.refresh_state()
            if isinstance(self.screen, PrivacyScreen):  # it may have closed itself
                return
        own = self.game.step(self.state).screen  # a step the game's own screen draws
        target = self.look.screens[own] if own else GameScreen
        screen = self.screen
        if isinstance(screen, ModalScreen) and len(self.screen_stack) > 1:
            screen = self.screen_stack[-2]  # a dialog stays open over the step it was asked on
        if isinstance(screen, target):
            screen.refresh_state()
        else:
            self._show(target())

    def _show(self, screen) -> None:
        # Keep the home screen at the bottom of the stack, one game screen above it.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def go_home(self) -> None:
        """Back to the home screen at the bottom of the stack (it reads the history again as it
        is shown: ``HomeScreen.on_screen_resume``)."""
        self.play_journal(None)  # put down: another narrator may play it now
        self.countdown = None
        self.forget_announcements()
        while len(self.screen_stack) > 1:
            self.pop_screen()

    # --- actions --------------------------------------------------------------------------
    def action_undo(self) -> None:
        from narrator.games.base import fold
        from narrator.tui.modals import ConfirmScreen

        if not self.journal or len(self.journal.events) <= 1:
            self.refuse(self.words("game.nothing_to_undo"), speak=False)
            return
        events = self.journal.events
        before = fold(self.journal.game, events[:-1])
        what = self.game.describe(before, events[-1], self.journal.state, self.language)

        def done(yes: bool | None) -> None:
            if yes:
                event = self.undo_last()
                if event is not None:
                    undone = self.words("game.undone", what=what)
                    self.notify(undone, title=self.words("keys.undo"), markup=False)

        self.push_screen(ConfirmScreen(self.words("game.undo_question", what=what)), done)

    def action_ask_quit(self) -> None:
        """ctrl+q: in a game under way, ask first, and say that it is saved (R: nothing lost)."""
        from narrator.tui.modals import ConfirmScreen

        if self.journal is None or self.game.is_over(self.journal.state):
            self.exit()
            return
        question = self.words("game.quit_question", file=self.journal.path.name)
        self.push_screen(ConfirmScreen(question), lambda yes: self.exit() if yes else None)

    def action_help(self) -> None:
        from narrator.tui.help import help_rows
        from narrator.tui.modals import HelpScreen

        self.push_screen(HelpScreen(help_rows(self)))

    async def on_unmount(self) -> None:
        if self.journal is not None:
            self.journal.close()  # put down: its lock let go, its note removed
        await self.stop_display()
        self.voice.close()
