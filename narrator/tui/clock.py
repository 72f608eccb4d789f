"""The discussion's clock on the game screen (R11, R26): a countdown from a deadline, saved
beside the journal so a killed app resumes it, the 30-second warning and the last ticks,
time up at the deadline itself, and the keys that pause, add time and end it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual.widgets import Digits, ProgressBar, Static

from narrator.games.shell_data import StepView
from narrator.prompts import worded
from narrator.timer import Countdown, TimerFile, mmss
from narrator.tui.timers import one_shot

TICK = 0.1  # seconds between two looks at the discussion clock


def discussion_key(view: StepView, entries: int) -> str:
    """Names one countdown (the step's timer key, the journal's length), so a clock saved for
    one is never applied to another. A turn's timer (P7) is named by its key alone: it runs
    on across the turn's entries."""
    if view.timer.turn:
        return f"turn:{view.timer.key}"
    return f"{view.timer.key}:{entries}"


def timer_path(journal_path: Path) -> Path:
    """Where a game's discussion clock is saved: beside its journal."""
    return journal_path.with_suffix(".timer.json")


def discussion_started(journal, clock) -> bool:
    """The countdown the journal's game is at had started (it was saved) before the app
    stopped."""
    view = journal.game.step(journal.state)
    if view.timer is None:
        return False
    saved = TimerFile(timer_path(journal.path))
    return saved.load(discussion_key(view, len(journal.events)), clock) is not None


class DiscussionClock:
    """Mixed into ``GameScreen``."""

    _final_tick: tuple | None = None  # the countdown whose deadline a one-shot timer waits for

    # --- the clock ------------------------------------------------------------------------
    def ensure_countdown(self, view: StepView) -> None:
        app = self.app
        if view.timer is None:
            app.countdown = None
            app.countdown_key = None
            if view.kind == "over" and app.journal:
                self.timer_file().clear()
            return
        key = discussion_key(view, len(app.journal.events) if app.journal else 0)
        if app.countdown is None or app.countdown_key != key:
            seconds = view.timer.seconds
            saved = self.timer_file().load(key, app.clock) if app.journal else None
            if saved is not None:  # resumed after a crash: the time that was left
                app.countdown = saved
                state = "running" if saved.running else "paused"
                how = app.words(f"game.timer_{state}")
                app.caption(app.words("game.timer_restored", left=mmss(saved.remaining()), how=how))
            else:
                app.countdown = Countdown(seconds, app.clock)
                app.countdown.start()
            app.countdown_key = key
            self.warned = set()
            if app.countdown.total > 30 and app.countdown.remaining() <= 30:
                self.warned.add("30")  # already warned before the crash
            self.save_timer()

    def timer_file(self) -> TimerFile:
        """The clock's file beside this game's journal: one object per journal, which
        remembers what it last wrote (each shown second is written once)."""
        path = timer_path(self.app.journal.path)
        if self._timer_file is None or self._timer_file.path != path:
            self._timer_file = TimerFile(path)
        return self._timer_file

    def save_timer(self) -> None:
        app = self.app
        if app.journal and app.countdown is not None and app.countdown_key:
            self.timer_file().save(app.countdown_key, app.countdown)

    def tick(self) -> None:
        countdown = self.app.countdown
        view = self.view
        if view.timer is None or countdown is None:
            return
        shown = (id(countdown), countdown.running, countdown.deadline, countdown.total)
        if shown != getattr(self, "_clock_shown", None):  # paused, resumed, +30 s: the display
            self._clock_shown = shown
            self.app.publish_display()
        left = countdown.remaining()
        if countdown.running and 0 < left <= TICK:
            # The last tick would land up to 0.1 s after the deadline: wake exactly at it.
            armed = (id(countdown), countdown.deadline)  # a new deadline is armed afresh
            if self._final_tick != armed:
                self._final_tick = armed
                one_shot(self, left, self.tick)
        self.save_timer()
        self.query_one("#clock", Digits).update(mmss(left))
        self.query_one("#progress", ProgressBar).update(progress=1000 * countdown.fraction_left())
        clock = self.query_one("#clock", Digits)
        if clock.has_class("paused") == countdown.running:
            clock.set_class(not countdown.running, "paused")
            caption = view.timer.paused_caption if view.timer is not None else None
            own = worded(caption, self.app.language) if caption is not None else None
            paused = "" if countdown.running else own or self.app.words("game.paused")
            self.query_one("#paused", Static).update(Text(paused, style="bold reverse"))
        if countdown.total > 30 and left <= 30 and "30" not in self.warned:
            self.warned.add("30")
            self.app.voice.chime("warning_30s")
            self.app.say("thirty_seconds_left")
        whole = int(-(-left // 1))
        if 0 < whole <= 5 and f"tick{whole}" not in self.warned:
            self.warned.add(f"tick{whole}")
            self.app.voice.chime("tick")
        if countdown.expired and "up" not in self.warned:
            self.warned.add("up")
            self.app.voice.chime("time_up", urgent=True)
            self.say_timer_line("up", "time_up", urgent=True)  # a game's own words, if any
            if view.timer.then is not None:  # a turn's timer may only say so (P7)
                self.app.enter(view.timer.then)

    def say_timer_line(self, which: str, common: str, urgent: bool = False) -> None:
        """The timer's own line (P7: whose turn ran out, and what the table does), else the
        common one ("Time is up.", "Discussion paused.")."""
        timer = self.view.timer
        own = getattr(timer, which, None) if timer is not None else None
        if own is not None:
            self.app.say_lines([replace(own, urgent=urgent or own.urgent)])
        else:
            self.app.say(common, urgent=urgent)

    def action_ask_end(self) -> None:
        """Enter in a running discussion: one tired keypress must not end it (e ends it)."""
        from narrator.tui.modals import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.action_end_discussion()

        question = ConfirmScreen(self.app.words("game.end_question"))  # only y ends it
        self.app.push_screen(question, done)

    def action_pause(self) -> None:
        if self.paced is not None:
            self.pause_paced()
            return
        countdown = self.app.countdown
        if countdown:
            running = countdown.toggle()
            if running:
                self.say_timer_line("resumed", "discussion_resumed")
            else:
                self.say_timer_line("paused", "discussion_paused")
            self.tick()

    def action_add_time(self) -> None:
        if self.app.countdown:
            self.app.countdown.add(30)
            self.warned.discard("30")
            self.warned = {w for w in self.warned if not w.startswith("tick")}
            self.app.say("time_added", seconds=30)
            self.tick()

    def action_end_discussion(self) -> None:
        timer = self.view.timer
        if timer is not None and timer.then is not None:
            self.warned.add("up")
            self.app.enter(timer.then)
