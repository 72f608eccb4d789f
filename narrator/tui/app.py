"""The Textual app: the narrator at the table.

The app holds the game's journal; every entry goes through ``enter`` which checks it against
the rules, writes it to disk (fsync) and only then moves the screen on.
"""

from __future__ import annotations

import errno
import gc
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding

from narrator import paths
from narrator.games.base import Event, Refusal
from narrator.games.ravnica.state import State, Step
from narrator.journal import Journal, JournalError, latest_unfinished
from narrator.prompts import catalogue
from narrator.timer import Clock, Countdown
from narrator.tui.narration import Line, event_lines, step_key, step_lines
from narrator.tui.speech import CaptionsOnly

TERMINAL_GONE = 3  # exit status when the terminal went away (the game is saved)


class NarratorApp(App):
    CSS_PATH = "app.tcss"
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
        Binding("ctrl+q", "quit", "Quit", priority=True),
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
        settings: Any = None,
        voice_factory: Callable[[], Any] | None = None,
    ) -> None:
        super().__init__()
        self.voice_factory = voice_factory  # the real voice, opened once the first frame is up
        self.data_dir = Path(data_dir) if data_dir else paths.data_dir()
        self.voice = voice if voice is not None else CaptionsOnly(language)
        self.clock = clock
        self.pace = pace  # scales the opening's pauses; tests run it fast
        self.language = getattr(self.voice, "language", language) or language
        self.settings = settings
        self.resume_path = resume
        self.start_new = new
        self.journal: Journal | None = None
        self.countdown: Countdown | None = None
        self.countdown_key: str | None = None
        self.captions: list[str] = []
        self.refusals: list[str] = []

    # --- the game -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.journal.state if self.journal else State()

    def colour(self, letter: str | None) -> str:
        return catalogue(self.language).colour(letter) if letter else ""

    def on_mount(self) -> None:
        if not self.is_headless:
            self.set_interval(2.0, self.check_terminal)
        self.call_after_refresh(self.first_frame_drawn)
        if self.voice_factory is None:
            self.hook_voice()
        self.show_prompt_warnings()
        if self.resume_path is not None and self.open_journal(self.resume_path):
            return
        from narrator.tui.home import HomeScreen

        self.push_screen(HomeScreen())
        if self.start_new:
            from narrator.tui.setup import SetupScreen

            self.push_screen(SetupScreen())

    def first_frame_drawn(self) -> None:
        """What can wait until the first screen is up (a quicker start, bench: cold start):
        the real voice (its library, its sound device, its speech worker), rendering the fixed
        lines ahead, and the garbage collector, which ``cli.main`` held back while the app's
        modules were loaded."""
        from narrator.prompts import PROMPT_IDS

        if self.voice_factory is not None:
            factory, self.voice_factory = self.voice_factory, None
            self.voice = factory()
            self.hook_voice()
        self.voice.prewarm(sorted(PROMPT_IDS))  # the fixed lines, rendered ahead of the game
        if not gc.isenabled():
            gc.freeze()  # what start-up built lives as long as the app: never scan it again
            gc.enable()

    def hook_voice(self) -> None:
        if hasattr(self.voice, "on_notice"):  # called from the voice's own thread
            self.voice.on_notice = self._voice_notice_from_thread
        notice = getattr(self.voice, "notice", None)
        if notice:
            self.notify(notice, title="Sound", severity="warning", timeout=8)

    def check_terminal(self) -> None:
        """Quit when the terminal is gone (its window closed, the connection dropped) and no
        hang-up signal came: the game is on disk, and the app would otherwise spin for ever
        drawing into nothing. A hung-up terminal answers EIO to every call."""
        stream = sys.__stderr__  # where Textual draws
        try:
            termios.tcgetattr(stream.fileno())
        except termios.error as err:  # not an OSError: (errno, message) in its args
            if err.args and err.args[0] in (errno.EIO, errno.ENXIO, errno.EBADF):
                self.exit(return_code=TERMINAL_GONE)
        except (AttributeError, ValueError, OSError):
            pass  # no stream, or not a terminal: nothing to watch

    def show_prompt_warnings(self) -> None:
        """Why lines of the user's prompts.<lang>.toml were not used (once a language)."""
        shown = getattr(self, "_prompt_warnings_shown", set())
        if self.language not in shown:
            self._prompt_warnings_shown = shown | {self.language}
            for warning in catalogue(self.language).warnings:
                self.notify(warning, title="Prompts", severity="warning", timeout=10)

    def unfinished(self, problems: list[str] | None = None) -> tuple[Path, Journal] | None:
        return latest_unfinished(self.data_dir, problems=problems)

    def open_journal(self, path: Path) -> bool:
        try:
            journal = Journal.open(path)
            if not journal.events:
                raise JournalError(
                    f"{Path(path).name} holds no game: it was cut off before the players were "
                    "saved. Start a new game."
                )
        except JournalError as err:
            self.notify(str(err), title="Cannot resume", severity="error", timeout=10)
            return False
        for warning in journal.warnings:
            self.notify(warning, title="Journal", severity="warning", timeout=10)
        self.journal = journal
        self.countdown = None
        self.route()
        self.caption(f"Resumed: {journal.path.name}")
        return True

    def new_game(self, created: Event) -> bool:
        """Start a journal with the players and rulings (refused input writes no file)."""
        from narrator.games.ravnica import GAME

        try:
            GAME.apply(State(), created)
        except Refusal as refusal:
            self.refuse(str(refusal), speak=False)
            return False
        try:
            self.journal = Journal.create("ravnica", self.data_dir)
        except OSError as err:
            self.refuse(
                f"Cannot save the game in {self.data_dir}: {err.strerror or err}. Free some "
                "space, or start the narrator with --data-dir and a folder it can write to.",
                speak=False,
            )
            return False
        self.countdown = None
        if not self.enter(created):  # the players could not be saved: no game, no file
            self.journal.path.unlink(missing_ok=True)
            self.journal = None
            return False
        # The round openings, with the colours' names, rendered ahead of the game.
        self.voice.prewarm(
            [("turn_leader_card", {"round": n}) for n in range(1, 6)]
            + [
                ("round_start", {"round": n, "colour": self.colour(c)})
                for n in range(1, 6)
                for c in "WUBRG"
            ]
        )
        return True

    def enter(self, event: Event, speak_refusal: bool = True) -> bool:
        """Check, save (fsync) and show one entry. A refusal changes nothing and says why."""
        assert self.journal is not None
        before = self.journal.state
        try:
            after = self.journal.append(event)
        except Refusal as refusal:
            self.refuse(str(refusal), speak=speak_refusal)
            return False
        except OSError as err:
            self.refuse(
                f"Could not save the entry ({err.strerror or err}); nothing was changed. "
                "Free some disk space, then try again.",
                speak=False,
            )
            return False
        self.refusals.clear()
        self.say_lines(event_lines(before, event, after, self.colour))
        if step_key(after) != step_key(before):  # a step's opening lines are said once
            self.say_lines(step_lines(after, self.colour))
        self.route()
        return True

    def undo_last(self) -> Event | None:
        if not self.journal or len(self.journal.events) <= 1:
            return None
        try:
            event = self.journal.undo()
        except OSError as err:
            self.refuse(
                f"Could not save the undo ({err.strerror or err}); nothing was changed.",
                speak=False,
            )
            return None
        self.countdown = None
        self.route()
        return event

    def refuse(self, message: str, speak: bool = True) -> None:
        self.refusals.append(message)
        self.notify(message, title="Refused", severity="error", timeout=6)
        screen = self.screen
        if hasattr(screen, "show_message"):
            screen.show_message(message)
        if speak:
            self.voice.say("vote_refused", reason=message)

    # --- screens --------------------------------------------------------------------------
    def route(self) -> None:
        """Show the screen of the step the game is at (the same screen is refreshed)."""
        from narrator.tui.game import GameScreen
        from narrator.tui.privacy import PrivacyScreen
        from narrator.tui.setup import DealScreen

        state = self.state
        if isinstance(self.screen, PrivacyScreen):
            self.screen.refresh_state()
            if isinstance(self.screen, PrivacyScreen):  # it may have closed itself
                return
        target = DealScreen if state.step is Step.DEAL else GameScreen
        if isinstance(self.screen, target):
            self.screen.refresh_state()
        else:
            self._show(target())

    def _show(self, screen) -> None:
        from narrator.tui.home import HomeScreen

        # Keep the home screen at the bottom of the stack, one game screen above it.
        while len(self.screen_stack) > 2 or (
            len(self.screen_stack) == 2 and not isinstance(self.screen_stack[0], HomeScreen)
        ):
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def go_home(self) -> None:
        from narrator.tui.home import HomeScreen

        self.journal = None
        self.countdown = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if isinstance(self.screen_stack[-1], HomeScreen):
            self.screen.refresh_state()
            return
        self.switch_screen(HomeScreen())

    # --- voice and captions ---------------------------------------------------------------
    def say_lines(self, lines: list[Line]) -> None:
        for line in lines:
            if line.chime:
                self.voice.chime(line.chime, urgent=line.urgent)
            text = self.voice.say(line.prompt_id, urgent=line.urgent, **line.params)
            self.caption(text)

    def say(self, prompt_id: str, urgent: bool = False, **params: Any) -> str:
        text = self.voice.say(prompt_id, urgent=urgent, **params)
        self.caption(text)
        return text

    def caption(self, text: str) -> None:
        self.captions.append(text)
        screen = self.screen
        if hasattr(screen, "show_caption"):
            screen.show_caption(text)

    # --- actions --------------------------------------------------------------------------
    def action_undo(self) -> None:
        from narrator.games.base import fold
        from narrator.games.ravnica.story import describe
        from narrator.tui.modals import ConfirmScreen

        if not self.journal or len(self.journal.events) <= 1:
            self.notify("Nothing to undo.", severity="warning")
            return
        events = self.journal.events
        before = fold(self.journal.game, events[:-1])
        what = describe(before, events[-1], self.journal.state)

        def done(yes: bool | None) -> None:
            if yes:
                event = self.undo_last()
                if event is not None:
                    self.notify(f"Undone: {what}", title="Undo")

        self.push_screen(ConfirmScreen(f"Undo the last entry?\n\n{what}"), done)

    def action_help(self) -> None:
        from narrator.tui.modals import HelpScreen

        self.push_screen(HelpScreen())

    def action_mute(self) -> None:
        muted = self.voice.toggle_mute()
        self.notify("Voice muted: captions only." if muted else "Voice on.", title="Sound")

    def action_volume(self, step: float) -> None:
        current = getattr(getattr(self.voice, "settings", None), "volume", 1.0)
        volume = self.voice.set_volume(max(0.0, min(1.0, current + step)))
        if isinstance(volume, float):
            self.notify(f"Volume {round(volume * 100)}%", title="Sound", timeout=2)

    def action_replay(self) -> None:
        self.voice.replay_last()
        if self.captions:
            self.caption(self.captions[-1])

    def _voice_notice_from_thread(self, notice: str | None) -> None:
        try:
            self.call_from_thread(self._voice_notice, notice)
        except RuntimeError:  # the app is not running (closing, or a test without a loop)
            pass

    def _voice_notice(self, notice: str | None) -> None:
        if notice:
            self.notify(notice, title="Sound", severity="warning", timeout=8)
        else:
            self.notify("Sound is working.", title="Sound")

    def action_retry_voice(self) -> None:
        self.notify("Trying the sound again…", title="Sound")
        self.voice.retry()  # the outcome arrives through on_notice

    def set_language(self, language: str) -> str | None:
        """Speak and caption in ``language`` from the next line on, and keep it for next time.

        Only the language is written to the settings file (not a ``--mute`` given for this run).
        Returns a message when the choice could not be saved; it still applies to this run.
        """
        from narrator.settings import load, save

        self.language = language
        if hasattr(self.voice, "apply_settings"):
            self.voice.apply_settings(replace(self.voice.settings, language=language))
        else:
            self.voice.language = language
        if self.settings is not None:
            self.settings = replace(self.settings, language=language)
        self.say("language_set")
        self.show_prompt_warnings()
        try:
            stored, problems = load()
            if problems:  # saving would replace what could not be read: leave the file alone
                return (
                    f"{problems[0]} The language applies until you quit; settings.toml was "
                    "left as it is: correct it (or delete it) to keep the language."
                )
            save(replace(stored, language=language))
        except OSError as err:
            return f"Could not save the settings ({err.strerror or err}); the language applies until you quit."
        return None

    def on_unmount(self) -> None:
        self.voice.close()


def run(args: Any) -> int:
    from narrator.tui.speech import open_voice

    settings = None
    warnings: list[str] = []
    try:
        from narrator.settings import load

        settings, warnings = load()
    except Exception:  # noqa: BLE001 - settings are a comfort, never a reason not to start
        settings = None
    language = args.lang or getattr(settings, "language", "en")
    if settings is not None:
        import dataclasses

        changes = {"language": language}
        if args.mute:
            changes["muted"] = True
        settings = dataclasses.replace(settings, **changes)
    app = NarratorApp(
        voice=CaptionsOnly(language),  # until the first frame is drawn
        voice_factory=(lambda: open_voice(settings)) if settings is not None else None,
        language=language,
        resume=Path(args.resume) if args.resume else None,
        new=args.new,
        settings=settings,
    )
    for warning in warnings:
        app.call_later(app.notify, warning, title="Settings", severity="warning")
    app.run()
    return app.return_code or 0
