"""One rule for every screen the app opens over another (issue 31): the command palette, help,
the record, the undo, quit and end-early questions, settings, the table display's address and
the privacy screen.

Keys that open them fire under a dialog (ctrl+z, ctrl+q and ctrl+p are priority keys), so a
storm of keys could stack a second copy: a second palette crashed the app (Textual refuses a
second widget with the palette's id), and a second undo question answered y would undo twice.
Every push goes through ``push_screen`` here, which decides before anything is stacked:

1. The palette is a way to run a command: anything opened over it closes it first.
2. A question (yes or no) holds the keys until it is answered: another question, or the
   palette, is not opened over it, and the narrator is told to answer it first.
3. A screen of a kind already open is not opened again: the open one is what was asked for.
"""

from __future__ import annotations

import sys
from typing import Any

from textual.command import CommandPalette
from textual.screen import Screen

from narrator.tui.words import say


def is_question(screen: Screen) -> bool:
    modals = sys.modules.get("narrator.tui.modals")  # none open before it is loaded
    return modals is not None and isinstance(screen, modals.ConfirmScreen)


class StackingMixin:
    """Mixed into ``NarratorApp``: the one door through which a screen is stacked."""

    def push_screen(self, screen: Any, callback: Any = None, wait_for_dismiss: bool = False):
        if isinstance(screen, Screen) and self.screen_stack:
            refusal = self.stacking_refusal(screen)
            if refusal is not None:
                if refusal:
                    self.notify(say(self.language, refusal), severity="warning", timeout=4)
                return self.not_stacked(wait_for_dismiss)
            top = self.screen_stack[-1]
            if isinstance(top, CommandPalette) and not isinstance(screen, CommandPalette):
                top._action_escape()  # as Esc closes it (it cancels its search and pops)
        return super().push_screen(screen, callback, wait_for_dismiss)

    def stacking_refusal(self, screen: Screen) -> str | None:
        """Why ``screen`` is not stacked now: a words id, "" to say nothing (the same screen is
        on top already), or None when it may open."""
        stack = self.screen_stack
        if any(is_question(open_) for open_ in stack) and (
            is_question(screen) or isinstance(screen, CommandPalette)
        ):
            return "modals.answer_first"
        kind = type(screen)
        if any(type(open_) is kind for open_ in stack):
            return "" if type(stack[-1]) is kind else "modals.open_already"
        return None

    def not_stacked(self, wait_for_dismiss: bool):
        """What ``push_screen`` returns for a screen it did not stack: an await that is done at
        once (and, when the caller waits for an answer, the answer None)."""
        from textual.await_complete import AwaitComplete

        if not wait_for_dismiss:
            return AwaitComplete.nothing()
        import asyncio

        future = asyncio.get_running_loop().create_future()
        future.set_result(None)
        return future
