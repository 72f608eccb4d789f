"""The game screen: the round's colour owns the screen; the table view on the right;
the step in the middle, its key line pinned under it; the narrator's last line as a caption
at the bottom. An announcement (R15, R22, R27–R29) takes the middle until Enter."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Digits, Footer, ProgressBar, Static

from narrator.games.ravnica import events as ev
from narrator.games.ravnica.script import app_leader_card, app_targeting_card
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.tables import COLOURS
from narrator.timer import TimerFile
from narrator.tui import panels, steps
from narrator.tui.clock import TICK, DiscussionClock
from narrator.tui.steps import PICK_STEPS, TIMER_STEPS, VOTE_STEPS, Marks, needs_privacy
from narrator.tui.widgets import TableView
from narrator.tui.words import translate_bindings

__all__ = ["GameScreen", "needs_privacy"]


class GameScreen(DiscussionClock, Screen):
    BINDINGS = [
        Binding("enter", "primary", "Continue"),
        Binding("enter", "ask_end", "End early…"),  # a running discussion: Enter asks first
        Binding("space", "pause", "Pause/resume"),
        Binding("plus,equals_sign", "add_time", "+30 s"),
        Binding("e", "end_discussion", "End discussion"),
        Binding("backspace", "undo_vote", "Take back vote"),
        Binding("a", "role('agents')", "Agent"),
        Binding("l", "role('loyalists')", "Loyalist"),
        Binding("t", "record", "Record"),
        Binding("x", "export", "Export"),
        Binding("h", "home", "Home"),
    ]

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
            yield TableView(id="table")
        yield Static(id="caption")
        yield Footer()

    def on_mount(self) -> None:
        self.ticked: set[int] = set()
        self._timer_file: TimerFile | None = None
        self.opening_running = False
        self.role_cursor: int | None = None
        self.warned: set[str] = set()
        translate_bindings(self, self.app.language)
        self.set_interval(TICK, self.tick)
        # Drawn by on_screen_resume, which Textual sends when the screen is first shown too.

    def on_screen_resume(self) -> None:
        """Shown, or back from the privacy screen or a dialog: lines said meanwhile show here
        too."""
        self.refresh_state()
        if self.app.captions:
            self.show_caption(self.app.captions[-1])

    @property
    def lang(self) -> str:
        return self.app.language

    @property
    def page(self):
        """The announcement on screen, if any."""
        return self.app.pages[0] if self.app.pages else None

    def marks(self) -> Marks:
        caption = self.app.captions[-1] if self.app.captions else ""
        return Marks(frozenset(self.ticked), self.opening_running, self.role_cursor, caption)

    # --- drawing --------------------------------------------------------------------------
    def refresh_state(self) -> None:
        s = self.app.state
        page = self.page
        theme = f"colour-{s.round_colour}" if s.round_colour and s.step is not Step.OVER else None
        for c in COLOURS:  # change classes only when the colour changes: restyling is costly
            if f"colour-{c}" != theme and self.has_class(f"colour-{c}"):
                self.remove_class(f"colour-{c}")
        if theme and not self.has_class(theme):
            self.add_class(theme)
        self.query_one("#banner", Static).update(steps.banner(s, self.lang, page))
        table = self.query_one(TableView)
        # A death is marked when its own announcement comes, not before (R27–R29).
        table.show(s, unannounced={seat for later in self.app.pages[1:] for seat in later.dies})
        if table.display != (s.step is not Step.OVER):
            table.display = s.step is not Step.OVER  # the winner takes the whole screen
        timed = s.step in TIMER_STEPS and page is None
        if page is None:  # a discussion starts when its announcement has been read
            self.ensure_countdown(s)
        row = self.query_one("#clock-row")
        if row.display != timed:
            row.display = timed
        if page is not None:
            self.app.say_page()  # its lines, once, as it is first shown
            view = steps.announcement(s, page, self.app.page_caption, self.lang)
        else:
            view = steps.describe(s, self.marks(), self.lang)
        self.query_one("#step-title", Static).update(view.title)
        self.query_one("#step-body", Static).update(view.body)
        self.query_one("#step-keys", Static).update(Text(view.keys, style="bold"))
        if not self.app.refusals:
            self.show_message("")
        keys = (s.step, bool(s.ballot and s.ballot.votes), self.opening_running, page)
        if keys != getattr(self, "_keys_shown", None):  # the Footer is rebuilt: only on change
            self._keys_shown = keys
            self.refresh_bindings()
        self.tick()

    def show_message(self, text: str) -> None:
        if self.query("#message"):
            self.query_one("#message", Static).update(Text(text, style="bold red") if text else "")

    def show_caption(self, text: str) -> None:
        if not self.query("#caption"):
            return  # not composed yet: on_mount shows the last caption
        self.query_one("#caption", Static).update(Text(f"🔊 {text}"))
        if self.opening_running:
            view = steps.describe(self.app.state, self.marks(), self.lang)
            self.query_one("#step-body", Static).update(view.body)

    # --- keys -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        s = self.app.state
        if self.page is not None:  # an announcement: Enter goes on, nothing else is asked
            return action in ("primary", "record")
        timed = s.step in TIMER_STEPS
        if action in ("pause", "add_time", "end_discussion"):
            return timed
        if action == "ask_end":
            return timed
        if action == "undo_vote":
            return s.step in VOTE_STEPS and bool(s.ballot and s.ballot.votes)
        if action == "role":
            return s.step is Step.ROLES
        if action in ("export", "home"):
            return s.step is Step.OVER
        if action == "primary":
            running = s.step is Step.OPENING and self.opening_running
            return not (running or timed) and s.step is not Step.OVER
        return True

    def refuse(self, key: str, **params) -> None:
        """A key that does nothing here: say which keys do, on screen only."""
        self.app.refuse(self.app.words(key, **params), speak=False)

    def on_key(self, event) -> None:
        s = self.app.state
        key = event.character or ""
        if self.page is not None:
            if key and (key.isdigit() or key.lower() in "wubrg"):
                event.stop()
                self.refuse("game.read_first")
            return
        if key.isdigit():
            seat = panels.seat_of_key(key)
            event.stop()
            self.seat_pressed(s, seat)
        elif key and key.lower() in "wubrg":
            physical = s.options.deck_mode == "physical"
            if s.step is Step.TURN_LEADER_CARD:
                event.stop()
                if physical:
                    self.app.enter(ev.LeaderCardTurned(key.upper()))
                else:  # R9: the app holds the leader deck
                    self.refuse("game.app_holds_leader_deck")
            elif s.step is Step.DRAW and s.round_colour == "U":
                event.stop()
                if physical:
                    self.app.enter(ev.TargetDrawn(key.upper()), speak_refusal=False)
                else:  # R9: the app holds the targeting deck
                    self.refuse("game.app_holds_targeting_deck")

    def seat_pressed(self, s: State, seat: int) -> None:
        if s.step is Step.OPENING and not self.opening_running:
            if seat < len(panels.checklist_lines(s)):
                self.ticked ^= {seat}
                self.refresh_state()
            return
        if seat >= s.count:
            self.refuse("game.no_seat", seat=seat + 1, count=s.count)
            return
        if s.step in VOTE_STEPS:
            if not s.ballot.waiting:
                self.refuse("game.everyone_voted")
                return
            self.app.enter(ev.VoteCast(s.ballot.waiting[0], seat))
        elif s.step in PICK_STEPS:
            self.app.enter(ev.TieBroken(seat))
        elif s.step is Step.CHOOSE and s.round_colour == "U":
            self.app.enter(ev.PlayerChosen(seat))
        elif s.step is Step.ROLES:
            self.role_cursor = seat
            self.refresh_state()

    def action_primary(self) -> None:
        s = self.app.state
        app = self.app
        if self.page is not None:
            app.next_page()
        elif s.step is Step.OPENING:
            if len(self.ticked) < len(panels.checklist_lines(s)):
                self.refuse("game.tick_first")
                return
            self.run_opening()
        elif s.step is Step.TURN_LEADER_CARD:
            if s.options.deck_mode == "app":
                app.enter(app_leader_card(s, len(app.journal.events)))
            else:
                self.refuse("game.press_leader_colour")
        elif s.step in VOTE_STEPS:
            app.enter(ev.VotesClosed())
        elif needs_privacy(s):
            from narrator.tui.privacy import PrivacyScreen

            app.push_screen(PrivacyScreen())
        elif s.step is Step.DRAW and s.options.deck_mode == "app":
            app.enter(app_targeting_card(s, len(app.journal.events)))
        elif s.step is Step.ABILITY:
            app.enter(ev.AbilityDone())
        elif s.step is Step.REVEAL:
            app.enter(ev.UltimatePriceRevealed())
        elif s.step is Step.ROLES:
            self.role_cursor = None
            app.enter(ev.RolesConfirmed(), speak_refusal=False)
        else:
            self.refuse("game.use_keys")

    def action_undo_vote(self) -> None:
        self.app.undo_last()

    def action_role(self, role: str) -> None:
        s = self.app.state
        seat = steps.current_role_seat(s, self.marks())
        if seat is None:
            self.refuse("game.roles_all_in")
            return
        if self.app.enter(ev.RoleRevealed(seat, role), speak_refusal=False):
            self.role_cursor = None
            self.refresh_state()

    def action_record(self) -> None:
        from narrator.tui.modals import RecordScreen

        self.app.push_screen(RecordScreen())

    def action_export(self) -> None:
        from narrator.tui.modals import export_record

        path = export_record(self.app)
        if path:
            words = self.app.words
            self.notify(words("game.exported", path=path), title=words("keys.export"), timeout=10)

    def action_home(self) -> None:
        self.app.go_home()

    # --- the opening (R10): it runs by itself ---------------------------------------------
    def run_opening(self) -> None:
        app = self.app
        pace = app.pace
        pause = app.state.options.opening_pause
        lines = [
            ("opening_close_eyes", 4),
            ("opening_agents_open", pause),
            ("opening_agents_close", 3),
            ("opening_all_open", 2),
        ]
        self.opening_running = True
        self.refresh_state()

        def say_next(i: int) -> None:
            if app.state.step is not Step.OPENING or app.screen is not self:
                self.opening_running = False
                return
            if i == len(lines):
                self.opening_running = False
                app.enter(ev.OpeningDone())
                return
            prompt_id, wait = lines[i]
            app.say(prompt_id)
            self.set_timer(max(0.01, wait * pace), lambda: say_next(i + 1))

        app.say("setup_ready")
        self.set_timer(max(0.01, 2 * pace), lambda: say_next(0))
