"""scripts/bench's measures of a game in the app: a keypress to the first audio frame, the
timer's error at time up, the night pass's turns, and a 10-player game's memory."""

from __future__ import annotations

import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from scripts.bench_common import COLUMNS, NAMES, ROWS, Row, met, ms, narrator_dirs, spread, top


# --- keypress → first audio frame --------------------------------------------------------
def speech_problem(synth, timeout: float = 30) -> str | None:
    """None once the speech worker has started; otherwise why it cannot speak."""
    deadline = time.monotonic() + timeout
    while synth.engine_detail is None and synth.problem is None:
        if time.monotonic() > deadline:
            return f"the speech worker did not start within {timeout:g} s"
        time.sleep(0.01)
    return synth.problem[1] if synth.problem else None


async def keypress(runs: int, natural: bool = False) -> tuple[list[float], list[float]] | str:
    """(warm, cold) seconds from pressing 'v' to the clip reaching the sink; or why skipped.
    ``natural``: with the natural voice (Piper) instead of eSpeak NG."""
    from narrator.settings import NATURAL, Settings
    from narrator.tui.app import NarratorApp
    from narrator.voice import FakeSink, Voice, WorkerSynthesizer
    from narrator.voice.natural import natural_synthesizer

    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "speech"
        synth = natural_synthesizer(cache) if natural else WorkerSynthesizer(cache)
        settings = Settings().with_speech("en", voice=NATURAL) if natural else Settings()
        sink = FakeSink(speed=1e6, clock=time.perf_counter)  # "plays" a line in microseconds
        voice = Voice(settings, sink=sink, synthesizer=synth)
        problem = speech_problem(synth)
        if problem:
            voice.close()
            return f"skipped: speech engine unavailable ({problem})"
        app = NarratorApp(data_dir=Path(folder) / "games", voice=voice)
        from narrator.games import registry
        from narrator.prompts import use_game

        use_game(registry.get("ravnica").words_dir)  # its line is Ravnica's: no fallback

        def say_unheard(player: str) -> None:
            """Make the line the last one said without playing it (so 'v' is its first play)."""
            voice.apply_settings(replace(voice.settings, muted=True))
            app.say("election_result", colour="Blue", player=player)
            voice.apply_settings(replace(voice.settings, muted=False))

        async def replay(pilot) -> float:
            voice.wait_idle(10)
            before = len(sink.plays)
            pressed = time.perf_counter()
            await pilot.press("v")
            while len(sink.plays) == before:
                if time.perf_counter() > pressed + 30:
                    raise RuntimeError("'v' was pressed but no audio reached the sink in 30 s")
                await asyncio.sleep(0.0005)
            return sink.plays[before].started - pressed

        warm, cold = [], []
        async with app.run_test(size=(COLUMNS, ROWS)) as pilot:
            for i in range(runs):
                name = f"{NAMES[i % len(NAMES)]} {i}"
                say_unheard(name)  # never rendered: a cold cache
                cold.append(await replay(pilot))
                name += " again"
                voice.prewarm([("election_result", {"colour": "Blue", "player": name})])
                synth.wait_idle(30)  # rendered to disk ahead, not yet loaded: a warm cache
                say_unheard(name)
                warm.append(await replay(pilot))
        voice.close()
    return warm, cold


# --- timer accuracy ----------------------------------------------------------------------
class WatchingClock:
    """time.monotonic for the app, keeping every reading from when `deadline` is set until the
    first reading past it (the app reads its clock each time it checks the countdown)."""

    def __init__(self) -> None:
        self.deadline: float | None = None
        self.readings: list[float] = []

    @property
    def passed(self) -> bool:
        return bool(self.readings) and self.readings[-1] >= self.deadline

    def __call__(self) -> float:
        now = time.monotonic()
        if self.deadline is not None and not self.passed:
            self.readings.append(now)
        return now


async def timer_error(seconds: int, seed: int) -> float:
    """The error at "time up" in seconds, for one discussion countdown of `seconds` in a
    5-player game (the seed moves where the deadline falls between two of the app's ticks)."""
    from narrator.games.ravnica.state import Step
    from narrator.settings import Settings
    from narrator.tui.app import NarratorApp
    from narrator.voice import FakeSink, Voice, WorkerSynthesizer
    from tests.tui.driver import play_until, random_picker, setup_game

    with tempfile.TemporaryDirectory() as folder:
        clock = WatchingClock()
        synth = WorkerSynthesizer(Path(folder) / "speech")
        voice = Voice(Settings(), sink=FakeSink(speed=1.0), synthesizer=synth)  # real time
        app = NarratorApp(
            data_dir=Path(folder) / "games", voice=voice, clock=clock, pace=0.001, new=True
        )
        async with app.run_test(size=(COLUMNS, ROWS)) as pilot:
            await setup_game(pilot, app, 5, options={"round_seconds": seconds, "deck": "app"})
            pick = random_picker(seed)
            await play_until(pilot, app, Step.DISCUSSION, pick)
            clock.deadline = time.monotonic() + app.countdown.remaining()
            while app.state.step is Step.DISCUSSION:  # the app ends it at "time up"
                if time.monotonic() > clock.deadline + 10:
                    raise RuntimeError("the app did not call time up within 10 s")
                await asyncio.sleep(0.2)
        voice.close()
    return clock.readings[-1] - clock.deadline


