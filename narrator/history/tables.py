"""The history as tables, in one language: the games (newest first), each player's games and
wins, and their export as CSV and Markdown. No screen: the history screen and ``narrator
history`` both draw these."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from narrator.history.rows import GameRow, started, title
from narrator.prompts import words


def _say(lang: str, key: str, **params) -> str:
    return words(lang, None).format(key, **params)


def duration(row: GameRow) -> str:
    seconds = row.seconds
    if seconds is None or seconds < 0:
        return ""
    minutes = round(seconds / 60)
    return f"{minutes // 60}:{minutes % 60:02d}"


def outcome(row: GameRow, lang: str) -> str:
    """The winner of a game over; what became of any other."""
    if row.status == "over":
        return row.winner.get(lang, "")
    return _say(lang, f"history.status.{row.status}")


def winners(row: GameRow) -> str:
    return ", ".join(seat.name for seat in row.seats if seat.won)


def game_rows(rows: Sequence[GameRow], lang: str) -> tuple[list[str], list[list[str]]]:
    """The games, one a line: when, which game, the players in seat order, how long, the
    outcome, the winners' seats (where the game tells them), the language, the journal."""
    head = [
        _say(lang, f"history.column.{name}")
        for name in ("started", "game", "players", "duration", "outcome", "winners", "language")
    ]
    head.append(_say(lang, "history.column.journal"))
    body = [
        [
            started(row),
            title(row.game, lang),
            ", ".join(seat.name for seat in row.seats),
            duration(row),
            outcome(row, lang),
            winners(row),
            row.language or "",
            row.journal,
        ]
        for row in rows
    ]
    return head, body


@dataclass
class Player:
    """One name's record: games played, games won, and the wins by game and side."""

    name: str
    played: int = 0
    won: int = 0
    over: int = 0  # games played to their end
    told: int = 0  # games over whose end says whether this seat won
    by_side: Counter = field(default_factory=Counter)  # (game, side) -> wins


def players(rows: Sequence[GameRow], lang: str) -> list[Player]:
    """Each name (as typed, any case is one player) over the games played to their end or
    still going, most games first. A win is counted where the game tells which seats won."""
    table: dict[str, Player] = {}
    spelled: defaultdict[str, str] = defaultdict(str)
    for row in rows:
        if row.status == "unreadable":
            continue
        for seat in row.seats:
            key = seat.name.casefold()
            spelled[key] = spelled[key] or seat.name
            player = table.setdefault(key, Player(spelled[key]))
            player.played += 1
            player.over += row.status == "over"
            if row.status == "over" and seat.won is not None:
                player.told += 1
                if seat.won:
                    player.won += 1
                    # "" for a game without sides (the Pyre): its wins by game alone
                    player.by_side[(title(row.game, lang), seat.side.get(lang, ""))] += 1
    return sorted(table.values(), key=lambda p: (-p.played, p.name.casefold()))


def player_rows(rows: Sequence[GameRow], lang: str) -> tuple[list[str], list[list[str]]]:
    head = [_say(lang, f"history.column.{name}") for name in ("player", "played", "won", "sides")]
    body = []
    for player in players(rows, lang):
        won = str(player.won) if player.told else "—"
        if player.told and player.told < player.over:  # an end that hid this seat's side
            won = _say(lang, "history.wins_known", won=player.won, told=player.told)
        sides = "; ".join(
            f"{game} — {side} ×{n}" if side else f"{game} ×{n}"  # a title may hold a colon
            for (game, side), n in player.by_side.items()
        )
        body.append([player.name, str(player.played), won, sides])
    return head, body


def as_csv(head: list[str], body: list[list[str]]) -> str:
    import csv  # only for an export: the home screen's first frame reads this module
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(head)
    writer.writerows(body)
    return out.getvalue()


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def as_markdown(heading: str, head: list[str], body: list[list[str]]) -> str:
    lines = [f"## {heading}", "", "| " + " | ".join(map(_cell, head)) + " |"]
    lines.append("|" + "---|" * len(head))
    lines += ["| " + " | ".join(map(_cell, row)) + " |" for row in body]
    return "\n".join(lines) + "\n"


def markdown(rows: Sequence[GameRow], lang: str) -> str:
    """The whole history: the games, then the players."""
    text = f"# {_say(lang, 'history.title')}\n\n"
    text += as_markdown(_say(lang, "history.games"), *game_rows(rows, lang))
    text += "\n" + as_markdown(_say(lang, "history.players"), *player_rows(rows, lang))
    return text
