"""Speech in a worker process: real eSpeak NG lines, the cache, and a worker that hangs or dies."""

from __future__ import annotations

import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

from narrator.settings import Settings
from narrator.voice import FakeSink, SpeechRequest, Voice, WorkerSynthesizer
from narrator.voice.synth import FAILED, NO_ENGINE
from tests.voice.audio import read_wav, rms, voiced_fraction
from tests.voice.fakes import wait_for


def engine_missing_reason() -> str | None:
    try:
        import pyttsx3  # noqa: F401
    except ImportError as error:
        return f"pyttsx3 is not installed: {error}"
    return None


needs_engine = pytest.mark.skipif(
    engine_missing_reason() is not None, reason=str(engine_missing_reason())
)


def fake_worker(tmp_path: Path, body: str) -> list[str]:
    """A command for a worker that speaks the protocol but does what `body` says per request."""
    script = tmp_path / "fake_worker.py"
    script.write_text(
        textwrap.dedent(
            """
            import json, os, sys, time, wave
            marker = sys.argv[1]
            def reply(message):
                sys.stdout.write(json.dumps(message) + "\\n"); sys.stdout.flush()
            def write_wav(path):
                with wave.open(path, "wb") as out:
                    out.setnchannels(1); out.setsampwidth(2); out.setframerate(22050)
                    out.writeframes(b"\\x10\\x00" * 2205)
            reply({"hello": True, "ok": True, "engine": "fake"})
            for line in sys.stdin:
                request = json.loads(line)
            """
        )
        + textwrap.indent(textwrap.dedent(body), " " * 4)
    )
    return [sys.executable, str(script), str(tmp_path / "marker")]


# The first request hangs (or dies); once the marker exists, the worker behaves.
HANGS_ONCE = """
if not os.path.exists(marker):
    open(marker, "w").close()
    time.sleep(60)
write_wav(request["out"]); reply({"ok": True, "voice": "fake"})
"""
DIES_ONCE = """
if not os.path.exists(marker):
    open(marker, "w").close()
    sys.stderr.write("Segmentation fault, pretend\\n"); sys.stderr.flush()
    os._exit(3)
write_wav(request["out"]); reply({"ok": True, "voice": "fake"})
"""
# The first request is answered "not ok" (as when eSpeak loses a line); the worker lives on.
FAILS_ONCE = """
if not os.path.exists(marker):
    open(marker, "w").close()
    reply({"ok": False, "error": "the engine wrote no audio", "retry": True})
    continue
write_wav(request["out"]); reply({"ok": True, "voice": "fake"})
"""

ALWAYS_DIES = """
os._exit(4)
"""


@pytest.fixture
def synth_factory(tmp_path):
    made = []

    def make(**kwargs) -> WorkerSynthesizer:
        problems = []
        kwargs.setdefault("on_problem", lambda kind, detail: problems.append((kind, detail)))
        synth = WorkerSynthesizer(tmp_path / "speech", **kwargs)
        synth.problems = problems  # type: ignore[attr-defined]
        made.append(synth)
        return synth

    yield make
    for synth in made:
        synth.close()


@needs_engine
def test_english_and_russian_lines_are_spoken_with_their_own_voices(synth_factory, capfd):
    synth = synth_factory()
    en = synth.request(SpeechRequest("Round two. The colour is blue.", "en")).result(30)
    ru = synth.request(SpeechRequest("Раунд два. Цвет раунда — синий.", "ru")).result(30)
    assert en is not None and ru is not None, synth.problem
    assert synth.voice_used[en] != synth.voice_used[ru]
    assert synth.voice_used[en].endswith("en") and synth.voice_used[ru].endswith("ru")
    for path in (en, ru):
        samples, rate = read_wav(path)
        assert rate == 22050 and len(samples) / rate > 1.0
        assert rms(samples) > 500 and voiced_fraction(samples, rate) > 0.4
    out, err = capfd.readouterr()
    assert "Audio saved" not in out + err  # what pyttsx3 prints never reaches our terminal
    assert synth.problem is None


@needs_engine
def test_a_line_is_rendered_once_then_read_from_the_cache(synth_factory):
    synth = synth_factory()
    request = SpeechRequest("Time is up.", "en", None, 180)
    first = synth.request(request).result(30)
    assert first is not None and synth.rendered == 1
    again = synth.request(request)
    assert again.done() and again.result() == first  # answered without the worker
    assert synth.rendered == 1
    other_rate = synth.request(SpeechRequest("Time is up.", "en", None, 120)).result(30)
    assert other_rate != first and synth.rendered == 2
    assert not list(first.parent.glob("*.tmp.wav"))  # written under a temp name, then renamed


