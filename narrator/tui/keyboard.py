"""The keyboard and the terminal as the app reads them: letter keys by position on a Russian
layout, each key remembered for a crash report, a key pressed between two screens dropped,
and the terminal watched for going away. Mixed into ``NarratorApp``."""

from __future__ import annotations

import errno
import sys
import termios

from textual import events
from textual.app import ScreenStackError
from textual.keys import _character_to_key
from textual.widgets import Input, Select

from narrator.tui.words import latin_key

TERMINAL_GONE = 3  # exit status when the terminal went away (the game is saved)


class KeyboardMixin:
    async def on_event(self, event: events.Event) -> None:
        """On a Russian keyboard layout the letter keys work by their position (ц is w),
        except while a name is being typed."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            latin = latin_key(event.character)
            if latin is not None and not isinstance(self.focused, Input | Select):
                event = events.Key(_character_to_key(latin), latin)
            self.remember_key(event)  # for a crash report (a privacy screen's keys hidden)
        try:
            await super().on_event(event)
        except ScreenStackError:  # a key between one screen's leaving and the next's coming
            if not isinstance(event, events.Key):  # (keys mashed while going home): no screen
                raise  # takes it, and nothing may be lost but a key pressed into nothing

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
