"""A line whose clip is in memory, said while nothing plays, starts in the caller's thread (no
wait for the player's thread); everything else about the queue stays as it was."""

from __future__ import annotations

import threading

from narrator.voice import FakeSink, SinkError
from narrator.voice.player import URGENT, Item, Player
from narrator.voice.sinks import Clip
from tests.voice.fakes import wait_for

SECOND = Clip(bytes(2 * 22050), 22050)


class ThreadSink(FakeSink):
    """A fake sink noting which thread handed it each clip, and whether it was closed."""

    def __init__(self, ready: bool = True, **kwargs) -> None:
        super().__init__(**kwargs)
        self.ready = ready
        self.threads: list[str] = []
        self.closed = False

    def play(self, audio, volume: float = 1.0) -> None:
        self.threads.append(threading.current_thread().name)
        super().play(audio, volume)

    def ready_for(self, clip) -> bool:
        return self.ready and super().ready_for(clip)

    def close(self) -> None:
        self.closed = True
        self.stop()


def item(label: str, clip: Clip | None = SECOND, ready: bool = True) -> Item:
    return Item("speech", label, lambda _cancelled: clip, ready=(lambda: clip) if ready else None)


def started_player(sink: FakeSink) -> Player:
    player = Player(lambda: sink)
    player.start()
    assert player.wait_idle(5)  # the sink is open
    return player


def test_a_ready_clip_starts_in_the_callers_thread_and_is_watched_to_its_end():
    sink = ThreadSink(speed=50.0)
    player = started_player(sink)
    player.enqueue(item("Ready."))
    assert sink.threads == [threading.current_thread().name]  # started before enqueue returned
    assert player.busy
    assert player.wait_idle(5) and not player.busy
    assert sink.plays[0].ended is not None and not sink.plays[0].stopped
    player.close()


def test_a_clip_not_in_memory_or_a_sink_not_ready_goes_through_the_players_thread():
    cases = [(ThreadSink(), item("On disk.", ready=False)), (ThreadSink(False), item("Hi."))]
    for sink, line in cases:
        player = started_player(sink)
        player.enqueue(line)
        assert player.wait_idle(5)
        assert sink.threads == ["narrator-player"]
        player.close()


def test_lines_said_while_one_plays_wait_behind_it_never_overlapping():
    sink = ThreadSink(speed=20.0)
    player = started_player(sink)
    player.enqueue(item("First."))
    player.enqueue(item("Second."))  # something plays: the player's thread plays it next
    assert player.wait_idle(5)
    assert [i.label for i in player.played] == ["First.", "Second."]
    assert sink.threads == ["MainThread", "narrator-player"]
    first, second = sink.plays
    assert second.started >= first.ended


def test_stopping_a_line_started_at_once_cuts_it_mid_way():
    sink = ThreadSink(speed=1.0)  # one second, in real time
    player = started_player(sink)
    player.enqueue(item("Long."))
    player.stop()
    assert wait_for(lambda: sink.plays[0].stopped)
    assert player.wait_idle(5)
    player.close()


def test_an_urgent_line_cuts_in_on_a_line_started_at_once():
    sink = ThreadSink(speed=1.0)
    player = started_player(sink)
    player.enqueue(item("Long."))
    player.enqueue(item("Now!"), URGENT)
    assert player.wait_idle(5)
    assert [p.stopped for p in sink.plays] == [True, False]
    assert [i.label for i in player.played] == ["Long.", "Now!"]
    player.close()


def test_a_sink_failing_as_a_line_starts_at_once_is_one_notice_from_the_players_thread():
    # The caller is the screen's thread: a notice handed over with call_from_thread would be
    # lost from there, so the problem is told from the player's thread, once.
    problems = []
    sink = ThreadSink()

    def on_problem(kind, _detail):
        problems.append((kind, threading.current_thread().name))

    player = Player(lambda: sink, on_problem=on_problem)
    player.start()
    assert player.wait_idle(5)
    sink.ready_for = lambda _clip: True  # ready, yet play() fails: the device went away
    sink.fail = SinkError("device gone")
    player.enqueue(item("Lost."))  # no exception in the caller's thread
    assert wait_for(lambda: player.problem is not None)
    assert problems[-1] == ("no_sound_device", "narrator-player")
    player.enqueue(item("Next."))  # no sink until retry(): a caption only
    assert player.wait_idle(5) and player.played == []
    assert [kind for kind, _ in problems].count("no_sound_device") == 1
    player.close()


def test_quitting_while_a_line_started_at_once_plays_closes_the_sink():
    sink = ThreadSink(speed=1.0)
    player = started_player(sink)
    player.enqueue(item("Long."))
    player.close()
    assert sink.closed and sink.plays[0].stopped
