"""The real sink: miniaudio, a binary wheel with nothing to compile.

miniaudio loads the system's own libasound at run time (it bundles none), so on Linux the
user's ALSA set-up is what plays: PipeWire's or PulseAudio's ALSA device, a USB speaker named
in ``~/.asoundrc``, or the tests' capture-to-file device. Each clip opens the device, plays, and
closes it, as simpleaudio did: a device that disappears between two lines is found at the next.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import sys
import threading
import time
from collections.abc import Callable, Generator
from pathlib import Path

from narrator.voice.sinks import Clip, SinkError, Stream, as_clip, scale_volume

PERIOD_MS = 20  # one callback's worth of audio: small, so the first frame goes out at once
PERIODS = 3  # the device's buffer, in periods: what is still to be heard after the last feed
WAIT_FOR_PIECE = 0.01  # s a callback waits for a line's next piece (two periods are queued)
# The longest a thread waits for the interpreter's lock while another runs Python (CPython's
# default is 5 ms). The device's callback is Python, once a period: after a key the screen's
# thread draws for ten milliseconds or more, and each of the line's first periods (the player's
# thread too) would wait up to 5 ms for it. Only threads that want the lock switch more often.
SWITCH_INTERVAL = 0.0005

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
    """Hands a stream (a clip is a finished one) to the device's callback as it comes, then
    silence until the device has played it out.

    A stream not rendered far enough yet gets silence for that period, noted on it as a gap.
    The device holds PERIODS periods: once that many periods of silence have been asked for
    after the last frame, every frame has left the buffer. This counts the device's own
    requests, not the clock, so it holds on a device that is not paced in real time (ALSA's
    file device in the tests), which would otherwise write silence as fast as it can: after the
    drain the callback waits until the sink stops the device.
    """

    def __init__(self, stream: Stream, volume: float = 1.0) -> None:
        self.stream = stream
        self.volume = volume
        self.frame_bytes = stream.frame_bytes
        self.drained = threading.Event()
        self.started: Callable[[], bool] = lambda: True  # the device's own "still started?"

    def frames(self) -> Generator[bytes, int, None]:
        stream, position = self.stream, 0
        wanted = yield b""
        while True:
            chunk = stream.read(position, wanted * self.frame_bytes, wait=WAIT_FOR_PIECE)
            if not chunk:
                if stream.done and position >= len(stream):
                    break
                stream.note_gap(wanted)  # the rest is still being rendered: a gap is heard
                wanted = yield bytes(wanted * self.frame_bytes)
                continue
            position += len(chunk)
            if self.volume < 1.0:  # a period at a time: a long line starts at once all the same
                clip = Clip(chunk, stream.rate, stream.channels, stream.sampwidth)
                chunk = scale_volume(clip, self.volume).pcm
            wanted = yield chunk
        for _ in range(PERIODS):
            wanted = yield bytes(wanted * self.frame_bytes)
        self.drained.set()
        deadline = time.monotonic() + 2.0  # the player stops the sink within one of its polls
        while self.started() and time.monotonic() < deadline:
            time.sleep(0.001)  # miniaudio's stop marks the device stopping, then waits for us


class MiniaudioSink:
    """Plays through miniaudio (ALSA on Linux). Raises SinkError when it cannot.

    Opening a device takes a few milliseconds (ALSA reads its configuration): once a clip has
    played out, the next device is opened ahead, for the same format, so that the next line
    only has to start it. That keeps the device open between lines, as any player does.
    """

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
        self._spare: tuple[tuple[int, int, int], object] | None = None  # (format, device)
        silence_alsa()
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)

    def _open(self, clip: Clip | Stream) -> object:
        ma = self._ma
        formats = {1: ma.SampleFormat.UNSIGNED8, 2: ma.SampleFormat.SIGNED16}
        if clip.sampwidth not in formats:
            raise SinkError(f"{8 * clip.sampwidth}-bit audio is not supported")
        spare, self._spare = self._spare, None
        wanted = (clip.sampwidth, clip.channels, clip.rate)
        if spare is not None:
            if spare[0] == wanted:
                return spare[1]
            spare[1].close()  # type: ignore[attr-defined]
        try:
            return ma.PlaybackDevice(
                output_format=formats[clip.sampwidth],
                nchannels=clip.channels,
                sample_rate=clip.rate,
                buffersize_msec=PERIOD_MS,
                callback_periods=PERIODS,
                backends=self._backends,
                app_name="Inquisition Narrator",
            )
        except ma.MiniaudioError as error:
            raise SinkError(_describe(error, ma.lib)) from error

    def play(self, audio: Clip | Stream | Path | str, volume: float = 1.0) -> None:
        stream = audio if isinstance(audio, Stream) else Stream.of(as_clip(audio))
        self.stop()
        feed = _Feed(stream, min(1.0, max(0.0, volume)))
        frames = feed.frames()
        next(frames)
        device = self._open(stream)
        ma = self._ma
        try:
            feed.started = lambda: bool(ma.lib.ma_device_is_started(device._device))  # type: ignore[attr-defined]
            device.start(frames)  # type: ignore[attr-defined]
        except ma.MiniaudioError as error:
            device.close()  # type: ignore[attr-defined]
            raise SinkError(_describe(error, ma.lib)) from error
        with self._lock:
            self._device, self._feed = device, feed

    def ready_for(self, clip: Clip | Stream) -> bool:
        """True when play() would only start the device opened ahead for this format (a tenth
        of a millisecond: the player may call it from the thread that says the line)."""
        spare = self._spare
        wanted = (clip.sampwidth, clip.channels, clip.rate)
        return self._device is None and spare is not None and spare[0] == wanted

    def stop(self) -> None:
        with self._lock:
            device, self._device, self._feed = self._device, None, None
        if device is not None:
            device.close()  # type: ignore[attr-defined]

    def close(self) -> None:
        """Stop, and let the device opened ahead go too."""
        self.stop()
        spare, self._spare = self._spare, None
        if spare is not None:
            spare[1].close()  # type: ignore[attr-defined]

    @property
    def is_playing(self) -> bool:
        with self._lock:
            feed = self._feed
        if feed is None:
            return False
        if not feed.drained.is_set():
            return True
        self.stop()  # the last frame has been heard: let the device go, and open the next
        stream = feed.stream
        with contextlib.suppress(SinkError):  # the next line opens it, and says why it cannot
            self._spare = ((stream.sampwidth, stream.channels, stream.rate), self._open(stream))
        return False

    def probe(self) -> None:
        """Open the device with 10 ms of silence, so a missing device shows up at start."""
        self.play(Clip(bytes(2 * 220), 22050))
        deadline = time.monotonic() + 2.0
        while self.is_playing and time.monotonic() < deadline:
            time.sleep(0.005)
        self.stop()
