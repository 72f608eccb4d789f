"""Journals of real games for the history's tests, made by the headless player."""

from __future__ import annotations

import io
from pathlib import Path

from narrator.journal import Journal
from narrator.play import play_script

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = {
    "ravnica": "five-players.txt",
    "werewolf": "werewolf-six-players.txt",
    "blood_bound": "blood-bound-nine-players.txt",
    "pyre": "pyre-four-players.txt",
}


def script_lines(game: str) -> list[str]:
    return (EXAMPLES / SCRIPTS[game]).read_text(encoding="utf-8").splitlines()


def played(game: str, folder: Path, upto: int | None = None) -> Path:
    """A journal of the example game of ``game`` in ``folder`` (its first ``upto`` lines:
    an unfinished game)."""
    lines = script_lines(game)
    mine = f"{game}-*.jsonl"  # (another process may be writing another game's meanwhile)
    before = set(folder.glob(mine)) if folder.is_dir() else set()
    play_script(lines[:upto] if upto else lines, io.StringIO(), folder)
    (path,) = set(folder.glob(mine)) - before
    return path


def unfinished(game: str, folder: Path) -> Path:
    """A game stopped half-way: the first half of its example's lines."""
    lines = script_lines(game)
    path = played(game, folder, upto=len(lines) // 2)
    journal = Journal.open(path)
    assert journal.events and not journal.game.is_over(journal.state)
    return path
