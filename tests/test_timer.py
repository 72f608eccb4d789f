"""The countdown reads an injected clock; its state survives a killed app beside the journal."""

from __future__ import annotations

import json

from narrator.timer import Countdown, TimerFile, mmss


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_five_minute_countdown_runs_on_a_fake_clock_R26():
    clock = FakeClock()
    countdown = Countdown(300, clock)
    countdown.start()
    clock.now += 299.5
    assert mmss(countdown.remaining()) == "0:01" and not countdown.expired
    clock.now += 0.5
    assert countdown.expired and mmss(countdown.remaining()) == "0:00"


def test_pause_add_and_resume_keep_the_deadline_R11():
    clock = FakeClock()
    countdown = Countdown(120, clock)
    countdown.start()
    clock.now += 20
    countdown.pause()
    clock.now += 500  # paused: time does not run
    assert countdown.remaining() == 100
    countdown.add(30)
    countdown.resume()
    clock.now += 10
    assert countdown.remaining() == 120 and countdown.total == 150


def test_the_saved_clock_is_restored_for_the_same_discussion_only(tmp_path):
    clock = FakeClock()
    countdown = Countdown(120, clock)
    countdown.start()
    clock.now += 47.2
    store = TimerFile(tmp_path / "g.timer.json")
    store.save("discussion:2:9", countdown)
    assert (tmp_path / "g.timer.json").stat().st_mode & 0o777 == 0o600

    later = FakeClock()
    later.now = 5.0  # a new process: another monotonic origin
    restored = TimerFile(tmp_path / "g.timer.json").load("discussion:2:9", later)
    assert restored is not None and restored.running
    assert abs(restored.remaining() - 72.8) < 1e-6 and restored.total == 120
    assert TimerFile(tmp_path / "g.timer.json").load("discussion:3:12", later) is None


def test_a_paused_clock_comes_back_paused(tmp_path):
    clock = FakeClock()
    countdown = Countdown(300, clock)
    countdown.start()
    clock.now += 100
    countdown.pause()
    store = TimerFile(tmp_path / "t.json")
    store.save("k", countdown)
    restored = store.load("k", FakeClock())
    assert restored is not None and not restored.running and restored.remaining() == 200


def test_a_damaged_or_spent_clock_file_gives_a_fresh_discussion(tmp_path):
    path = tmp_path / "t.json"
    for text in (
        "{not json",
        "[]",
        json.dumps({"key": "k", "total": "x", "left": 1, "running": True}),
        json.dumps({"key": "k", "total": 120, "left": 500, "running": True}),
        json.dumps({"key": "k", "total": 120, "left": 0, "running": True}),
        json.dumps({"key": "k", "total": 120, "left": 5, "running": "yes"}),
    ):
        path.write_text(text)
        assert TimerFile(path).load("k", FakeClock()) is None, text
    assert TimerFile(tmp_path / "missing.json").load("k", FakeClock()) is None


def test_a_clock_that_cannot_be_saved_does_not_stop_the_discussion(tmp_path):
    clock = FakeClock()
    countdown = Countdown(120, clock)
    countdown.start()
    taken = tmp_path / "t.json"
    taken.mkdir()  # the clock's file cannot replace a folder: written, then refused
    for path in (tmp_path / "no" / "such" / "dir" / "t.json", taken):
        clock.now += 10
        TimerFile(path).save("k", countdown)  # no raise
    assert sorted(tmp_path.iterdir()) == [taken] and not any(taken.iterdir())  # no leftovers
    assert countdown.running and countdown.remaining() == 100  # the discussion runs on
    clock.now += 30
    assert countdown.remaining() == 70


def test_an_infinite_or_absurd_saved_clock_is_damage(tmp_path):
    path = tmp_path / "t.json"
    for total, left in (("Infinity", "Infinity"), ("NaN", "NaN"), ("1e9", "100")):
        path.write_text(f'{{"key": "k", "total": {total}, "left": {left}, "running": true}}')
        assert TimerFile(path).load("k", FakeClock()) is None, (total, left)
