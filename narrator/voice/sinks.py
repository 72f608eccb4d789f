"""Where audio goes: the `AudioSink` interface and a fake for tests (the real one: speaker.py).

A sink plays one clip at a time and never blocks: `play` starts it and returns; the player
polls `is_playing`. The queue that keeps lines from overlapping lives in `player.py`.
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
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from narrator.voice.stream import Stream


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
        from narrator.voice.stream import Stream  # stream.py builds on this module's Clip

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

    @property
    def clips(self) -> list[Clip]:
        return [played.clip for played in self.plays]
