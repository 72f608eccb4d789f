"""``narrator history``: the history printed, filtered by game or player, or written as CSV
and Markdown; in the language of ``--lang`` or the settings."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from narrator import paths
from narrator.history import tables
from narrator.history.store import History
from narrator.prompts import words


def language(args: Any) -> str:
    if getattr(args, "lang", None):
        return args.lang
    try:
        from narrator.settings import load

        return load()[0].language
    except Exception:  # noqa: BLE001 - settings are a comfort: English without them
        return "en"


def aligned(head: list[str], body: list[list[str]]) -> str:
    widths = [max(len(line[i]) for line in [head, *body]) for i in range(len(head))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in [head, *body]
    )


def main(args: Any, out: TextIO = sys.stdout) -> int:
    lang = language(args)
    history = History(paths.data_dir())
    try:
        history.sync()
        for key, params in history.notes:
            print(words(lang, None).format(key, **params), file=sys.stderr)
        rows = history.games(game=args.game, player=args.player)
    finally:
        history.close()
    if args.csv:
        stem = Path(args.csv)
        stem.with_suffix(".games.csv").write_text(tables.as_csv(*tables.game_rows(rows, lang)))
        stem.with_suffix(".players.csv").write_text(tables.as_csv(*tables.player_rows(rows, lang)))
    if args.markdown:
        Path(args.markdown).write_text(tables.markdown(rows, lang), encoding="utf-8")
    if args.csv or args.markdown:
        return 0
    if args.players:
        print(aligned(*tables.player_rows(rows, lang)), file=out)
    else:
        head, body = tables.game_rows(rows, lang)
        print(aligned(head[:-2], [line[:-2] for line in body]), file=out)
    return 0
