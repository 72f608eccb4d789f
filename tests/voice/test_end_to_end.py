"""End to end: a scripted game played through eSpeak NG, miniaudio and ALSA into files.

The child process gets a HOME whose `.asoundrc` turns ALSA's default device into a file
writer (`type file`, with `truncate false`: every time the device is opened - once per clip -
a new file cap.wav, cap.wav.0001, … is written). That file device is not paced in real time,
so the test checks order and content, and the child's timestamps for overlap. After each clip
the sink plays the device's buffer out with silence (speaker.PERIODS periods), so a file holds
its clip, whole, then only silence.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.voice.chimes import CHIMES
from narrator.voice.speaker import PERIOD_MS, PERIODS
from tests.voice.audio import notes, pitch, read_wav, rms, voiced_fraction

TOP = Path(__file__).resolve().parents[2]
SCRIPT = [
    ("chime", "round_start"),
    ("speech", "round_start"),
    ("speech", "thirty_seconds_left"),
    ("chime", "warning_30s"),
    ("speech", "election_result"),
    ("chime", "death"),
    ("speech", "winner_loyalists"),
]
VOICE_OF = {"en": "gmw/en", "ru": "zle/ru"}

ASOUNDRC = """
pcm.!default {{
    type file
    slave.pcm "null"
    file "{capture}"
    format "wav"
    truncate false
}}
"""


def captured_files(folder: Path) -> list[Path]:
    """Each opening of the device that played something, in order. The sink opens the next
    device ahead once a clip is over; the last one opened is never started: no frame."""

    def index(path: Path) -> int:
        suffix = path.name.removeprefix("cap.wav")
        return int(suffix.lstrip(".")) if suffix else 0

    files = sorted(folder.glob("cap.wav*"), key=index)
    played = [path for path in files if len(read_wav(path)[0])]
    assert played == files[: len(played)], "only the last device opened ahead plays nothing"
    assert len(files) - len(played) <= 1
    return played


def play_game(tmp_path: Path, lang: str) -> tuple[dict, list[Path]]:
    home = tmp_path / "home"
    capture = tmp_path / "capture"
    home.mkdir()
    capture.mkdir()
    (home / ".asoundrc").write_text(ASOUNDRC.format(capture=capture / "cap.wav"))
    env = dict(os.environ)
    env.update(
        HOME=str(home),  # ALSA reads ~/.asoundrc, hence a child process
        NARRATOR_CACHE_DIR=str(tmp_path / "cache"),
        NARRATOR_CONFIG_DIR=str(tmp_path / "config"),
        PYTHONPATH=os.pathsep.join([str(TOP), env.get("PYTHONPATH", "")]),
    )
    run = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("e2e_driver.py")), lang],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    if "skip" in report:
        pytest.skip(report["skip"])
    return report, captured_files(capture)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_scripted_game_is_heard_in_order_with_nothing_overlapping(tmp_path, lang):
    report, files = play_game(tmp_path, lang)
    assert report["finished"] and report["notice"] is None, report
    assert [kind for kind, _ in report["played"]] == [kind for kind, _ in SCRIPT], report
    assert report["voices"] == [VOICE_OF[lang]]  # each language with its own voice

    # One file per opening of the device: the start-up probe, then one per line or chime.
    probe, *clips = files
    assert not any(read_wav(probe)[0])  # 10 ms of silence, then the drain
    assert len(clips) == len(SCRIPT)

    plays = report["plays"]
    for (kind, name), path, play, label in zip(SCRIPT, clips, plays, report["played"], strict=True):
        captured, rate = read_wav(path)
        samples, drain = captured[: play["frames"]], captured[play["frames"] :]
        assert len(samples) == play["frames"], f"{path.name} holds the whole clip"
        assert not any(drain), f"{path.name} holds one clip, unmixed, then silence"
        drain_limit = (PERIODS + 1) * PERIOD_MS * rate // 1000
        assert len(drain) <= drain_limit, f"{path.name}: more silence than the drain"
        seconds = len(samples) / rate
        if kind == "chime":
            assert label[1] == name
            found = notes(samples, rate)
            expected = [note.frequency for note in CHIMES[name].notes]
            assert len(found) == len(expected), name
            for note, frequency in zip(found, expected, strict=True):
                assert pitch(note, rate) == pytest.approx(frequency, rel=0.005), name
        else:
            assert seconds > 0.7, f"{label[1]!r} is too short to be speech"
            assert rms(samples) > 500, f"{label[1]!r} is silent"
            assert voiced_fraction(samples, rate) > 0.35, f"{label[1]!r} is mostly silence"

    # Nothing overlapped: each clip was handed over only after the one before had finished.
    for before, after in itertools.pairwise(plays):
        assert before["ended"] is not None and after["started"] >= before["ended"]
    # …and everything that was handed over arrived, whole: the total is the sum of the parts.
    heard = sum(len(read_wav(path)[0].tobytes().rstrip(b"\0")) // 2 for path in clips)
    assert heard <= sum(p["frames"] for p in plays)
