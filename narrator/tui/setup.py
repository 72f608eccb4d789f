"""The setup form, built from the chosen game's fields: players, names, options, the seed."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterable
from contextlib import suppress

from rich.text import Text
from textual import events
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from narrator.games.base import Refusal
from narrator.games.shell_data import Field
from narrator.prompts import Localized, Term, worded
from narrator.tui.footer import FittingFooter
from narrator.tui.messages import Refused
from narrator.tui.words import say, translate_bindings


def seat_refusal(seat: int, refusal: Refusal) -> Refusal:
    """The rules' refusal of one seat's name, with the seat in front, worded in any language."""
    reason = Localized(lambda lang: refusal.text(lang, with_rule=False))
    return Refusal("seat_name", refusal.rule, seat=seat, reason=reason)


def check_count(field: Field, count: int | None, allowed=None) -> int:
    """The player count within the count field's bounds and among the counts the rules allow
    (``Game.players``: 7, 9 or 11, B4), refused as the rules refuse it."""
    count = count if count is not None else 0
    if field.low is not None and count < field.low:
        raise Refusal("too_few_players", field.rule, low=field.low, count=count)
    if field.high is not None and count > field.high:
        raise Refusal("too_many_players", field.rule, high=field.high, count=count)
    if allowed is not None and count not in allowed:
        counts = tuple(str(n) for n in allowed)
        raise Refusal("players_allowed", field.rule, allowed=counts, count=count)
    return count


class CInput(Input):
    """A one-line input, so the whole form fits a laptop's terminal. What it refuses to take
    (a letter in a number, a paste too long) is said on the form, not only with a bell."""

    def __init__(self, *args, hint: str = "", **kwargs) -> None:
        super().__init__(*args, compact=True, **kwargs)
        self.hint = hint

    def restricted(self) -> None:
        super().restricted()
        if self.hint:
            self.screen.post_message(Refused(self.hint))

    async def _on_key(self, event: events.Key) -> None:
        """The field's own keys (Backspace, Delete, Home, the arrows…) act here, among the
        letters in the order they were typed. Textual acts on them only once the key has gone
        up to the app, on the field focused by then: typed fast, "Anx⌫n" stayed "Anxn"."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()  # not the letter's own handling, nor up to the app
                return


class CountInput(CInput):
    """The player count: the name fields follow it as it is typed, in this field's own turn,
    so that a Tab typed straight after it finds them (the form waits for this field)."""

    def watch_value(self, value: str) -> Awaitable[None] | None:
        if self.is_mounted and isinstance(self.screen, SetupScreen):
            return self.screen.count_typed(value)  # awaited next, before the field's next key
        return None


class NameInput(CInput):
    """A player's name: what the rules would refuse (control characters, too long) is refused
    as it is typed or pasted, with the rules' own words, and never reaches the screen raw."""

    def __init__(self, seat: int, lang: str, clean: Callable[[str], str]) -> None:
        super().__init__(placeholder=say(lang, "setup.seat", seat=seat + 1), id=f"name-{seat}")
        self.seat = seat
        self.lang = lang
        self.clean = clean

    def replace(self, text: str, start: int, end: int) -> None:
        low, high = sorted((max(0, start), min(len(self.value), end)))
        value = self.value[:low] + text + self.value[high:]
        if text and value.strip():  # deleting is always allowed
            try:
                self.clean(value)
            except Refusal as refusal:
                self.hint = seat_refusal(self.seat + 1, refusal).text(self.lang)
                self.restricted()
                return
        super().replace(text, start, end)


class CSelect(Select):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, compact=True, **kwargs)

    def on_mount(self) -> None:
        # The open list's own key in the Footer ("esc Dismiss menu", Textual's) in the app's
        # language: ``[keys] dismiss``.
        for part in self.children:
            translate_bindings(part, self.app.language)


def digits_field(
    label: str, value: str, name: str, digits: int, hint: str, kind: type[CInput] = CInput
) -> Horizontal:
    """A labelled number: only digits are taken, and a refused key says why (``hint``)."""
    return Horizontal(
        Label(label),
        kind(value, id=name, restrict=r"[0-9]*", max_length=digits, hint=hint),
        classes="field",
    )


def choice_field(label: str, options: list, value: str, name: str) -> Horizontal:
    return Horizontal(
        Label(label), CSelect(options, value=value, allow_blank=False, id=name), classes="field"
    )


