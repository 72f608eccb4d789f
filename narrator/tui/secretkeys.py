"""One private session's keys, for every device that takes them: the privacy screen on the
laptop and the acting seat's own phone (``phones``). One door for a secret step: the same
reading of a key (``keyreader``), the same path into a choice's second keys, the same check
before the entry and the same refusal, which stays on the device that took the key (it is
never spoken, never a toast: it could tell what was drawn to the table)."""

from __future__ import annotations

from collections.abc import Callable

from narrator.games.base import Refusal
from narrator.games.shell_data import AppMove, Choice, StepView
from narrator.prompts import worded
from narrator.tui import keyreader


class PrivateKeys:
    """The keys of one private session (``session``: ``Privacy.session``): where in a
    choice's second keys it is (``path``), what is typed of a longer key (``typed``), and
    whether anything was entered (then the session's last page follows its steps)."""

    def __init__(self, app, session, source: str | None = None) -> None:
        self.app = app
        self.session = session
        self.source = source  # where the entries come from, noted in the journal ("phone")
        self.path: tuple[str, ...] = ()
        self.typed = ""
        self.entered = False

    @property
    def view(self) -> StepView:
        return self.app.game.step(self.app.state, self.path)

    def ours(self, view: StepView) -> bool:
        return view.private is not None and view.private.session == self.session

    def read(self, key: str) -> keyreader.Read:
        """A key typed on the laptop: a choice, or the start of a longer key (kept)."""
        read = keyreader.read(self.view.choices, self.typed, key)
        self.typed = read.typed
        return read

    def back(self) -> None:
        """Back to the step's first keys."""
        self.path, self.typed = (), ""

    def choose(self, choice: Choice, warn: Callable[[Choice], None]) -> str | None:
        """Take ``choice`` as the step takes it; the refusal's words (with its rule), or None.
        A choice with a warning is handed to ``warn`` (each device asks in its own way)."""
        lang = self.app.language
        if choice.refusal is not None:
            return worded(choice.refusal, lang)
        if choice.warning is not None:
            warn(choice)
            return None
        if choice.goto is not None:  # a seat, then its second key
            self.path, self.typed = choice.goto, ""
            return None
        event = choice.event
        if isinstance(event, AppMove):
            app = self.app
            try:
                event = app.game.app_move(app.state, len(app.journal.events), event)
            except Refusal as refusal:
                return refusal.text(lang)
        return self.enter(event) if event is not None else None

    def enter(self, event) -> str | None:
        """Check first, quietly: a refusal stays on the device that took the key. What the
        entry makes the narrator say is held until the session ends (``release_lines``).
        None once entered; "" if it could not be saved (the app has said why)."""
        app = self.app
        refusal = app.game.check(app.state, event)
        if refusal is not None:
            return refusal.text(app.language)
        self.entered = True
        self.path, self.typed = (), ""  # the next private step starts at its first keys
        if not app.enter(event, speak_refusal=False, hold=True, source=self.source):
            return ""  # not saved: the app says why (a full disk is not a rule's refusal)
        return None
