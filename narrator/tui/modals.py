"""Small screens over the game: confirm an undo, help, settings (the record: ``record.py``; the
help's rows: ``help.py``). They import no screen they are shown over: the game screen imports
them."""

from __future__ import annotations

from dataclasses import replace

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Select, Static

from narrator.settings import NATURAL, NATURAL_COMMAND, NATURAL_LANGUAGES, Settings, load, save
from narrator.tui.widgets import Dimmed
from narrator.tui.words import say, translate_bindings

ESPEAK = "espeak"  # eSpeak NG in the voice list (in the settings: no voice named)


class Worded:
    """A screen whose words and Footer labels come in the app's language."""

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.refresh_bindings()


class ConfirmScreen(Worded, Dimmed, ModalScreen[bool]):
    """A yes/no question. Only y says yes; Enter, n and Esc say no: a reflex Enter (after
    ctrl+z, ctrl+q, or in a running discussion: a tired narrator presses Enter twice) never
    does the harmful thing. On a Russian layout н is y and т is n (the app maps letter keys
    by position)."""

    BINDINGS = [("y", "yes", "Yes"), ("n,escape,enter", "no", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question))  # plain: a name like "Bob[/]" is no markup
            yield Static(self.tr("modals.confirm.hint"), classes="dim")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class HelpScreen(Worded, Dimmed, ModalScreen[None]):
    BINDINGS = [("escape,question_mark,q", "close", "Close")]

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = rows  # ``help_rows`` of the screen it is opened over

    def compose(self) -> ComposeResult:
        t = self.tr
        table = Table(box=None, padding=(0, 2), title=t("modals.help.title"))
        table.add_column(t("modals.help.key"), style="bold")
        table.add_column(t("modals.help.what"))
        for key, does in self.rows:
            table.add_row(Text(key), Text(does))
        with VerticalScroll(id="dialog"):  # at 80×24 the list is longer than the screen
            yield Static(t("modals.help.hint"), classes="dim")
            yield Static(table)

    def action_close(self) -> None:
        self.dismiss(None)


RATES = (100, 130, 165, 200, 240, 280)  # words a minute offered; a saved other one is kept
VOLUMES = tuple(range(100, -1, -10))  # percent


