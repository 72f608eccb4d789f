"""The clips the next key may say wait in memory: read ahead on a thread, bounded by bytes."""

from __future__ import annotations

from narrator.settings import Settings
from narrator.voice import FakeSink, Voice
from narrator.voice.chimes import write_wav
from narrator.voice.clips import ClipCache
from tests.voice.fakes import FakeSynth, tone, wait_for


def wav(folder, name, seconds=0.1):
    path = folder / f"{name}.wav"
    write_wav(path, tone(seconds))
    return path


def test_a_clip_read_ahead_is_in_memory_and_the_file_is_not_read_again(tmp_path):
    cache, path = ClipCache(), wav(tmp_path, "line")
    cache.read_ahead(path)
    assert wait_for(lambda: path in cache)
    path.unlink()  # gone from disk: the clip in memory is what plays
    assert cache.get(path).seconds > 0.09
    cache.close()


def test_the_cache_keeps_to_its_budget_dropping_the_least_recently_used(tmp_path):
    first, second, third = (wav(tmp_path, name) for name in ("first", "second", "third"))
    size = len(ClipCache().get(first).pcm)
    cache = ClipCache(budget=2 * size)
    cache.get(first)
    cache.get(second)
    cache.get(first)  # used again: second is now the oldest
    cache.get(third)
    assert first in cache and third in cache and second not in cache
    assert cache.size == 2 * size


def test_a_missing_or_broken_file_read_ahead_is_skipped_and_the_reader_goes_on(tmp_path):
    cache = ClipCache()
    broken = tmp_path / "broken.wav"
    broken.write_bytes(b"not a wav")
    good = wav(tmp_path, "good")
    for path in (tmp_path / "missing.wav", broken, None, good):
        cache.read_ahead(path)
    assert wait_for(lambda: good in cache)
    assert broken not in cache and tmp_path / "missing.wav" not in cache
    cache.close()


def test_lines_the_next_key_may_say_are_read_into_memory_the_others_stay_on_disk(tmp_path):
    synth = FakeSynth(tmp_path)
    voice = Voice(Settings(), sink=FakeSink(speed=1000.0), synthesizer=synth, gap=0)
    try:
        voice.prewarm(["Ahead."])
        voice.prewarm(["Next."], soon=True)
        ahead, soon = (synth.request(request).result() for request, _ in synth.requests[:2])
        assert wait_for(lambda: soon in voice._clips)
        assert ahead not in voice._clips
        voice.say_text("Next.")
        assert voice.wait_idle(5) and voice.played == [("speech", "Next.")]
    finally:
        voice.close()


def test_a_clip_rendered_later_is_read_ahead_once_it_is_rendered(tmp_path):
    synth = FakeSynth(tmp_path, hold=True)
    voice = Voice(Settings(), sink=FakeSink(speed=1000.0), synthesizer=synth, gap=0)
    try:
        voice.prewarm(["Later."], soon=True)
        (future, path), *_ = synth.waiting
        assert path not in voice._clips
        synth.release()
        assert wait_for(lambda: path in voice._clips)
    finally:
        voice.close()
