"""Toasts in turn: at most two on screen, the next shown when one goes, none dropped unread.

The app's stylesheet puts Textual's rack at the top right, each toast at most 6 rows: two are
rows 1 to 13 at 80×24, clear of what a table reads at the bottom (the lines said last, the
step's keys, the Footer, a dialog's keys). A third at once would grow the rack down over them
(issue 40); dropping the oldest hid warnings about the user's own files. So the others wait,
in order, and each is given its whole time once it is shown.

Textual 8.2 keeps every notification in one collection (``App._notifications``, in the order
they came), and its rack shows whatever it is handed (``ToastRack.show``): the rack is handed
the first two, and the collection keeps the rest, their time not yet running. Tests and the
crash report read the collection: every toast told is in it until it is read.
"""

from __future__ import annotations

import math
import time

from textual.app import ScreenStackError
from textual.css.query import NoMatches
from textual.notifications import Notification, Notifications
from textual.widgets._toast import ToastRack

SHOWN = 2  # each at most 6 rows (app.tcss): two are rows 1 to 13, clear of the caption at 80×24
WAITING = math.inf  # a waiting toast's time of showing: it never expires while it waits


def waiting(note: Notification) -> bool:
    return note.raised_at == WAITING


class ToastsMixin:
    """Mixed into ``NarratorApp``: Textual's own notifications, shown two at a time."""

    def _refresh_notifications(self) -> None:
        """Textual's refresh, the rack handed the oldest two toasts: one that was waiting
        starts its time now; the others wait (and a toast never shown yet waits too)."""
        shown = Notifications()
        for place, note in enumerate(list(self._notifications)):  # expired ones reaped
            if place >= SHOWN:
                note.raised_at = WAITING
                continue
            if waiting(note):
                note.raised_at = time.time()
                # Its toast's timer ends it; with no toast drawn (no rack: a test's app), the
                # collection only forgets it when looked at: this looks then.
                self.set_timer(note.timeout, self._refresh_notifications)
            shown.add(note)
        try:
            rack = self.screen.get_child_by_type(ToastRack)
        except (ScreenStackError, NoMatches):  # no screen yet, or none with a rack (a test's)
            return
        self.call_later(rack.show, shown)

    def _unnotify(self, notification: Notification, refresh: bool = True) -> None:
        """A toast gone (its time up, or clicked): the next one waiting is shown (Textual's
        toast asks for no refresh, as it removes itself)."""
        later = any(waiting(note) for note in self._notifications)
        super()._unnotify(notification, refresh=refresh or later)
