"""The playback queue, with a fake sink: order, cut-in, mute, replay, volume, no blocking."""

from __future__ import annotations

import pytest

import narrator.voice as voice_module
from narrator.settings import Settings
from narrator.voice import FakeSink, SinkError, Voice
from narrator.voice.chimes import CHIMES
from narrator.voice.synth import AHEAD, NEXT
from tests.voice.audio import samples_of
from tests.voice.fakes import FakeSynth, wait_for


@pytest.fixture
def make_voice(tmp_path):
    made = []

    def make(settings=None, *, sink=None, synth=None, **kwargs):
        sink = FakeSink(speed=20.0) if sink is None else sink
        synth = FakeSynth(tmp_path) if synth is None else synth
        voice = Voice(settings or Settings(), sink=sink, synthesizer=synth, gap=0, **kwargs)
        made.append(voice)
        return voice, sink, synth

    yield make
    for voice in made:
        voice.close()


def test_lines_and_chimes_play_one_after_another_never_overlapping(make_voice, ravnica_words):
    voice, sink, _ = make_voice()
    voice.say("opening_close_eyes")
    voice.chime("round_start")
    voice.say("round_start", round=1, colour="White")
    voice.chime("warning_30s")
    voice.say_text("Free text.")
    assert voice.wait_idle(5)
    assert voice.played == [
        ("speech", "Everyone, close your eyes."),
        ("chime", "round_start"),
        ("speech", "Round 1. The colour is White. Discussion begins now."),
        ("chime", "warning_30s"),
        ("speech", "Free text."),
    ]
    for before, after in zip(sink.plays, sink.plays[1:], strict=False):
        assert before.ended is not None and not before.stopped
        assert after.started >= before.ended
    assert sink.plays[1].clip.seconds == pytest.approx(CHIMES["round_start"].seconds, abs=0.001)


def test_say_returns_the_caption_at_once_even_while_speech_is_still_rendering(
    make_voice, tmp_path, ravnica_words
):
    voice, sink, synth = make_voice(synth=FakeSynth(tmp_path, hold=True))
    # The synthesizer holds every line until released: a say() that waited for its rendering
    # would never return. (How fast it returns is scripts/bench's "keypress" row.)
    caption = voice.say("election_result", colour="Blue", player="Ann")
    assert caption == "Ann is the Blue leader, and takes the Blue leader card."
    assert list(voice.captions) == [caption]
    assert not sink.plays  # still rendering
    synth.release()
    assert voice.wait_idle(5)
    assert voice.played == [("speech", caption)]


def test_an_urgent_line_cuts_in_and_drops_the_waiting_ones(make_voice):
    voice, sink, _ = make_voice(sink=FakeSink(speed=1.0))  # real time: 0.4 s a line
    voice.say_text("A long line.")
    voice.say_text("Waiting, never heard.")
    voice.chime("tick")
    assert wait_for(lambda: sink.plays)
    sink.speed = 50.0  # from here on the test need not wait in real time
    voice.chime("time_up", urgent=True)
    assert voice.wait_idle(5)
    assert voice.played == [("speech", "A long line."), ("chime", "time_up")]
    first, urgent = sink.plays
    assert first.stopped and first.ended <= urgent.started
    assert first.ended - first.started < 0.3  # cut short, not played to its end


def test_an_urgent_line_does_not_wait_for_a_line_still_rendering(make_voice, tmp_path):
    voice, _, synth = make_voice(synth=FakeSynth(tmp_path, hold=True))
    voice.say_text("Stuck in the engine.")
    voice.chime("time_up", urgent=True)
    assert voice.wait_idle(5)
    assert voice.played == [("chime", "time_up")]
    synth.release()


