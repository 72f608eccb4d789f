"""Issue #28 item 5: the history screen and ``narrator history``: games newest first, filtered
by game or player, a past game's record read-only, each player's games and wins, CSV and
Markdown, in both languages."""

from __future__ import annotations

import csv
import io
from argparse import Namespace
from pathlib import Path

import pytest
from textual.widgets import Input

from narrator.history import command, tables
from narrator.history.listing import Listing
from narrator.history.screen import HistoryScreen, PastRecordScreen
from narrator.history.store import History
from narrator.journal import Journal
from narrator.play import play_script
from narrator.tui.home import HomeScreen
from narrator.tui.speech import CaptionsOnly
from tests.games.toy import events as toy_events
from tests.history.games import played, script_lines, unfinished
from tests.tui.driver import screen_text, wait_for, wait_for_text

SIZE = (120, 30)


def coin_call(folder: Path, names: tuple[str, ...], elected: int, call: str, flip: str) -> Path:
    """A whole game of Coin Call: everyone votes for ``elected``, who calls, then the flip."""
    journal = Journal.create("toy", folder)
    journal.append(toy_events.GameCreated(names, 60, 1))
    journal.append(toy_events.DiscussionEnded())
    for voter in range(len(names)):
        journal.append(toy_events.VoteCast(voter, elected))
    journal.append(toy_events.VotesClosed())
    journal.append(toy_events.CoinCalled(elected, call))
    journal.append(toy_events.CoinFlipped(flip))
    assert journal.game.is_over(journal.state)
    return journal.path


@pytest.fixture
def nights(toy, tmp_path) -> Path:
    """Two evenings of Coin Call: Bob calls right, then Ann calls wrong."""
    folder = tmp_path / "games"
    coin_call(folder, ("Ann", "Bob", "Cid"), 1, "heads", "heads")  # Bob wins alone
    coin_call(folder, ("Ann", "Bob", "Cid"), 0, "heads", "tails")  # Bob and Cid win
    return folder


def test_each_players_games_wins_and_wins_by_side(nights):
    history = History(nights)
    history.sync()
    rows = history.games()
    by_name = {p.name: p for p in tables.players(rows, "en")}
    assert (by_name["Bob"].played, by_name["Bob"].won) == (2, 2)
    assert (by_name["Ann"].played, by_name["Ann"].won) == (2, 0)
    assert (by_name["Cid"].played, by_name["Cid"].won) == (2, 1)
    assert sum(by_name["Bob"].by_side.values()) == 2
    assert {game for game, _side in by_name["Bob"].by_side} == {"Coin Call"}


def test_a_player_is_found_in_any_case_in_any_alphabet(toy, tmp_path):
    folder = tmp_path / "games"
    coin_call(folder, ("Аня", "Борис", "Вика"), 1, "heads", "tails")
    history = History(folder)
    history.sync()
    assert len(history.games(player="аНЯ")) == 1 and history.count(player="АНЯ") == 1
    assert history.count(player="Ан") == 0


def test_a_game_that_does_not_tell_its_winners_counts_no_win_as_a_loss(tmp_path):
    folder = tmp_path / "games"
    played("werewolf", folder)  # W31 names the winning side; its seats are not told
    history = History(folder)
    history.sync()
    head, body = tables.player_rows(history.games(), "en")
    assert body and {line[2] for line in body} == {"—"}  # not told, never "0"


def test_the_command_line_lists_filters_and_exports(nights, tmp_path, monkeypatch):
    unfinished("pyre", nights)
    monkeypatch.setenv("NARRATOR_DATA_DIR", str(nights))
    args = Namespace(game=None, player=None, players=False, csv=None, markdown=None, lang="en")
    out = io.StringIO()
    command.main(args, out)
    lines = out.getvalue().splitlines()
    assert lines[0].split()[:3] == ["Started", "Game", "Players"]
    assert "The Pyre" in lines[1] and "unfinished" in lines[1]  # the newest first
    assert len(lines) == 4
    out = io.StringIO()
    command.main(Namespace(**{**vars(args), "player": "cid", "game": "toy"}), out)
    assert len(out.getvalue().splitlines()) == 3
    out = io.StringIO()
    command.main(Namespace(**{**vars(args), "lang": "ru", "players": True}), out)
    assert out.getvalue().splitlines()[0].split()[:3] == ["Игрок", "Игр", "Побед"]
    stem = tmp_path / "out"
    command.main(Namespace(**{**vars(args), "csv": str(stem), "markdown": str(tmp_path / "h.md")}))
    games = list(csv.reader(stem.with_suffix(".games.csv").open()))
    assert games[0][0] == "Started" and len(games) == 4
    assert games[1][-1].startswith("pyre-")  # the journal each game comes from
    players = list(csv.reader(stem.with_suffix(".players.csv").open()))
    assert ["Bob", "3", "2"] in [line[:3] for line in players]
    markdown = (tmp_path / "h.md").read_text()
    assert markdown.startswith("# History of games") and "| Bob | 3 | 2 |" in markdown


