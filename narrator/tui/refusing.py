"""Refusals, in one place: why an entry or a key was refused is shown in the screen's own
message line (it covers nothing, and goes with the next entry), never in a toast that would
cover the step or outlive the moment; and the app's keys that wait while eyes are closed."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from narrator.tui.messages import Refused

if TYPE_CHECKING:
    from narrator.games.base import Refusal


class RefusalsMixin:
    """Mixed into ``NarratorApp``."""

    def refuse(self, refusal: Refusal | str, speak: bool = True) -> None:
        """Say why an entry was refused, in the user's language: in the screen's message line,
        and aloud unless ``speak`` is False."""
        from narrator.tui.game import GameScreen
        from narrator.tui.privacy import PrivacyScreen

        message = refusal if isinstance(refusal, str) else refusal.text(self.language)
        self.refusals = [message]
        if isinstance(self.screen, GameScreen | PrivacyScreen):  # at once: never a frame late
            self.screen.show_message(message)
        else:
            self.screen.post_message(Refused(message))
        if speak:
            self.voice.say("vote_refused", reason=message)

    def check_action(self, action: str, parameters) -> bool | None:
        """While eyes are closed only what may be done then is on (the game screen refuses
        the other keys, saying why): no dialog, no line said between two cues."""
        # No game screen before its module is loaded: the home screen's first frame does not
        # wait for the game screen's import (bench: cold start).
        shown = sys.modules.get("narrator.tui.game")
        screen = self.screen
        held = (
            shown is not None
            and isinstance(screen, shown.GameScreen)
            and screen.eyes_closed
            and screen.page is None
        )
        if held:
            from narrator.tui.pacing import hands_on

            if not hands_on(action):
                return False
        return super().check_action(action, parameters)
