"""Where audio goes: the `AudioSink` interface and a fake for tests (the real one: speaker.py).

A sink plays one clip at a time and never blocks: `play` starts it and returns; the player
polls `is_playing`. The queue that keeps lines from overlapping lives in `player.py`. A clip
may also be a `Stream`: a line still being rendered, played as its pieces come (stream.py).
"""

from __future__ import annotations

import sys
import threading
import time
import wave
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class Clip:
    """Raw PCM (little-endian, as in a WAV file) and its format."""

    pcm: bytes
    rate: int = 22050
    channels: int = 1
    sampwidth: int = 2

    @property
    def seconds(self) -> float:
        return len(self.pcm) / (self.rate * self.channels * self.sampwidth)


def load_wav(path: Path | str) -> Clip:
    with wave.open(str(path), "rb") as source:
        return Clip(
            source.readframes(source.getnframes()),
            source.getframerate(),
            source.getnchannels(),
            source.getsampwidth(),
        )


def as_clip(audio: Clip | Path | str) -> Clip:
    return audio if isinstance(audio, Clip) else load_wav(audio)


def scale_volume(clip: Clip, volume: float) -> Clip:
    """The clip with every 16-bit sample multiplied by volume (0..1); other widths unchanged."""
    volume = min(1.0, max(0.0, volume))
    if volume >= 1.0 or clip.sampwidth != 2:
        return clip
    samples = array("h")
    samples.frombytes(clip.pcm[: len(clip.pcm) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    scaled = array("h", [int(sample * volume) for sample in samples])
    if sys.byteorder == "big":
        scaled.byteswap()
    return Clip(scaled.tobytes(), clip.rate, clip.channels, clip.sampwidth)


# -- a line still being rendered -------------------------------------------------------
class Stream:
    """A line's audio while it is rendered (the natural voice, stream.py): PCM (as in a WAV
    file) appended piece by piece by one thread, read by a sink on another, then finished. A
    sink that finds it empty before its end plays silence and counts it (``gaps``)."""

    def __init__(self, rate: int = 22050, channels: int = 1, sampwidth: int = 2) -> None:
        self.rate, self.channels, self.sampwidth = rate, channels, sampwidth
        self.ok = True  # False: the render failed or was given up; what came is all there is
        self.gaps = 0  # times a sink ran out of audio before the end
        self.gap_seconds = 0.0
        self.pieces = 0
        self.arrivals: list[tuple[float, float]] = []  # (time.perf_counter(), its seconds)
        self._pcm = bytearray()
        self._lock = threading.Condition()  # notified at each piece and at the end
        self._done = threading.Event()

    @classmethod
    def of(cls, clip: Clip) -> Stream:
        """A finished stream holding a whole clip (how a sink plays a clip and a stream alike)."""
        stream = cls(clip.rate, clip.channels, clip.sampwidth)
        stream._pcm = bytearray(clip.pcm)
        stream.pieces = 1
        stream._done.set()
        return stream

    @property
    def frame_bytes(self) -> int:
        return self.channels * self.sampwidth

    def append(self, pcm: bytes) -> None:
        with self._lock:
            pcm = pcm[: len(pcm) // self.frame_bytes * self.frame_bytes]
            self._pcm += pcm
            self.pieces += 1
            seconds = len(pcm) / (self.rate * self.frame_bytes)
            self.arrivals.append((time.perf_counter(), seconds))
            self._lock.notify_all()

    def finish(self, ok: bool = True) -> None:
        with self._lock:
            self.ok = ok
            self._done.set()
            self._lock.notify_all()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def __len__(self) -> int:
        with self._lock:
            return len(self._pcm)

    def read(self, position: int, size: int, wait: float = 0.0) -> bytes:
        """Up to ``size`` bytes from ``position``: fewer, or none, when not rendered yet (after
        waiting up to ``wait`` seconds for the next piece: a sink's callback waits a little
        rather than play a gap for a piece a few milliseconds late)."""
        with self._lock:
            if wait > 0 and position >= len(self._pcm) and not self._done.is_set():
                self._lock.wait(wait)
            return bytes(self._pcm[position : position + size])

    def note_gap(self, frames: int) -> None:
        """A sink played ``frames`` of silence because the rest was not rendered yet."""
        with self._lock:
            self.gaps += 1
            self.gap_seconds += frames / self.rate

    def clip(self) -> Clip:
        """What has come so far, as a clip."""
        with self._lock:
            return Clip(bytes(self._pcm), self.rate, self.channels, self.sampwidth)

    @property
    def seconds(self) -> float:
        return len(self) / (self.rate * self.frame_bytes)

    @property
    def late(self) -> float:
        """Seconds of silence a device paced in real time would have played within the line."""
        with self._lock:
            return late(self.arrivals)


def late(arrivals: list[tuple[float, float]]) -> float:
    """Given when each piece was ready and how long it is, the silence heard within the line
    by a player that starts at the first piece and plays in real time."""
    if not arrivals:
        return 0.0
    clock, waited = arrivals[0][0], 0.0
    for ready, seconds in arrivals:
        if ready > clock:
            waited += ready - clock
            clock = ready
        clock += seconds
    return waited


class SinkError(RuntimeError):
    """Audio cannot be played. `kind` is "library" (not installed) or "device" (no device)."""

    def __init__(self, message: str, kind: str = "device") -> None:
        super().__init__(message)
        self.kind = kind


@runtime_checkable
class AudioSink(Protocol):
    def play(self, audio: Clip | Stream | Path | str, volume: float = 1.0) -> None:
        """Start playing (a WAV path, a PCM clip, or a stream still being rendered: stream.py)
        at ``volume`` (0..1, as scale_volume) and return at once; raise SinkError. A stream
        plays until it is finished and its last frame has been heard."""

    def stop(self) -> None:
        """Stop what is playing, if anything."""

    @property
    def is_playing(self) -> bool: ...


@dataclass
class Played:
    """One clip handed to a FakeSink: when it started and ended (by the sink's clock).

    A stream's clip is what had come when it was handed over, then all of it once finished;
    it ends ``seconds / speed`` after it was finished (never before)."""

    clip: Clip
    started: float
    ends_at: float
    ended: float | None = None
    stopped: bool = False
    stream: Stream | None = None
    volume: float = 1.0


@dataclass
class FakeSink:
    """A sink for tests: records each clip and pretends to play it for `seconds / speed`.

    `fail` set: play() and probe() raise it (a missing device).
    """

    speed: float = 1000.0
    fail: SinkError | None = None
    clock: Callable[[], float] = time.monotonic
    plays: list[Played] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()

    def play(self, audio: Clip | Stream | Path | str, volume: float = 1.0) -> None:
        if self.fail is not None:
            raise self.fail
        now = self.clock()
        stream = audio if isinstance(audio, Stream) else None
        clip = scale_volume(audio.clip() if isinstance(audio, Stream) else as_clip(audio), volume)
        ends_at = float("inf") if stream else now + clip.seconds / self.speed
        with self._lock:
            self._settle(now)
            self.plays.append(Played(clip, now, ends_at, stream=stream, volume=volume))

    def _settle(self, now: float) -> None:
        for played in self.plays:
            stream = played.stream
            if stream is not None and played.ends_at == float("inf") and stream.done:
                played.clip = scale_volume(stream.clip(), played.volume)
                played.ends_at = now + played.clip.seconds / self.speed
            if played.ended is None and now >= played.ends_at:
                played.ended = played.ends_at

    def stop(self) -> None:
        now = self.clock()
        with self._lock:
            self._settle(now)
            for played in self.plays:
                if played.ended is None:
                    played.ended, played.stopped = now, True

    @property
    def is_playing(self) -> bool:
        now = self.clock()
        with self._lock:
            self._settle(now)
            return any(played.ended is None for played in self.plays)

    def probe(self) -> None:
        if self.fail is not None:
            raise self.fail

    def ready_for(self, _clip: Clip | Stream) -> bool:
        """As the real sink's: play() would start at once (a failing sink goes the long way)."""
        return self.fail is None

    @property
    def clips(self) -> list[Clip]:
        return [played.clip for played in self.plays]