@needs_engine
def test_the_same_line_asked_twice_is_rendered_once(synth_factory):
    synth = synth_factory()
    request = SpeechRequest("Everyone, open your eyes.", "en")
    ahead = synth.prewarm([request])[0]
    now = synth.request(request)
    assert now is ahead
    assert now.result(30) is not None and synth.rendered == 1


def test_a_worker_that_hangs_is_killed_and_the_next_line_gets_a_new_one(tmp_path, synth_factory):
    synth = synth_factory(command=fake_worker(tmp_path, HANGS_ONCE), timeout=0.3)
    started = time.monotonic()
    assert synth.request(SpeechRequest("Hangs.")).result(10) is None
    assert time.monotonic() - started < 3
    assert synth.problem is not None and synth.problem[0] == FAILED
    assert "no answer within 0.3 s" in synth.problem[1]
    assert synth.request(SpeechRequest("Works.")).result(10) is not None
    assert synth.problem is None
    assert synth.problems == [(FAILED, "no answer within 0.3 s"), (None, None)]


def test_a_worker_that_dies_is_restarted_next_time(tmp_path, synth_factory):
    synth = synth_factory(command=fake_worker(tmp_path, DIES_ONCE), timeout=5)
    assert synth.request(SpeechRequest("Dies.")).result(10) is None
    kind, detail = synth.problem
    assert kind == FAILED and "exit code 3" in detail and "Segmentation fault" in detail
    assert synth.request(SpeechRequest("Works.")).result(10) is not None


def test_a_line_the_engine_lost_is_rendered_again_once(tmp_path, synth_factory):
    """Under load eSpeak may answer without audio; the line is asked for once more, so a
    "Thirty seconds left" is not silently lost (seen in the end-to-end test on a busy machine)."""
    synth = synth_factory(command=fake_worker(tmp_path, FAILS_ONCE), timeout=5)
    assert synth.request(SpeechRequest("Lost once.")).result(10) is not None
    assert synth.problem is None and synth.problems == []


def test_a_line_that_cannot_be_rendered_is_not_asked_for_twice(tmp_path, synth_factory):
    refuses = "open(marker, 'a').write('asked '); reply({'ok': False, 'error': 'no such voice'})"
    synth = synth_factory(command=fake_worker(tmp_path, refuses), timeout=5)
    assert synth.request(SpeechRequest("Never.")).result(10) is None
    assert synth.problem == (FAILED, "no such voice")
    assert (tmp_path / "marker").read_text() == "asked "  # once: it would fail again


def test_a_worker_that_keeps_dying_is_given_up_until_retry(tmp_path, synth_factory):
    synth = synth_factory(command=fake_worker(tmp_path, ALWAYS_DIES), timeout=5, max_failures=2)
    for text in ("One.", "Two.", "Three."):
        assert synth.request(SpeechRequest(text)).result(10) is None
    assert synth.problem[0] == NO_ENGINE and "failed 2 times" in synth.problem[1]
    synth.command = fake_worker(tmp_path, "write_wav(request['out']); reply({'ok': True})")
    synth.retry()
    assert synth.request(SpeechRequest("Four.")).result(10) is not None
    assert synth.problem is None


def test_no_speech_engine_gives_a_notice_and_captions_go_on(tmp_path):
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "pyttsx3.py").write_text("raise ImportError('no module named pyttsx3 (pretend)')\n")
    env = {"PYTHONPATH": str(broken), "PATH": "/usr/bin:/bin"}
    synth = WorkerSynthesizer(tmp_path / "speech", env=env)  # the real worker, no engine
    sink = FakeSink()
    voice = Voice(Settings(), sink=sink, synthesizer=synth, gap=0)
    try:
        assert wait_for(lambda: voice.notice is not None, 15)
        assert voice.notice.startswith("Speech engine unavailable (ImportError: no module named")
        assert "captions only" in voice.notice and "F5" in voice.notice
        assert voice.say("time_up") == "Time is up."
        voice.chime("time_up")  # chimes need no engine
        assert voice.wait_idle(10)
        assert voice.played == [("chime", "time_up")]
    finally:
        voice.close()


