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


HOLD_AT_MOST = 0.5  # seconds: keys held behind an Enter are let go by then in any case


class KeyboardMixin:
    held_keys: list | None = None  # keys typed behind an Enter not yet acted on, in order

    async def on_event(self, event: events.Event) -> None:
        """On a Russian keyboard layout the letter keys work by their position (ц is w),
        except while a name is being typed. On a game screen the keys typed behind Enter wait
        until its entry is made (``hold_keys``): a card's name, Enter, then its effect's keys."""
        came_back = isinstance(event, events.Key) and event.is_forwarded  # (forwarding marks it)
        if isinstance(event, events.Key) and not came_back:
            if not getattr(event, "released", False):  # (a key released was kept when typed)
                self.remember_key(event)  # for a crash report (a privacy screen's keys hidden)
            if self.held_keys is not None:
                self.held_keys.append(event)  # after the entry, in the order typed
                return
            latin = latin_key(event.character)
            if latin is not None and not isinstance(self.focused_widget(), Input | Select):
                event = events.Key(_character_to_key(latin), latin)
            up = self.screen_stack[-1] if self.screen_stack else None
            if event.key == "enter" and getattr(up, "keys_wait_for_enter", False):
                self.hold_keys()  # until Enter's entry is made (a value typed: its field's)
        try:
            await super().on_event(event)
        except ScreenStackError:  # a key between one screen's leaving and the next's coming
            if not isinstance(event, events.Key):  # (keys mashed while going home): no screen
                raise  # takes it, and nothing may be lost but a key pressed into nothing
        finally:  # Enter came back up to the app: its binding has acted; a field's Enter is
            # its own, and its entry releases the keys when it is made (entering.py)
            if came_back and event.key == "enter" and not isinstance(self.focused_widget(), Input):
                self.release_keys()

    def focused_widget(self):
        """The widget with the focus, or None: also between one screen's leaving and the
        next's coming, with no screen on the stack, where Textual's ``focused`` raises (a
        storm's Enter coming back up to the app then closed it, issue 31)."""
        return self.focused if self.screen_stack else None

    def hold_keys(self) -> None:
        """From now on, keys wait until ``release_keys``: the keys typed after an Enter belong
        to the step its entry leads to (a card's name typed, Enter, then its effect's keys),
        never to the field it closes. Textual hands Enter to its binding or to the field only
        once the keys typed after it have gone on to the field, or to the step still shown."""
        if self.held_keys is None:
            self.held_keys = []
            self.set_timer(HOLD_AT_MOST, self.release_keys)

    def release_keys(self) -> None:
        """The keys held, handled now, in the order typed (before any typed after this)."""
        held, self.held_keys = self.held_keys, None
        if held is None:
            return
        for event in held:
            again = events.Key(event.key, event.character)
            again.released = True
            self.post_message(again)

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