def test_muted_nothing_is_played_but_captions_go_on(make_voice):
    voice, sink, synth = make_voice(sink=FakeSink(speed=1.0))
    voice.say_text("Playing when muted.")
    assert wait_for(lambda: sink.plays)
    assert voice.toggle_mute() is True
    assert wait_for(lambda: not sink.is_playing)
    assert sink.plays[0].stopped  # muting silences the line being spoken
    caption = voice.say("time_up")
    voice.chime("time_up", urgent=True)
    assert caption == "Time is up."
    assert voice.wait_idle(5)
    assert len(sink.plays) == 1
    assert list(voice.captions) == ["Playing when muted.", "Time is up."]
    assert len(synth.requests) == 1  # a muted line is not even rendered
    assert voice.toggle_mute() is False
    voice.say("time_up")
    assert voice.wait_idle(5)
    assert voice.played[-1] == ("speech", "Time is up.")


def test_muted_from_the_settings():
    voice = Voice.silent(Settings(muted=True))
    assert voice.muted and voice.say("time_up") == "Time is up."


def test_replay_says_the_last_line_again(make_voice):
    voice, sink, _ = make_voice()
    assert voice.replay_last() is None
    voice.say("thirty_seconds_left")
    voice.chime("warning_30s")
    assert voice.wait_idle(5)
    assert voice.replay_last() == "Thirty seconds left."
    assert voice.wait_idle(5)
    assert voice.played[-1] == ("speech", "Thirty seconds left.")
    assert len(sink.plays) == 3


def test_replay_cuts_in_but_keeps_what_is_waiting(make_voice):
    voice, sink, _ = make_voice(sink=FakeSink(speed=2.0))
    voice.say_text("One.")
    voice.say_text("Two.")
    assert wait_for(lambda: sink.plays)
    voice.replay_last()
    assert voice.wait_idle(5)
    assert voice.played == [("speech", "One."), ("speech", "Two."), ("speech", "Two.")]
    assert sink.plays[0].stopped


def test_volume_scales_the_samples(make_voice):
    voice, sink, _ = make_voice(Settings(volume=0.5))
    voice.chime("vote_confirmed")
    assert voice.wait_idle(5)
    assert voice.set_volume(1.7) == 1.0  # clamped
    voice.chime("vote_confirmed")
    assert voice.wait_idle(5)
    voice.set_volume(0.0)
    voice.chime("vote_confirmed")
    assert voice.wait_idle(5)
    half, full, silent = (samples_of(clip.pcm) for clip in sink.clips)
    assert max(full) > 10000
    assert all(abs(h - f * 0.5) <= 1 for h, f in zip(half, full, strict=True))
    assert max(abs(s) for s in silent) == 0
    assert voice.volume == voice.settings.speech("en").volume == 0.0  # English only


def test_no_sound_device_gives_a_notice_and_captions_go_on(make_voice):
    notices = []
    broken = FakeSink(fail=SinkError("Error opening PCM device."))
    voice, _, synth = make_voice(sink=broken, on_notice=notices.append)
    assert wait_for(lambda: voice.notice is not None)
    assert voice.notice.startswith("No sound device (Error opening PCM device.): captions only.")
    assert "F5" in voice.notice
    assert voice.say("time_up") == "Time is up."
    voice.chime("time_up")
    assert voice.wait_idle(5)
    assert voice.played == [] and synth.requests == []
    broken.fail = None  # the speakers are plugged in; the user presses F5
    voice.retry()
    assert wait_for(lambda: voice.notice is None)
    assert notices == [
        voice_module.catalogue("en").format(
            "notice.no_sound_device", detail="Error opening PCM device.", retry_key="F5"
        ),
        None,
    ]
    voice.say("time_up")
    assert voice.wait_idle(5)
    assert voice.played == [("speech", "Time is up.")]


def test_no_playback_library_gives_its_own_notice_in_the_chosen_language(monkeypatch, tmp_path):
    def missing():
        raise SinkError("No module named 'miniaudio'", "library")

    monkeypatch.setattr(voice_module, "MiniaudioSink", missing)
    voice = Voice(Settings(language="ru"), synthesizer=FakeSynth(tmp_path), gap=0)
    try:
        assert wait_for(lambda: voice.notice is not None)
        assert voice.notice.startswith("Воспроизведение звука не установлено")
        assert voice.say("time_up") == "Время вышло."
    finally:
        voice.close()


