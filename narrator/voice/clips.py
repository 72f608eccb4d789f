"""The clips the player may need next, read into memory ahead of the key that says them.

A warm line's WAV is on disk; reading it when the key is pressed costs little CPU, but each
read lets go of the interpreter's lock, and while the screen draws after a key the player's
thread then waits for it again at every step (several milliseconds in all). So the lines the
next key may say (`Voice.prewarm(..., soon=True)`) are read here as soon as they are rendered,
on a thread of this cache's own, and the player finds them ready. The cache is bounded by
bytes; the least recently used clip goes first.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import wave
from collections import OrderedDict
from pathlib import Path

from narrator.voice.sinks import Clip, load_wav

BUDGET = 32 * 1024 * 1024  # bytes of PCM: about 12 minutes of speech at 22050 Hz


class ClipCache:
    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self._clips: OrderedDict[Path, Clip] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._wanted: queue.SimpleQueue[Path | None] = queue.SimpleQueue()
        self._reader: threading.Thread | None = None

    def get(self, path: Path) -> Clip:
        """The clip, read now if it is not in memory (raises what reading the file raises)."""
        with self._lock:
            clip = self._clips.get(path)
            if clip is not None:
                self._clips.move_to_end(path)
                return clip
        clip = load_wav(path)
        self._add(path, clip)
        return clip

    def peek(self, path: Path) -> Clip | None:
        """The clip if it is in memory now; never reads the file."""
        with self._lock:
            return self._clips.get(path)

    def __contains__(self, path: Path) -> bool:
        with self._lock:
            return path in self._clips

    @property
    def size(self) -> int:
        """Bytes of PCM held."""
        with self._lock:
            return self._bytes

    def read_ahead(self, path: Path | None) -> None:
        """Have the clip read into memory on the cache's thread (never the caller's: the
        screen's thread renders ahead after every key). None: nothing to read."""
        if path is None:
            return
        with self._lock:
            if path in self._clips:
                self._clips.move_to_end(path)
                return
            if self._reader is None:
                self._reader = threading.Thread(
                    target=self._read, name="narrator-clips", daemon=True
                )
                self._reader.start()
        self._wanted.put(path)

    def close(self) -> None:
        self._wanted.put(None)

    def _read(self) -> None:
        while (path := self._wanted.get()) is not None:
            if path in self:
                continue
            with contextlib.suppress(OSError, EOFError, wave.Error):  # gone or broken: the
                self._add(path, load_wav(path))  # player reads it again, or says nothing

    def _add(self, path: Path, clip: Clip) -> None:
        with self._lock:
            old = self._clips.pop(path, None)
            if old is not None:
                self._bytes -= len(old.pcm)
            self._clips[path] = clip
            self._bytes += len(clip.pcm)
            while self._bytes > self.budget and len(self._clips) > 1:
                _, dropped = self._clips.popitem(last=False)
                self._bytes -= len(dropped.pcm)
