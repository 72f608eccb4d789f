"""How the game screen takes entries, for any game: a key is one of the step's choices (read by
``keyreader``, the privacy screen's reader too), Enter is the step's primary choice or the
typed value, a choice with a warning asks first (y goes on), and the shell's own keys
(``shell_data.SHELL_KEYS``) work alike for every game. Mixed into ``GameScreen``."""

from __future__ import annotations

from textual.validation import Integer, Length
from textual.widgets import Input

from narrator.games.base import Refusal
from narrator.games.shell_data import AppMove, Choice, Paced, StepView, Typed
from narrator.prompts import Words, worded
from narrator.reserve import out_of_files
from narrator.tui import keyreader
from narrator.tui.pacing import hands_on


class EnteringMixin:
    """The keys of the game screen."""

    def check_action(self, action: str, parameters) -> bool | None:
        if self.eyes_closed and self.page is None:  # R10, W24: only space (if it pauses)
            return action == "pause" and self.paced.pausable
        view = self.view
        if self.page is not None:  # an announcement: Enter goes on, nothing else is asked
            return action in ("primary", "record")
        timer = view.timer
        timed = timer is not None
        if action == "pause" and self.paced is not None:
            return self.paced.pausable
        if action in ("pause", "add_time"):
            return timed
        if action in ("end_discussion", "ask_end"):  # a turn's timer is not ended by a key
            return timed and not timer.turn
        if action == "undo_vote":
            return bool(view.take_back)
        if action == "back":
            return bool(self.path)
        if action in ("export", "home"):
            return view.kind == "over"
        if action == "primary":  # a turn's timer runs on while entries are made (P7)
            blocked = self.paced is not None or (timed and not timer.turn)
            return not blocked and view.kind != "over"
        return True

    def refuse(self, words, key: str = "") -> None:
        """A key that does nothing here (``key``, when known): say why, on screen only.
        "Use the keys of this step" names the key and the step (``use_keys``)."""
        if isinstance(words, Refusal):  # the rules' own refusal, decided at its first key
            self.app.refuse(words, speak=False)
            return
        if isinstance(words, Words) and words.key == "game.use_keys" and not words.params:
            words = self.use_keys(self.view, key)
        self.app.refuse(worded(words, self.lang), speak=False)

    def on_key(self, event) -> None:
        if self.eyes_closed and self.page is None and not self.hands_on_key(event.key):
            event.stop()  # R10, W24: hands off while the app speaks
            self.refuse_eyes_closed()
            return
        self.clear_refusal()  # a refusal answers the key just pressed, never the next one
        view = self.view
        typed = view.typed if self.page is None else None
        if event.key == "enter" and typed is not None:  # entered here, in the keys' order: a
            event.stop()  # binding would wait, and the next step's keys go in the field ("4c3")
            self.submitted(self.query_one("#typed", Input).value)
            return
        key = event.character or ""
        if not key or not key.isprintable():
            return
        if key.isspace() and (typed is None or typed.number):
            return  # space pauses; but in a name typed fast, it is the name's (P23)
        if typed is not None:  # the field takes every printable key
            # One that reaches the screen was not the field's (it takes its own keys): typed
            # before it had the focus, or sent here as it took it. In order, in it.
            field = self.query_one("#typed", Input)
            event.stop()
            if not field.has_focus:
                field.focus()
            field.insert_text_at_cursor(key)
            return
        bound = self._bindings.key_to_bindings.get(event.key, ())
        if any(self.check_action(b.action, ()) is not False for b in bound):
            return  # the shell's own (t, x, h, e), where it works now
        if self.page is not None:  # any key but the shell's: the announcement is read first
            event.stop()
            over = view.kind == "over"  # the win shown: an entry's key says the game is over
            closed = [c.refusal for c in view.choices if c.key == key and c.refusal] if over else []
            self.refuse(closed[0] if closed else Words("game.read_first"))
            return
        if view.kind == "private":
            return  # a private step's keys are taken on the privacy screen only (R18)
        if view.checks and key.isdigit():
            event.stop()
            self.tick_line(view, key)
            return
        read = keyreader.read(view.choices, self.typed, key)
        self.typed = read.typed
        if read.chosen is None and not read.waiting:
            if event.key in self.app._bindings.key_to_bindings:
                return  # the app's own key (help, mute): it works on every step
            event.stop()  # no key goes unanswered: the step's own words, or its keys
            self.refuse(view.unkeyed if view.unkeyed is not None else self.use_keys(view, key))
            return
        event.stop()
        if read.chosen is not None:
            self.choose(read.chosen)
        elif read.waiting:  # the first digit of seat 10 or 11: echoed, the next key ends it
            self.show_message(self.app.words("game.typing", keys=read.typed), style="bold")

    def tick_line(self, view: StepView, key: str) -> None:
        i = 9 if key == "0" else int(key) - 1
        if i < len(view.checks):
            self.ticked ^= {i}
            self.refresh_state()
        else:
            self.refuse(Words("game.no_such_line", {"key": key, "lines": len(view.checks)}))

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
        the choices that follow it; a choice with a warning asks first."""
        app = self.app
        if choice.refusal is not None:
            self.refuse(choice.refusal, choice.key)
            return
        if choice.warning is not None:
            keyreader.ask_warning(self.app, choice, self.choose)
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
                event = app.game.app_move(app.state, len(app.journal.events), event)
            except Refusal as refusal:
                app.refuse(refusal)
                return
        if event is not None and app.enter(event, speak_refusal=not choice.quiet) and self.path:
            self.path = ()  # the step may go on (a card keyed at the end, W38): its first keys
            self.refresh_state()

    # --- a typed value ---------------------------------------------------------------------
    def show_typed(self, view: StepView) -> None:
        """The step's field, shown and focused while it has one (a number, a short text)."""
        field = self.query_one("#typed", Input)
        typed = view.typed if self.page is None and self.paced is None else None
        if typed is None:
            if field.display:
                field.display = False
                field.value = ""
                field.disabled = True  # a focus asked for it before it went takes no key
                self.set_focus(None)
            return
        if getattr(self, "_typed_shown", None) is not typed:
            self._typed_shown = typed
            field.value = ""
            field.placeholder = worded(typed.label, self.lang)
            field.max_length = len(str(typed.high)) + 1 if typed.number else typed.length
            field.type = "integer" if typed.number else "text"
            field.validators = validators(typed)
        if not field.display:
            field.display = True
            field.disabled = False
        if not field.has_focus:
            field.focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        if message.input.id != "typed":
            return
        message.stop()
        self.submitted(message.value)

    def submitted(self, value: str) -> None:
        """A value typed and entered; then the keys typed after its Enter, held until now,
        go to the step it led to (``KeyboardMixin.hold_keys``)."""
        try:
            self.enter_typed(value)
        finally:
            self.app.release_keys()

    def enter_typed(self, value: str) -> None:
        """Refused as the field's bounds say, or made."""
        typed = self.view.typed
        if typed is None:
            return
        refusal = typed_refusal(typed, value)
        if refusal is not None:
            self.app.refuse(refusal, speak=False)
            return
        value = int(value) if typed.number else value.strip()
        self.clear_refusal()
        made = typed.make(value)
        if isinstance(made, tuple):  # the keys that follow it (P23: a card named, then its move)
            self.choose(Choice("enter", goto=made))
        else:
            self.choose(Choice("enter", event=made))

    def action_primary(self) -> None:
        app = self.app
        view = self.view
        if self.page is not None:
            app.next_page()
        elif view.kind == "private":
            from narrator.tui.privacy import PrivacyScreen

            if not app.phone_step(view.private):  # its seat's phone takes it, if joined
                app.push_screen(PrivacyScreen())
        elif view.typed is not None:
            field = self.query_one("#typed", Input)  # Enter with the field not focused
            self.submitted(field.value)
        elif view.primary is None:
            self.refuse(view.refusal or self.use_keys(view, "enter"))
        elif view.checks and len(self.ticked) < len(view.checks):
            left = [str(i + 1) for i in range(len(view.checks)) if i not in self.ticked]
            self.refuse(Words("game.tick_first", {"keys": ", ".join(left)}))
        else:
            self.choose(view.primary)

    def use_keys(self, view: StepView, key: str = "") -> Words:
        """``key`` does nothing at this step: said with the step's name. Its keys are on the
        key line, right under this message: listing them here printed that line twice."""
        if not key or not view.keys or not worded(view.keys, self.lang):
            return Words("game.use_keys")  # no key line to point to: "the keys listed"
        named = "Enter" if key == "enter" else key  # as the key lines write it
        if view.name is None:
            return Words("game.not_a_key", {"key": named})
        return Words("game.not_a_key_of", {"key": named, "step": worded(view.name, self.lang)})

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


