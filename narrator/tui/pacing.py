"""Lines the app says by itself while eyes are closed (the opening R10, a night pass W24).

Eyes closed means hands off: nothing may bunch or skip the cues. While the lines run only
space works (it pauses, where the step allows it); any interruption (a dialog over the
screen: ctrl+q, or the screen left) stops them, and when the screen is back the current turn
starts again with its full length, as a pause does. A turn whose time ran out while the app
was held never fires late in a bunch: it starts again from now.
"""

from __future__ import annotations

import time

from narrator.games.shell_data import Paced, StepView
from narrator.tui.timers import one_shot

LATE = 0.25  # seconds: a turn that ended longer ago than this is not followed on from
# What may be done while eyes are closed: pause, quit (its dialog stops the turn) and the
# sound's keys; any other key is refused on screen (R10, W24).
HANDS_ON = frozenset({"pause", "ask_quit", "mute", "volume", "retry_voice"})


def hands_on(action: str) -> bool:
    """``action`` (a binding's, "volume(0.1)") may be done while eyes are closed."""
    return action.split("(")[0] in HANDS_ON


class PacingMixin:
    """Mixed into ``GameScreen``."""

    paced: Paced | None = None
    paced_paused = False
    _paced_interrupted = False

    @property
    def eyes_closed(self) -> bool:
        """Lines are running by themselves: only space may be pressed."""
        return self.paced is not None and not self.paced_paused

    def auto_paced(self, view: StepView) -> None:
        """A step whose lines start by themselves (eyes closed: no key, W24)."""
        paced = view.primary.event if view.primary is not None else None
        shown = self.app.screen is self
        if self.paced is None and isinstance(paced, Paced) and paced.auto and shown:
            self.run_paced(paced)

    def follow_paced(self, view: StepView) -> None:
        """The step changed under paused lines (an undo): keep them paused, on the step's own
        lines now; or drop them if the step has none."""
        paced = view.primary.event if view.primary is not None else None
        if self.paced is None or not self.paced_paused or self.paced is paced:
            return
        if getattr(self, "_paced_key", None) == view.key and isinstance(paced, Paced):
            self.paced = paced
        elif not isinstance(paced, Paced):
            self.paced = None

    def run_paced(self, paced: Paced, again: bool = False) -> None:
        """Say the lines, each after the last one's pause. The pauses run on deadlines: lines
        that follow the step's last ones (the next turn of a pass) start from where those
        ended, not from when the entry was saved, so no turn is longer than another (W24)."""
        app = self.app
        key = self.view.key
        lines = paced.lines[paced.restart :] if again else paced.lines
        follows = getattr(self, "_paced_key", None) == key
        if paced.resumed and not follows:
            lines = paced.resumed + lines  # taken up from a resumed game
        self._paced_key = key
        self.paced = paced
        self.paced_paused = False
        self._paced_interrupted = False
        self.refresh_state()
        now = time.monotonic()
        ended = getattr(self, "_paced_end", None)
        on_time = ended is not None and now - ended <= LATE
        start = ended if follows and not again and on_time else now
        deadlines = []
        for _, wait in lines:
            start += max(0.01, wait * app.pace)
            deadlines.append(start)

        def say_next(i: int) -> None:
            if self.paced is not paced or self.paced_paused:
                return  # paused or interrupted meanwhile: that run is over
            if app.game is None or app.game.step(app.state).key != key:
                self.paced = None  # the game moved on (an undo, home): stop
                return
            if i == len(lines):
                self.paced = None
                self._paced_end = deadlines[-1] if deadlines else time.monotonic()
                app.enter(paced.then)
                return
            app.say(lines[i][0])
            wait = max(0.001, deadlines[i] - time.monotonic())
            self._paced_timer = one_shot(self, wait, lambda: say_next(i + 1))

        say_next(0)

    def stop_paced_timer(self) -> None:
        timer = getattr(self, "_paced_timer", None)
        if timer is not None:
            timer.stop()

    def pause_paced(self) -> None:
        """Space: stop; again: say them again from the turn's first line (W24)."""
        paced = self.paced
        if paced is None:
            return
        if not self.paced_paused:
            self.stop_paced_timer()
            self.paced_paused = True
            self.app.say("paced_paused")
            self.clear_refusal()  # "eyes are closed: only space works" is no longer so
            self.refresh_state()
        else:
            self.paced = None
            self.run_paced(paced, again=True)

    def interrupt_paced(self) -> None:
        """Something came over the screen while eyes are closed: stop the turn; it starts
        again, whole, when the screen is back (``on_screen_resume``)."""
        if self.eyes_closed:
            self.stop_paced_timer()
            self.paced_paused = True
            self._paced_interrupted = True

    def resume_interrupted(self) -> None:
        if self.paced is not None and self._paced_interrupted and self.app.screen is self:
            paced, self.paced = self.paced, None
            self.run_paced(paced, again=True)
