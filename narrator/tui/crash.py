"""A crash loses nothing and says so (issue 31, item 3).

Every entry is on disk before the screen moves on, so a crash can only lose a key. If an
exception escapes anyway, the app writes a crash report beside the journals (the traceback,
without the values of its variables, and the last 50 keys, those of a privacy screen and of a
name being typed shown as ``•``), prints one line in the user's language instead of Textual's
traceback (which shows variables: a secret could be among them), and the next start says that
the game can be resumed and where the report is. With no file descriptor left (a flood of
connections, issue 37), the report is opened with the app's reserve (``narrator.reserve``).
"""

from __future__ import annotations

import os
import sys
import traceback
from collections import deque
from datetime import datetime
from pathlib import Path
from typing import Any

from textual import events

from narrator import paths
from narrator.reserve import spare
from narrator.tui.words import say

KEYS_KEPT = 50
HIDDEN = "•"  # a key of a privacy screen or of a name being typed
PREFIX, TOLD = "crash-", ".told"


def reports(folder: Path) -> list[Path]:
    """The crash reports not told yet, oldest first."""
    try:
        found = [p for p in folder.glob(f"{PREFIX}*.txt") if not p.stem.endswith(TOLD)]
    except OSError:
        return []
    return sorted(found)


def on_privacy_screen(screen: Any) -> bool:
    """True for a privacy screen; none is open before its module is loaded (the first key of
    a run would otherwise load it, and the rules' data with it: a pause at that key)."""
    privacy = sys.modules.get("narrator.tui.privacy")
    return privacy is not None and isinstance(screen, privacy.PrivacyScreen)


def report_text(error: BaseException, keys: list[str], journal: str | None, hidden: bool) -> str:
    """The report: what broke where, the keys before it; the error's own message is left out
    when it happened on a privacy screen (it could name a card)."""
    lines = ["Inquisition Narrator stopped on an error."]
    lines.append(f"Time: {datetime.now():%Y-%m-%d %H:%M:%S}")
    lines.append(f"Journal: {journal or '(no game under way)'}")
    lines.append("Last keys, oldest first (• a key on a privacy screen or in a name):")
    lines.append(" ".join(keys) or "(none)")
    lines.append("")
    frames = traceback.format_tb(error.__traceback__)
    lines += [frame.rstrip("\n") for frame in frames]
    what = type(error).__qualname__
    lines.append(what if hidden else f"{what}: {error}")
    return "\n".join(lines) + "\n"


class CrashMixin:
    """Mixed into ``NarratorApp``: the keys remembered, the report written, the next start told."""

    def remember_key(self, event: events.Key) -> None:
        if not hasattr(self, "recent_keys"):
            self.recent_keys: deque[str] = deque(maxlen=KEYS_KEPT)
        from textual.widgets import Input

        private = any(map(on_privacy_screen, self.screen_stack))
        typing = bool(self.screen_stack) and isinstance(self.focused, Input) and event.is_printable
        self.recent_keys.append(HIDDEN if private or typing else event.key)

    def _handle_exception(self, error: Exception) -> None:
        """Textual's, then its traceback (with the values of variables) replaced by one line."""
        from rich.text import Text

        hidden = any(map(on_privacy_screen, self.screen_stack))
        path = self.write_crash_report(error, hidden)
        super()._handle_exception(error)
        where = str(path) if path else say(self.language, "game.crash_unwritten")
        line = say(self.language, "game.crashed", report=where)
        self._exit_renderables[:] = [Text(line)]

    def write_crash_report(self, error: BaseException, hidden: bool) -> Path | None:
        journal = self.journal.path.name if self.journal else None
        keys = list(getattr(self, "recent_keys", ()))
        text = report_text(error, keys, journal, hidden)
        path = self.data_dir / f"{PREFIX}{datetime.now():%Y%m%d-%H%M%S-%f}.txt"
        try:
            paths.private_dir(self.data_dir)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
            fd = spare(lambda: os.open(path, flags, 0o600))  # no descriptor left: the reserve
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
        except OSError:
            return None
        return path

    def unfinished(self, problems: list[str] | None = None) -> tuple[Path, Any] | None:
        """The newest unfinished game's journal, opened (its path and its ``Journal``)."""
        from narrator.journal import latest_unfinished

        return latest_unfinished(self.data_dir, problems=problems)

    def tell_crash(self) -> None:
        """At start: the last crash, said once (its report renamed ``….told.txt``)."""
        found = reports(self.data_dir)
        if not found:
            return
        for older in found[:-1]:
            self.mark_told(older)
        path = self.mark_told(found[-1])
        resumable = self.unfinished() is not None
        key = "game.crash_resume" if resumable else "game.crash_report"
        self.notify(
            say(self.language, key, report=path),
            title=say(self.language, "game.crash_title"),
            severity="error",
            timeout=30,
            markup=False,
        )

    @staticmethod
    def mark_told(path: Path) -> Path:
        told = path.with_name(f"{path.stem}{TOLD}.txt")
        try:
            path.rename(told)
        except OSError:
            return path
        return told
