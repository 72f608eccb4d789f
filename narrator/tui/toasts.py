"""Toasts, few and out of the way: the app's stylesheet puts Textual's rack at the top right
(the bottom holds the lines said last, the step's keys and the Footer; a dialog's keys sit at
its foot), and here at most two are shown at once, the newest, so the rack never grows down
over them (issue 40: an export's toast stayed 10 s over the key line and the caption)."""

from __future__ import annotations

SHOWN = 2  # each at most 6 rows (app.tcss): two are rows 1 to 13, clear of the caption at 80×24


class ToastsMixin:
    """Mixed into ``NarratorApp``."""

    def notify(self, message: str, **kwargs) -> None:
        """Textual's notify; the oldest toast goes when a third comes: the newest is what the
        table reads (a rack capped in height instead hid the newest, clipped: Textual scrolls
        a hidden rack to its end before laying it out)."""
        super().notify(message, **kwargs)
        self.call_later(self._fewer_toasts)  # queued after the toast: Textual adds it by message

    def _fewer_toasts(self) -> None:
        # Textual's own collection and refresh (no public way to drop one toast; textual 8.2).
        shown = list(self._notifications)
        for old in shown[:-SHOWN]:
            self._unnotify(old, refresh=False)
        if len(shown) > SHOWN:
            self._refresh_notifications()