# --- the night pass (Werewolf, W24) -------------------------------------------------------
async def pass_turns(seconds: int) -> list[float]:
    """Each turn of a 6-player night pass in the app, cue to cue, in seconds: the real
    Textual timers at real speed, every turn's entry saved (fsync) as in a game."""
    from narrator.games.werewolf.state import Step
    from tests.tui.werewolf_driver import TimedVoice, make_app, night_of_day_one, on_step, wait_for

    with tempfile.TemporaryDirectory() as folder:
        voice = TimedVoice()
        app = make_app(Path(folder), voice=voice, clock=time.monotonic)
        async with app.run_test(size=(COLUMNS, ROWS)) as pilot:
            await night_of_day_one(pilot, app, pass_seconds=seconds)
            app.pace = 1.0  # real time from here
            await pilot.press("c")
            await wait_for(
                pilot, lambda: on_step(app, Step.ATTACK_REVEAL), tries=100 * 8 * seconds + 2000
            )
    cues = [t for prompt_id, t in voice.said if prompt_id in ("ww_pass", "ww_pass_end")]
    return [b - a for a, b in zip(cues, cues[1:], strict=False)]


# --- memory of a 10-player game ----------------------------------------------------------
async def play_game() -> dict[str, float | bool]:
    """Run in the child: a whole 10-player game through the UI; peak RSS in MiB."""
    from narrator.settings import Settings
    from narrator.tui.app import NarratorApp
    from narrator.voice import FakeSink, Voice, WorkerSynthesizer
    from tests.tui.driver import play_to_end, random_picker, setup_game

    with tempfile.TemporaryDirectory() as folder:
        synth = WorkerSynthesizer(Path(folder) / "speech")
        voice = Voice(Settings(), sink=FakeSink(speed=1e6), synthesizer=synth)
        app = NarratorApp(data_dir=Path(folder) / "games", voice=voice, pace=0.001, new=True)
        async with app.run_test(size=(COLUMNS, ROWS)) as pilot:
            await setup_game(pilot, app, 10, seed=3)
            await play_to_end(pilot, app, random_picker(3))
        voice.close()  # the worker is waited for, so RUSAGE_CHILDREN counts it
    mib = 1024.0  # ru_maxrss is in KiB on Linux
    return {
        "app": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / mib,
        "worker": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / mib,
        "engine": synth.engine_detail is not None,  # a speech worker ran
    }


def game_memory() -> dict[str, float | bool]:
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, **narrator_dirs(Path(folder))}
        done = subprocess.run(
            [sys.executable, str(top / "scripts" / "bench"), "--play-game"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(f"the 10-player game failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def keypress_rows(runs: int) -> tuple[list[Row], list[str]]:
    from narrator.voice.natural import natural_installed

    rows: list[Row] = []
    notes = []
    for name, natural in (("eSpeak NG", False), ("Piper", True)):
        if natural and not natural_installed():
            rows.append([f"keypress -> first audio frame, {name}", "not installed"])
            continue
        measured = asyncio.run(keypress(runs, natural))
        if isinstance(measured, str):
            rows.append([f"keypress -> first audio frame, {name}", measured, "", "", "<= 30 ms"])
            continue
        warm, cold = measured
        rows += [
            [
                f"keypress -> first audio frame, {name}, warm cache (median of {runs})",
                ms(statistics.median(warm)),
                "",
                "",
                "<= 30 ms",
                met(statistics.median(warm) <= 0.030),
            ],
            [
                f"keypress -> first audio frame, {name}, cold cache (median of {runs})",
                ms(statistics.median(cold)),
            ],
        ]
        notes.append(f"keypress, {name}: warm {spread(warm)}; cold {spread(cold)}")
    return rows, notes


def timer_rows(seconds: int, repeats: int) -> tuple[list[Row], list[str]]:
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])  # the other core
    try:
        errors = [asyncio.run(timer_error(seconds, seed)) for seed in range(1, repeats + 1)]
    finally:
        burner.kill()
        burner.wait()
    worst = max(errors)
    what = f"worst of {repeats} {seconds} s countdowns, other core busy"
    rows = [[f"timer error at time up ({what})", ms(worst), "", "", "<= 50 ms", met(worst <= 0.05)]]
    note = (
        "timer: errors " + ", ".join(ms(e) for e in errors) + "; the app ticks every 0.1 s and,"
        " with less than a tick left, sets a one-shot timer for the deadline itself"
    )
    return rows, [note]


def pass_rows(seconds: int) -> tuple[list[Row], list[str]]:
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])  # the other core
    try:
        turns = asyncio.run(pass_turns(seconds))
    finally:
        burner.kill()
        burner.wait()
    spread_ms = (max(turns) - min(turns)) if turns else float("inf")
    what = f"{len(turns)} turns of {seconds} s, other core busy"
    rows = [
        [
            f"night pass: longest − shortest turn ({what})",
            ms(spread_ms),
            "",
            "",
            "<= 50 ms",
            met(spread_ms <= 0.05),
        ]
    ]
    return rows, ["night pass: turns " + ", ".join(f"{t:.3f} s" for t in turns)]


def memory_rows() -> tuple[list[Row], list[str]]:
    memory = game_memory()
    rows = [
        [
            "peak RSS, 10-player game: the app",
            f"{memory['app']:.0f} MiB",
            "",
            "",
            "<= 120 MiB",
            met(memory["app"] <= 120),
        ]
    ]
    if not memory["engine"]:
        return rows, ["memory: no speech engine, so the game ran with captions only"]
    rows.append(["peak RSS, 10-player game: its speech worker", f"{memory['worker']:.0f} MiB"])
    return rows, []
