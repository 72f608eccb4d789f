"""``narrator play --script FILE``: play a whole game from a text script, without a screen.

The script's first line may name its game (``game ravnica``); without it the script is a game
of the first game there is (`narrator.games.registry`). The rest is read by that game's own
reader (``Game.script()``; Ravnica's lines are in `narrator.games.ravnica.script`).

Prints one public line a step and the outcome; stops with exit code 2 and the refusal on
the first line the rules do not allow (its control characters shown escaped, never sent to the
terminal). A line is entered whole or not at all: one that makes several entries (``residents
seer werewolf``, ``pass``) is checked entry by entry first, and a refused one changes nothing.
With ``--journal DIR`` every entry is also written to a journal there, as the app would; a
folder or a disk that cannot take it stops the game with one line and exit code 3 (`Stop`), the
journal holding every entry before it. The exit codes: `narrator.exits`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TextIO

from narrator.exits import ENDED_EARLY, REFUSED, UNUSABLE, Stop, escaped, why
from narrator.games import registry
from narrator.games.base import Game, Refusal
from narrator.games.common.script import ScriptError
from narrator.journal import Journal, JournalError
from narrator.prompts import use_game, words

LANG = "en"  # a tool for scripts and their logs: it prints English (``str(refusal)``)
GAME_LINE = "game"  # the setting that names the script's game
MOST_DIGITS = 100  # a longer number is no seed or count (Python refuses past 4,300 digits)
_LONG_NUMBER = re.compile(rf"\d{{{MOST_DIGITS + 1},}}")
SHOWN_LINE = 200  # characters of a refused line shown: its start tells which it is


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
        print(escaped(str(err)), file=sys.stderr)
        return REFUSED
    use_game(game.words_dir)
    reader = game.script()
    journal = _journal(game.name, journal_dir) if journal_dir else None
    state = game.initial()
    events = []

    def apply(event) -> None:
        nonlocal state
        before = state
        state = _saved(journal, event, number) if journal else game.apply(state, event)
        events.append(event)
        for text in reader.report(before, event, state, LANG):
            print(escaped(text), file=out)

    def refused(number: int, line: str, err: Exception) -> int:
        shown = line.strip()
        shown = shown if len(shown) <= SHOWN_LINE else shown[:SHOWN_LINE] + "…"
        print(escaped(f"line {number}: {shown}\nrefused: {err}"), file=sys.stderr)
        return REFUSED

    players_line = (0, "")  # a refused set-up is reported at the players line
    for number, line in enumerate(lines, start=1):
        if number == game_line:
            continue  # read above: the game chosen
        try:
            _no_long_number(line)
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
    number = players_line[0]  # (the line an entry made now is reported at)
    if not events and reader.game_created() is not None:
        try:
            apply(reader.game_created())
        except (Refusal, ValueError) as err:
            return refused(*players_line, err)
    if not game.is_over(state):
        wants, rule = game.waiting_for(state)
        print(words(LANG).format("story.script_ends", wants=wants, rule=rule), file=out)
        return ENDED_EARLY
    return 0


def _journal(game: str, folder: Path) -> Journal:
    """A new journal in ``folder``, or `Stop` with why not (a file, a read-only folder)."""
    try:
        if folder.exists() and not folder.is_dir():
            raise Stop(UNUSABLE, "command.journal_not_folder", folder=str(folder))
        return Journal.create(game, folder)
    except JournalError as err:
        raise Stop(UNUSABLE, "command.journal_problem", problem=err.problem.part()) from None
    except OSError as err:
        raise Stop(
            UNUSABLE, "command.journal_folder", folder=str(folder), reason=why(err)
        ) from None


def _saved(journal: Journal, event, number: int):
    """``event`` entered and on disk, or `Stop`: the disk full or failing, the journal holds
    every entry before it."""
    try:
        return journal.append(event)
    except JournalError as err:
        raise Stop(UNUSABLE, "command.journal_problem", problem=err.problem.part()) from None
    except OSError as err:
        params = {"line": number, "file": str(journal.path), "reason": why(err)}
        raise Stop(UNUSABLE, "command.entry_not_saved", **params) from None


def _no_long_number(line: str) -> None:
    """A number too long to be one the game takes is refused in the app's words, not
    Python's (``int()`` past 4,300 digits)."""
    for word in _words(line):
        long = _LONG_NUMBER.search(word)
        if long:
            raise ScriptError("script_number_long", most=MOST_DIGITS, digits=len(long[0]))


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
        raise Stop(UNUSABLE, "command.script_unreadable", file=script, reason=why(err)) from None
    lines = text.removeprefix("\ufeff").splitlines()  # a byte order mark is no part of line 1
    return play_script(lines, sys.stdout, Path(journal_dir) if journal_dir else None)