def test_a_hung_line_is_a_caption_with_a_notice_and_the_next_line_is_heard(tmp_path):
    synth = WorkerSynthesizer(
        tmp_path / "speech", command=fake_worker(tmp_path, HANGS_ONCE), timeout=0.3
    )
    voice = Voice(Settings(), sink=FakeSink(), synthesizer=synth, gap=0)
    try:
        assert voice.say("time_up") == "Time is up."
        assert voice.wait_idle(10)
        assert voice.played == []
        assert voice.notice.startswith("The speech engine failed (no answer within 0.3 s)")
        voice.say("thirty_seconds_left")
        assert voice.wait_idle(10)
        assert voice.played == [("speech", "Thirty seconds left.")]
        assert voice.notice is None
    finally:
        voice.close()


@needs_engine
def test_saying_a_long_line_returns_at_once_while_it_is_rendered(tmp_path):
    long_line = " ".join(f"This is sentence number {n} of a very long line." for n in range(20))
    sink = FakeSink(speed=1000.0)
    voice = Voice(Settings(), sink=sink, synthesizer=WorkerSynthesizer(tmp_path / "s"), gap=0)
    try:
        slowest = 0.0
        for text in (long_line, "Short line.", long_line + " Again."):
            started = time.perf_counter()
            voice.say_text(text)
            slowest = max(slowest, time.perf_counter() - started)
        # Rendering a 20-second line takes seconds: returning in well under one means say_text
        # does not wait for it (the keypress's own latency is scripts/bench's).
        assert slowest < 0.5
        assert voice.wait_idle(60)
        assert len(sink.plays) == 3 and sink.plays[0].clip.seconds > 20
    finally:
        voice.close()


def test_a_worker_that_cannot_start_gives_a_notice(tmp_path, synth_factory):
    synth = synth_factory(command=[str(tmp_path / "no-such-python")])
    assert synth.request(SpeechRequest("Nobody hears this.")).result(10) is None
    kind, detail = synth.problem
    assert kind == NO_ENGINE and "cannot start the speech worker" in detail


def test_a_line_asked_for_sooner_moves_up_the_queue(tmp_path):
    """Rendered ahead (AHEAD), then found to be what the next key may say (NEXT): it is
    rendered before the lines queued ahead of it."""
    from narrator.voice.synth import AHEAD, NEXT

    synth = WorkerSynthesizer(
        tmp_path / "speech", command=[sys.executable, "-c", "import time; time.sleep(30)"]
    )
    try:
        with synth._cond:  # hold the thread off the queue while it is filled
            first = synth.request(SpeechRequest("First."), AHEAD)
            later = synth.request(SpeechRequest("Later."), AHEAD)
            assert synth.request(SpeechRequest("Later."), NEXT) is later
            order = [job.request.text for job in sorted(synth._jobs) if job.request]
        assert order == ["Later.", "First."]
        assert not first.done()
    finally:
        synth.close()


# --- the cache is the user's only (issue 37, item 7) --------------------------------------------
WRITES = """
write_wav(request["out"]); reply({"ok": True, "voice": "fake"})
"""


def private(path: Path) -> bool:
    return path.stat().st_mode & 0o077 == 0


def test_the_speech_cache_is_the_user_s_only_whatever_the_umask(
    tmp_path, synth_factory, open_umask
):
    synth = synth_factory(command=fake_worker(tmp_path, WRITES))
    path = synth.request(SpeechRequest("Everyone, close your eyes.")).result(10)
    assert path is not None and path.parent == tmp_path / "speech"
    assert private(path.parent) and private(path) and private(path.parent / "worker.log")


def spoil(path: Path, how: str) -> None:
    """What another user could do to a cached line: write it, own it, put a link there."""
    if how == "open to others":
        path.chmod(0o666)
    elif how == "another user's":
        os.chown(path, 65534, -1)
    else:
        elsewhere = path.with_name("elsewhere.wav")
        path.rename(elsewhere)
        path.symlink_to(elsewhere)


@pytest.mark.parametrize("how", ["open to others", "another user's", "a link"])
def test_a_cached_line_another_user_could_have_changed_is_rendered_again(
    tmp_path, synth_factory, how
):
    if how == "another user's" and os.geteuid() != 0:
        pytest.skip("only root can give a file to another user")
    synth = synth_factory(command=fake_worker(tmp_path, WRITES))
    request = SpeechRequest("The werewolves open their eyes.")
    path = synth.request(request).result(10)
    assert path is not None and synth.rendered == 1
    spoil(path, how)
    assert synth.request(request).result(10) == path
    assert synth.rendered == 2  # not played as it was found: rendered anew
    assert not path.is_symlink() and path.stat().st_uid == os.getuid() and private(path)
