"""The game screen, for any game: the header, the step in the middle with its key line pinned
under it, the game's table beside it, and the narrator's last line as a caption at the
bottom. An announcement takes the middle until Enter.

It draws the game's ``StepView`` (``narrator.tui.stepview``) and takes keys for it: a key is
one of the step's choices (typed keys are gathered while they are the start of a longer
one: "01", "B2"), Enter is the step's primary choice, and the shell's own keys (the clock,
take back, the record) work alike for every game.
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Digits, ProgressBar, Static

from narrator.games.base import Refusal
from narrator.games.views import AppMove, Choice, Paced, StepView, Words, worded
from narrator.timer import TimerFile
from narrator.tui import stepview
from narrator.tui.clock import TICK, DiscussionClock
from narrator.tui.pacing import PacingMixin, hands_on
from narrator.tui.widgets import FittingFooter
from narrator.tui.words import translate_bindings

__all__ = ["GameScreen"]

BEFORE_CHOICES = [
    Binding("enter", "primary", "Continue"),
    Binding("enter", "ask_end", "End early…"),  # a running discussion: Enter asks first
    Binding("space", "pause", "Pause/resume"),
    Binding("plus,equals_sign", "add_time", "+30 s"),
    Binding("e", "end_discussion", "End discussion"),
    Binding("backspace", "undo_vote", "Take back vote"),
    Binding("escape", "back", "Back"),  # from a choice's later keys to its first (a hut's target)
]
AFTER_CHOICES = [
    Binding("t", "record", "Record"),
    Binding("x", "export", "Export"),
    Binding("h", "home", "Home"),
]


class GameScreen(PacingMixin, DiscussionClock, Screen):
    BINDINGS = BEFORE_CHOICES + AFTER_CHOICES
    # Until mounted (Textual may ask check_action before on_mount):
    path: tuple[str, ...] = ()
    typed = ""
    paced: Paced | None = None
    _view: tuple | None = None  # (state, path, its StepView)

    def compose(self) -> ComposeResult:
        yield Static(id="banner")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="step-title")
                with Horizontal(id="clock-row"):
                    yield Digits("", id="clock")
                    yield Static(id="paused")
                    yield ProgressBar(
                        id="progress", show_eta=False, show_percentage=False, total=1000
                    )
                with VerticalScroll(id="step-scroll"):
                    yield Static(id="step-body")
                yield Static(id="message")
                yield Static(id="step-keys")
            yield self.app.look.side_panel()
        yield Static(id="caption")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.ticked: set[int] = set()
        self._timer_file: TimerFile | None = None
        self.paced: Paced | None = None  # lines the app is saying by itself (R10)
        self.path: tuple[str, ...] = ()  # the keys of a choice that has more (a seat, its role)
        self.typed = ""  # keys typed so far of a longer key ("0" of "01")
        self.warned: set[str] = set()
        self._footer_choices: tuple = ()
        self._theme: str | None = None
        translate_bindings(self, self.app.language)
        self.set_interval(TICK, self.tick)
        # Drawn by on_screen_resume, which Textual sends when the screen is first shown too.

    def on_screen_resume(self) -> None:
        """Shown, or back from the privacy screen or a dialog: lines said meanwhile show here
        too; lines cut off by the dialog start their turn again, whole."""
        self.refresh_state()
        self.show_caption()
        self.resume_interrupted()

    def on_resize(self) -> None:
        self.show_caption()  # the lines said that fit whole at the new width

    def on_screen_suspend(self) -> None:
        """A dialog or another screen came over this one: eyes-closed lines stop (R10, W24)."""
        self.interrupt_paced()

    @property
    def lang(self) -> str:
        return self.app.language

    @property
    def page(self):
        """The announcement on screen, if any."""
        return self.app.pages[0] if self.app.pages else None

    @property
    def view(self) -> StepView:
        """The game's view of its step, asked again only when the state or the keys typed
        change (the clock's tick and every binding's check ask for it)."""
        if self.app.game is None:  # gone home: nothing to key here any more
            return StepView("over", None)
        state = self.app.shown_state  # never changed in place: a new one is a new step
        cached = self._view
        if cached is None or cached[0] is not state or cached[1] != self.path:
            cached = self._view = (state, self.path, self.app.game.step(state, self.path))
        return cached[2]

    # --- drawing --------------------------------------------------------------------------
    def refresh_state(self) -> None:
        s = self.app.shown_state  # the moment an announcement tells, until it is read
        view = self.view
        if view.key != getattr(self, "_step_key", None):  # a new step: its own marks
            self._step_key = view.key
            self.ticked = set()
            self.path, self.typed = (), ""
            view = self.view
        self.follow_paced(view)
        page = self.page
        if view.theme != self._theme:  # change classes only when it changes: restyling is costly
            if self._theme:
                self.remove_class(self._theme)
            if view.theme:
                self.add_class(view.theme)
            self._theme = view.theme
        if self.has_class("announcing") != (page is not None):
            self.set_class(page is not None, "announcing")  # a game's theme may differ then
        banner = stepview.banner(view, self.lang, page)
        self.query_one("#banner", Static).update(banner)
        self.app.publish_display()  # the table display, if it is on (an announcement read)
        table = self.query_one("#table")
        # A death is marked when its own announcement comes, not before.
        table.show(s, unannounced=self.app.unannounced)
        over = view.kind == "over"
        if table.display == over:
            table.display = not over  # the winner takes the whole screen
        timed = view.timer is not None and page is None
        if page is None:  # a countdown starts when its announcement has been read
            self.ensure_countdown(view)
            self.auto_paced(view)
        row = self.query_one("#clock-row")
        if row.display != timed:
            row.display = timed
        if page is not None:
            self.app.say_page()  # its lines, once, as it is first shown
            shown = stepview.announcement(page, self.app.page_caption, self.lang)
        elif self.paced is not None:
            shown = stepview.paced(self.paced, self.caption_text, self.lang)
        else:
            public = view.kind == "private"
            look = self.app.look
            shown = stepview.step(view, s, look, self.lang, frozenset(self.ticked), public)
        self.query_one("#step-title", Static).update(shown.title)
        self.query_one("#step-body", Static).update(shown.body)
        self.query_one("#step-keys", Static).update(Text(shown.keys, style="bold"))
        if not self.app.refusals:
            self.show_message("")
        self.rebind(view)
        keys = (
            view.key,
            self.path,
            view.take_back,
            self.paced is not None,
            self.eyes_closed,
            page,
            self._footer_choices,
        )
        if keys != getattr(self, "_keys_shown", None):  # the Footer is rebuilt: only on change
            self._keys_shown = keys
            self.refresh_bindings()
        self.tick()

    @property
    def caption_text(self) -> str:
        return self.app.captions[-1] if self.app.captions else ""

    def rebind(self, view: StepView) -> None:
        """The step's Footer choices (a/l: the roles) as bindings, between the shell's own;
        Backspace with the step's own label for what it takes back, if it has one."""
        footer = tuple((c.key, worded(c.label, self.lang)) for c in view.choices if c.footer)
        back = view.take_back if isinstance(view.take_back, Words) else None
        label = worded(back, self.lang) if back is not None else None
        if (footer, label) == self._footer_choices:
            return
        self._footer_choices = (footer, label)
        chosen = [Binding(key, f"choose('{key}')", text) for key, text in footer]
        self._bindings = BindingsMap(BEFORE_CHOICES + chosen + AFTER_CHOICES)
        translate_bindings(self, self.lang)
        if label is not None:  # its own words, not the shell's "Take back vote"
            keyed = self._bindings.key_to_bindings["backspace"]
            keyed[:] = [replace(b, description=label) for b in keyed]

    def show_message(self, text: str) -> None:
        if self.query("#message"):
            self.query_one("#message", Static).update(Text(text, style="bold red") if text else "")

    def show_caption(self, text: str | None = None) -> None:
        """The lines said last, newest first: a move said aloud stays readable while the next
        line is said (a muted table reads them all)."""
        if not self.query("#caption"):
            return  # not composed yet: on_screen_resume shows the last lines
        caption = self.query_one("#caption", Static)
        width = caption.content_region.width or self.app.size.width - 2
        caption.update(stepview.said(self.app.captions, width))
        text = self.caption_text if text is None else text
        if self.paced is not None and self.page is None:
            shown = stepview.paced(self.paced, text, self.lang)
            self.query_one("#step-body", Static).update(shown.body)

    # --- keys -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        if self.eyes_closed and self.page is None:  # R10, W24: only space (if it pauses)
            return action == "pause" and self.paced.pausable
        view = self.view
        if self.page is not None:  # an announcement: Enter goes on, nothing else is asked
            return action in ("primary", "record")
        timed = view.timer is not None
        if action == "pause" and self.paced is not None:
            return self.paced.pausable
        if action in ("pause", "add_time", "end_discussion", "ask_end"):
            return timed
        if action == "undo_vote":
            return bool(view.take_back)
        if action == "back":
            return bool(self.path)
        if action in ("export", "home"):
            return view.kind == "over"
        if action == "primary":
            return not (self.paced is not None or timed) and view.kind != "over"
        return True

    def refuse(self, words) -> None:
        """A key that does nothing here: say why, on screen only. "Use the keys of this step"
        names them, as the key line does."""
        if isinstance(words, Words) and words.key == "game.use_keys" and not words.params:
            words = self.use_keys(self.view)
        self.app.refuse(worded(words, self.lang), speak=False)

    def on_key(self, event) -> None:
        if self.eyes_closed and self.page is None and not self.hands_on_key(event.key):
            event.stop()  # R10, W24: hands off while the app speaks
            self.refuse_eyes_closed()
            return
        key = event.character or ""
        if not key or not key.isprintable() or key.isspace():
            return
        bound = self._bindings.key_to_bindings.get(event.key, ())
        if any(self.check_action(b.action, ()) is not False for b in bound):
            return  # the shell's own (t, x, h, e), where it works now
        view = self.view
        if self.page is not None:  # any key but the shell's: the announcement is read first
            event.stop()
            self.refuse(Words("game.read_first"))
            return
        if view.kind == "private":
            return  # a private step's keys are taken on the privacy screen only (R18)
        if view.checks and key.isdigit():
            event.stop()
            i = 9 if key == "0" else int(key) - 1
            if i < len(view.checks):
                self.ticked ^= {i}
                self.clear_refusal()
                self.refresh_state()
            else:
                self.refuse(Words("game.no_such_line", {"key": key, "lines": len(view.checks)}))
            return
        typed = self.typed + key.lower()  # "B2" or "b2": a key is typed either way
        exact = next((c for c in view.choices if c.key == typed), None)
        longer = any(c.key.startswith(typed) and c.key != typed for c in view.choices)
        if exact is None and not longer:
            self.typed = ""
            if event.key in self.app._bindings.key_to_bindings:
                return  # the app's own key (help, mute): it works on every step
            if view.unkeyed is not None:
                event.stop()
                self.refuse(view.unkeyed)
            return
        event.stop()
        self.clear_refusal()
        if longer and exact is None:
            self.typed = typed  # wait for the rest of the key
            return
        self.typed = ""
        self.choose(exact)

    def hands_on_key(self, key: str) -> bool:
        """``key`` does what may be done while eyes are closed (this screen's or the app's)."""
        bound = [*self._bindings.key_to_bindings.get(key, ())]
        bound += self.app._bindings.key_to_bindings.get(key, ())
        return any(hands_on(binding.action) for binding in bound)

    def refuse_eyes_closed(self) -> None:
        pausable = self.paced is not None and self.paced.pausable
        self.refuse(Words("game.eyes_closed" if pausable else "game.eyes_closed_wait"))

    def clear_refusal(self) -> None:
        """A key that was taken: the last refusal is about something else now."""
        if self.app.refusals:
            self.app.refusals.clear()
            self.show_message("")

    def action_choose(self, key: str) -> None:
        view = self.view
        choice = next((c for c in view.choices if c.key == key), None)
        if choice is not None and view.kind != "private":
            self.choose(choice)

    def choose(self, choice: Choice) -> None:
        """Enter what a choice makes: its event, the app's own move, lines said by the app, or
        the choices that follow it."""
        app = self.app
        if choice.refusal is not None:
            self.refuse(choice.refusal)
            return
        if choice.goto is not None:
            self.path = choice.goto
            self.refresh_state()
            return
        event = choice.event
        if isinstance(event, Paced):
            self.run_paced(event)
            return
        if isinstance(event, AppMove):
            try:
                event = app.game.app_move(app.state, len(app.journal.events))
            except Refusal as refusal:
                app.refuse(refusal)
                return
        if event is not None and app.enter(event, speak_refusal=not choice.quiet) and self.path:
            self.path = ()  # the step may go on (a card keyed at the end, W38): its first keys
            self.refresh_state()

    def action_primary(self) -> None:
        app = self.app
        view = self.view
        if self.page is not None:
            app.next_page()
        elif view.kind == "private":
            from narrator.tui.privacy import PrivacyScreen

            app.push_screen(PrivacyScreen())
        elif view.primary is None:
            self.refuse(view.refusal or self.use_keys(view))
        elif view.checks and len(self.ticked) < len(view.checks):
            left = [str(i + 1) for i in range(len(view.checks)) if i not in self.ticked]
            self.refuse(Words("game.tick_first", {"keys": ", ".join(left)}))
        else:
            self.choose(view.primary)

    def use_keys(self, view: StepView) -> Words:
        """Enter does nothing here: the keys that do, as the key line names them."""
        keys = worded(view.keys, self.lang) if view.keys is not None else ""
        return Words("game.keys_are", {"keys": keys}) if keys else Words("game.use_keys")

    def action_undo_vote(self) -> None:
        own = next((c for c in self.view.choices if c.key == "backspace"), None)
        if own is not None:  # the step's own take-back (Werewolf's picker: one resident, W8)
            self.choose(own)
        else:
            self.app.undo_last()

    def action_back(self) -> None:
        self.path, self.typed = (), ""
        self.app.refusals.clear()  # what was refused there is not asked any more
        self.refresh_state()

    def action_record(self) -> None:
        from narrator.tui.record import RecordScreen

        self.app.push_screen(RecordScreen())

    def action_export(self) -> None:
        from narrator.tui.record import export_record

        path = export_record(self.app)
        if path:
            words = self.app.words
            self.notify(words("game.exported", path=path), title=words("keys.export"), timeout=10)

    def action_home(self) -> None:
        self.app.go_home()
