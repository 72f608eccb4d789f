"""The real sink (miniaudio over ALSA), in child processes whose HOME sets ALSA's default device.

Nothing may reach the terminal: libasound's own error lines are silenced, miniaudio prints none.
"""

from __future__ import annotations

import ctypes.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.voice.audio import read_wav

TOP = Path(__file__).resolve().parents[2]
MISSING = "pcm.!default { type hw card 7 }\n"  # a sound card that is not there
CAPTURE = 'pcm.!default {{ type file slave.pcm "null" file "{file}" format "wav" }}\n'
CAPTURE_EACH = CAPTURE.replace('"wav" }}', '"wav" truncate false }}')  # a file per opening

pytestmark = pytest.mark.skipif(
    ctypes.util.find_library("asound") is None, reason="ALSA (libasound2) is not installed"
)


def run_child(tmp_path: Path, asoundrc: str, code: str) -> tuple[dict, str, str]:
    (tmp_path / ".asoundrc").write_text(asoundrc)
    env = dict(os.environ, HOME=str(tmp_path), PYTHONPATH=str(TOP))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    *printed, last = done.stdout.splitlines()
    return json.loads(last), "\n".join(printed), done.stderr


PLAY_ON_MISSING = """
import json
from narrator.voice.speaker import MiniaudioSink
from narrator.voice.sinks import Clip, SinkError
sink = MiniaudioSink()
try:
    sink.probe()
    print(json.dumps({"error": None}))
except SinkError as error:
    print(json.dumps({"error": str(error), "kind": error.kind}))
"""


def test_a_missing_sound_device_is_a_sink_error_and_prints_nothing(tmp_path):
    report, stdout, stderr = run_child(tmp_path, MISSING, PLAY_ON_MISSING)
    assert report == {
        "error": "failed to init device: failed to open backend device",
        "kind": "device",
    }
    assert stdout == "" and stderr == ""  # libasound's "cannot find card" lines are silenced


PLAY_AND_STOP = """
import json, time
from narrator.voice.speaker import MiniaudioSink
from narrator.voice.sinks import Clip
sink = MiniaudioSink()
sink.play(Clip(bytes(2 * 22050 * 3), 22050))  # three seconds
started = time.monotonic()
sink.stop()
print(json.dumps({"stop_s": time.monotonic() - started,
                  "after": sink.is_playing}))
"""


def test_stopping_a_line_returns_at_once_and_frees_the_device(tmp_path):
    # The file device is not paced, so the line may already be played out and the callback
    # waiting for the stop: stop() must not wait for it (its 2 s limit).
    capture = tmp_path / "cap.wav"
    report, stdout, stderr = run_child(tmp_path, CAPTURE.format(file=capture), PLAY_AND_STOP)
    assert not report["after"]
    assert report["stop_s"] < 0.5
    assert capture.exists() and stdout == "" and stderr == ""


def test_a_clip_ends_by_itself_once_the_device_has_played_it_out(tmp_path):
    code = """
import json, time
from narrator.voice.speaker import MiniaudioSink
from narrator.voice.sinks import Clip
sink = MiniaudioSink()
sink.play(Clip(bytes(2 * 2205), 22050))
deadline = time.monotonic() + 5
while sink.is_playing and time.monotonic() < deadline:
    time.sleep(0.002)
print(json.dumps({"ended": not sink.is_playing}))
"""
    report, _, _ = run_child(tmp_path, CAPTURE.format(file=tmp_path / "cap.wav"), code)
    assert report["ended"]


def test_the_volume_is_applied_as_the_clip_is_fed_and_the_next_device_is_opened_ahead(
    tmp_path,
):
    code = """
import json, time
from narrator.voice.speaker import MiniaudioSink
from narrator.voice.sinks import Clip
sink = MiniaudioSink()
tone = b"".join((8000 if i % 50 < 25 else -8000).to_bytes(2, "little", signed=True)
                for i in range(22050))
for volume in (0.5, 1.0):
    sink.play(Clip(tone, 22050), volume)
    while sink.is_playing:
        time.sleep(0.002)
print(json.dumps({"spare": sink._spare is not None}))
sink.close()
"""
    report, stdout, stderr = run_child(
        tmp_path, CAPTURE_EACH.format(file=tmp_path / "cap.wav"), code
    )
    assert report["spare"] and stdout == "" and stderr == ""
    half, full, spare = sorted(tmp_path.glob("cap.wav*"))
    half_samples, full_samples = read_wav(half)[0], read_wav(full)[0]
    assert max(full_samples) == 8000 and max(half_samples) == 4000
    assert len(half_samples) >= 22050 and len(full_samples) >= 22050
    assert read_wav(spare)[0] == read_wav(spare)[0][:0]  # opened ahead, never started


def test_the_sink_lets_its_callbacks_take_the_interpreter_lock_within_half_a_millisecond(
    tmp_path,
):
    # The device's callback is Python: with CPython's default 5 ms, each of a line's first
    # periods could wait that long while the screen's thread draws after a key.
    code = """
import json, sys
from narrator.voice.speaker import MiniaudioSink
default = sys.getswitchinterval()
MiniaudioSink()
lowered = sys.getswitchinterval()
sys.setswitchinterval(0.0001)
MiniaudioSink()
print(json.dumps({"default": default, "lowered": lowered, "kept": sys.getswitchinterval()}))
"""
    report, _, _ = run_child(tmp_path, CAPTURE.format(file=tmp_path / "cap.wav"), code)
    assert report["default"] == 0.005
    assert report["lowered"] == pytest.approx(0.0005)
    assert report["kept"] == pytest.approx(0.0001)  # never raised, only lowered


def test_the_sink_is_ready_for_a_line_only_with_a_device_opened_ahead_for_its_format(tmp_path):
    code = """
import json, time
from narrator.voice.speaker import MiniaudioSink
from narrator.voice.sinks import Clip
sink = MiniaudioSink()
line, other = Clip(bytes(2 * 2205), 22050), Clip(bytes(2 * 4410), 44100)
report = {"new": sink.ready_for(line)}
sink.play(line)
report["playing"] = sink.ready_for(line)
while sink.is_playing:
    time.sleep(0.002)
report["after"], report["other_rate"] = sink.ready_for(line), sink.ready_for(other)
sink.close()
report["closed"] = sink.ready_for(line)
print(json.dumps(report))
"""
    report, stdout, stderr = run_child(tmp_path, CAPTURE.format(file=tmp_path / "cap.wav"), code)
    assert report == {
        "new": False,  # nothing opened yet: play() would open the device (milliseconds)
        "playing": False,
        "after": True,  # the next device, opened ahead when the line ended
        "other_rate": False,
        "closed": False,  # quitting lets the device opened ahead go
    }
    assert stdout == "" and stderr == ""
