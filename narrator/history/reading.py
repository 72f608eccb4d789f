"""One journal read for the history: what the table saw of its game, worded in both languages.

Everything here comes through the ``Game`` interface: the names and the seats from the public
view, where the game stands from its summary, the winner from the step that ends it, each
player's side as the end reveals it (``Game.sides``: Ravnica's roles, Werewolf's Inquisitor
cards, Blood Bound's clans as keyed in at the end; a game without sides tells only
``Game.winners``). Nothing of an unfinished game but its public view: its secrets stay in its
journal.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from narrator.games import registry
from narrator.games.shell_data import Over
from narrator.history.rows import (
    ABANDONED,
    OVER,
    PLAYING,
    UNREADABLE,
    GameRow,
    Seat,
    abandoned_path,
)
from narrator.history.rulings import form_values
from narrator.journal import Journal, JournalError
from narrator.prompts import LANGUAGES, Localized, Words, in_game, worded


def _both(words_dir: Path, text: Any) -> dict[str, str]:
    return {
        lang: in_game(words_dir, lambda ln, t=text: worded(t, ln)).words(lang) for lang in LANGUAGES
    }


def resume_words(game, state) -> Words:
    """ "Resume Ravnica: Inquisition (6 players, round 2)": the game's own summary, with
    which game it is (the home screen's line of an unfinished game)."""
    summary = game.summary(state)
    title = Localized(lambda lang: registry.title(game.name, lang))
    if summary.key == "home.resume":
        return Words("home.resume_of", {**summary.params, "game": title})
    return Words("home.resume_named", {"summary": summary, "game": title})


def _when(mtime_ns: int) -> str:
    return _dt.datetime.fromtimestamp(mtime_ns / 1e9).astimezone().isoformat()


def read(path: Path) -> GameRow:
    """The history's row of the journal at ``path``; an unreadable one is a row that says why."""
    stat = path.stat()
    base = {
        "journal": path.name,
        "size": stat.st_size,
        "mtime_ns": stat.st_mtime_ns,
        "last": _when(stat.st_mtime_ns),
    }
    try:
        journal = Journal.open(path, repair=False)  # another narrator may be writing it
        if not journal.events:
            raise JournalError("empty_journal", file=path.name)
    except JournalError as err:
        problem = {lang: err.text(lang) for lang in LANGUAGES}
        game, step = path.name.split("-", 1)[0], {}
        if err.kept is not None:  # damaged: the game up to its last good entry can resume
            kept = err.kept
            game, line = kept.game.name, err.params["line"]
            summary = resume_words(kept.game, kept.state)
            step = _both(
                kept.game.words_dir, Words("home.damaged", {"summary": summary, "line": line})
            )
        return GameRow(
            game=game, status=UNREADABLE, started=base["last"], problem=problem, step=step, **base
        )
    game, state = journal.game, journal.state
    header = journal.header
    over = game.is_over(state)
    status = OVER if over else ABANDONED if abandoned_path(path).exists() else PLAYING
    public = game.public_view(state)
    names = tuple(seat.name for seat in public.seats)
    seats = tuple(Seat(i, name) for i, name in enumerate(names))
    winner: dict[str, str] = {}
    if over:
        ending = next((b for b in game.step(state).body if isinstance(b, Over)), None)
        if ending is not None:
            winner = _both(game.words_dir, ending.banner)
        sides = game.sides(state)  # what its end reveals of each seat, where it tells
        if sides is not None:
            seats = tuple(
                Seat(i, view.name, _both(game.words_dir, side) if side else {}, won)
                for i, (view, (side, won)) in enumerate(zip(public.seats, sides, strict=True))
            )
        else:  # no sides (the Pyre: each plays alone), maybe its winners
            won = game.winners(state)  # None: the game does not say which seats won
            seats = tuple(
                Seat(i, name, {}, None if won is None else i in won) for i, name in enumerate(names)
            )
    first = game.public_view(game.apply(game.initial(), journal.events[0]))
    rulings = form_values(game, journal.events[0], tuple(s.name for s in first.seats))
    started = str(header.get("created") or base["last"])
    language = header.get("language") if header.get("language") in LANGUAGES else None
    step = _both(game.words_dir, resume_words(game, state))
    return GameRow(
        game=game.name,
        status=status,
        started=started,
        language=language,
        step=step,
        winner=winner,
        rulings=rulings,
        seats=seats,
        **base,
    )


def record(path: Path, lang: str) -> str:
    """The record of the game of the journal at ``path`` (Markdown), as it stands: read, never
    locked (it may be played by another narrator). ``JournalError`` if it cannot be read."""
    journal = Journal.open(path, repair=False)
    game = journal.game

    def written(language: str) -> str:
        return game.record(journal.state, journal.events, language)

    return in_game(game.words_dir, written).words(lang)
