"""A line played while it renders (the natural voice's streaming, stream.py): how it is cut,
the sink that reads it as it comes, and the worker's pieces and yields, with Piper faked."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from narrator.settings import NATURAL, Settings
from narrator.voice import FakeSink, SpeechRequest, Stream, Voice, WorkerSynthesizer
from narrator.voice.sinks import Clip, load_wav
from narrator.voice.speaker import _Feed
from narrator.voice.stream import FIRST_PIECE, KEEP, MIN_REST, Pace, late, pieces, trim
from narrator.voice.synth import AHEAD, NOW
from tests.voice.fakes import RATE, tone, wait_for


def phonemes(text: str) -> list[str]:
    """Words as a fake phonemizer gives them: a letter a phoneme; '*' before a word: stressed."""
    return list(text.replace("*", "ˈ"))


def joined(parts) -> list[str]:
    parts = list(parts)
    return ["".join(part.phonemes).replace("ˈ", "*") for part in parts]


def test_a_line_rendered_ahead_is_cut_only_into_its_sentences():
    sentences = [phonemes("*night *falls."), phonemes("*every *one, *close *your *eyes.")]
    assert joined(pieces(sentences, None)) == ["*night *falls.", "*every *one, *close *your *eyes."]


def test_a_waited_line_starts_with_a_short_piece_cut_after_a_clause_or_a_stressed_word():
    line = phonemes("*anna *three is the *blue *leader, and *takes the *blue *leader *card.")
    parts = list(pieces([line], FIRST_PIECE))
    assert joined(parts) == [
        "*anna *three",  # after a stressed word: "is the" are not
        "is the *blue *leader,",  # twice the audio before it may follow: to the comma
        "and *takes the *blue *leader *card.",
    ]
    assert [part.cut_after for part in parts] == [True, False, False]  # the comma's own pause
    assert len(parts[0].phonemes) <= FIRST_PIECE
    assert sum(len(part.phonemes) for part in parts) + 2 == len(line)  # only the spaces go


def test_a_short_rest_or_a_single_word_is_never_cut_off():
    assert joined(pieces([phonemes("*night *falls.")], 6)) == ["*night *falls."]  # < MIN_REST
    assert joined(pieces([phonemes("*extraordinarily *long *words *here")], 4)) == [
        "*extraordinarily",  # no cut within budget: the first place after it
        "*long *words *here",
    ]
    assert len("*falls.") < MIN_REST


def test_the_pieces_after_the_first_are_as_long_as_the_time_left_allows():
    now = [100.0]
    pace = Pace(clock=lambda: now[0])
    assert pace.budget(0) == FIRST_PIECE  # nothing measured yet
    pace.rendered(phonemes=10, seconds=1.0, took=0.2)  # 5 times as fast as speech
    assert pace.budget(10) == 35  # 1 s to be heard: 0.7 s of rendering, 3.5 s of speech
    now[0] += 0.5  # half of it heard already
    assert pace.budget(10) == 17
    now[0] += 1.0  # all heard: only the shortest piece (a gap, whatever is cut)
    assert pace.budget(10) == 0
    line = phonemes("*anna *three is the *blue *leader, and *takes the *blue *leader *card.")
    assert joined(pieces([line], 12, lambda _n: 8)) == [
        "*anna *three",
        "is the *blue",  # the budget is never under the first piece's
        "*leader,",
        "and *takes",
        "the *blue",
        "*leader *card.",  # "*card." alone would be too short a rest
    ]


def test_trim_cuts_the_quiet_at_a_cut_between_words_to_a_breath():
    quiet = bytes(int(0.2 * RATE) * 2)
    pcm = quiet + tone(0.1) + quiet
    keep = int(KEEP * RATE) * 2
    assert trim(pcm, RATE, head=False, tail=False) == pcm
    head = trim(pcm, RATE, head=True, tail=False)
    assert len(pcm) - len(head) == pytest.approx(len(quiet) - keep, abs=8)
    both = trim(pcm, RATE, head=True, tail=True)
    assert len(both) == pytest.approx(len(tone(0.1)) + 2 * keep, abs=16)


def test_the_sink_reads_a_stream_as_it_comes_and_counts_a_gap_when_it_runs_dry():
    stream = Stream(RATE)
    stream.append(b"\x01\x00" * 100)
    feed = _Feed(stream)
    feed.started = lambda: False  # no device: the drain does not wait for one
    frames = feed.frames()
    next(frames)
    assert frames.send(60) == b"\x01\x00" * 60
    assert frames.send(60) == b"\x01\x00" * 40  # what there is
    assert frames.send(50) == bytes(100) and stream.gaps == 1  # silence, noted
    stream.append(b"\x02\x00" * 10)
    stream.finish()
    assert frames.send(50) == b"\x02\x00" * 10
    drain = [frames.send(5) for _ in range(3)]  # the device's periods of silence
    assert drain == [bytes(10)] * 3 and not feed.drained.is_set()
    with pytest.raises(StopIteration):
        frames.send(5)  # asked for more: the last frame has been played out
    assert feed.drained.is_set()
    assert stream.gap_seconds == pytest.approx(50 / RATE)


def test_late_is_the_silence_a_real_time_listener_would_hear():
    assert late([]) == 0.0
    assert late([(10.0, 1.0), (10.5, 1.0), (11.9, 2.0)]) == 0.0  # each ready before it is due
    assert late([(10.0, 0.5), (10.8, 1.0), (12.0, 1.0)]) == pytest.approx(0.3 + 0.2)


def test_a_fake_sink_plays_a_stream_until_it_is_finished():
    sink = FakeSink(speed=1e6)
    stream = Stream(RATE)
    stream.append(tone(0.1))
    sink.play(stream)
    assert sink.is_playing
    stream.append(tone(0.1))
    assert sink.is_playing  # not finished: more may come
    stream.finish()
    assert wait_for(lambda: not sink.is_playing)
    assert sink.plays[0].clip.seconds == pytest.approx(0.2, abs=0.001)


# -- the worker's pieces, with Piper faked (tests/voice/fake_piper.py) --------------------
SLOW = "A slow line for the table, one long enough that it is cut in pieces as it renders."


@pytest.fixture
def piper(tmp_path):
    folder = tmp_path / "fake-piper"
    folder.mkdir()
    command = [sys.executable, "-m", "tests.voice.fake_piper", str(folder)]
    synth = WorkerSynthesizer(tmp_path / "speech", command=command, engine="fake-piper")
    yield synth, folder
    synth.close()


def natural_voice(synth) -> tuple[Voice, FakeSink]:
    sink = FakeSink(speed=1e6)
    voice = Voice(Settings().with_speech("en", voice=NATURAL), sink=sink, synthesizer=synth, gap=0)
    return voice, sink


def test_a_line_never_rendered_plays_from_its_first_piece_and_is_cached_whole(piper):
    synth, folder = piper
    (folder / "hold").touch()  # the line stops after its first piece
    voice, sink = natural_voice(synth)
    try:
        voice.say_text(SLOW)
        assert wait_for(lambda: sink.plays, timeout=20)
        playing = sink.plays[0]
        assert playing.stream is not None and not playing.stream.done  # before the rest exists
        first = (folder / "pieces.txt").read_text(encoding="utf-8").splitlines()
        assert first == ["Ready", "A slow"]  # its warm-up, then a short first piece
        (folder / "hold").unlink()
        assert voice.wait_idle(20)
        assert playing.stream.done and playing.stream.ok and playing.stream.pieces >= 2
        cached = synth.path_for(SpeechRequest(SLOW, "en", NATURAL, 165))
        assert load_wav(cached).pcm == playing.clip.pcm  # the cache holds what was heard
        voice.say_text(SLOW)  # warm now: the WAV file, as any cached line
        assert voice.wait_idle(20)
        assert sink.plays[1].stream is None and sink.plays[1].clip.pcm == playing.clip.pcm
        log = synth.log.read_text(encoding="utf-8")
        assert "line waited: " in log and " late " in log  # for a listener's gaps
    finally:
        voice.close()


def test_a_line_rendered_ahead_gives_way_to_a_line_wanted_now_then_is_rendered_again(piper):
    synth, folder = piper
    (folder / "hold").touch()
    slow = "A slow line for the table. It has two sentences."
    ahead = synth.request(SpeechRequest(slow, "en", NATURAL), AHEAD)
    notes = folder / "pieces.txt"
    first = "A slow line for the table"
    assert wait_for(lambda: notes.exists() and first in notes.read_text("utf-8"), timeout=20)
    now = synth.request(SpeechRequest("Night falls.", "en", NATURAL), NOW)
    assert isinstance(now.result(timeout=20), Path)  # rendered while the other was held
    assert not ahead.done()  # given up, and queued again
    (folder / "hold").unlink()
    path = ahead.result(timeout=20)
    assert path is not None and load_wav(path).seconds > 1
    lines = notes.read_text(encoding="utf-8").splitlines()
    second = "It has two sentences"  # ahead: whole sentences; its first is rendered again
    assert lines == ["Ready", first, "Night falls", first, second]
    assert synth.rendered == 2


def test_a_stream_that_fails_midway_ends_with_what_came(piper):
    synth, folder = piper
    (folder / "hold").touch()
    voice, sink = natural_voice(synth)
    try:
        voice.say_text(SLOW)
        assert wait_for(lambda: sink.plays, timeout=20)
        stream = sink.plays[0].stream
        synth._worker.process.kill()  # the worker dies mid-line
        assert stream.wait(20) and not stream.ok
        assert voice.wait_idle(20)
        assert isinstance(sink.plays[0].clip, Clip) and sink.plays[0].clip.seconds > 0
    finally:
        voice.close()


def test_the_router_hands_the_natural_voice_s_stream_to_the_player(piper, tmp_path):
    from narrator.voice import SpeechRouter
    from tests.voice.fakes import FakeSynth

    synth, folder = piper
    (folder / "hold").touch()
    (tmp_path / "espeak").mkdir()
    router = SpeechRouter(FakeSynth(tmp_path / "espeak"), lambda: synth)
    sink = FakeSink(speed=1e6)
    settings = Settings().with_speech("en", voice=NATURAL)
    voice = Voice(settings, sink=sink, synthesizer=router, gap=0)
    try:
        voice.say_text(SLOW)
        assert wait_for(lambda: sink.plays, timeout=20)
        assert sink.plays[0].stream is not None and not sink.plays[0].stream.done
        assert router.live(SpeechRequest("Not asked for.", "en", NATURAL)) is None
        (folder / "hold").unlink()
        assert voice.wait_idle(20) and sink.plays[0].stream.ok
    finally:
        voice.close()
