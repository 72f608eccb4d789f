"""The narrator's voice: every line spoken (and always captioned), chimes, mute and replay.

    voice = Voice(settings, on_notice=show_notice)
    caption = voice.say("round_start", round=2, colour=Term("colour.blue"))
    voice.chime("round_start")

No call blocks: speech is rendered by a worker process (synth.py) and played by a queue on
a background thread (player.py). Without a sound device or a speech engine the app goes on
with captions, and `notice` says what is missing and how to fix it. `on_notice` is called
from a background thread: in Textual, hand it on with `app.call_from_thread`.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import replace
from pathlib import Path
from typing import Any

from narrator import paths
from narrator.prompts import catalogue, prompt_ids
from narrator.settings import Settings
from narrator.voice.chimes import CHIMES, sounds_dir
from narrator.voice.clips import ClipCache
from narrator.voice.natural import (
    NATURAL,
    NATURAL_COMMAND,
    NATURAL_LANGUAGES,
    SpeechRouter,
    natural_installed,
    natural_synthesizer,
)
from narrator.voice.player import APPEND, FRONT, URGENT, Item, Player
from narrator.voice.sinks import (
    AudioSink,
    Clip,
    FakeSink,
    SinkError,
    Stream,
)
from narrator.voice.speaker import MiniaudioSink
from narrator.voice.synth import AHEAD, NEXT, NOW, SpeechRequest, Synthesizer, WorkerSynthesizer

__all__ = [
    "AudioSink",
    "Clip",
    "FakeSink",
    "SilentVoice",
    "MiniaudioSink",
    "SinkError",
    "NATURAL",
    "SpeechRequest",
    "SpeechRouter",
    "Stream",
    "Voice",
    "WorkerSynthesizer",
]

Prewarmable = str | tuple[str, Mapping[str, Any]]


class Voice:
    """What the TUI talks to. Every method returns at once."""

    def __init__(
        self,
        settings: Settings | None = None,
        sink: AudioSink | None = None,
        synthesizer: Synthesizer | None = None,
        on_notice: Callable[[str | None], None] | None = None,
        *,
        on_message: Callable[[str], None] | None = None,
        retry_key: str = "F5",
        gap: float = 0.15,
        sounds: Path | None = None,
    ) -> None:
        self._settings = settings or Settings()
        self.on_notice = on_notice
        self.on_message = on_message  # a one-off word (the natural voice fell back), any thread
        self.retry_key = retry_key
        self.captions: deque[str] = deque(maxlen=500)  # every line said, newest last
        self.last_line: str | None = None
        self._sounds = sounds
        self._clips = ClipCache()  # the clips the next key may say, read ahead
        self._chimes: Path | None = None  # the chimes' folder, once found
        self._notice_lock = threading.Lock()
        self._notice: str | None = None
        self._synth_problem: tuple[str, str] | None = None
        if synthesizer is None:
            cache = paths.cache_dir() / "speech"
            synthesizer = SpeechRouter(
                WorkerSynthesizer(cache),
                lambda: natural_synthesizer(cache) if natural_installed() else None,
            )
        if isinstance(synthesizer, SpeechRouter):
            synthesizer.on_fallback = self._on_natural_fallback
        if hasattr(synthesizer, "on_problem"):
            synthesizer.on_problem = self._on_synth_problem  # type: ignore[attr-defined]
        self._synth = synthesizer
        self._player = Player(
            (lambda: sink) if sink is not None else MiniaudioSink,
            volume=self._settings.speech().volume,
            muted=self._settings.muted,
            gap=gap,
            on_problem=self._on_player_problem,
        )
        self._player.start()
        if not self._settings.muted:
            self._start_synth()  # the worker warms up while the screen is being filled in

    @classmethod
    def silent(cls, settings: Settings | None = None) -> SilentVoice:
        """A voice that only records captions and chimes: for tests, and `--silent`."""
        return SilentVoice(settings)

    # -- settings ---------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def muted(self) -> bool:
        return self._settings.muted

    @property
    def volume(self) -> float:
        """The volume of the language in use."""
        return self._settings.speech().volume

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings from the next line on (language, voice, rate, volume, mute)."""
        language_changed = settings.language != self._settings.language
        natural_now = settings.speech().voice == NATURAL != self._settings.speech().voice
        self._settings = settings
        self._player.volume = settings.speech().volume
        self._player.set_muted(settings.muted)
        if language_changed:
            self._update_notice()  # the notice speaks the new language too
        if natural_now and not settings.muted:
            self._start_synth()  # Piper's model loads before the first line asks for it

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns True when now muted. Captions go on either way."""
        self.apply_settings(replace(self._settings, muted=not self._settings.muted))
        if not self._settings.muted:
            self._start_synth()
        return self._settings.muted

    def set_volume(self, volume: float) -> float:
        """Set the volume of the language in use (each language keeps its own)."""
        volume = min(1.0, max(0.0, float(volume)))
        self.apply_settings(self._settings.with_speech(volume=volume))
        return volume

    def _start_synth(self) -> None:
        if isinstance(self._synth, SpeechRouter):
            wanted = {self._settings.speech(lang).voice for lang in NATURAL_LANGUAGES}
            self._synth.start(natural=NATURAL in wanted)
        else:
            self._synth.start()

    # -- speaking ---------------------------------------------------------------------
    def say(self, prompt_id: str, urgent: bool = False, **params: Any) -> str:
        """Speak a line of the script; returns its caption (raises PromptError on a bad id)."""
        text = catalogue(self._settings.language).format(prompt_id, **params)
        return self.say_text(text, urgent=urgent)

    def say_text(self, text: str, urgent: bool = False) -> str:
        self.captions.append(text)
        self.last_line = text
        self._speak(text, URGENT if urgent else APPEND)
        return text

    def replay_last(self) -> str | None:
        """Say the last line again, now (what is waiting after it still follows)."""
        if self.last_line is not None:
            self._speak(self.last_line, FRONT)
        return self.last_line

    def chime(self, name: str, urgent: bool = False) -> None:
        if name not in CHIMES:
            raise KeyError(f"no chime {name!r}; there are: {', '.join(CHIMES)}")
        folder = self._chimes  # known once a chime has been played: then read ahead
        ready = None if folder is None else (lambda: self._clips.peek(folder / f"{name}.wav"))
        item = Item("chime", name, self._chime_source(name), ready=ready)
        self._player.enqueue(item, URGENT if urgent else APPEND)

    def stop(self) -> None:
        """Silence now: stop the current line and drop the waiting ones."""
        self._player.stop()

    def prewarm(self, lines: Iterable[Prewarmable], soon: bool = False) -> int:
        """Render lines ahead in the background: prompt ids (alone or with their params,
        as (id, {params})) or plain texts. Returns how many were queued. ``soon``: lines the
        next key may say, rendered before the others waiting. Muted, nothing is rendered
        (nothing would be heard; a line said after unmuting renders then)."""
        if self._settings.muted:
            return 0
        cat = catalogue(self._settings.language)
        requests = []
        for line in lines:
            if isinstance(line, tuple):
                text = cat.format(line[0], **dict(line[1]))
            elif line in prompt_ids():
                if cat.placeholders(line):
                    continue  # needs names: render it when they are known
                text = cat.format(line)
            else:
                text = line
            requests.append(self._request(text))
        priority = NEXT if soon else AHEAD
        prewarm = getattr(self._synth, "prewarm", None)
        if prewarm is not None:
            futures = prewarm(requests, priority)
        else:
            futures = [self._synth.request(request, priority) for request in requests]
        if soon:  # the next key may say them: their clips wait in memory (clips.py)
            for future in futures or ():
                future.add_done_callback(self._read_ahead)
        return len(requests)

    def _read_ahead(self, rendered: Future[Path | None]) -> None:
        if not rendered.cancelled() and rendered.exception() is None:
            self._clips.read_ahead(rendered.result())

    def _request(self, text: str) -> SpeechRequest:
        speech = self._settings.speech()
        return SpeechRequest(text, self._settings.language, speech.voice, speech.rate)

    def _speak(self, text: str, mode: str) -> None:
        if self._settings.muted or self._player.problem is not None:
            return  # nothing would be heard: do not even render it
        request = self._request(text)
        future = self._synth.request(request, NOW)  # starts rendering now
        source = self._speech_source(future, request)
        self._player.enqueue(Item("speech", text, source, ready=self._ready(future)), mode)

    def _ready(self, future: Future[Path | None]) -> Callable[[], Clip | None]:
        """The line's clip if it is in memory already (read ahead: clips.py), else None."""

        def ready() -> Clip | None:
            if not future.done() or future.cancelled() or future.exception() is not None:
                return None
            path = future.result()
            return None if path is None else self._clips.peek(path)

        return ready

    def _speech_source(
        self, future: Future[Path | None], request: SpeechRequest | None = None
    ) -> Callable[[Callable[[], bool]], Clip | Stream | None]:
        """The line's audio: its WAV file once rendered, or, while the worker still renders
        it piece by piece, its Stream as soon as the first piece is in (stream.py)."""
        live = getattr(self._synth, "live", None) if request is not None else None

        def source(cancelled: Callable[[], bool]) -> Clip | Stream | None:
            while True:
                if cancelled():
                    return None
                try:
                    path = future.result(timeout=0.002 if live else 0.01)
                    break
                except FutureTimeout:
                    stream = live(request) if live else None
                    if stream is not None and len(stream):
                        return stream
            return None if path is None else self._clip(path)

        return source

    def _chime_source(self, name: str) -> Callable[[Callable[[], bool]], Clip | None]:
        def source(_cancelled: Callable[[], bool]) -> Clip | None:
            if self._chimes is None:  # on the player's thread: sounds_dir() may make them
                self._chimes = self._sounds or sounds_dir()
                for chime in CHIMES:
                    self._clips.read_ahead(self._chimes / f"{chime}.wav")
            return self._clip(self._chimes / f"{name}.wav")

        return source

    def _clip(self, path: Path) -> Clip:
        return self._clips.get(path)

    # -- trouble ------------------------------------------------------------------------
    @property
    def prompt_warnings(self) -> list[str]:
        """Why lines of the user's prompts.<lang>.toml were ignored (show them once)."""
        return list(catalogue(self._settings.language).warnings)

    @property
    def notice(self) -> str | None:
        """One message about what is missing and how to fix it; None when all is well."""
        return self._notice

    def _on_player_problem(self, _kind: str | None, _detail: str | None) -> None:
        self._update_notice()

    def _on_synth_problem(self, kind: str | None, detail: str | None) -> None:
        self._synth_problem = (kind, detail or "") if kind else None
        self._update_notice()

    def _on_natural_fallback(self, detail: str) -> None:
        if self.on_message is not None:
            words = catalogue(self._settings.language)
            self.on_message(
                words.format(
                    "notice.natural_voice_fallback",
                    detail=detail,
                    command=NATURAL_COMMAND,
                    retry_key=self.retry_key,
                )
            )

    def _update_notice(self) -> None:
        problem = self._player.problem or self._synth_problem
        notice = None
        if problem is not None:
            kind, detail = problem
            notice = catalogue(self._settings.language).format(
                f"notice.{kind}", detail=detail, retry_key=self.retry_key
            )
        with self._notice_lock:
            if notice == self._notice:
                return
            self._notice = notice
        if self.on_notice is not None:
            self.on_notice(notice)

    def retry(self) -> None:
        """Try the sound device and the speech engine again (the notice's "press F5")."""
        self._player.retry()
        self._synth.retry()

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block until everything queued has played (tests and scripts only, not the TUI)."""
        return self._player.wait_idle(timeout)

    @property
    def played(self) -> list[tuple[str, str]]:
        """(kind, caption or chime name) of what reached the sink, oldest first."""
        return [(item.kind, item.label) for item in self._player.played]

    def close(self) -> None:
        self._player.close()
        self._synth.close()
        self._clips.close()


class SilentVoice(Voice):
    """The same calls, no sound and no threads: records what would have been said."""

    def __init__(self, settings: Settings | None = None) -> None:  # no threads: no super()
        self._settings = settings or Settings()
        self.on_notice = None
        self.on_message = None
        self.retry_key = "F5"
        self.captions = deque(maxlen=500)
        self.last_line = None
        self.chimes: list[str] = []
        self._notice = None

    def apply_settings(self, settings: Settings) -> None:
        self._settings = settings

    def toggle_mute(self) -> bool:
        self._settings = replace(self._settings, muted=not self._settings.muted)
        return self._settings.muted

    def _speak(self, text: str, mode: str) -> None:
        pass

    def chime(self, name: str, urgent: bool = False) -> None:
        if name not in CHIMES:
            raise KeyError(f"no chime {name!r}; there are: {', '.join(CHIMES)}")
        self.chimes.append(name)

    def stop(self) -> None:
        pass

    def prewarm(self, lines: Iterable[Prewarmable], soon: bool = False) -> int:
        return 0

    def retry(self) -> None:
        pass

    def wait_idle(self, timeout: float = 10.0) -> bool:
        return True

    @property
    def played(self) -> list[tuple[str, str]]:
        return []

    def close(self) -> None:
        pass
