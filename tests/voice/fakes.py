"""A synthesizer that needs no speech engine: each line becomes a tone of a known length."""

from __future__ import annotations

import hashlib
import math
import struct
import threading
import time
from concurrent.futures import Future
from pathlib import Path

from narrator.voice.chimes import write_wav
from narrator.voice.synth import SpeechRequest

RATE = 22050


def tone(seconds: float, amplitude: int = 8000, frequency: float = 300.0) -> bytes:
    count = int(seconds * RATE)
    values = [int(amplitude * math.sin(2 * math.pi * frequency * i / RATE)) for i in range(count)]
    return struct.pack(f"<{count}h", *values)


class FakeSynth:
    """Renders "speech" instantly (or, with `hold`, only when released)."""

    def __init__(self, folder: Path, seconds: float = 0.4, hold: bool = False) -> None:
        self.folder = folder
        self.seconds = seconds
        self.hold = hold
        self.requests: list[tuple[SpeechRequest, int]] = []
        self.waiting: list[tuple[Future, Path]] = []
        self.started = 0
        self.retried = 0
        self.on_problem = None
        self._lock = threading.Lock()

    def request(self, request: SpeechRequest, priority: int = 0) -> Future[Path | None]:
        self.requests.append((request, priority))
        name = hashlib.sha256(request.text.encode()).hexdigest()[:16]
        path = self.folder / f"{name}.wav"
        if not path.exists():
            write_wav(path, tone(self.seconds))
        future: Future[Path | None] = Future()
        if self.hold:
            with self._lock:
                self.waiting.append((future, path))
        else:
            future.set_result(path)
        return future

    def release(self) -> None:
        with self._lock:
            waiting, self.waiting = self.waiting, []
        for future, path in waiting:
            future.set_result(path)

    def start(self) -> None:
        self.started += 1

    def retry(self) -> None:
        self.retried += 1

    def close(self) -> None:
        self.release()


def wait_for(condition, timeout: float = 5.0) -> bool:
    """Poll until condition() is true (tiny sleeps; tests never sleep for long)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.002)
    return bool(condition())
