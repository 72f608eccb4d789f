"""Speech synthesis away from the UI: a worker process, a WAV cache, a time limit.

`WorkerSynthesizer.request(text, …)` returns a Future at once; a background thread answers it
from the cache (`cache_dir()/speech/<hash>.wav`, keyed by engine, voice, rate and text) or by
asking the worker process (`synth_worker.py`) to render the line. A worker that hangs past
the time limit or dies is killed and started again for the next line; the caller gets None
(the line stays a caption). Lines asked for by `say` go before lines being rendered ahead.
"""

from __future__ import annotations

import contextlib
import hashlib
import heapq
import itertools
import json
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import IO, Protocol

from narrator.voice.problem import ReportsProblems

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


class WorkerError(RuntimeError):
    pass


class _Worker:
    """One child process speaking the JSON-lines protocol of synth_worker.py."""

    def __init__(self, command: list[str], env: dict[str, str], log: Path) -> None:
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "wb") as stderr:  # the child keeps its own copy of the descriptor
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                env=env,
                close_fds=True,
                start_new_session=True,  # no terminal: Ctrl+C in the TUI does not reach it
            )
        self._buffer = b""
        self.log = log

    def send(self, message: dict) -> None:
        stdin: IO[bytes] = self.process.stdin  # type: ignore[assignment]
        try:
            stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
            stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise WorkerError(f"the speech worker exited ({self.exit_detail()})") from error

    def receive(self, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()  # type: ignore[union-attr]
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise WorkerError(f"no answer within {timeout:g} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise WorkerError(f"the speech worker exited ({self.exit_detail()})")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            return json.loads(line)
        except ValueError as error:
            raise WorkerError(f"garbled answer from the speech worker: {line[:80]!r}") from error

    def exit_detail(self) -> str:
        try:
            code = self.process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return "still running"
        tail = ""
        try:
            lines = self.log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
            tail = f": {lines[-1][:120]}" if lines else ""
        except OSError:
            pass
        return f"exit code {code}{tail}"

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=2.0)
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]

    def close(self) -> None:
        try:
            self.process.stdin.close()  # type: ignore[union-attr]  # EOF: the worker ends itself
            self.process.wait(timeout=1.0)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


def default_command() -> list[str]:
    return [sys.executable, "-m", "narrator.voice.synth_worker"]


def sweep_stale_renders(cache_dir: Path) -> int:
    """Delete half-rendered files (``<key>.<pid>.<n>.tmp.wav``) left by a process that was
    killed mid-line; a living process's files are left alone. Returns how many went."""
    gone = 0
    for tmp in cache_dir.glob("*.tmp.wav"):
        try:
            pid = int(tmp.name.split(".")[1])
        except (IndexError, ValueError):
            continue
        if pid == os.getpid() or _alive(pid):
            continue
        try:
            tmp.unlink()
            gone += 1
        except OSError:
            pass
    return gone


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


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
        self.problem: tuple[str, str] | None = None
        self.rendered = 0  # lines the worker rendered (not cache hits): for tests and bench
        self.voice_used: dict[Path, str] = {}  # the voice the worker chose, per rendered file
        self.engine_detail: str | None = None  # which library the worker loaded
        self._worker: _Worker | None = None
        self._failures = 0
        self._disabled = False
        self._jobs: list[_Job] = []
        self._pending: dict[str, Future] = {}
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
        if cached.is_file():  # a warm line: answered here, without waiting for the thread
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
                return pending
            job = _Job(priority, next(self._seq), request, key)
            if self._closed or not request.text.strip():
                job.future.set_result(None)
                return job.future
            self._pending[key] = job.future
            heapq.heappush(self._jobs, job)
            self._cond.notify()
        return job.future

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
            result: Path | None = None
            try:
                if job.request is None:
                    self._ensure_worker()
                else:
                    result = self._render(job.request, job.key)
            except Exception as error:  # noqa: BLE001 - the thread must live; the line stays a caption
                result = None
                self._set_problem(FAILED, f"{type(error).__name__}: {error}")
            with self._cond:
                self._pending.pop(job.key, None)
            if not job.future.done():
                job.future.set_result(result)

    def _ensure_worker(self) -> _Worker | None:
        if self._disabled:
            return None
        if self._worker is not None and self._worker.process.poll() is None:
            return self._worker
        if self._worker is not None:
            self._worker.kill()
        try:
            worker = _Worker(self.command, self.env, self.cache_dir / "worker.log")
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
        return worker

    def _fail(self, detail: str) -> None:
        self._failures += 1
        if self._failures >= self.max_failures:
            self._disabled = True
            self._set_problem(NO_ENGINE, f"failed {self._failures} times; last: {detail}")
        else:
            self._set_problem(FAILED, detail)

    def _render(self, request: SpeechRequest, key: str, retry: bool = True) -> Path | None:
        final = self.cache_dir / f"{key}.wav"
        if final.is_file():
            return final
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
        }
        try:
            worker.send(message)
            answer = worker.receive(self.timeout)
        except WorkerError as error:
            worker.kill()  # a hung or dead worker: the next line starts a fresh one
            self._worker = None
            tmp.unlink(missing_ok=True)
            self._fail(str(error))
            return None
        if not answer.get("ok"):
            tmp.unlink(missing_ok=True)
            if retry and answer.get("retry"):  # the engine lost the line (eSpeak races): again
                return self._render(request, key, retry=False)
            self._fail(str(answer.get("error") or "unknown error"))
            return None
        try:
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
