"""The game screen, for any game: the header, the step in the middle with its key line pinned
under it, the game's table beside it, and the narrator's last line as a caption at the
bottom. An announcement takes the middle until Enter.

It draws the game's ``StepView`` (``narrator.tui.drawing``) and takes keys for it: a key is
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
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Digits, Input, ProgressBar, Static

from narrator.games.shell_data import Paced, StepView
from narrator.prompts import Words, worded
from narrator.timer import TimerFile
from narrator.tui import drawing, keyreader
from narrator.tui.clock import TICK, DiscussionClock
from narrator.tui.entering import EnteringMixin
from narrator.tui.footer import FittingFooter
from narrator.tui.pacing import PacingMixin
from narrator.tui.widgets import Drawn, DrawnStatic, drawn_at
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


class StepScroll(VerticalScroll):
    """The step's place: its body is drawn again (compact or not) when the place changes size
    (the terminal, the clock's row, the table hidden beside a moment)."""

    def on_resize(self) -> None:
        fit = getattr(self.screen, "fit_body", None)
        if fit is not None:
            fit()


class GameScreen(EnteringMixin, PacingMixin, DiscussionClock, Screen):
    BINDINGS = BEFORE_CHOICES + AFTER_CHOICES
    # Until mounted (Textual may ask check_action before on_mount):
    path: tuple[str, ...] = ()
    typed = ""
    paced: Paced | None = None
    _view: tuple | None = None  # (state, path, its StepView)
    _drawn: tuple | None = None  # (its StepView, the state shown, the moment held) drawn last
    _compact: bool | None = None  # the body drawn compact (no blank rows) or not
    keys_wait_for_enter = True  # the keys typed after Enter, for its entry's step (keyboard.py)

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
                with StepScroll(id="step-scroll"):
                    yield DrawnStatic(id="step-body")
                # Emptied for each value: what is typed before it has the focus is kept
                # (a name typed fast, P23), not selected as it takes it, then typed over.
                yield Input(id="typed", compact=True, select_on_focus=False)
                yield Static(id="message")
                yield Static(id="step-keys")
            yield self.app.look.side_panel()
        yield Static(id="caption")
        yield FittingFooter()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Here, not in on_mount: a key can reach the screen before it is mounted (a storm of
        # keys as it is pushed: Enter found no "ticked").
        self.ticked: set[int] = set()
        self._timer_file: TimerFile | None = None
        self.paced: Paced | None = None  # lines the app is saying by itself (R10)
        self.path: tuple[str, ...] = ()  # the keys of a choice that has more (a seat, its role)
        self.typed = ""  # keys typed so far of a longer key ("0" of "01")
        self.warned: set[str] = set()
        self._footer_choices: tuple = ()
        self._theme: str | None = None

    def on_mount(self) -> None:
        self.query_one("#typed", Input).display = False  # shown by a step that has a field
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
        """The terminal resized: the table beside a moment or not (``narrow``), and the lines
        said that fit whole at the new width, once the caption has it."""
        if self._drawn is not None and self.query("#table"):
            # Drawn again for the new size: a game's panel may lay its seats out by the
            # terminal's height (Werewolf's twelve seats two a row at 80x24).
            self.query_one("#table").show(
                self.app.game.public_view(self._drawn[1], self.app.unannounced)
            )
            self.place_table(self.view, self.page)
        self.call_after_refresh(self.show_caption)

    def place_table(self, view: StepView, page) -> None:
        """The winner takes the whole screen; on a narrow terminal, a moment held until Enter
        too (the table beside it hidden)."""
        table = self.query_one("#table")
        hidden = view.kind == "over" or (page is not None and self.narrow)
        if table.display == hidden:
            table.display = not hidden

    @property
    def narrow(self) -> bool:
        """A laptop's terminal (80 columns): a moment held until Enter takes the whole width."""
        return 0 < self.size.width < 100

    def fitted(self, body) -> tuple[bool, Drawn | None]:
        """Whether the step's body fits its place as it is drawn, without scrolling; and when it
        does, the body drawn at the place's width (Textual draws it again from its lines)."""
        scroll = self.query_one("#step-scroll")
        region = scroll.content_region  # its whole width: a body that fits has no scrollbar
        if region.width <= 0 or region.height <= 0:
            return True, None  # not laid out yet: drawn again once it is (StepScroll)
        # The rows of the place and of the title's blank row (compact has none), against the
        # body's with its blank rows above and below and the title's: the same answer whichever
        # way it is drawn now, so that drawing it never changes it.
        room = region.height + self.query_one("#step-title").styles.padding.top
        drawn = drawn_at(self.app, body, region.width)
        return (True, drawn) if drawn.rows + 3 <= room else (False, None)

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
            cached = self._view = (state, self.path, self.step_of(state))
        return cached[2]

    def step_of(self, state) -> StepView:
        """The game's step, with the game's choices valid at any step (not on a private or
        a last step, nor after the first keys of a longer choice)."""
        game = self.app.game
        view = game.step(state, self.path)
        if view.kind in ("private", "over") or self.path:
            return view
        anytime = game.anytime(state)
        return replace(view, choices=keyreader.merged(view.choices, anytime)) if anytime else view

    # --- drawing --------------------------------------------------------------------------
    def refresh_state(self) -> None:
        try:
            banner_line = self.query_one("#banner", Static)
        except NoMatches:  # leaving (a key mashed as it goes): nothing to draw on
            return
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
        banner = drawing.banner(view, self.lang, page)
        banner_line.update(banner)
        self.app.publish_display()  # the table display, if it is on (an announcement read)
        table = self.query_one("#table")
        # A death is marked when its own announcement comes, not before.
        table.show(self.app.game.public_view(s, self.app.unannounced))
        self.place_table(view, page)
        timed = view.timer is not None and page is None
        if page is None:  # a countdown starts when its announcement has been read
            self.ensure_countdown(view)
            self.auto_paced(view)
        row = self.query_one("#clock-row")
        if row.display != timed:
            row.display = timed
        if page is not None:
            self.app.say_page()  # its lines, once, as it is first shown
        self._drawn = (view, s, page)
        self.fit_body()
        self.show_typed(view)
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
        paused = self.paced is not None and self.paced_paused  # space resumes the turn now
        enter = self.enter_label(view)
        if (footer, label, paused, enter) == self._footer_choices:
            return
        self._footer_choices = (footer, label, paused, enter)
        chosen = [Binding(key, f"choose('{key}')", text) for key, text in footer]
        self._bindings = BindingsMap(BEFORE_CHOICES + chosen + AFTER_CHOICES)
        translate_bindings(self, self.lang)
        if label is not None:  # its own words, not the shell's "Take back vote"
            keyed = self._bindings.key_to_bindings["backspace"]
            keyed[:] = [replace(b, description=label) for b in keyed]
        if enter != "":  # Enter named for what it does here, or off the key line
            keyed = self._bindings.key_to_bindings["enter"]
            shown = {"description": enter or "", "show": bool(enter)}
            keyed[:] = [replace(b, **shown) if b.action == "primary" else b for b in keyed]
        if paused:
            resume = worded(Words("keys.resume"), self.lang)
            keyed = self._bindings.key_to_bindings["space"]
            keyed[:] = [replace(b, description=resume) for b in keyed]

    def enter_label(self, view: StepView) -> str | None:
        """What Enter does on this step, for the key line: "" the shell's own words
        (Continue), a choice's label ("end the turn"), or None when it does nothing here (it
        is left off the key line; pressed, it says why: the step's rule, or its keys)."""
        if self.page is not None or view.kind == "private" or view.typed is not None:
            return ""
        if view.checks:
            return ""
        if view.primary is None:
            return None
        return worded(view.primary.label, self.lang) if view.primary.label else ""

    def show_message(self, text: str, style: str = "bold red") -> None:
        """The message line: a refusal (red), or the first keys of a longer key."""
        if self.query("#message"):
            self.query_one("#message", Static).update(Text(text, style=style) if text else "")

    def fit_body(self) -> None:
        """The step drawn in its place: compact (long lists in columns, no blank rows) when it
        would not fit whole otherwise (80×24)."""
        if self._drawn is None or not self.query("#step-body"):
            return
        view, s, page = self._drawn
        shown = self.drawn(view, s, page)
        fits, drawn = self.fitted(shown.body)
        compact = not fits
        if compact:
            shown = self.drawn(view, s, page, compact)
        body = self.query_one("#step-body", DrawnStatic)
        title = self.query_one("#step-title", Static)
        if self._compact != compact:  # a style set again lays the screen out again
            self._compact = compact
            body.styles.padding = (0, 0) if compact else (1, 0)
            title.styles.padding = (0, 0, 0, 0) if compact else (1, 0, 0, 0)
        title.update(shown.title)
        if drawn is not None:  # the same lines as shown: no new layout
            body.show_drawn(drawn)
        else:
            body.show_as_is(shown.body)
        self.query_one("#step-keys", Static).update(Text(shown.keys, style="bold"))

    def drawn(self, view: StepView, s, page, compact: bool = False) -> drawing.View:
        """The step (or the moment held, or the lines said by themselves) as drawn."""
        if page is not None:
            return drawing.announcement(page, self.app.page_caption, self.lang, compact)
        if self.paced is not None:
            return drawing.paced(self.paced, self.caption_text, self.lang, compact)
        public, ticked = view.kind == "private", frozenset(self.ticked)
        return drawing.step(view, s, self.app.look, self.lang, ticked, public, compact=compact)

    def show_caption(self, text: str | None = None) -> None:
        """The lines said last, newest first: a move said aloud stays readable while the next
        line is said (a muted table reads them all)."""
        if not self.query("#caption"):
            return  # not composed yet: on_screen_resume shows the last lines
        caption = self.query_one("#caption", Static)
        width = caption.content_region.width or self.app.size.width - 2
        caption.update(drawing.said(self.app.captions, width))
        text = self.caption_text if text is None else text
        if self.paced is not None and self.page is None:
            shown = drawing.paced(self.paced, text, self.lang, bool(self._compact))
            self.query_one("#step-body", DrawnStatic).show_as_is(shown.body)

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