class SetupScreen(Screen):
    """The game's setup form: the player count, names in seat order, its options, the seed."""

    BINDINGS = [
        Binding("ctrl+s", "start", "Start the game", priority=True),
        Binding("escape", "back", "Back"),
        # Moving to another field is done when the key is typed (a priority binding acts as
        # the app takes the key), so that the keys typed after it go to the field it moves to.
        # Textual's own Tab acts only once the key has gone up from the field to the app, and
        # the letters typed meanwhile went to the field being left ("DeeE", "veF").
        Binding("tab", "next_field", show=False, priority=True),
        Binding("shift+tab", "previous_field", show=False, priority=True),
        Binding("enter", "field_entered", show=False, priority=True),
    ]

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def on_resize(self) -> None:
        """A laptop's 24 rows: the fields without a blank row between them (app.tcss), so
        that the whole form but a few fields shows at once, and Start a row high: at 80×24 it is
        on screen unscrolled, in Russian too (issue 40)."""
        dense = self.size.height < 30
        self.set_class(dense, "dense")
        for start in self.query("#start").results(Button):
            start.compact = dense

    @property
    def fields(self) -> tuple[Field, ...]:
        return tuple(self.app.game.setup_fields())

    @property
    def count_field(self) -> Field:
        return next(f for f in self.fields if f.kind == "count")

    def counts(self) -> dict[str, int | None]:
        field = self.count_field
        return {"low": field.low, "high": field.high}

    def compose(self) -> ComposeResult:
        lang = self.app.language
        t = self.tr
        with VerticalScroll(id="setup"):
            yield Static(t("setup.title"), classes="screen-title")
            for field in self.fields:
                label = worded(field.label, lang)
                hint = worded(field.hint, lang) if field.hint is not None else ""
                if field.kind == "count":
                    count = int(field.default)
                    yield digits_field(label, str(count), "count", field.digits, hint, CountInput)
                    yield Static(self.roles_line(count), id="roles-line")
                    yield Label(t("setup.names"))
                    clean = self.app.game.clean_name
                    with Vertical(id="names"):
                        for seat in range(count):
                            yield NameInput(seat, lang, clean)
                elif field.kind == "int":
                    yield digits_field(label, str(field.default), field.name, field.digits, hint)
                else:
                    options = [(worded(words, lang), value) for value, words in field.options]
                    yield choice_field(label, options, field.default, field.name)
            yield digits_field(
                t("setup.seed"),
                str(random.SystemRandom().randrange(1, 10**6)),
                "seed",
                9,
                t("setup.seed_hint"),
            )
            yield Button(t("setup.start"), id="start", variant="primary")
        yield Static(id="message")  # under the form, not in it: seen however long it is
        yield FittingFooter()

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.refresh_bindings()
        self.show_message("")
        # Now, not later (``focus()`` waits its turn behind the keys already typed).
        self.set_focus(self.query_one("#count", Input))
        self.show_consequences()

    def player_count(self) -> int | None:
        text = self.query_one("#count", Input).value.strip()
        return int(text) if text.isdigit() else None

    @property
    def allowed(self):
        """The counts the rules allow (``Game.players``)."""
        return self.app.game.players

    def count_typed(self, value: str) -> Awaitable[None] | None:
        """A player count typed: refused on the form, or the name fields made to match (the
        returned awaitable, which the count field awaits before it takes its next key)."""
        try:
            typed = int(value) if value.isdigit() else None
            count = check_count(self.count_field, typed, self.allowed)
        except Refusal as refusal:
            empty = self.tr("setup.count_empty", **self.counts())
            self.show_message(refusal.text(self.app.language) if value else empty)
            return None
        self.show_message("")
        return self.rebuild_names(count)

    def roles_line(self, count: int, values: dict[str, str] | None = None) -> str:
        """The line under the player count: what that count deals with the options chosen so
        far (R5, W3, B7, P3, P4)."""
        note = self.app.game.setup_note(count, self.form_values() if values is None else values)
        return worded(note, self.app.language) if note else ""

    def option_widgets(self) -> dict[str, Widget]:
        """The option fields drawn so far, by name, found in one walk of the form (a query a
        field walked the whole form each time: most of the time a form took to fill)."""
        names = {field.name for field in self.fields if field.kind != "count"}
        found: dict[str, Widget] = {}
        for node in self.walk_children(Widget):
            if node.id in names:
                found.setdefault(node.id, node)
        return found

    def form_values(self, drawn: dict[str, Widget] | None = None) -> dict[str, str]:
        """The options as the form has them now (their defaults before they are drawn)."""
        drawn = self.option_widgets() if drawn is None else drawn
        return {
            field.name: str(drawn[field.name].value) if field.name in drawn else str(field.default)
            for field in self.fields
            if field.kind != "count"
        }

    def on_select_changed(self, message: Select.Changed) -> None:
        self.show_consequences()

    def show_consequences(self) -> None:
        """Each option's consequence at once: the note under the count, and the options that
        do not apply now disabled (the Pyre's shift for Standard and Tutorial, P4)."""
        count = self.player_count()
        drawn = self.option_widgets()
        values = self.form_values(drawn)
        if count is not None and self.query("#roles-line"):
            self.query_one("#roles-line", Static).update(self.roles_line(count, values))
        off = self.app.game.setup_off(values)
        for name, widget in drawn.items():
            widget.disabled = name in off

    async def rebuild_names(self, count: int) -> None:
        """One name field a seat: add or remove fields at the end, keeping what was typed.
        The fields taken away leave the focus order at once, and are gone before any is
        added (a new field may take the id of one on its way out)."""
        box = self.query_one("#names", Vertical)
        lang, clean = self.app.language, self.app.game.clean_name
        self.query_one("#roles-line", Static).update(self.roles_line(count))
        fields = [field for field in box.query(NameInput) if field.display]
        extra = fields[count:]
        for field in extra:
            field.display = False
        if extra:
            await box.remove_children(extra)
        box.mount_all(NameInput(i, lang, clean) for i in range(len(fields), count))

    async def settle(self, widgets: Iterable[Widget | None]) -> None:
        """Wait until ``widgets`` have taken every key already sent to them (the count field
        has then made its name fields), so that what comes next finds the form as typed."""
        waits = []
        for widget in widgets:
            done = asyncio.Event()
            if widget is not None and widget.call_later(done.set):  # after the keys queued
                waits.append(done.wait())
        if waits:
            with suppress(TimeoutError):  # never hold the keys up for long, whatever happens
                await asyncio.wait_for(asyncio.gather(*waits), timeout=2.0)

    def move_focus(self, step: int) -> None:
        """Focus the next field (``step`` 1) or the one before (-1), in the order the form is
        written, wrapping round. Textual orders the focus by where the widgets are drawn, and
        a name field just added is not drawn yet: it came first, and Tab went to it."""
        chain = set(self.focus_chain)
        fields = [widget for widget in self.query("*") if widget in chain]  # in the DOM's order
        if not fields:
            return
        if self.focused in fields:
            index = (fields.index(self.focused) + step) % len(fields)
        else:
            index = 0 if step > 0 else -1
        self.set_focus(fields[index])

    async def action_next_field(self) -> None:
        await self.settle([self.focused])
        self.move_focus(1)

    async def action_previous_field(self) -> None:
        await self.settle([self.focused])
        self.move_focus(-1)

    async def action_field_entered(self) -> None:
        """Enter in a text field moves on, as Tab does; elsewhere (a list, the start button)
        it is the widget's own."""
        if not isinstance(self.focused, Input):
            raise SkipAction()
        await self.action_next_field()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "start":
            self.call_next(self.action_start)  # a coroutine: awaited, or the game never starts

    def on_refused(self, message: Refused) -> None:
        self.show_message(message.text)

    def show_message(self, text: str) -> None:
        message = self.query_one("#message", Static)
        message.update(Text(text, style="bold red") if text else "")
        message.display = bool(text)

    def action_back(self) -> None:
        self.app.pop_screen()

    def _number(self, field: Field) -> int:
        """A number's value, checked here so the refusal names the field as it is labelled."""
        what = Term(f"setup.what.{field.name}")
        text = self.query_one(f"#{field.name}", Input).value.strip()
        if not text.isdigit():
            raise Refusal("whole_seconds", field.rule, what=what)
        low, high = field.low, field.high
        if (low is not None and int(text) < low) or (high is not None and int(text) > high):
            raise Refusal("seconds_range", field.rule, what=what, low=low, high=high)
        return int(text)

    async def action_start(self) -> None:
        await self.settle(self.query(Input))  # ctrl+s typed straight after the last name
        game = self.app.game
        try:
            count = check_count(self.count_field, self.player_count(), self.allowed)
            names = []
            for i, box in enumerate(list(self.query("#names Input").results(Input))[:count]):
                raw = box.value if box.value.strip() else self.tr("setup.seat", seat=i + 1)
                try:
                    names.append(game.clean_name(raw))
                except Refusal as refusal:
                    raise seat_refusal(i + 1, refusal) from None
            values = {}
            for field in self.fields:
                if field.kind == "count":
                    continue
                if field.kind == "int":
                    value = self._number(field)
                else:
                    value = self.query_one(f"#{field.name}", Select).value
                values[field.name] = value
            seed_text = self.query_one("#seed", Input).value.strip()
            seed = int(seed_text) if seed_text.isdigit() else 0
            created = game.created(tuple(names), values, seed)
        except Refusal as refusal:  # said as the rules' refusals of the form are: here and a toast
            self.app.refuse(refusal, speak=False)
            return
        self.app.new_game(created)
