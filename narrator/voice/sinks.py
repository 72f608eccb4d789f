"""Where audio goes: the `AudioSink` interface, the real one (simpleaudio) and a fake for tests.

A sink plays one clip at a time and never blocks: `play` starts it and returns; the player
polls `is_playing`. The queue that keeps lines from overlapping lives in `player.py`.
"""

from __future__ import annotations

import ctypes
import ctypes.util
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


class SinkError(RuntimeError):
    """Audio cannot be played. `kind` is "library" (not installed) or "device" (no device)."""

    def __init__(self, message: str, kind: str = "device") -> None:
        super().__init__(message)
        self.kind = kind


@runtime_checkable
class AudioSink(Protocol):
    def play(self, audio: Clip | Path | str) -> None:
        """Start playing (a WAV path or a PCM clip) and return at once; raise SinkError."""

    def stop(self) -> None:
        """Stop what is playing, if anything."""

    @property
    def is_playing(self) -> bool: ...


_alsa_handler = None  # kept alive for as long as the process: ALSA holds a pointer to it


def _silence_alsa() -> None:
    """Stop libasound printing its errors on the terminal (it writes to fd 2, under the TUI)."""
    global _alsa_handler
    if _alsa_handler is not None or not sys.platform.startswith("linux"):
        return
    name = ctypes.util.find_library("asound") or "libasound.so.2"
    try:
        asound = ctypes.CDLL(name)
    except OSError:
        return
    handler_type = ctypes.CFUNCTYPE(
        None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p
    )
    _alsa_handler = handler_type(lambda *_: None)
    asound.snd_lib_error_set_handler(_alsa_handler)


class SimpleAudioSink:
    """Plays through simpleaudio (ALSA on Linux). Raises SinkError when it cannot."""

    def __init__(self) -> None:
        try:
            import simpleaudio
        except ImportError as error:
            raise SinkError(f"simpleaudio is not installed: {error}", "library") from error
        self._sa = simpleaudio
        self._playing = None
        _silence_alsa()

    def play(self, audio: Clip | Path | str) -> None:
        clip = as_clip(audio)
        try:
            self._playing = self._sa.play_buffer(clip.pcm, clip.channels, clip.sampwidth, clip.rate)
        except Exception as error:  # simpleaudio raises its own SimpleaudioError
            self._playing = None
            raise SinkError(str(error).split(" -- ")[0].strip() or repr(error)) from error

    def stop(self) -> None:
        playing = self._playing
        if playing is not None:
            playing.stop()

    @property
    def is_playing(self) -> bool:
        playing = self._playing
        return playing is not None and playing.is_playing()

    def probe(self) -> None:
        """Open the device with 10 ms of silence, so a missing device shows up at start."""
        self.play(Clip(bytes(2 * 220), 22050))
        deadline = time.monotonic() + 2.0
        while self.is_playing and time.monotonic() < deadline:
            time.sleep(0.005)


@dataclass
class Played:
    """One clip handed to a FakeSink: when it started and ended (by the sink's clock)."""

    clip: Clip
    started: float
    ends_at: float
    ended: float | None = None
    stopped: bool = False


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

    def play(self, audio: Clip | Path | str) -> None:
        if self.fail is not None:
            raise self.fail
        clip = as_clip(audio)
        now = self.clock()
        with self._lock:
            self._settle(now)
            self.plays.append(Played(clip, now, now + clip.seconds / self.speed))

    def _settle(self, now: float) -> None:
        for played in self.plays:
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
