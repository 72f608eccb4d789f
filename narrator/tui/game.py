"""The game screen: the round's colour owns the screen; the table view on the right;
the step in the middle; the narrator's last line as a caption at the bottom."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Digits, Footer, ProgressBar, Static

from narrator.games.ravnica import events as ev
from narrator.games.ravnica.script import app_rng
from narrator.games.ravnica.state import ROUNDS, State, Step
from narrator.games.ravnica.story import death_lines
from narrator.games.ravnica.tables import COLOUR_NAMES, COLOURS, ROLE_NAMES
from narrator.timer import Countdown, TimerFile, mmss
from narrator.tui import panels
from narrator.tui.widgets import TableView

TIMER_STEPS = (Step.DISCUSSION, Step.FINAL_DISCUSSION)
TICK = 0.1  # seconds between two looks at the discussion clock
VOTE_STEPS = (Step.ELECTION, Step.FINAL_VOTE)
PICK_STEPS = (Step.ELECTION_TIE, Step.FINAL_TIE)
SECRET_COLOURS = ("W", "B", "G")  # R18 ⚖: every draw is secret except Blue's


def needs_privacy(s: State) -> bool:
    """Steps taken on the privacy screen: secret draws and the choices that would reveal them."""
    if s.step in (Step.DRAW, Step.CHOOSE):
        return s.round_colour in SECRET_COLOURS
    return s.step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)


class GameScreen(Screen):
    _final_tick: tuple | None = None  # the countdown whose deadline a one-shot timer waits for
    BINDINGS = [
        Binding("enter", "primary", "Continue"),
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
                    yield ProgressBar(
                        id="progress", show_eta=False, show_percentage=False, total=1000
                    )
                yield Static(id="step-body")
                yield Static(id="message")
            yield TableView(id="table")
        yield Static(id="caption")
        yield Footer()

    def on_mount(self) -> None:
        self.ticked: set[int] = set()
        self._timer_file: TimerFile | None = None
        self.opening_running = False
        self.role_cursor: int | None = None
        self.warned: set[str] = set()
        self.set_interval(TICK, self.tick)
        # Drawn by on_screen_resume, which Textual sends when the screen is first shown too.

    def on_screen_resume(self) -> None:
        """Shown, or back from the privacy screen or a dialog: lines said meanwhile show here
        too."""
        self.refresh_state()
        if self.app.captions:
            self.show_caption(self.app.captions[-1])

    # --- drawing --------------------------------------------------------------------------
    def refresh_state(self) -> None:
        s = self.app.state
        theme = f"colour-{s.round_colour}" if s.round_colour and s.step is not Step.OVER else None
        for c in COLOURS:  # change classes only when the colour changes: restyling is costly
            if f"colour-{c}" != theme and self.has_class(f"colour-{c}"):
                self.remove_class(f"colour-{c}")
        if theme and not self.has_class(theme):
            self.add_class(theme)
        self.query_one("#banner", Static).update(self.banner(s))
        table = self.query_one(TableView)
        table.show(s)
        if table.display != (s.step is not Step.OVER):
            table.display = s.step is not Step.OVER  # the winner takes the whole screen
        self.ensure_countdown(s)
        row = self.query_one("#clock-row")
        if row.display != (s.step in TIMER_STEPS):
            row.display = s.step in TIMER_STEPS
        title, body = self.describe(s)
        self.query_one("#step-title", Static).update(title)
        self.query_one("#step-body", Static).update(body)
        if not self.app.refusals:
            self.show_message("")
        keys = (s.step, bool(s.ballot and s.ballot.votes), self.opening_running)
        if keys != getattr(self, "_keys_shown", None):  # the Footer is rebuilt: only on change
            self._keys_shown = keys
            self.refresh_bindings()
        self.tick()

    def banner(self, s: State) -> Text:
        if s.step is Step.OVER:
            return Text(" Game over ", style="bold")
        if s.round > ROUNDS:
            return Text(" FINAL ROUND ", style="bold")
        if s.round_colour:
            colour = s.round_colour
            return Text.assemble(
                (f" Round {s.round} of {ROUNDS} · ", "bold"),
                (f"{COLOUR_NAMES[colour].upper()} ", "bold"),
            )
        return Text(f" {s.count} players · Opening ", style="bold")

    def describe(self, s: State) -> tuple[Text, object]:
        step = s.step
        leader = s.round_leader
        leader_name = s.players[leader] if leader is not None else ""
        colour_name = COLOUR_NAMES.get(s.round_colour or "", "")
        physical = s.options.deck_mode == "physical"
        if step is Step.OPENING:
            if self.opening_running:
                line = Text(self.app.captions[-1] if self.app.captions else "", style="bold")
                line.justify = "center"
                return Text("Opening — eyes closed", style="bold"), Group(
                    Text("The narrator is speaking. Nobody needs to touch the keyboard.\n"),
                    Panel(line, padding=(2, 4), border_style="bold #ff8c1a"),
                )
            body = panels.checklist(s, self.ticked)
            body.append(
                "\nPress a line's number to tick it. Enter: start the opening (eyes closed).",
                style="dim",
            )
            return Text("Setup checklist", style="bold"), body
        if step is Step.TURN_LEADER_CARD:
            n = s.round + 1
            if physical:
                return Text(f"Round {n}: turn the top leader card", style="bold"), Text(
                    "Press the colour of the card: w White · u Blue · b Black · r Red · g Green\n"
                    f"Not yet played: {', '.join(COLOUR_NAMES[c] for c in s.leader_cards_left())}"
                )
            return Text(f"Round {n}", style="bold"), Text(
                "Enter: the app turns the top leader card."
            )
        if step in TIMER_STEPS:
            what = (
                "Final discussion: whom to kill?"
                if step is Step.FINAL_DISCUSSION
                else f"{colour_name} round: discussion"
            )
            cands = () if step is Step.FINAL_DISCUSSION else s.players_of(s.round_colour)
            body = Text("Lying is allowed. ")
            if cands:
                body.append("Candidates:\n").append_text(panels.seat_list(s, cands))
            body.append(
                "\n\nspace: pause/resume · +: add 30 s · e: end the discussion now", style="dim"
            )
            return Text(what, style="bold"), body
        if step in VOTE_STEPS:
            return Text("Vote", style="bold"), panels.ballot_body(s)
        if step in PICK_STEPS:
            tied = s.ballot.most_voted()
            return Text("Tied: the narrator picks", style="bold"), Group(
                Text("Press the seat number of the player the tie goes to:"),
                panels.seat_list(s, tied),
            )
        if needs_privacy(s):
            who = "Red" if step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE) else colour_name
            red = s.leader_of("R")
            name = s.players[red] if who == "Red" else leader_name
            return Text(f"{who} leader: a private step", style="bold"), Text(
                f"{name} takes the laptop; everyone else looks away"
                + (" and closes their eyes." if s.round_colour == "B" and who != "Red" else ".")
                + "\n\nEnter: open the privacy screen."
            )
        if step is Step.DRAW:  # Blue: the draw is shown to all (R21)
            if physical:
                return Text(
                    f"Blue leader {leader_name} draws and shows a targeting card", style="bold"
                ), Text("Press the colour of the card: w u b r g")
            return Text(f"Blue leader {leader_name} draws", style="bold"), Text(
                "Enter: the app draws and shows the card."
            )
        if step is Step.CHOOSE:  # Blue
            drawn = s.draw_of("U").colour
            choices = [p for p in s.players_of(drawn)]
            return Text(
                f"Blue drew {COLOUR_NAMES[drawn]}: the Blue leader chooses", style="bold"
            ), Group(
                Text(
                    f"{leader_name}, choose a {COLOUR_NAMES[drawn]} player (press the seat number):"
                ),
                panels.seat_list(s, choices),
            )
        if step is Step.ABILITY:
            return Text(f"{colour_name} ability", style="bold"), self.ability_text(s)
        if step is Step.REVEAL:
            # R27/R28 only: deaths() leaves out the Ultimate Price until it is revealed (R29)
            body = Text("\n".join(death_lines(s) or ["Nobody has died yet."]) + "\n\n")
            body.append("Enter: the Black leader reveals the Ultimate Price (R29).", style="bold")
            return Text("Deaths", style="bold"), body
        if step is Step.ROLES:
            return Text("Reveal the role cards (R30)", style="bold"), self.roles_text(s)
        if step is Step.OVER:
            return Text(""), panels.over_body(s)
        return Text(step.value), Text("")

    def ability_text(self, s: State) -> Text:
        c = s.round_colour
        leader = s.players[s.round_leader]
        chosen = s.chosen_by(c)
        if c == "W":
            text = f"{leader} shows their role card to {s.players[chosen]}, and to nobody else."
        elif c == "U":
            drawn = s.draw_of("U").colour
            others = [s.players[p] for p in s.players_of(drawn) if p != chosen]
            text = (
                f"{s.players[chosen]}'s role card is passed face down to every other "
                f"{COLOUR_NAMES[drawn]} player: {', '.join(others)}."
            )
        elif c == "G":
            text = f"{leader} looks at all of {s.players[chosen]}'s face-down cards."
        elif c == "R":
            text = f"{leader} takes the Ablaze card, and will give it away before the final round (R22)."
        else:
            text = "The Ultimate Price is noted. It stays secret until the end (R23)."
        return Text(text + "\n\nEnter: done.")

    def roles_text(self, s: State) -> Text:
        out = Text()
        dead = s.dead()
        order = list(dead) + [p for p in s.seats if p not in dead]
        cursor = self.current_role_seat(s)
        for seat in order:
            role = s.role_of(seat)
            mark = "▶ " if seat == cursor else "  "
            out.append(
                f"{mark}[{seat + 1 if seat < 9 else 0}] {s.players[seat]}",
                style="bold" if seat in dead else "",
            )
            out.append(" (dead)" if seat in dead else "", style="red")
            out.append(
                f": {ROLE_NAMES[role]}\n" if role else ": ?\n", style="green" if role else "dim"
            )
        out.append(
            "\na: Agent of Bolas · l: Loyalist · a seat number picks another player\n", style="dim"
        )
        missing = [p for p in dead if s.role_of(p) is None]
        if missing:
            out.append("Key in the role of every dead player.", style="bold")
        else:
            out.append(
                "Enter: announce the winner (the others' roles are optional).", style="bold green"
            )
        return out

    def current_role_seat(self, s: State) -> int | None:
        if self.role_cursor is not None:
            return self.role_cursor
        dead = s.dead()
        for seat in list(dead) + [p for p in s.seats if p not in dead]:
            if s.role_of(seat) is None:
                return seat
        return None

    def show_message(self, text: str) -> None:
        if self.query("#message"):
            self.query_one("#message", Static).update(Text(text, style="bold red") if text else "")

    def show_caption(self, text: str) -> None:
        if not self.query("#caption"):
            return  # not composed yet: on_mount shows the last caption
        self.query_one("#caption", Static).update(Text(f"🔊 {text}"))
        if self.opening_running:
            title, body = self.describe(self.app.state)
            self.query_one("#step-body", Static).update(body)

    # --- the clock ------------------------------------------------------------------------
    def ensure_countdown(self, s: State) -> None:
        app = self.app
        if s.step not in TIMER_STEPS:
            app.countdown = None
            app.countdown_key = None
            if s.step is Step.OVER and app.journal:
                self.timer_file().clear()
            return
        key = f"{s.step.name}:{s.round}:{len(app.journal.events) if app.journal else 0}"
        if app.countdown is None or app.countdown_key != key:
            seconds = (
                s.options.final_seconds
                if s.step is Step.FINAL_DISCUSSION
                else s.options.round_seconds
            )
            saved = self.timer_file().load(key, app.clock) if app.journal else None
            if saved is not None:  # resumed after a crash: the time that was left
                app.countdown = saved
                state = "running" if saved.running else "paused"
                app.caption(f"Timer restored: {mmss(saved.remaining())} left ({state}).")
            else:
                app.countdown = Countdown(seconds, app.clock)
                app.countdown.start()
            app.countdown_key = key
            self.warned = set()
            if app.countdown.total > 30 and app.countdown.remaining() <= 30:
                self.warned.add("30")  # already warned before the crash
            self.save_timer()

    def timer_file(self) -> TimerFile:
        """The clock's file beside this game's journal: one object per journal, which
        remembers what it last wrote (each shown second is written once)."""
        path = self.app.journal.path.with_suffix(".timer.json")
        if self._timer_file is None or self._timer_file.path != path:
            self._timer_file = TimerFile(path)
        return self._timer_file

    def save_timer(self) -> None:
        app = self.app
        if app.journal and app.countdown is not None and app.countdown_key:
            self.timer_file().save(app.countdown_key, app.countdown)

    def tick(self) -> None:
        s = self.app.state
        countdown = self.app.countdown
        if s.step not in TIMER_STEPS or countdown is None:
            return
        left = countdown.remaining()
        if countdown.running and 0 < left <= TICK:
            # The last tick would land up to 0.1 s after the deadline: wake exactly at it.
            armed = (id(countdown), countdown.deadline)  # a new deadline is armed afresh
            if self._final_tick != armed:
                self._final_tick = armed
                self.set_timer(left, self.tick)
        self.save_timer()
        self.query_one("#clock", Digits).update(mmss(left))
        self.query_one("#progress", ProgressBar).update(progress=1000 * countdown.fraction_left())
        clock = self.query_one("#clock", Digits)
        if clock.has_class("paused") == countdown.running:
            clock.set_class(not countdown.running, "paused")
        if countdown.total > 30 and left <= 30 and "30" not in self.warned:
            self.warned.add("30")
            self.app.voice.chime("warning_30s")
            self.app.say("thirty_seconds_left")
        whole = int(-(-left // 1))
        if 0 < whole <= 5 and f"tick{whole}" not in self.warned:
            self.warned.add(f"tick{whole}")
            self.app.voice.chime("tick")
        if countdown.expired and "up" not in self.warned:
            self.warned.add("up")
            self.app.voice.chime("time_up", urgent=True)
            self.app.say("time_up", urgent=True)
            self.app.enter(ev.DiscussionEnded())

    # --- keys -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters) -> bool | None:
        s = self.app.state
        if action in ("pause", "add_time", "end_discussion"):
            return s.step in TIMER_STEPS
        if action == "undo_vote":
            return s.step in VOTE_STEPS and bool(s.ballot and s.ballot.votes)
        if action == "role":
            return s.step is Step.ROLES
        if action in ("export", "home"):
            return s.step is Step.OVER
        if action == "primary":
            return not (s.step is Step.OPENING and self.opening_running) and s.step is not Step.OVER
        return True

    def on_key(self, event) -> None:
        s = self.app.state
        key = event.character or ""
        if key.isdigit():
            seat = 9 if key == "0" else int(key) - 1
            event.stop()
            self.seat_pressed(s, seat)
        elif key.lower() in "wubrg" and key:
            if s.step is Step.TURN_LEADER_CARD and s.options.deck_mode == "physical":
                event.stop()
                self.app.enter(ev.LeaderCardTurned(key.upper()))
            elif (
                s.step is Step.DRAW and s.round_colour == "U" and s.options.deck_mode == "physical"
            ):
                event.stop()
                self.app.enter(ev.TargetDrawn(key.upper()), speak_refusal=False)

    def seat_pressed(self, s: State, seat: int) -> None:
        if s.step is Step.OPENING and not self.opening_running:
            if seat < len(panels.OPENING_CHECKLIST):
                self.ticked ^= {seat}
                self.refresh_state()
            return
        if seat >= s.count:
            self.app.refuse(
                f"There is no seat {seat + 1}: seats go from 1 to {s.count}.", speak=False
            )
            return
        if s.step in VOTE_STEPS:
            if not s.ballot.waiting:
                self.app.refuse(
                    "Everyone has voted: press Enter to count, or Backspace to take a vote back.",
                    speak=False,
                )
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
        if s.step is Step.OPENING:
            if len(self.ticked) < len(panels.OPENING_CHECKLIST):
                app.refuse(
                    "Tick every line of the checklist first (press its number).", speak=False
                )
                return
            self.run_opening()
        elif s.step is Step.TURN_LEADER_CARD:
            if s.options.deck_mode == "app":
                app.enter(
                    ev.LeaderCardTurned(
                        app_rng(s, len(app.journal.events)).choice(s.leader_cards_left())
                    )
                )
            else:
                app.refuse(
                    "Press the colour of the leader card that was turned: w u b r g.", speak=False
                )
        elif s.step in TIMER_STEPS:
            self.action_end_discussion()
        elif s.step in VOTE_STEPS:
            app.enter(ev.VotesClosed())
        elif needs_privacy(s):
            from narrator.tui.privacy import PrivacyScreen

            app.push_screen(PrivacyScreen())
        elif s.step is Step.DRAW and s.options.deck_mode == "app":
            app.enter(
                ev.TargetDrawn(app_rng(s, len(app.journal.events)).choice(s.targeting_cards_left()))
            )
        elif s.step is Step.ABILITY:
            app.enter(ev.AbilityDone())
        elif s.step is Step.REVEAL:
            app.enter(ev.UltimatePriceRevealed())
        elif s.step is Step.ROLES:
            self.role_cursor = None
            app.enter(ev.RolesConfirmed(), speak_refusal=False)
        else:
            app.refuse("Use the keys shown on screen for this step.", speak=False)

    def action_pause(self) -> None:
        countdown = self.app.countdown
        if countdown:
            running = countdown.toggle()
            self.app.say("discussion_resumed" if running else "discussion_paused")
            self.tick()

    def action_add_time(self) -> None:
        if self.app.countdown:
            self.app.countdown.add(30)
            self.warned.discard("30")
            self.warned = {w for w in self.warned if not w.startswith("tick")}
            self.app.say("time_added", seconds=30)
            self.tick()

    def action_end_discussion(self) -> None:
        if self.app.state.step in TIMER_STEPS:
            self.warned.add("up")
            self.app.enter(ev.DiscussionEnded())

    def action_undo_vote(self) -> None:
        self.app.undo_last()

    def action_role(self, role: str) -> None:
        s = self.app.state
        seat = self.current_role_seat(s)
        if seat is None:
            self.app.refuse(
                "Every role is keyed in: press Enter to announce the winner.", speak=False
            )
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
            self.notify(f"Game record written to {path}", title="Export", timeout=10)

    def action_home(self) -> None:
        self.app.go_home()

    # --- the opening (R10): it runs by itself ---------------------------------------------
    def run_opening(self) -> None:
        app = self.app
        pace = app.pace
        pause = app.state.options.opening_pause
        steps = [
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
            if i == len(steps):
                self.opening_running = False
                app.enter(ev.OpeningDone())
                return
            prompt_id, wait = steps[i]
            app.say(prompt_id)
            self.set_timer(max(0.01, wait * pace), lambda: say_next(i + 1))

        app.say("setup_ready")
        self.set_timer(max(0.01, 2 * pace), lambda: say_next(0))