def validators(typed: Typed) -> list:
    if typed.number:
        return [Integer(minimum=typed.low, maximum=typed.high)]
    return [Length(minimum=1, maximum=typed.length)]


def typed_refusal(typed: Typed, value: str) -> Refusal | None:
    """A typed value the field refuses before the rules see it: a number out of its bounds, a
    blank or too long text, with the field's rule (P10: an influence 0–20)."""
    text = value.strip()
    if typed.number:
        signed = text[:1] in ("+", "-") and text[1:].isdigit()  # P23: a hand's +2 or -1
        number = int(text) if text.isdigit() or signed else None
        if number is None or not typed.low <= number <= typed.high:
            return Refusal("typed_number", typed.rule, low=typed.low, high=typed.high)
        return None
    if not text or len(text) > typed.length:
        return Refusal("typed_text", typed.rule, length=typed.length)
    return None


def save_failed(key: str, error: OSError, **params: object) -> Words:
    """Why an entry, an undo or a new game was not saved (``game.<key>``), naming the real
    cause: with no file descriptor left (a flood of connections, issue 37) more disk space
    would not help, and ``game.<key>_files`` says so."""
    if out_of_files(error):
        return Words(f"game.{key}_files", params)
    return Words(f"game.{key}", {**params, "error": error.strerror or error})
