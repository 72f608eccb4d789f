"""Plays a short scripted game through the real path (eSpeak NG worker + miniaudio + ALSA).

Run by test_end_to_end.py in a child process whose HOME holds an `.asoundrc` that sends ALSA's
default device to files. Prints one JSON line: what was played, when, and which voice spoke.
"""

from __future__ import annotations

import ctypes.util
import json
import sys
import time

from narrator import paths
from narrator.games.ravnica.tables import colour_term
from narrator.games.registry import get
from narrator.prompts import use_game
from narrator.settings import Settings
from narrator.voice import MiniaudioSink, SinkError, Voice, WorkerSynthesizer
from narrator.voice.synth import NO_ENGINE


class TimingSink:
    """The real sink, with the time each clip was handed over and seen finished."""

    def __init__(self) -> None:
        self.sink = MiniaudioSink()
        self.log: list[dict] = []

    def probe(self) -> None:
        self.sink.probe()

    def play(self, audio, volume: float = 1.0) -> None:
        self.sink.play(audio, volume)
        self.log.append({"frames": len(audio.pcm) // 2, "started": time.monotonic(), "ended": None})

    def stop(self) -> None:
        self.sink.stop()

    @property
    def is_playing(self) -> bool:
        playing = self.sink.is_playing
        if not playing and self.log and self.log[-1]["ended"] is None:
            self.log[-1]["ended"] = time.monotonic()
        return playing


def main(lang: str) -> dict:
    if ctypes.util.find_library("asound") is None:
        return {"skip": "ALSA (libasound2) is not installed"}
    try:
        sink = TimingSink()
    except SinkError as error:
        return {"skip": f"miniaudio is not usable: {error}"}
    use_game(get("ravnica").words_dir)  # a game of Ravnica: its lines, as the app says them
    synth = WorkerSynthesizer(paths.cache_dir() / "speech")
    voice = Voice(Settings(language=lang), sink=sink, synthesizer=synth, gap=0.02)
    problems: list[list] = []  # every problem the synthesizer reported, for the test's message
    told = synth.on_problem

    def record(kind, detail):
        problems.append([kind, detail])
        told(kind, detail)

    synth.on_problem = record
    try:
        synth.wait_idle(30)  # the worker has started (or failed to)
        if synth.problem and synth.problem[0] == NO_ENGINE:
            return {"skip": f"no speech engine: {synth.problem[1]}"}
        voice.wait_idle(10)  # the sink was opened
        # A short game: the round opens, time runs low, a leader, a death, the winner.
        voice.chime("round_start")
        voice.say("round_start", round=1, colour=colour_term("W"))
        voice.say("thirty_seconds_left")
        voice.chime("warning_30s")
        voice.say("election_result", colour=colour_term("U"), player="Anna")
        voice.chime("death")
        voice.say("winner_loyalists")
        finished = voice.wait_idle(60)
        return {
            "finished": finished,
            "notice": voice.notice,
            "played": voice.played,
            "plays": sink.log,
            "voices": sorted(set(synth.voice_used.values())),
            "engine": synth.engine_detail,
            "problems": problems,
            "player_problem": voice._player.problem,
        }
    finally:
        voice.close()


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1]), ensure_ascii=False))