async def test_the_history_screen_filters_opens_a_record_and_exports(nights, make_app):
    played("pyre", nights)
    app = make_app(new=False, data_dir=nights)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        table = app.screen.query_one(Listing)
        await wait_for(pilot, lambda: len(table.rows) == 3)
        await wait_for_text(pilot, "The Pyre", "Coin Call", "Bob wins", "3 games")
        await pilot.press("g")  # Ravnica first: none
        await wait_for(pilot, lambda: len(table.rows) == 0)
        while app.screen.game != "pyre":
            await pilot.press("g")
        await wait_for(pilot, lambda: len(table.rows) == 1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PastRecordScreen))
        await wait_for_text(pilot, "Bob")
        assert app.journal is None  # read-only: no game was opened to play
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        while app.screen.game is not None:
            await pilot.press("g")
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.focused, Input))
        await pilot.press(*"dan", "enter")  # only in the Pyre (any case)
        await wait_for(pilot, lambda: len(table.rows) == 1)
        await pilot.press("w")
        await wait_for_text(pilot, "Wins by game and side")
        await pilot.press("x")
        await wait_for(pilot, lambda: (nights / "history.md").exists())
        assert (nights / "history-games.csv").stat().st_mode & 0o777 == 0o600
        told = [note.message for note in app._notifications]
        files = ("history-games.csv", "history-players.csv", "history.md")
        written = ", ".join(str(nights / name) for name in files)
        assert told == [f"The history was written to {written}."]


