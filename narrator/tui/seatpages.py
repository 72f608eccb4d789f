"""What each seat's own page holds (issue 38), made from what the laptop's screens show: the
acting seat's prompt from the same ``StepView`` the privacy screen draws (its body worded as
plain lines, its listed choices as buttons), a decoy of the same look for every other seat,
and where a game's joined seats are kept beside its journal. A page is one JSON object: the
seat and its name, the page's own labels, its mode (idle, step, decoy or wait), its prompt
(title, lines, buttons, the big button, Back, the last refusal), when the step may end at the
soonest, what the seat alone has seen, the public table, and its rev."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from narrator.games.shell_data import Privacy, Seats, StepView
from narrator.prompts import worded
from narrator.tui import drawing
from narrator.tui.words import say

if TYPE_CHECKING:
    from narrator.tui.secretkeys import PrivateKeys

PAGE_WIDTH = 40  # columns a step's body is worded in for a phone (its lines wrap there)
PAGE_WORDS = ("seen", "table", "nothing", "reconnecting", "refused")


@dataclass
class PhoneSession:
    """A secret step under way on the acting seat's phone."""

    seat: int
    privacy: Privacy
    keys: PrivateKeys
    started: float  # on the app's clock
    minimum: float  # seconds
    ends_at: int  # Unix ms: the phones' own count of the minimum
    done: bool = False  # the acting seat tapped Done on the last page
    lost: bool = False  # the acting seat was revoked: the step goes back to the laptop
    tapped: set[int] = field(default_factory=set)  # decoys that tapped Ready
    message: str = ""  # the last refusal, on the acting seat's page only
    warned: str | None = None  # the key whose warning is shown: tapped again, it goes on
    step_rev: int = 0  # the page rev the acting seat's prompt was last changed at
    entries: int = 0  # the journal's entries as it began: an undo below them ends it


def seats_path(journal_path: Path) -> Path:
    """Where a game's joined seats are kept: beside its journal (digests only)."""
    return journal_path.with_suffix(".seats.json")


def read_saved(path: Path) -> Any:
    """What was kept there, or None (none, or damaged: those phones join again)."""
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError, RecursionError):
        return None


def plain_lines(renderable) -> list[str]:
    """A step's block as the lines a phone shows (plain text, no colour)."""
    console = Console(file=StringIO(), width=PAGE_WIDTH, color_system=None, highlight=False)
    console.print(renderable)
    return [line.rstrip() for line in console.file.getvalue().rstrip("\n").split("\n")]


def buttons(view: StepView, lang: str) -> list[dict[str, str]]:
    """The choices a phone shows as buttons: the listed ones that may be taken; a step that
    lists none but takes keyed cards (a physical deck's draw) shows those."""
    takable = [c for c in view.choices if c.refusal is None and c.label]
    shown = [c for c in takable if c.listed] or [
        c for c in takable if c.event is not None or c.goto is not None
    ]
    return [{"key": c.key, "label": worded(c.label, lang)} for c in shown]


def step_prompt(app, view: StepView, back: bool, message: str) -> dict[str, Any]:
    """The acting seat's prompt, from the same ``StepView`` the privacy screen draws. Its
    title is every phone's ("A secret step"): the step's own heads its lines, so a glance at a
    phone across the table tells nothing."""
    lang = app.language
    own = worded(view.title, lang)
    lines: list[str] = plain_lines(Text(own, style="bold")) if own else []
    for block in view.body:  # not the laptop's key line, nor the seats: they are buttons
        if isinstance(block, Seats) or (view.keys is not None and block == view.keys):
            continue
        lines += plain_lines(drawing.block(block, app.state, app.look, lang))
    primary = view.primary
    label = worded(primary.label, lang) if primary is not None and primary.label else None
    return {
        "title": say(lang, "seats.decoy_title"),
        "lines": lines or [""],  # never fewer lines than a decoy's one
        "choices": buttons(view, lang),
        "primary": None
        if primary is None
        else {"key": "enter", "label": label or say(lang, "seats.go_on")},
        "back": back,
        "message": message,
    }


def done_prompt(app, privacy: Privacy, message: str) -> dict[str, Any]:
    """The session's last page (``Game.after_private``: Green's look, R24), until Done."""
    lang = app.language
    after = app.game.after_private(app.state, privacy.session)
    text = worded(after, lang) if after is not None else ""
    return {
        "title": say(lang, "seats.decoy_title"),
        "lines": text.split("\n") if text else [""],
        "choices": [],
        "primary": {"key": "enter", "label": say(lang, "seats.done")},
        "back": False,
        "message": message,
    }


def plain_prompt(
    lang: str, title: str, lines: list[str], ready: bool, count: int, like=None, names=()
) -> dict:
    """A decoy ("Tap when you are ready") or a wait, padded to the acting seat's lines. A
    decoy mirrors the acting seat's buttons (``like``): as many, each a player's name (public)
    that answers Ready, and the big button only when the actor has one, so a glance across the
    table at a lit phone tells nothing by its buttons either."""
    choices: list[dict[str, str]] = []
    primary = {"key": "ready", "label": say(lang, "seats.ready")} if ready else None
    if ready and like is not None and names:
        wanted = len(like.get("choices") or ())
        choices = [{"key": "ready", "label": names[i % len(names)]} for i in range(wanted)]
        if like.get("primary") is None and choices:
            primary = None
    return {
        "title": title,
        "lines": lines + [""] * max(0, count - len(lines)),
        "choices": choices,
        "primary": primary,
        "back": False,
        "message": "",
    }
