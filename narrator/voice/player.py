"""One playback queue on a background thread, so lines and chimes never overlap.

`enqueue` returns at once. An urgent item cuts in: it stops what is playing, drops what is
waiting, and plays next - unless those are urgent too: urgent items (a chime, then its line)
queue behind each other. Muting stops playback and drops the queue (captions go on). A sink
that fails (no device) is dropped until `retry()`; items are then skipped, not kept.

When nothing plays and an item's clip is already in memory (`Item.ready`) and the sink has a
device opened ahead for it (`ready_for`), `enqueue` starts it in the caller's thread: starting
a device opened ahead takes a tenth of a millisecond, while waking the player's thread took 2
to 6 ms while the screen's thread drew after a key on a busy machine. The player's thread
then watches it to its end as any other item.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

from narrator.voice.problem import ReportsProblems
from narrator.voice.sinks import AudioSink, Clip, SinkError, Stream

APPEND, URGENT, FRONT = "append", "urgent", "front"

# A source of audio: called on the player thread with a "cancelled?" test; None: nothing to
# play. A Stream is a line still being rendered: the sink plays it as it comes (stream.py).
Source = Callable[[Callable[[], bool]], Clip | Stream | None]

# What a sink problem is called in the prompt catalogue (notice.<kind>).
NO_DEVICE, NO_LIBRARY = "no_sound_device", "no_audio_library"


@dataclass(frozen=True)
class Item:
    kind: str  # "speech" or "chime"
    label: str  # the caption or the chime's name
    source: Source
    urgent: bool = False
    ready: Callable[[], Clip | None] | None = None  # the clip if in memory now: no wait, no read


class Player(ReportsProblems):
    def __init__(
        self,
        sink_factory: Callable[[], AudioSink],
        *,
        volume: float = 1.0,
        muted: bool = False,
        gap: float = 0.0,
        poll: float = 0.005,
        on_problem: Callable[[str | None, str | None], None] | None = None,
    ) -> None:
        self._sink_factory = sink_factory
        self._sink: AudioSink | None = None
        self._sink_open = False  # tried to open since the last retry
        self.volume = volume
        self.muted = muted
        self.gap = gap
        self.poll = poll
        self.on_problem = on_problem
        self.problem: tuple[str, str] | None = None
        self.played: list[Item] = []  # what reached the sink, in order (last 200)
        self._queue: deque[Item] = deque()
        self._current: Item | None = None
        self._generation = 0  # bumped to cancel what is playing
        self._started: tuple[Item, int] | None = None  # started by enqueue: to be watched
        self._starting = False  # enqueue is starting an item in its caller's thread
        self._failed: tuple[str, str] | None = None  # the sink failed there: to be reported
        self._cond = threading.Condition()
        self._closed = False
        self._reopen = True
        self._thread = threading.Thread(target=self._run, name="narrator-player", daemon=True)

    def start(self) -> None:
        """Start the player thread (it opens the sink first)."""
        self._thread.start()

    # -- called from any thread; never blocks ------------------------------------------
    def enqueue(self, item: Item, mode: str = APPEND) -> None:
        with self._cond:
            if self._closed or self.muted:
                return
            clip = self._ready_now(item)
            if clip is not None:
                item = replace(item, urgent=True) if mode == URGENT else item
                self._current, self._starting = item, True
                sink, generation = self._sink, self._generation
            else:
                self._queue_item(item, mode)
                return
        problem = self._start(sink, item, clip)
        with self._cond:
            self._starting = False
            if problem is None:
                self._started = (item, generation)
            else:  # told from the player's thread: the caller's may be the screen's own
                self._sink, self._current, self._failed = None, None, problem
            self._cond.notify_all()

    def _ready_now(self, item: Item) -> Clip | None:
        """The item's clip, when it can start in the caller's thread (under self._cond)."""
        sink = self._sink
        if item.ready is None or sink is None or self._current is not None or self._queue:
            return None
        ready_for = getattr(sink, "ready_for", None)
        if ready_for is None or self._must_open:
            return None
        clip = item.ready()
        return clip if clip is not None and ready_for(clip) else None

    def _queue_item(self, item: Item, mode: str) -> None:
        """Queue the item for the player's thread (under self._cond)."""
        if mode == URGENT:
            self._queue = deque(waiting for waiting in self._queue if waiting.urgent)
            if self._current is not None and not self._current.urgent:
                self._generation += 1
            self._queue.append(replace(item, urgent=True))
        elif mode == FRONT:
            self._generation += 1
            self._queue.appendleft(item)
        else:
            self._queue.append(item)
        self._cond.notify_all()

    def set_muted(self, muted: bool) -> None:
        with self._cond:
            self.muted = muted
            if muted:
                self._queue.clear()
                self._generation += 1
            self._cond.notify_all()

    def stop(self) -> None:
        """Stop the current item and drop the queue."""
        with self._cond:
            self._queue.clear()
            self._generation += 1
            self._cond.notify_all()

    def retry(self) -> None:
        """Open the sink again (after a missing device was plugged in, say)."""
        with self._cond:
            self._reopen = True
            self._cond.notify_all()

    @property
    def _must_open(self) -> bool:
        """The sink is opened (and the device probed) only when sound is wanted: ``--mute``
        never touches the device, so it never reports a missing one."""
        return self._reopen and not self.muted

    @property
    def busy(self) -> bool:
        with self._cond:
            return self._has_more()

    def _has_more(self) -> bool:
        """Anything still to play or to tell (under self._cond)."""
        return (
            bool(self._queue)
            or self._current is not None
            or self._must_open
            or (self._failed is not None)
        )

    def wait_idle(self, timeout: float = 10.0) -> bool:
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._has_more():
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
        return True

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._generation += 1
            self._cond.notify_all()
        if self._thread.is_alive():
            self._thread.join(timeout=2.0)

    # -- the player thread --------------------------------------------------------------
    def _open_sink(self) -> None:
        self._sink = None
        try:
            sink = self._sink_factory()
            probe = getattr(sink, "probe", None)
            if probe is not None:
                probe()
        except SinkError as error:
            self._set_problem(NO_LIBRARY if error.kind == "library" else NO_DEVICE, str(error))
            return
        except Exception as error:  # noqa: BLE001 - whatever the library throws: no device
            self._set_problem(NO_DEVICE, f"{type(error).__name__}: {error}")
            return
        self._sink = sink
        self._set_problem(None, None)

    def _has_work(self) -> bool:
        """Something for the player's thread (under self._cond): an item started by enqueue
        to watch, or, once nothing plays, the sink to open or the next item."""
        if self._closed or self._started is not None or self._failed is not None:
            return True
        return self._current is None and (self._must_open or bool(self._queue))

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._has_work():
                    self._cond.wait()
                if self._closed:
                    while self._starting:  # enqueue's start ends before the sink closes
                        self._cond.wait()
                    break
                started, self._started = self._started, None
                failed, self._failed = self._failed, None
                reopen = started is None and failed is None and self._must_open
                if reopen:
                    self._reopen = False
                elif started is not None:
                    item, generation = started
                elif failed is None:
                    item = self._queue.popleft()
                    self._current = item
                    generation = self._generation
            if failed is not None:
                self._set_problem(*failed)
            if reopen:
                self._open_sink()
                with self._cond:
                    self._cond.notify_all()
            if failed is not None or reopen:
                continue
            try:
                if started is not None:
                    self._watch(generation)
                else:
                    self._play(item, generation)
            finally:
                with self._cond:
                    self._current = None
                    self._cond.notify_all()
        sink = self._sink
        if sink is not None:
            with contextlib.suppress(Exception):  # closing: nothing left to tell
                getattr(sink, "close", sink.stop)()  # a device opened ahead goes too

    def _cancelled(self, generation: int) -> Callable[[], bool]:
        return lambda: self._generation != generation or self._closed

    def _play(self, item: Item, generation: int) -> None:
        cancelled = self._cancelled(generation)
        sink = self._sink
        if sink is None or cancelled():
            return  # no device: the line is a caption only
        try:
            clip = item.source(cancelled)
        except Exception:  # noqa: BLE001 - a broken source loses its audio, not the app
            clip = None
        if clip is None or cancelled() or self.muted:
            return
        problem = self._start(sink, item, clip)
        if problem is not None:
            with self._cond:
                self._sink = None  # until retry(): the next items are captions only
            self._set_problem(*problem)
            return
        self._watch(generation)

    def _start(self, sink: AudioSink, item: Item, clip: Clip | Stream) -> tuple[str, str] | None:
        """Hand the clip to the sink (the player's thread, or enqueue's caller's); the
        problem (kind, detail) when the sink failed."""
        try:
            sink.play(clip, self.volume)  # the sink scales it as it goes: no wait for a long line
        except SinkError as error:
            return (NO_LIBRARY if error.kind == "library" else NO_DEVICE, str(error))
        except Exception as error:  # noqa: BLE001 - whatever the library throws: no device
            return (NO_DEVICE, f"{type(error).__name__}: {error}")
        with self._cond:
            self.played.append(item)
            del self.played[:-200]
        return None

    def _watch(self, generation: int) -> None:
        """Wait for the item to be played out (or stop it when cancelled), then the gap."""
        cancelled, sink = self._cancelled(generation), self._sink
        while sink is not None and sink.is_playing:
            if cancelled():
                sink.stop()
                return
            time.sleep(self.poll)
        deadline = time.monotonic() + self.gap  # a breath between lines, as a narrator would
        while time.monotonic() < deadline and not cancelled():
            time.sleep(min(self.poll, self.gap))