async def test_the_winner_is_on_a_100_column_screen_whatever_the_players(tmp_path, make_app):
    """Nine names would push the outcome off the screen: the players come last."""
    folder = tmp_path / "games"
    played("blood_bound", folder)  # Ann Bob Carl Dan Eve Fay Gus Hal Ivy
    app = make_app(new=False, data_dir=folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("h")
        await wait_for_text(pilot, "Outcome", "The Inquisitor wins", "Ann, Bob")


async def test_the_history_screen_in_russian(nights, make_app):
    app = make_app(new=False, data_dir=nights, voice=CaptionsOnly("ru"), language="ru")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("h")
        await wait_for_text(pilot, "История игр", "Начало", "Игроки", "2 игры")
        await pilot.press("w")
        await wait_for_text(pilot, "Побед")
        assert "Wins" not in screen_text(app)


def test_blood_bound_and_the_pyre_tell_their_winners_to_the_history_B24_P21(tmp_path):
    from narrator.games.blood_bound.game import GAME as BLOOD_BOUND
    from narrator.games.pyre.game import GAME as PYRE
    from tests.storm import example_journal_until

    for game, name in ((BLOOD_BOUND, "blood_bound"), (PYRE, "pyre")):
        over = example_journal_until(name, tmp_path / name, game.is_over).state
        won = game.winners(over)
        assert won and all(0 <= seat < over.count for seat in won), (name, won)
        start = example_journal_until(name, tmp_path / f"{name}-start", lambda s: True).state
        assert game.winners(start) is None  # an unfinished game tells nobody


def test_ravnica_and_werewolf_tell_each_side_their_end_reveals_R30_W38(tmp_path):
    """Ravnica: the roles keyed in at the end (R30), each won or lost with its team (R31), the
    others unknown; Werewolf: the Inquisitor cards keyed in at the end (W38) likewise. Each
    player's wins are counted by the side they won with."""
    folder = tmp_path / "games"
    lines = script_lines("ravnica")
    at = lines.index("confirm roles")
    roles = ["role Ann loyalist", "role Cid loyalist"]  # Dee keeps her card face down
    play_script([*lines[:at], *roles, *lines[at:]], io.StringIO(), folder)
    cards = ["card Ann werewolf", "card Bob villager", "card Cid werewolf", "card Dee villager"]
    play_script([*script_lines("werewolf"), *cards], io.StringIO(), folder)
    history = History(folder)
    history.sync()
    rows = {row.game: row for row in history.games()}

    def told(game: str) -> list[tuple[str | None, bool | None]]:
        return [(seat.side.get("en"), seat.won) for seat in rows[game].seats]

    loyal, agent = ("Loyalist", True), ("Agent of Bolas", False)
    wolf, villager, unknown = ("werewolf", False), ("villager", True), (None, None)
    assert rows["ravnica"].winner["en"] == "GUILDPACT LOYALISTS WIN"
    assert told("ravnica") == [loyal, agent, loyal, unknown, agent]  # Dee kept hers face down
    assert rows["ravnica"].seats[0].side["ru"] == "лоялист"
    assert rows["werewolf"].winner["en"] == "THE VILLAGERS WIN"
    assert told("werewolf") == [wolf, villager, wolf, villager, unknown, unknown]
    by_name = {p.name: p for p in tables.players(history.games(), "en")}
    assert dict(by_name["Bob"].by_side) == {("Ultimate Werewolf: Inquisition", "villager"): 1}
    assert dict(by_name["Ann"].by_side) == {("Ravnica: Inquisition", "Loyalist"): 1}
    assert (by_name["Dee"].played, by_name["Dee"].told, by_name["Dee"].won) == (2, 1, 1)
    wins = {line[0]: line[2] for line in tables.player_rows(history.games(), "en")[1]}
    assert wins["Dee"] == "1 of 1 known" and wins["Ann"] == "1" and wins["Eve"] == "0 of 1 known"


def test_blood_bound_wins_add_up_by_clan_or_inquisitor_and_the_pyre_by_game(tmp_path):
    """Issue 40 item 4: a Blood Bound seat's side is its clan or the Inquisitor (B22), not the
    whole character with its tokens, so a player's wins add up across games; the Pyre, where
    each plays alone, counts its wins by game."""
    folder = tmp_path / "games"
    for game in ("blood_bound", "blood_bound", "pyre"):
        played(game, folder)
    history = History(folder)
    history.sync()
    rows = history.games()
    bb = next(row for row in rows if row.game == "blood_bound")
    assert {seat.side["en"] for seat in bb.seats} == {"Rose", "Beast", "Inquisitor"}
    assert {seat.side["ru"] for seat in bb.seats} == {"Роза", "Зверь", "Инквизитор"}
    assert [seat.name for seat in bb.seats if seat.won] == ["Dan"]
    title = tables.title("blood_bound", "ru")
    by_name = {p.name: p for p in tables.players(rows, "ru")}
    assert dict(by_name["Dan"].by_side) == {(title, "Инквизитор"): 2}
    sides = {line[0]: line[3] for line in tables.player_rows(rows, "ru")[1]}
    assert sides["Dan"] == f"{title} — Инквизитор ×2"
    assert sides["Bob"] == "Костёр ×1"  # the Pyre: no side


async def test_every_column_is_read_at_80x24_and_keeps_its_label_as_the_rows_scroll(
    tmp_path, make_app
):
    """Issue 40 item 4: at 80 columns in Russian the outcome, the winners and nine players are
    on screen, wrapped in their columns, not cut; at the last game the heading is still over
    its columns."""
    folder = tmp_path / "games"
    for game in ("ravnica", "blood_bound", "werewolf", "blood_bound", "pyre", "werewolf"):
        played(game, folder)
    app = make_app(new=False, data_dir=folder, voice=CaptionsOnly("ru"), language="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        table = app.screen.query_one(Listing)
        await wait_for(pilot, lambda: len(table.rows) == 6)
        assert table.virtual_size.width <= table.scrollable_content_region.width  # nothing cut
        heading = ("Начало", "Игра", "Время", "Итог", "Победители", "Игроки")
        await wait_for_text(pilot, *heading, "Побеждает", "Инквизитор", "Победа: Bob", "Ivy")
        await pilot.press("end")  # the oldest game: Ravnica's outcome, its five players
        text = await wait_for_text(pilot, "ЛОЯЛИСТЫ", "ГИЛЬДИЙ", "Cid, Dee, Eve")
        lines = text.splitlines()
        top = next(i for i, line in enumerate(lines) if "Начало" in line)
        assert all(label in lines[top] for label in heading), lines[top]
        assert table.scroll_offset.y > 0  # the rows scrolled under it


def test_a_table_wider_than_the_screen_is_wrapped_in_its_columns():
    """Issue 40 item 4: the widest columns are narrowed to fit, down to their longest word;
    a row takes the lines of its tallest cell; a word longer than its column is cut."""
    from narrator.history.columns import laid_out, widths, wrapped

    head = ["Game", "Outcome", "Players"]
    body = [["Blood Bound", "The Inquisitor wins", "Ann, Bob, Carl, Dan, Eve, Fay, Gus"]]
    sizes = widths(head, body, 40)
    assert sum(sizes) + 2 * 2 <= 40 and sizes[0] >= len("Bound")
    lines = laid_out(body[0], sizes)
    assert len(lines) > 1 and all(len(line) <= 41 for line in lines)
    assert " ".join(" ".join(lines).split()).count("Inquisitor") == 1
    assert wrapped("Blood-Bound-Inquisitor", 10) == ["Blood-Boun", "d-Inquisit", "or"]
    assert widths(head, body, 200) == [len("Blood Bound"), len("The Inquisitor wins"), 34]


def test_narrator_history_in_an_80_column_terminal_fits_it(tmp_path):
    """Issue 40 item 4: printed in a terminal, the games' columns fit its width, wrapped; into
    a pipe or a file, each game on one line as before."""
    folder = tmp_path / "games"
    played("blood_bound", folder)
    history = History(folder)
    history.sync()
    head, body = tables.game_rows(history.games(), "ru")
    head, body = head[:-2], [line[:-2] for line in body]  # as printed: no language, no file
    lines = command.aligned(head, body, 79).splitlines()
    assert max(map(len, lines)) <= 79 and len(lines) > 2
    assert "Инквизитор" in "".join(lines) and "Ivy" in "".join(lines)
    assert len(command.aligned(head, body, None).splitlines()) == 2
    assert command.width(io.StringIO()) is None
