"""Speech synthesis away from the UI: a worker process, a WAV cache, a time limit.

`WorkerSynthesizer.request(text, …)` returns a Future at once; a background thread answers it
from the cache (`cache_dir()/speech/<hash>.wav`, keyed by engine, voice, rate and text) or by
asking the worker process (`synth_worker.py`) to render the line. A worker that hangs past
the time limit or dies is killed and started again for the next line; the caller gets None
(the line stays a caption). Lines asked for by `say` go before lines being rendered ahead.

The cache is its user's only, whatever the umask, and a file there that another user could
have put or changed is rendered again, never played (`paths.ours_only`).

A worker that sends a line piece by piece (Piper's) makes it playable before it is done:
`live(request)` is its Stream while it renders (stream.py). A worker that can give up a line
(its hello says ``"yields": true``) is asked to when a line is wanted now while it renders one
ahead: the line ahead goes back into the queue, and the wanted one is rendered at once.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import heapq
import itertools
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Protocol

from narrator import paths
from narrator.voice.problem import ReportsProblems
from narrator.voice.sinks import Stream
from narrator.voice.worker_process import (
    Worker,
    WorkerError,
    default_command,
    sweep_stale_renders,
)

__all__ = ["AHEAD", "NEXT", "NOW", "SpeechRequest", "WorkerSynthesizer", "sweep_stale_renders"]

# Priorities: a line being said now, a line the next key may say, a line rendered ahead.
NOW, NEXT, AHEAD = 0, 1, 2

# What a problem is called in the prompt catalogue (notice.<kind>).
NO_ENGINE, FAILED = "no_speech_engine", "speech_failed"


def engine_id() -> str:
    """Part of every cache key: a new engine version renders lines anew."""
    try:
        version = metadata.version("pyttsx3")
    except metadata.PackageNotFoundError:
        version = "?"
    return f"pyttsx3-{version}/{sys.platform}"


def cache_key(engine: str, voice: str, rate: int, text: str) -> str:
    blob = json.dumps([engine, voice, int(rate), text], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:40]


@dataclass(frozen=True)
class SpeechRequest:
    text: str
    lang: str = "en"
    voice: str | None = None  # None: picked by the worker for lang
    rate: int = 165

    @property
    def voice_key(self) -> str:
        return self.voice or f"auto:{self.lang}"


class Synthesizer(Protocol):
    """What Voice needs from a synthesizer (tests pass fakes of it)."""

    def request(self, request: SpeechRequest, priority: int = NOW) -> Future[Path | None]: ...
    def start(self) -> None: ...
    def retry(self) -> None: ...
    def close(self) -> None: ...


@dataclass(order=True)
class _Job:
    priority: int
    seq: int
    request: SpeechRequest | None = field(compare=False)  # None: just start the worker
    key: str = field(compare=False, default="")
    future: Future = field(compare=False, default_factory=Future)
    yield_asked: bool = field(compare=False, default=False)  # the worker was asked to give it up


class _Yielded(Exception):
    """The worker gave up the line for one wanted now."""


class WorkerSynthesizer(ReportsProblems):
    """Renders lines to cached WAV files in a worker process, one line at a time.

    `on_problem(kind, detail)` is called from the background thread when the engine is
    missing (kind NO_ENGINE), when one line failed (FAILED), and with (None, None) once
    lines render again.
    """

    def __init__(
        self,
        cache_dir: Path,
        *,
        command: list[str] | None = None,
        env: dict[str, str] | None = None,
        timeout: float = 15.0,
        start_timeout: float = 30.0,
        max_failures: int = 3,
        on_problem: Callable[[str | None, str | None], None] | None = None,
        engine: str | None = None,
        log: str = "worker.log",
    ) -> None:
        self.cache_dir = Path(cache_dir)
        self.command = command or default_command()
        top = str(Path(__file__).resolve().parents[2])  # so the child imports this narrator
        self.env = dict(os.environ if env is None else env)
        self.env["PYTHONPATH"] = os.pathsep.join(
            part for part in (top, self.env.get("PYTHONPATH", "")) if part
        )
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.max_failures = max_failures
        self.on_problem = on_problem
        self.engine = engine or engine_id()  # in every cache key
        self.log = self.cache_dir / log  # the worker's stderr (each engine its own)
        self.problem: tuple[str, str] | None = None
        self.rendered = 0  # lines the worker rendered (not cache hits): for tests and bench
        self.voice_used: dict[Path, str] = {}  # the voice the worker chose, per rendered file
        self.engine_detail: str | None = None  # which library the worker loaded
        self._worker: Worker | None = None
        self._failures = 0
        self._disabled = False
        self._jobs: list[_Job] = []
        self._pending: dict[str, Future] = {}
        self._live: dict[str, Stream] = {}  # lines being rendered that have sent audio
        self._rendering: _Job | None = None  # the line the worker renders now
        self._seq = itertools.count()
        self._tmp = itertools.count()
        self._cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="narrator-synth", daemon=True)
        self._thread.start()

    # -- called from any thread; never blocks ------------------------------------------
    def path_for(self, request: SpeechRequest) -> Path:
        key = cache_key(self.engine, request.voice_key, request.rate, request.text)
        return self.cache_dir / f"{key}.wav"

    def request(self, request: SpeechRequest, priority: int = NOW) -> Future[Path | None]:
        key = cache_key(self.engine, request.voice_key, request.rate, request.text)
        cached = self.cache_dir / f"{key}.wav"
        if paths.ours_only(cached):  # a warm line: answered here, not waiting for the thread
            done: Future[Path | None] = Future()
            done.set_result(cached)
            return done
        with self._cond:
            pending = self._pending.get(key)
            if pending is not None:  # asked for sooner than it was: it moves up the queue
                for job in self._jobs:
                    if job.key == key and job.priority > priority:
                        job.priority = priority
                heapq.heapify(self._jobs)
                rendering = self._rendering
                if rendering is not None and rendering.key == key:
                    rendering.priority = min(rendering.priority, priority)  # never given up now
                else:
                    self._make_way(priority)
                return pending
            job = _Job(priority, next(self._seq), request, key)
            if self._closed or not request.text.strip():
                job.future.set_result(None)
                return job.future
            self._pending[key] = job.future
            heapq.heappush(self._jobs, job)
            self._cond.notify()
            self._make_way(priority)
        return job.future

    def live(self, request: SpeechRequest) -> Stream | None:
        """The line's audio so far, while the worker renders it piece by piece; else None."""
        key = cache_key(self.engine, request.voice_key, request.rate, request.text)
        with self._cond:
            rendering = self._rendering
            if rendering is not None and rendering.key == key and rendering.yield_asked:
                return None  # being given up: its stream ends short; the next render plays
            return self._live.get(key)

    def _make_way(self, priority: int) -> None:
        """A line is wanted now: ask the worker to give up a line it renders ahead (under
        self._cond). Its answer comes to the background thread, which queues that line again."""
        rendering, worker = self._rendering, self._worker
        if priority != NOW or rendering is None or rendering.priority == NOW:
            return
        if worker is None or not worker.yields or rendering.yield_asked:
            return
        rendering.yield_asked = True
        with contextlib.suppress(WorkerError):  # a dead worker is found by the thread
            worker.send({"yield": True})

    def prewarm(
        self, requests: Iterable[SpeechRequest], priority: int = AHEAD
    ) -> list[Future[Path | None]]:
        return [self.request(request, priority) for request in requests]

    def start(self) -> None:
        """Start the worker in the background, so the first line does not wait for it."""
        with self._cond:
            heapq.heappush(self._jobs, _Job(NOW, next(self._seq), None))
            self._cond.notify()

    def retry(self) -> None:
        with self._cond:
            self._disabled = False
            self._failures = 0
        self._set_problem(None, None)
        self.start()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        worker = self._worker
        if worker is not None:
            worker.close()  # first, so a line still rendering does not hold us up
        self._thread.join(timeout=3.0)
        self._worker = None

    def wait_idle(self, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._cond:
                if not self._jobs and not self._pending:
                    return True
            time.sleep(0.005)
        return False

    # -- the background thread ----------------------------------------------------------
    def _run(self) -> None:
        with contextlib.suppress(OSError):  # a cache that cannot be made: the worker says so
            paths.private_dir(self.cache_dir, ours=True)
        sweep_stale_renders(self.cache_dir)
        while True:
            with self._cond:
                while not self._jobs and not self._closed:
                    self._cond.wait()
                if self._closed:
                    for job in self._jobs:
                        job.future.set_result(None)
                    self._jobs.clear()
                    self._pending.clear()
                    return
                job = heapq.heappop(self._jobs)
                self._rendering = job if job.request is not None else None
            result: Path | None = None
            try:
                if job.request is None:
                    self._ensure_worker()
                else:
                    result = self._render(job.request, job.key, first=job.priority == NOW)
            except _Yielded:
                with self._cond:  # given up for a line wanted now: it goes back in the queue
                    self._rendering = None
                    job.yield_asked = False
                    heapq.heappush(self._jobs, job)
                continue
            except Exception as error:  # noqa: BLE001 - the thread must live; the line stays a caption
                result = None
                self._set_problem(FAILED, f"{type(error).__name__}: {error}")
            with self._cond:
                self._rendering = None
                self._pending.pop(job.key, None)
                stream = self._live.pop(job.key, None)
            if stream is not None:
                stream.finish(ok=result is not None)
            if not job.future.done():
                job.future.set_result(result)

    def _ensure_worker(self) -> Worker | None:
        if self._disabled:
            return None
        if self._worker is not None and self._worker.process.poll() is None:
            return self._worker
        if self._worker is not None:
            self._worker.kill()
        try:
            worker = Worker(self.command, self.env, self.log)
        except OSError as error:  # no python to run, or a cache folder we may not write
            self._disabled = True
            self._set_problem(NO_ENGINE, f"cannot start the speech worker: {error}")
            return None
        self._worker = worker
        try:
            hello = worker.receive(self.start_timeout)
        except WorkerError as error:
            worker.kill()
            self._worker = None
            self._fail(str(error))
            return None
        if not hello.get("ok"):
            worker.kill()
            self._worker = None
            self._disabled = True
            self._set_problem(NO_ENGINE, str(hello.get("error") or "it did not start"))
            return None
        self.engine_detail = str(hello.get("engine"))
        worker.yields = bool(hello.get("yields"))
        return worker

    def _fail(self, detail: str) -> None:
        self._failures += 1
        if self._failures >= self.max_failures:
            self._disabled = True
            self._set_problem(NO_ENGINE, f"failed {self._failures} times; last: {detail}")
        else:
            self._set_problem(FAILED, detail)

    def _answer(self, worker: Worker, key: str) -> dict:
        """The worker's answer to a line; the pieces it sends before it go to the line's Stream."""
        while True:
            answer = worker.receive(self.timeout)
            if "chunk" not in answer:
                return answer
            pcm = base64.b64decode(answer["chunk"])
            with self._cond:
                stream = self._live.get(key)
                if stream is None:
                    stream = self._live[key] = Stream(int(answer.get("rate") or 22050))
            stream.append(pcm)

    def _drop_live(self, key: str) -> None:
        with self._cond:
            stream = self._live.pop(key, None)
        if stream is not None:
            stream.finish(ok=False)

    def _render(
        self, request: SpeechRequest, key: str, retry: bool = True, first: bool = False
    ) -> Path | None:
        final = self.cache_dir / f"{key}.wav"
        if paths.ours_only(final):
            return final
        with contextlib.suppress(OSError):  # one we may not play: it is rendered again
            final.unlink()
        worker = self._ensure_worker()
        if worker is None:
            return None
        tmp = self.cache_dir / f"{key}.{os.getpid()}.{next(self._tmp)}.tmp.wav"
        message = {
            "text": request.text,
            "lang": request.lang,
            "voice": request.voice,
            "rate": request.rate,
            "out": str(tmp),
            "first": first,  # someone waits for it: a short first piece (Piper's worker)
        }
        try:
            worker.send(message)
            answer = self._answer(worker, key)
        except WorkerError as error:
            worker.kill()  # a hung or dead worker: the next line starts a fresh one
            self._worker = None
            tmp.unlink(missing_ok=True)
            self._fail(str(error))
            return None
        if not answer.get("ok"):
            tmp.unlink(missing_ok=True)
            if answer.get("yielded"):
                self._drop_live(key)
                raise _Yielded
            if retry and answer.get("retry"):  # the engine lost the line (eSpeak races): again
                self._drop_live(key)
                return self._render(request, key, retry=False, first=first)
            self._fail(str(answer.get("error") or "unknown error"))
            return None
        try:
            os.chmod(tmp, 0o600)  # whatever made it: the cache's files are the owner's only
            os.replace(tmp, final)  # atomic: a reader never sees half a file
        except OSError as error:
            tmp.unlink(missing_ok=True)
            self._fail(f"cannot write the speech cache: {error}")
            return None
        self.rendered += 1
        self.voice_used[final] = str(answer.get("voice"))
        self._failures = 0
        if self.problem and self.problem[0] == FAILED:
            self._set_problem(None, None)
        return final
