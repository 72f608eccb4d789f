"""What the table display shows: a game's ``PublicView`` worded in the app's language, as
plain JSON, with the countdown as a wall-clock deadline (the page computes the time left, so
it never drifts and survives a reconnect). Nothing here reads a game's state."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from narrator.games.shell_data import PublicView
from narrator.prompts import Localized, Term, Words, worded


def plain(value: Any, lang: str) -> Any:
    """A public view's value as JSON: words worded, dataclasses as objects, tuples as lists."""
    if isinstance(value, Words | Localized | Term):
        return worded(value, lang)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name), lang) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): plain(v, lang) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset | set):
        return [plain(v, lang) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def clock(countdown: Any, now: float | None = None) -> dict[str, Any] | None:
    """The running countdown as the page needs it: when it ends (Unix ms) or, paused, what
    is left; None when no countdown runs (none, or its time is up: no stale "0:00")."""
    if countdown is None:
        return None
    left = max(0.0, float(countdown.remaining()))
    if countdown.running and left <= 0:
        return None
    total = float(getattr(countdown, "total", 0) or 0)
    if not countdown.running:
        return {"paused": True, "left": round(left, 1), "total": total}
    wall = time.time() if now is None else now
    ends = round((wall + left) * 10) * 100  # to a tenth: the same deadline, the same bytes
    return {"paused": False, "ends_at": ends, "total": total}


def snapshot(
    game: Any,
    state: Any,
    lang: str,
    *,
    unannounced=frozenset(),
    countdown=None,
    banner: str = "",
    said: Sequence[str] = (),
) -> dict[str, Any]:
    """One page of the display: the game, its step, the seats and the game's own extra, and
    the last lines the narrator said (said aloud: public; what each hut did, W12)."""
    view = game.public_view(state, frozenset(unannounced))
    return page(game.name, view, lang, countdown=countdown, banner=banner, said=said)


def waiting(lang: str) -> dict[str, Any]:
    """The page before a game's first entry (the display turned on at home or in the setup
    form): "Waiting for the game to start", in the app's language, and nothing of any game."""
    return page(None, PublicView(Words("display.app_title"), Words("display.waiting"), ()), lang)


def page(
    game: str | None,
    view: PublicView,
    lang: str,
    *,
    countdown=None,
    banner: str = "",
    said: Sequence[str] = (),
) -> dict[str, Any]:
    """The page's one shape, for a game's view or for none yet."""
    return {
        "game": game,
        "lang": lang,
        "title": worded(view.title, lang),
        "banner": banner,
        "step": worded(view.step, lang),
        **public_page(view, lang),
        "extra": plain(view.extra, lang),
        "clock": clock(countdown),
        "said": list(said),
    }


def public_page(view: PublicView, lang: str) -> dict[str, Any]:
    """What every public screen draws of a view (the generic tracker, the terminal display,
    the page): each seat with its marks and cells, the table's piles, the public lines,
    worded. A game's own ``board`` is for its own widget; its ``extra``, for its page."""
    return {
        "seats": [
            {
                "name": s.name,
                "marks": [worded(m, lang) for m in s.marks],
                "dead": s.dead,
                "turn": s.turn,
                "cells": plain(s.cells, lang),
            }
            for s in view.seats
        ],
        "piles": plain(view.piles, lang),
        "lines": [worded(line, lang) for line in view.lines],
    }


def encode(page: Mapping[str, Any]) -> bytes:
    """The bytes sent: the same page is always the same bytes (the secrecy audit compares)."""
    return json.dumps(page, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