class SettingsScreen(Worded, Dimmed, ModalScreen[None]):
    """The language, and how each language is spoken: its voice, rate and volume. ctrl+t says
    a test line with what is chosen, before it is saved; Esc puts the voice back as it was."""

    DEFAULT_CSS = """
    SettingsScreen #s-rate-volume { height: auto; }
    SettingsScreen #s-rate-volume > Vertical { height: auto; width: 1fr; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("ctrl+t", "test_line", "Test line", priority=True),
        Binding("ctrl+s", "save", "Save", priority=True),
    ]

    def compose(self) -> ComposeResult:
        voice_settings = getattr(self.app.voice, "settings", None)
        self.original: Settings = voice_settings or self.app.settings or Settings()
        self.draft = self.original  # each language's speech, as chosen so far
        self.editing = getattr(self.app, "language", "en")
        speech = self.draft.speech(self.editing)
        with Vertical(id="dialog"):
            yield Static(self.tr("modals.settings.title"), classes="screen-title", id="s-title")
            yield Static(self.tr("modals.settings.language"), id="s-language")
            yield Select(
                [("English", "en"), ("Русский", "ru")],  # each language named in itself
                value=self.editing,
                allow_blank=False,
                id="language",
            )
            yield Static(self.tr("modals.settings.voice"), id="s-voice")
            yield Select(self._voices(self.editing, speech.voice), allow_blank=False, id="voice")
            volume = round(speech.volume * 100)
            with Horizontal(id="s-rate-volume"):  # side by side: the dialog fits 80×24
                with Vertical():
                    yield Static(self.tr("modals.settings.rate"), id="s-rate")
                    yield Select(
                        _rates(speech.rate), value=speech.rate, allow_blank=False, id="rate"
                    )
                with Vertical():
                    yield Static(self.tr("modals.settings.volume"), id="s-volume")
                    yield Select(_volumes(volume), value=volume, allow_blank=False, id="volume")
            yield Static(Text(self.tr("modals.settings.hint"), style="dim"), id="s-hint")

    def _voices(self, lang: str, chosen: str | None) -> list[tuple[str, str]]:
        """The voices ``lang`` may have, in the words of ``lang``: eSpeak NG, and for English
        the natural voice (said not installed when it is not)."""
        from narrator.voice.natural import natural_installed  # the voice: only when it is opened

        options = [("eSpeak NG", ESPEAK)]
        if lang in NATURAL_LANGUAGES:
            key = "voice_natural" if natural_installed() else "voice_natural_missing"
            words = say(lang, f"modals.settings.{key}", engine="Piper", command=NATURAL_COMMAND)
            options.append((words, NATURAL))
        if chosen not in (None, NATURAL):
            options.append((f"eSpeak NG: {chosen}", chosen))  # a voice named in the file
        return options

    def on_select_changed(self, message: Select.Changed) -> None:
        if message.select.id == "language":
            self._show_language(str(message.value))
        else:
            self.draft = self.draft.with_speech(self.editing, **self._chosen())

    def _chosen(self) -> dict[str, object]:
        voice = self.query_one("#voice", Select).value
        rate = self.query_one("#rate", Select).value
        volume = self.query_one("#volume", Select).value
        return {
            "voice": None if voice == ESPEAK else voice,
            "rate": int(rate),  # type: ignore[arg-type]
            "volume": int(volume) / 100,  # type: ignore[arg-type]
        }

    def _show_language(self, lang: str) -> None:
        """The dialog speaks the language chosen at once, before it is saved (whoever picks
        Russian reads how to save it in Russian), and shows how that language is spoken."""
        self.editing = lang
        for part in ("title", "language", "voice", "rate", "volume"):
            self.query_one(f"#s-{part}", Static).update(say(lang, f"modals.settings.{part}"))
        hint = Text(say(lang, "modals.settings.hint"), style="dim")
        self.query_one("#s-hint", Static).update(hint)
        speech = self.draft.speech(lang)
        voice = self.query_one("#voice", Select)
        voice.set_options(self._voices(lang, speech.voice))
        voice.value = speech.voice or ESPEAK
        rate = self.query_one("#rate", Select)
        rate.set_options(_rates(speech.rate))
        rate.value = speech.rate
        volume = self.query_one("#volume", Select)
        volume.set_options(_volumes(round(speech.volume * 100)))
        volume.value = round(speech.volume * 100)

    def _trying(self) -> Settings:
        """The voice's settings with what is chosen here, in the language being edited."""
        own = self.draft.with_speech(self.editing, **self._chosen()).own_speech
        return replace(self.original, language=self.editing, own_speech=own)

    def action_test_line(self) -> None:
        voice = self.app.voice
        if hasattr(voice, "apply_settings"):
            voice.apply_settings(replace(self._trying(), muted=False))
        voice.say("settings_test", urgent=True)

    def action_save(self) -> None:
        lang = self.query_one("#language", Select).value
        trying = self._trying()
        problem = save_speech(trying.own_speech)
        if hasattr(self.app.voice, "apply_settings"):
            self.app.voice.apply_settings(replace(trying, language=self.original.language))
        if self.app.settings is not None:
            self.app.settings = replace(self.app.settings, own_speech=trying.own_speech)
        problem = self.app.set_language(lang) or problem
        # Said in the language just chosen, as the screens that follow are.
        if problem:
            title = self.tr("modals.settings.title")
            self.notify(problem, title=title, severity="error", timeout=8)
            return
        self.notify(self.tr("modals.settings.saved"))
        self.dismiss(None)

    def action_close(self) -> None:
        if hasattr(self.app.voice, "apply_settings"):
            self.app.voice.apply_settings(self.original)  # a test line changed nothing
        self.dismiss(None)


def _rates(rate: int) -> list[tuple[str, int]]:
    return [(str(value), value) for value in sorted({*RATES, rate})]


def _volumes(percent: int) -> list[tuple[str, int]]:
    return [(f"{value}%", value) for value in sorted({*VOLUMES, percent}, reverse=True)]


def save_speech(own_speech: tuple) -> str | None:
    """Keep each language's speech in the settings file; a message when it could not be."""
    try:
        stored, problems = load()
        if problems:  # saving would replace what could not be read: leave the file alone
            return problems[0].text(stored.language)
        save(replace(stored, own_speech=own_speech))
    except OSError as err:
        return str(err.strerror or err)
    return None
