"""scripts/bench's cold start (the home screen's first frame against a bare Textual app) and
its history of 1,000 games (the cold start with it, and the history screen opened)."""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from scripts.bench_common import (
    Frame,
    Row,
    compiled,
    first_frame,
    in_terminal,
    met,
    ms,
    screen_times,
    spread,
    top,
)

HOME_MARKER = b"INQUISITION NARRATOR"  # the home screen's title
# The cold start against a bare Textual app, on a quiet machine (issue 39): an empty history,
# and 1,000 games in it (the measure "history"). Under load both ratios grow.
COLD_GOAL, HISTORY_GOAL = 1.2, 1.3
BARE_MARKER = b"BARE TEXTUAL APP"
BARE_APP = f"""
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static({BARE_MARKER.decode()!r})

Bare().run()
"""


def cold_start(runs: int) -> tuple[list[Frame], list[Frame]]:
    """(bare app, narrator) first frames, interleaved so that both see the same machine."""
    compiled()
    bare, narrator = [], []
    for _ in range(runs):
        bare.append(first_frame([sys.executable, "-c", BARE_APP], BARE_MARKER))
        narrator.append(first_frame([str(top / ".venv" / "bin" / "narrator")], HOME_MARKER))
    return bare, narrator


def against_bare(
    name: str, bare: list[Frame], narrator: list[Frame], goal: float
) -> tuple[list[Row], list[str]]:
    """The rows of a cold start against the bare app: the processor time's (judged) and the
    wall time's; each ratio the median of the runs' pairs' (each pair ran side by side)."""
    rows, notes = [], []
    for kind, field in (("processor", "cpu"), ("wall", "wall")):
        mine = [getattr(frame, field) for frame in narrator]
        theirs = [getattr(frame, field) for frame in bare]
        if None in mine + theirs:
            rows.append([f"{name}, {kind} time", "not measured here (no /proc)"])
            continue
        ratios = sorted(m / t for m, t in zip(mine, theirs, strict=True))
        ratio = statistics.median(ratios)
        rows.append(
            [
                f"{name}, {kind} time (median of {len(ratios)})",
                ms(statistics.median(mine)),
                f"{ms(statistics.median(theirs))} (bare Textual app)",
                f"{ratio:.2f}x",
                f"<= {goal}x" if kind == "processor" else "",
                met(ratio <= goal) if kind == "processor" else "",
            ]
        )
        quarter = len(ratios) // 4
        notes.append(
            f"{name}, {kind}: narrator {spread(mine)}; bare app {spread(theirs)}; ratios "
            f"{ratios[quarter]:.2f}-{ratios[-1 - quarter]:.2f} (middle half)"
        )
    return rows, notes


def cold_start_rows(runs: int) -> tuple[list[Row], list[str]]:
    bare, narrator = cold_start(runs)
    return against_bare("cold start to the home screen", bare, narrator, COLD_GOAL)


def history_folder(folder: Path, games: int = 1000) -> Path:
    """A data folder of `games` journals, copies of the example games (a few left unfinished),
    with its history database up to date (the rows read once, then kept for each copy)."""
    import io
    import shutil

    from narrator.history.reading import read
    from narrator.history.store import History
    from narrator.play import play_script

    models = folder / "models"
    for script in sorted((top / "examples").glob("*.txt")):
        play_script(script.read_text().splitlines(), io.StringIO(), models)
    finished = sorted(models.glob("*.jsonl"))
    half = (top / "examples" / "five-players.txt").read_text().splitlines()
    play_script(half[: len(half) // 2], io.StringIO(), models)
    (unfinished,) = set(models.glob("*.jsonl")) - set(finished)
    rows = {path: read(path) for path in [*finished, unfinished]}
    data = folder / "data"
    data.mkdir()
    copies = []
    for n in range(games):
        path = finished[n % len(finished)] if n % 100 else unfinished  # 1 in 100 unfinished
        copy = data / f"{path.stem}-{n:04d}.jsonl"
        shutil.copy2(path, copy)  # the same size and time: the history sees it as indexed
        copies.append(rows[path]._replace(journal=copy.name))
    history = History(data)
    history.index(copies)
    assert history.sync() == 0 and history.count() == games
    assert history.count(status="playing") == games // 100
    history.close()
    return data


HISTORY_MARKERS = (b"Started", b"Export")  # its table's heading and its key line
AGAIN_MARKER = b"(5 players"  # the home screen's unfinished game, read from the history


def history_screen_times(data: Path, runs: int) -> list[float]:
    """Seconds from writing 'h' on the home screen to the history screen's table heading and
    its key line written back, `runs` times in one app (q closes it in between): the real
    narrator in a pseudo-terminal, as the record's measure runs it, muted."""
    command = [str(top / ".venv" / "bin" / "narrator"), "--mute"]
    with in_terminal(command, data) as (_, master, _started):
        return screen_times(master, runs, b"h", HISTORY_MARKERS, b"q", HOME_MARKER)


def history_rows(runs: int) -> tuple[list[Row], list[str]]:
    with tempfile.TemporaryDirectory() as folder:
        data = history_folder(Path(folder))
        compiled()
        bare, narrator = [], []
        for _ in range(runs):
            bare.append(first_frame([sys.executable, "-c", BARE_APP], BARE_MARKER))
            command = [str(top / ".venv" / "bin" / "narrator")]
            narrator.append(first_frame(command, AGAIN_MARKER, data))
        screen = history_screen_times(data, runs)
    name = "cold start to the home screen, 1,000 games"
    rows, notes = against_bare(name, bare, narrator, HISTORY_GOAL)
    rows += [
        [
            f"h -> history screen, 1,000 games (median of {runs})",
            ms(statistics.median(screen)),
            "",
            "",
            "<= 100 ms",
            met(statistics.median(screen) <= 0.1),
        ],
    ]
    notes += [
        "history screen: " + ", ".join(ms(t) for t in screen) + " (the first opening imports"
        " its modules)",
    ]
    return rows, notes
