"""The real sink: miniaudio, a binary wheel with nothing to compile.

miniaudio loads the system's own libasound at run time (it bundles none), so on Linux the
user's ALSA set-up is what plays: PipeWire's or PulseAudio's ALSA device, a USB speaker named
in ``~/.asoundrc``, or the tests' capture-to-file device. Each clip opens the device, plays, and
closes it, as simpleaudio did: a device that disappears between two lines is found at the next.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
import threading
import time
from collections.abc import Callable, Generator
from pathlib import Path

from narrator.voice.sinks import Clip, SinkError, as_clip

PERIOD_MS = 20  # one callback's worth of audio: small, so the first frame goes out at once
PERIODS = 3  # the device's buffer, in periods: what is still to be heard after the last feed

_alsa_handler = None  # kept alive for as long as the process: ALSA holds a pointer to it


def silence_alsa() -> None:
    """Stop libasound printing its errors on the terminal (it writes to fd 2, under the TUI).

    miniaudio opens the same ``libasound.so.2``, so the handler set here is the one it uses."""
    global _alsa_handler
    if _alsa_handler is not None or not sys.platform.startswith("linux"):
        return
    name = ctypes.util.find_library("asound") or "libasound.so.2"
    try:
        asound = ctypes.CDLL(name)
    except OSError:
        return  # no libasound at all: miniaudio finds no backend and says so
    handler_type = ctypes.CFUNCTYPE(
        None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p
    )
    _alsa_handler = handler_type(lambda *_: None)
    asound.snd_lib_error_set_handler(_alsa_handler)


def _describe(error: Exception, lib: object) -> str:
    """miniaudio's error as words: its message and the name of its result code."""
    message, *rest = getattr(error, "args", ()) or (str(error),)
    code = rest[0] if rest else None
    names = {
        getattr(lib, name): name.removeprefix("MA_").replace("_", " ").lower()
        for name in dir(lib)
        if name.startswith("MA_") and isinstance(getattr(lib, name), int) and getattr(lib, name) < 0
    }
    return f"{message}: {names[code]}" if code in names else str(message)


class _Feed:
    """Hands a clip to the device's callback, then silence until the device has played it out.

    The device holds PERIODS periods: once that many periods of silence have been asked for
    after the last frame, every frame of the clip has left the buffer. This counts the device's
    own requests, not the clock, so it holds on a device that is not paced in real time (ALSA's
    file device in the tests), which would otherwise write silence as fast as it can: after the
    drain the callback waits until the sink stops the device.
    """

    def __init__(self, clip: Clip) -> None:
        self.pcm = clip.pcm
        self.frame_bytes = clip.channels * clip.sampwidth
        self.drained = threading.Event()
        self.started: Callable[[], bool] = lambda: True  # the device's own "still started?"

    def frames(self) -> Generator[bytes, int, None]:
        position = 0
        wanted = yield b""
        while position < len(self.pcm):
            chunk = self.pcm[position : position + wanted * self.frame_bytes]
            position += len(chunk)
            wanted = yield chunk
        for _ in range(PERIODS):
            wanted = yield bytes(wanted * self.frame_bytes)
        self.drained.set()
        deadline = time.monotonic() + 2.0  # the player stops the sink within one of its polls
        while self.started() and time.monotonic() < deadline:
            time.sleep(0.001)  # miniaudio's stop marks the device stopping, then waits for us


class MiniaudioSink:
    """Plays through miniaudio (ALSA on Linux). Raises SinkError when it cannot."""

    def __init__(self, backends: list | None = None) -> None:
        try:
            import miniaudio
        except ImportError as error:
            raise SinkError(f"miniaudio is not installed: {error}", "library") from error
        self._ma = miniaudio
        if backends is None and sys.platform.startswith("linux"):
            backends = [miniaudio.Backend.ALSA]  # PipeWire and PulseAudio are reached through it
        self._backends = backends
        self._lock = threading.Lock()
        self._device = None
        self._feed: _Feed | None = None
        silence_alsa()

    def play(self, audio: Clip | Path | str) -> None:
        clip = as_clip(audio)
        self.stop()
        ma = self._ma
        formats = {1: ma.SampleFormat.UNSIGNED8, 2: ma.SampleFormat.SIGNED16}
        if clip.sampwidth not in formats:
            raise SinkError(f"{8 * clip.sampwidth}-bit audio is not supported")
        feed = _Feed(clip)
        frames = feed.frames()
        next(frames)
        try:
            device = ma.PlaybackDevice(
                output_format=formats[clip.sampwidth],
                nchannels=clip.channels,
                sample_rate=clip.rate,
                buffersize_msec=PERIOD_MS,
                callback_periods=PERIODS,
                backends=self._backends,
                app_name="Inquisition Narrator",
            )
            feed.started = lambda: bool(ma.lib.ma_device_is_started(device._device))
            device.start(frames)
        except ma.MiniaudioError as error:
            raise SinkError(_describe(error, ma.lib)) from error
        with self._lock:
            self._device, self._feed = device, feed

    def stop(self) -> None:
        with self._lock:
            device, self._device, self._feed = self._device, None, None
        if device is not None:
            device.close()

    @property
    def is_playing(self) -> bool:
        with self._lock:
            feed = self._feed
        if feed is None:
            return False
        if not feed.drained.is_set():
            return True
        self.stop()  # the last frame has been heard: let the device go
        return False

    def probe(self) -> None:
        """Open the device with 10 ms of silence, so a missing device shows up at start."""
        self.play(Clip(bytes(2 * 220), 22050))
        deadline = time.monotonic() + 2.0
        while self.is_playing and time.monotonic() < deadline:
            time.sleep(0.005)
        self.stop()
