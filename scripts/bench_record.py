"""scripts/bench's record on screen: 't' written to the real app's terminal to the record's
title and key line written back, a long game of each game."""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from scripts.bench_common import (
    NAMES,
    Row,
    in_terminal,
    met,
    ms,
    screen_times,
    top,
)

# --- the record on screen (issue 17) -----------------------------------------------------
RECORD_TITLE = b"game record"  # the record's title in both games ("… — game record")
RECORD_KEYS = b"Export"  # its key line: "x Export"
GAME_KEYS = b"Record"  # the game screen's key line at the end: "t Record"


def long_games(folder: Path, seeds: int = 10) -> list[tuple[str, Path]]:
    """(what, journal) of a long game of each game: the longest of `seeds` seeded games played
    to the end by random legal moves (the rules alone, no screen: a few seconds), Ravnica with
    10 players (tests/games/walk.py's moves) and Werewolf with 12 (the first-game set of
    residents), written to a journal as the app writes one."""
    import random

    from narrator.games import registry
    from narrator.games.werewolf import events as wev
    from narrator.games.werewolf.residents import first_game_set
    from narrator.journal import Journal
    from tests.games.walk import next_move

    names = (*NAMES, "Mila", "Nikolai")
    werewolf_start = [
        wev.GameCreated(names, wev.Options(), seed=0),
        wev.ResidentsSet(first_game_set(len(names))),
        wev.ResidentsConfirmed(),
    ]

    def played(game, seed: int, first: list, move) -> list:
        rng = random.Random(seed)
        state, events = game.initial(), []
        for event in first:
            state = game.apply(state, event)
            events.append(event)
        while not game.is_over(state):
            event = move(game, state, rng)
            state = game.apply(state, event)
            events.append(event)
        return events

    games = [
        ("Ravnica", 10, [], lambda game, state, rng: next_move(state, rng, 10)),
        ("Werewolf", 12, werewolf_start, lambda game, s, rng: rng.choice(game.legal_moves(s))),
    ]
    out = []
    for title, count, first, move in games:
        game = registry.get(title.lower())
        longest = max((played(game, seed, first, move) for seed in range(seeds)), key=len)
        journal = Journal.create(game.name, folder)
        for event in longest:
            journal.append(event)
        out.append((f"{title}, {count} players, {len(longest)} entries", journal.path))
    return out


def record_times(journal: Path, runs: int) -> list[float]:
    """Seconds from writing 't' to the app's terminal to the record's title and its key line
    written back, `runs` times in one app (t closes it again in between): the real narrator in
    a pseudo-terminal, as the cold start runs it, resuming `journal` (the game at its end),
    muted (nothing is said: the speech worker would only compete for the CPU)."""
    command = [str(top / ".venv" / "bin" / "narrator"), "--mute", "--resume", str(journal)]
    with in_terminal(command) as (_, master, _started):
        return screen_times(master, runs, b"t", (RECORD_TITLE, RECORD_KEYS), b"t", GAME_KEYS)


def record_rows(runs: int) -> tuple[list[Row], list[str]]:
    rows, notes = [], []
    with tempfile.TemporaryDirectory() as folder:
        for what, journal in long_games(Path(folder)):
            times = record_times(journal, runs)
            median = statistics.median(times)
            rows.append(
                [
                    f"t -> record on screen ({what}; median of {runs})",
                    ms(median),
                    "",
                    "",
                    "<= 300 ms",
                    met(median <= 0.3),
                ]
            )
            first = what.split(",")[0]
            notes.append(
                f"record, {first}: " + ", ".join(ms(t) for t in times) + " (the first opening"
                " imports the record's modules)"
            )
    return rows, notes