def test_a_sink_that_breaks_mid_game_degrades_to_captions(make_voice):
    voice, sink, _ = make_voice()
    voice.say_text("Heard.")
    assert voice.wait_idle(5)
    sink.fail = SinkError("device unplugged")
    voice.say_text("Not heard.")
    assert voice.wait_idle(5)
    assert "device unplugged" in (voice.notice or "")
    assert voice.played == [("speech", "Heard.")]


def test_the_silent_voice_records_captions_and_chimes():
    voice = Voice.silent(Settings(language="ru"))
    assert voice.say("time_up") == "Время вышло."
    voice.chime("death")
    assert voice.toggle_mute() is True
    assert list(voice.captions) == ["Время вышло."] and voice.chimes == ["death"]
    assert voice.replay_last() == "Время вышло."
    assert voice.notice is None and voice.wait_idle() and voice.played == []
    voice.close()


def test_an_unknown_chime_is_a_clear_error(make_voice):
    voice, _, _ = make_voice()
    with pytest.raises(KeyError, match="no chime 'gong'"):
        voice.chime("gong")


def test_prewarm_renders_fixed_lines_ahead_at_low_priority(make_voice, ravnica_words):
    voice, _, synth = make_voice()
    count = voice.prewarm(["time_up", "round_start", ("time_added", {"seconds": 30}), "Hello."])
    assert count == 3  # round_start needs names: it is rendered when they are known
    texts = [(request.text, priority) for request, priority in synth.requests]
    assert texts == [("Time is up.", AHEAD), ("30 seconds added.", AHEAD), ("Hello.", AHEAD)]
    voice.prewarm(["Next."], soon=True)  # what the next key may say: before the others
    assert synth.requests[-1][1] == NEXT < AHEAD


def test_a_muted_voice_renders_nothing_ahead(make_voice):
    voice, _, synth = make_voice(Settings(muted=True))
    assert voice.prewarm(["time_up", "Hello."]) == 0 and synth.requests == []


def test_settings_apply_from_the_next_line(make_voice):
    voice, _, synth = make_voice()
    voice.apply_settings(Settings(language="ru", voice="zle/ru", rate=140))
    assert voice.say("time_up") == "Время вышло."
    request, _ = synth.requests[-1]
    assert (request.lang, request.voice, request.rate) == ("ru", "zle/ru", 140)


def test_urgent_items_queue_behind_each_other(make_voice):
    voice, sink, _ = make_voice(sink=FakeSink(speed=2.0))
    voice.say_text("Cut short.")
    assert wait_for(lambda: sink.plays)
    sink.speed = 50.0
    voice.chime("time_up", urgent=True)
    voice.say("time_up", urgent=True)  # the chime, then its line: neither cuts the other
    assert voice.wait_idle(5)
    assert voice.played == [
        ("speech", "Cut short."),
        ("chime", "time_up"),
        ("speech", "Time is up."),
    ]
    assert [played.stopped for played in sink.plays] == [True, False, False]


def test_a_muted_voice_never_probes_the_sound_device_until_unmuted(tmp_path):
    """--mute: no "No sound device" notice, because the device is not even opened."""
    opened = []

    def no_device():
        opened.append(True)
        return FakeSink(fail=SinkError("no card", kind="device"))

    voice = Voice(Settings(muted=True), synthesizer=FakeSynth(tmp_path), gap=0)
    voice._player._sink_factory = no_device  # the real factory would open ALSA
    try:
        voice.say("time_up")
        assert voice.wait_idle(2) and opened == [] and voice.notice is None
        voice.toggle_mute()
        assert wait_for(lambda: voice.notice is not None) and opened == [True]
    finally:
        voice.close()
