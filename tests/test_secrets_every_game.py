"""Secrets stay secret in every game (tests/every_game.py: the registry's and the tests' own):
what a game says it keeps secret at a state (``Game.secrets``) is on no public screen, in no
line said, in no announcement, record, summary or table display until its reveal. The game's
example script (``Game.example_script``) is played entry by entry, in English and in Russian,
and at each entry everything the public may see or hear of it is looked through: the step as
the public screen draws it (a private step as its public announcement), the side panel and the
table display's page (the public view), the lines said, the moments announced, the undo's line
(``describe``), the home screen's summary and the game record. Once a secret is revealed, the
entry that reveals it tells it (the search finds what it looks for).

The pty audit of Ravnica's Ultimate Price (tests/test_secrecy_audit.py) looks further (the
terminal's bytes, the voice, every file), for that game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from narrator.display.feed import public_page
from narrator.games import registry
from narrator.prompts import prompt, worded
from narrator.tui import drawing
from tests.every_game import registered, with_example
from tests.storm import example_events

LANGS = ("en", "ru")


def drawn(renderable) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def public_texts(game, before, event, after, lang: str) -> list[str]:
    """Everything the public may see or hear of one entry and the step it leads to."""
    view = game.step(after)
    shown = drawing.step(view, after, drawing.Look(game), lang, public=True)
    texts = [drawn(shown.title), drawn(shown.body), shown.keys, worded(view.name or "", lang)]
    if view.kind != "private":  # its own choices are the privacy screen's
        texts += [worded(c.label, lang) for c in view.choices if c.listed and c.label]
    texts.append(json.dumps(public_page(game.public_view(after), lang), ensure_ascii=False))
    lines = [*game.event_lines(before, event, after), *game.step_lines(after)]
    for page in game.announcements(before, event, after):
        lines += page.lines
        texts.append(worded(page.detail, lang) if page.detail is not None else "")
    texts += [prompt(line.prompt_id, lang, **line.params) for line in lines]
    texts += [game.describe(before, event, after, lang), worded(game.summary(after), lang)]
    return texts


def flat(text: str) -> str:
    return " ".join(text.split())


def secrets_told(name: str, directory: Path) -> tuple[list[str], int, int]:
    """The game ``name`` (registered) through its example: each secret found public before its
    reveal, how many secrets were kept, and how many were told by their reveal: the check of
    one game. (Where nothing is secret nothing can leak: those entries are not looked at.)"""
    game = registry.get(name)
    events = example_events(name, directory)
    leaks, kept, told = [], 0, 0
    for lang in LANGS:
        state, played, secrets = game.initial(), [], []
        for event in events:
            before, state = state, game.apply(state, event)
            played.append(event)
            revealed, secrets = set(secrets), [flat(s) for s in game.secrets(state, lang)]
            revealed -= set(secrets)
            if not (secrets or revealed):
                continue
            texts = [flat(t) for t in public_texts(game, before, event, state, lang)]
            if secrets:
                texts.append(flat(game.record(state, played, lang)))
            leaks += [
                f"{lang}, entry {len(played)} ({type(event).__name__}): {secret!r}"
                for secret in secrets
                if any(secret in text for text in texts)
            ]
            kept += len(revealed)
            told += len([s for s in revealed if any(s in text for text in texts)])
    return leaks, kept, told


@pytest.mark.parametrize("name", with_example())
def test_no_secret_is_public_before_its_reveal(name, tmp_path):
    with registered(name):
        leaks, kept, told = secrets_told(name, tmp_path)
    assert leaks == [], "\n".join(leaks)
    assert told or not kept, f"{name}'s secrets were never told, even at their reveal"
