"""``narrator play --script FILE``: play a whole game from a text script, without a screen.

Prints one public line a step and the outcome; stops with exit code 2 and the refusal on
the first entry the rules do not allow. With ``--journal DIR`` every entry is also written to
a journal there, as the app would.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from narrator.games.base import Refusal
from narrator.games.ravnica import GAME
from narrator.games.ravnica.rules import waiting_for
from narrator.games.ravnica.script import ScriptReader
from narrator.games.ravnica.state import Step
from narrator.games.ravnica.story import death_lines, describe
from narrator.journal import Journal
from narrator.prompts import words

LANG = "en"  # a tool for scripts and their logs: it prints English (``str(refusal)``)


def play_script(lines: list[str], out: TextIO, journal_dir: Path | None = None) -> int:
    reader = ScriptReader()
    journal = Journal.create("ravnica", journal_dir) if journal_dir else None
    state = GAME.initial()
    events = []

    def apply(event) -> None:
        nonlocal state
        before = state
        state = journal.append(event) if journal else GAME.apply(state, event)
        events.append(event)
        text = describe(before, event, state, LANG)
        if text:
            print(text, file=out)
        if state.step is Step.ROLES and before.step is Step.REVEAL:
            for line in death_lines(state, LANG):
                print(line, file=out)

    def refused(number: int, line: str, err: Exception) -> int:
        print(f"line {number}: {line.strip()}\nrefused: {err}", file=sys.stderr)
        return 2

    players_line = (0, "")  # a refused set-up is reported at the players line
    for number, line in enumerate(lines, start=1):
        try:
            if state.step is Step.SETUP and ScriptReader.is_setting(line):
                if line.split("#", 1)[0].split()[0].lower() == "players":
                    players_line = (number, line)
            elif state.step is Step.SETUP and _is_entry(line):
                created = reader.game_created()
                if created is not None:
                    try:
                        apply(created)
                    except Refusal as err:
                        return refused(*players_line, err)
            event = reader.event(line, state, len(events))
            if event is not None:
                apply(event)
        except (Refusal, ValueError) as err:  # a rule's refusal, or a line not read (ScriptError)
            return refused(number, line, err)
    if state.step is Step.SETUP and reader.game_created() is not None:
        try:
            apply(reader.game_created())
        except (Refusal, ValueError) as err:
            return refused(*players_line, err)
    if state.winner is None:
        wants, rule = waiting_for(state)
        print(words(LANG).format("story.script_ends", wants=wants, rule=rule), file=out)
        return 1
    return 0


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
