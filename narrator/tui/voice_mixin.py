"""The narrator's voice as the app uses it: lines said with their chimes and captions, the
sound keys (mute, volume, replay, retry), the voice's notices, and the language switch."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from narrator.prompts import catalogue
from narrator.tui.words import translate_bindings

if TYPE_CHECKING:
    from narrator.games.shell_data import Line


class VoiceMixin:
    """Mixed into ``NarratorApp``: everything it says goes through here."""

    def hook_voice(self) -> None:
        if hasattr(self.voice, "on_notice"):  # called from the voice's own thread
            self.voice.on_notice = self._voice_notice_from_thread
        if hasattr(self.voice, "on_message"):  # one word, once (the natural voice fell back)
            self.voice.on_message = self._voice_message_from_thread
        notice = getattr(self.voice, "notice", None)
        if notice:
            self.notify(notice, title=self.words("game.sound"), severity="warning", timeout=8)

    def show_prompt_warnings(self) -> None:
        """Why lines of the user's prompts.<lang>.toml were not used, each once a language:
        those found when the file was read, and a line that failed when it was said."""
        shown = self.__dict__.setdefault("_prompt_warnings_shown", set())
        for warning in catalogue(self.language).warnings:
            if (self.language, warning) not in shown:
                shown.add((self.language, warning))
                why = warning.text(self.language)
                self.notify(why, title=self.words("game.prompts"), severity="warning", timeout=10)

    # --- voice and captions ---------------------------------------------------------------
    def say_lines(self, lines: list[Line]) -> list[str]:
        """Say the lines with their chimes; their captions."""
        texts = []
        for line in lines:
            if line.chime:
                self.voice.chime(line.chime, urgent=line.urgent)
            texts.append(self.say(line.prompt_id, urgent=line.urgent, **line.params))
        return texts

    def say(self, prompt_id: str, urgent: bool = False, **params: Any) -> str:
        text = self.voice.say(prompt_id, urgent=urgent, **params)
        self.caption(text)
        self.show_prompt_warnings()  # a user's line may have failed just now
        return text

    def render_ahead(self) -> None:
        """Have the voice render every line the next key may say (``ahead.py``), once the
        screen is drawn: the line a key says is then on disk before the key is pressed."""
        journal, game = getattr(self, "journal", None), getattr(self, "game", None)
        if journal is None or game is None or getattr(self.voice, "muted", True):
            return
        from narrator.tui.ahead import holds_secret, lines_ahead

        # Each state after an entry is seen here; a resumed game's, once, by replaying it.
        seen = getattr(self, "_secret_seen", None)
        if seen is None or seen[0] is not journal:
            states = [game.initial()]
            for event in journal.events:
                states.append(game.apply(states[-1], event))
            seen = (journal, holds_secret(game, states))
        seen = (journal, seen[1] or holds_secret(game, [journal.state]))
        self._secret_seen = seen
        if not seen[1]:
            self.voice.prewarm(lines_ahead(game, journal.state), soon=True)

    def caption(self, text: str) -> None:
        self.captions.append(text)
        self.publish_display()  # the page shows the lines said too (public: said aloud)
        from narrator.tui.game import GameScreen

        if isinstance(self.screen, GameScreen):  # at once: the caption row never lags a line
            self.screen.show_caption(text)

    def action_mute(self) -> None:
        muted = self.voice.toggle_mute()
        sound = self.words("game.sound")
        self.notify(self.words("game.muted" if muted else "game.unmuted"), title=sound)

    def action_volume(self, step: float) -> None:
        current = getattr(self.voice, "volume", 1.0)  # the language in use's
        volume = self.voice.set_volume(max(0.0, min(1.0, current + step)))
        if isinstance(volume, float):
            text = self.words("game.volume", percent=round(volume * 100))
            self.notify(text, title=self.words("game.sound"), timeout=2)

    def action_replay(self) -> None:
        self.voice.replay_last()
        if self.captions:
            self.caption(self.captions[-1])

    def _voice_notice_from_thread(self, notice: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # not running (closing, or a test's app)
            self.call_from_thread(self._voice_notice, notice)

    def _voice_message_from_thread(self, message: str) -> None:
        with contextlib.suppress(RuntimeError):  # not running (closing, or a test's app)
            title = self.words("game.sound")
            self.call_from_thread(self.notify, message, title=title, severity="warning")

    def _voice_notice(self, notice: str | None) -> None:
        if notice:
            self.notify(notice, title=self.words("game.sound"), severity="warning", timeout=8)
        else:
            self.notify(self.words("game.sound_works"), title=self.words("game.sound"))

    def action_retry_voice(self) -> None:
        self.notify(self.words("game.sound_retry"), title=self.words("game.sound"))
        self.voice.retry()  # the outcome arrives through on_notice

    def set_language(self, language: str) -> str | None:
        """Speak and caption in ``language`` from the next line on, and keep it for next time.

        Only the language is written to the settings file (not a ``--mute`` given for this run).
        Returns a message when the choice could not be saved; it still applies to this run.
        """
        from narrator.settings import load, save

        self.use_language(language)
        journal = getattr(self, "journal", None)
        if journal is not None:  # the game under way resumes in it too
            journal.remember_language(language)
        self.say("language_set")
        self.show_prompt_warnings()
        try:
            stored, problems = load()
            if problems:  # saving would replace what could not be read: leave the file alone
                problem = problems[0].text(language)
                return self.words("game.settings_unreadable", problem=problem)
            save(replace(stored, language=language))
        except OSError as err:
            return self.words("game.settings_unsaved", error=err.strerror or err)
        return None

    def use_language(self, language: str) -> None:
        """Speak, caption and draw in ``language`` from now on (this run only)."""
        self.language = language
        translate_bindings(self, language)
        for screen in self.screen_stack:
            translate_bindings(screen, language)
        self.refresh_bindings()
        if hasattr(self.voice, "apply_settings"):
            self.voice.apply_settings(replace(self.voice.settings, language=language))
        else:
            self.voice.language = language
        if self.settings is not None:
            self.settings = replace(self.settings, language=language)
