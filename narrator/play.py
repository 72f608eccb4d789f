"""``narrator play --script FILE``: play a whole game from a text script, without a screen.

The script's first line may name its game (``game ravnica``); without it the script is a game
of the first game there is (`narrator.games.registry`). The rest is read by that game's own
reader (``Game.script()``; Ravnica's lines are in `narrator.games.ravnica.script`).

Prints one public line a step and the outcome; stops with exit code 2 and the refusal on
the first line the rules do not allow. A line is entered whole or not at all: one that makes
several entries (``residents seer werewolf``, ``pass``) is checked entry by entry first, and
a refused one changes nothing. With ``--journal DIR`` every entry is also written to a
journal there, as the app would.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from narrator.games import registry
from narrator.games.base import Game, Refusal
from narrator.journal import Journal
from narrator.prompts import use_game, words

LANG = "en"  # a tool for scripts and their logs: it prints English (``str(refusal)``)
GAME_LINE = "game"  # the setting that names the script's game


class UnknownGame(ValueError):
    """A ``game`` line that names no game there is, or one that is not the script's first."""


def choose_game(lines: list[str]) -> tuple[Game, int | None]:
    """The script's game and the number of its ``game`` line (None without one): that line
    is the first entry, if any; a ``game`` line anywhere else is refused."""
    names = registry.names()
    chosen, number = names[0], None
    for n, line in enumerate(lines, start=1):
        words = _words(line)
        if not words:
            continue
        if words[0].lower() == GAME_LINE:
            text = " ".join(words)
            if number is not None or n != _first_entry(lines):
                raise UnknownGame(f"line {n}: {text}: the game is named on the first line only")
            if len(words) != 2 or words[1].lower() not in names:
                raise UnknownGame(
                    f"line {n}: {text}: unknown game; the games are: {', '.join(names)}"
                )
            chosen, number = words[1].lower(), n
    return registry.get(chosen), number


def play_script(lines: list[str], out: TextIO, journal_dir: Path | None = None) -> int:
    try:
        game, game_line = choose_game(lines)
    except UnknownGame as err:
        print(err, file=sys.stderr)
        return 2
    use_game(game.words_dir)
    reader = game.script()
    journal = Journal.create(game.name, journal_dir) if journal_dir else None
    state = game.initial()
    events = []

    def apply(event) -> None:
        nonlocal state
        before = state
        state = journal.append(event) if journal else game.apply(state, event)
        events.append(event)
        for text in reader.report(before, event, state, LANG):
            print(text, file=out)

    def refused(number: int, line: str, err: Exception) -> int:
        print(f"line {number}: {line.strip()}\nrefused: {err}", file=sys.stderr)
        return 2

    players_line = (0, "")  # a refused set-up is reported at the players line
    for number, line in enumerate(lines, start=1):
        if number == game_line:
            continue  # read above: the game chosen
        try:
            setting_up = not events  # nothing entered yet: the game is not created
            if setting_up and reader.is_setting(line):
                if _words(line)[0].lower() == "players":
                    players_line = (number, line)
            elif setting_up and _is_entry(line):
                created = reader.game_created()
                if created is not None:
                    try:
                        apply(created)
                    except Refusal as err:
                        return refused(*players_line, err)
            made = reader.event(line, state, len(events))
            entries = [e for e in (made if isinstance(made, list) else [made]) if e is not None]
            trial = state  # a line may make several entries: all are allowed, or none is made
            for event in entries:
                trial = game.apply(trial, event)
            for event in entries:
                apply(event)
        except (Refusal, ValueError) as err:  # a rule's refusal, or a line not read (ScriptError)
            return refused(number, line, err)
    if not events and reader.game_created() is not None:
        try:
            apply(reader.game_created())
        except (Refusal, ValueError) as err:
            return refused(*players_line, err)
    if not game.is_over(state):
        wants, rule = game.waiting_for(state)
        print(words(LANG).format("story.script_ends", wants=wants, rule=rule), file=out)
        return 1
    return 0


def _words(line: str) -> list[str]:
    """A line's words before any comment (a JSON event is one "word": it is no setting)."""
    text = line.strip()
    return [text] if text.startswith("{") else text.split("#", 1)[0].split()


def _first_entry(lines: list[str]) -> int | None:
    return next((n for n, line in enumerate(lines, start=1) if _is_entry(line)), None)


def _is_entry(line: str) -> bool:
    """Not blank and not only a comment (a comment between settings must not end them)."""
    text = line.strip()
    return text.startswith("{") or bool(text.split("#", 1)[0].strip())


def main(script: str, journal_dir: str | None) -> int:
    try:
        text = sys.stdin.read() if script == "-" else Path(script).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        print(f"Cannot read the script {script}: {err}", file=sys.stderr)
        return 2
    return play_script(text.splitlines(), sys.stdout, Path(journal_dir) if journal_dir else None)
