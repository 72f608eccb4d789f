"""The chimes: short, clean, not clipped, and at the frequencies documented in chimes.py."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from narrator import paths
from narrator.voice import chimes
from narrator.voice.chimes import CHIMES, REPO_SOUNDS
from tests.voice.audio import notes, peak, pitch, read_wav, samples_of

TOP = Path(__file__).resolve().parents[2]


def check_chime(name: str, samples, rate: int) -> None:
    chime = CHIMES[name]
    assert rate in (22050, 44100)
    assert 0.1 <= len(samples) / rate <= 1.5, name
    assert peak(samples) < 0.9, f"{name} is too loud"
    assert abs(samples[0]) < 100 and abs(samples[-1]) < 100, f"{name} starts or ends with a click"
    found = notes(samples, rate)
    assert len(found) == len(chime.notes), name
    for note, measured in zip(chime.notes, found, strict=True):
        assert pitch(measured, rate) == pytest.approx(note.frequency, rel=0.005), name


@pytest.mark.parametrize("name", list(CHIMES))
def test_each_sound_file_is_short_clean_and_at_its_frequencies(name):
    samples, rate = read_wav(REPO_SOUNDS / f"{name}.wav")
    check_chime(name, samples, rate)


def test_the_issue_s_seven_chimes_exist():
    assert set(CHIMES) == {
        "round_start",
        "warning_30s",
        "tick",
        "time_up",
        "vote_confirmed",
        "death",
        "victory",
    }


def test_the_sound_files_are_what_the_generator_makes():
    for name in CHIMES:
        made = samples_of(chimes.render(name))
        kept, _ = read_wav(REPO_SOUNDS / f"{name}.wav")
        assert len(made) == len(kept)
        assert max(abs(a - b) for a, b in zip(made, kept, strict=True)) <= 1, name


def test_make_sounds_runs_with_plain_python_and_the_standard_library(tmp_path):
    (tmp_path / "scripts").mkdir()
    (tmp_path / "narrator" / "voice").mkdir(parents=True)
    shutil.copy(TOP / "scripts" / "make-sounds", tmp_path / "scripts")
    shutil.copy(TOP / "narrator" / "voice" / "chimes.py", tmp_path / "narrator" / "voice")
    run = subprocess.run(
        [sys.executable, "-I", "-S", str(tmp_path / "scripts" / "make-sounds")],
        check=False,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert run.returncode == 0, run.stderr
    assert len(run.stdout.splitlines()) == len(CHIMES)
    for name in CHIMES:
        samples, rate = read_wav(tmp_path / "sounds" / f"{name}.wav")
        check_chime(name, samples, rate)


def test_missing_sound_files_are_made_in_the_cache(monkeypatch, tmp_path):
    monkeypatch.setattr(chimes, "REPO_SOUNDS", tmp_path / "nowhere")
    folder = chimes.sounds_dir()
    assert folder == paths.cache_dir() / "sounds"
    assert sorted(p.stem for p in folder.glob("*.wav")) == sorted(CHIMES)
