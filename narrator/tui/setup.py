"""The setup form, built from the chosen game's fields: players, names, options, the seed."""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from narrator.games.base import Refusal
from narrator.games.views import Field, worded
from narrator.prompts import Localized, Term
from narrator.tui.messages import Refused
from narrator.tui.words import say, translate_bindings


def seat_refusal(seat: int, refusal: Refusal) -> Refusal:
    """The rules' refusal of one seat's name, with the seat in front, worded in any language."""
    reason = Localized(lambda lang: refusal.text(lang, with_rule=False))
    return Refusal("seat_name", refusal.rule, seat=seat, reason=reason)


def check_count(field: Field, count: int | None) -> int:
    """The player count within the count field's bounds, refused as the rules refuse it."""
    count = count if count is not None else 0
    if field.low is not None and count < field.low:
        raise Refusal("too_few_players", field.rule, low=field.low, count=count)
    if field.high is not None and count > field.high:
        raise Refusal("too_many_players", field.rule, high=field.high, count=count)
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


def digits_field(label: str, value: str, name: str, digits: int, hint: str) -> Horizontal:
    """A labelled number: only digits are taken, and a refused key says why (``hint``)."""
    return Horizontal(
        Label(label),
        CInput(value, id=name, restrict=r"[0-9]*", max_length=digits, hint=hint),
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
    ]

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

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
                    yield digits_field(label, str(field.default), "count", field.digits, hint)
                    yield Static(id="roles-line")
                    yield Label(t("setup.names"))
                    yield Vertical(id="names")
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
        yield Footer()

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.refresh_bindings()
        self.rebuild_names(int(self.count_field.default))
        self.show_message("")
        self.query_one("#count", Input).focus()

    def player_count(self) -> int | None:
        text = self.query_one("#count", Input).value.strip()
        return int(text) if text.isdigit() else None

    def rebuild_names(self, count: int) -> None:
        """One name field a seat: add or remove fields at the end, keeping what was typed."""
        box = self.query_one("#names", Vertical)
        fields = list(box.query(Input))
        for extra in fields[count:]:
            extra.remove()
        lang, clean = self.app.language, self.app.game.clean_name
        box.mount_all(NameInput(i, lang, clean) for i in range(len(fields), count))
        note = self.app.game.setup_note(count)
        self.query_one("#roles-line", Static).update(worded(note, lang) if note else "")

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id != "count":
            return
        try:
            count = check_count(self.count_field, self.player_count())
        except Refusal as refusal:
            empty = self.tr("setup.count_empty", **self.counts())
            self.show_message(refusal.text(self.app.language) if message.value else empty)
            return
        self.show_message("")
        self.rebuild_names(count)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        self.focus_next()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "start":
            self.action_start()

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

    def action_start(self) -> None:
        game = self.app.game
        try:
            count = check_count(self.count_field, self.player_count())
            names = []
            for i, box in enumerate(list(self.query("#names Input").results(Input))[:count]):
                raw = box.value if box.value.strip() else self.tr("setup.seat", seat=i + 1)
                try:
                    names.append(game.clean_name(raw))
                except Refusal as refusal:
                    raise seat_refusal(i + 1, refusal) from None
            values, shell = {}, {}
            for field in self.fields:
                if field.kind == "count":
                    continue
                if field.kind == "int":
                    value = self._number(field)
                else:
                    value = self.query_one(f"#{field.name}", Select).value
                (values if field.option else shell)[field.name] = value
            seed_text = self.query_one("#seed", Input).value.strip()
            seed = int(seed_text) if seed_text.isdigit() else 0
            created = game.created(tuple(names), values, seed)
        except Refusal as refusal:  # said as the rules' refusals of the form are: here and a toast
            self.app.refuse(refusal, speak=False)
            return
        if "deal" in shell:  # the app's own: who deals (R6), not an option of the game
            self.app.deal_mode = shell["deal"]
        self.app.new_game(created)
