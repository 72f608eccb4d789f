"""``narrator history``: the history printed, filtered by game or player, or written as CSV
and Markdown; in the language of ``--lang`` or the settings. The files written are named in
one line; a file that cannot be written stops it with one line (`narrator.exits.Stop`)."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from narrator import paths
from narrator.exits import UNUSABLE, Stop, language, why
from narrator.history import tables
from narrator.history.columns import laid_out, widths
from narrator.history.store import History
from narrator.prompts import words


def aligned(head: list[str], body: list[list[str]], room: int | None) -> str:
    """The table, its columns fitted to ``room`` (a terminal's width; None: as wide as they
    are, for a pipe or a file)."""
    if room is None:
        room = sys.maxsize
    sizes = widths(head, body, room)
    return "\n".join(line for cells in [head, *body] for line in laid_out(cells, sizes))


def width(out: TextIO) -> int | None:
    """The terminal's width, where ``out`` is one (less one: a line as wide as the terminal
    wraps on some)."""
    try:
        return os.get_terminal_size(out.fileno()).columns - 1 if out.isatty() else None
    except (OSError, ValueError, io.UnsupportedOperation):  # no real file behind it
        return None


def main(args: Any, out: TextIO | None = None) -> int:
    out = out or sys.stdout  # the one of now, not of the import (a test captures it)
    lang = language(args)
    history = History(paths.data_dir())
    try:
        history.sync()
        for key, params in history.notes:
            print(words(lang, None).format(key, **params), file=sys.stderr)
        rows = history.games(game=args.game, player=args.player)
    finally:
        history.close()
    files = {}  # --csv g.csv: two tables, g.games.csv and g.players.csv, named on stdout
    if args.csv:
        stem = Path(args.csv)
        files[stem.with_suffix(".games.csv")] = tables.as_csv(*tables.game_rows(rows, lang))
        files[stem.with_suffix(".players.csv")] = tables.as_csv(*tables.player_rows(rows, lang))
    if args.markdown:
        files[Path(args.markdown)] = tables.markdown(rows, lang)
    if files:
        for path, text in files.items():
            _write(path, text)
        named = ", ".join(map(str, files))
        print(words(lang, None).format("history.exported", files=named), file=out)
        return 0
    if args.players:
        print(aligned(*tables.player_rows(rows, lang), width(out)), file=out)
    else:
        head, body = tables.game_rows(rows, lang)
        print(aligned(head[:-2], [line[:-2] for line in body], width(out)), file=out)
    return 0


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise Stop(UNUSABLE, "command.export", file=str(path), reason=why(err)) from None
