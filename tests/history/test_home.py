"""Issue #28 items 3 and 4 (and #26 item 5): the home screen lists every unfinished game,
resumes any, abandons one, and starts the same players again; every key shown works."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Select

from narrator.history.store import History
from narrator.journal import Journal
from narrator.tui.home import HomeScreen
from narrator.tui.setup import SetupScreen
from tests.history.games import played, unfinished
from tests.tui.driver import screen_text, wait_for, wait_for_text

SIZE = (100, 30)


def ids(app) -> list[str]:
    menu = app.screen.query_one("#home-menu", OptionList)
    return [menu.get_option_at_index(i).id or "" for i in range(menu.option_count)]


WORDS = {"n": "n New game", "r": "r Resume", "a": "a Abandon", "h": "h History", "s": "s Settings"}


def footer_keys(app) -> set[str]:
    """The home screen's own keys in the key line at the bottom."""
    footer = screen_text(app).rstrip().splitlines()[-1]
    return {key for key, shown in WORDS.items() if shown in footer}


async def test_every_unfinished_game_is_listed_newest_first_and_any_resumes(make_app, tmp_path):
    folder = tmp_path / "games"
    older = unfinished("pyre", folder)
    newer = unfinished("ravnica", folder)
    played("werewolf", folder)  # over: not to resume
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        resumes = [i for i in ids(app) if i.startswith("resume:")]
        assert resumes == [f"resume:{newer.name}", f"resume:{older.name}"]
        menu = app.screen.query_one("#home-menu", OptionList)
        line = str(menu.get_option(resumes[0]).prompt)
        started = Journal.open(newer).header["created"]
        assert line == (
            f"Resume Ravnica: Inquisition (5 players, round 4) · Ann, Bob, Cid, Dee, … · "
            f"{started[:10]} {started[11:16]}"
        )
        await pilot.press("down", "enter")  # the older one: any of them resumes
        await wait_for(pilot, lambda: app.journal is not None)
        assert app.journal.path == older


async def test_an_unfinished_games_line_holds_on_one_line_whatever_the_names(make_app, tmp_path):
    """Long names: as many as fit are shown, then "…", and the date stays on the line; in an
    80-column terminal too, the line fitted again as it is narrowed."""
    import io
    import re

    from narrator.play import play_script
    from tests.history.games import script_lines

    names = ("Ann", "Bob", "Cid", "Dee", "Eve")
    long = {name: name + "ovskaya-Petrenko" for name in names}
    lines = [
        re.sub(r"\b(\w+)\b", lambda m: long.get(m[1], m[1]), line)
        for line in script_lines("ravnica")
    ]
    play_script(lines[: len(lines) // 2], io.StringIO(), tmp_path / "games")
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: any(i.startswith("resume:") for i in ids(app)))
        (line,) = [x for x in screen_text(app).splitlines() if "Resume Ravnica" in x]
        assert "Annovskaya-Petrenko, …" in line and re.search(r"\d\d:\d\d", line), line
        await pilot.resize_terminal(80, 24)

        def narrowed() -> str:
            (line,) = [x for x in screen_text(app).splitlines() if "Resume Ravnica" in x]
            assert "Annovskaya" not in line and re.search(r"\d\d:\d\d", line), line  # no name
            return line

        await wait_for(pilot, narrowed)


async def test_every_games_line_holds_on_one_line_at_80_columns_with_a_scrollbar(
    make_app, tmp_path
):
    """At 80×24 in Russian, with more games to resume than the menu shows (it scrolls: its
    scrollbar takes two columns), each game's line keeps its date on its one line: its names
    give way, then its step (Werewolf's, the longest, is cut with "…"); and any other line is
    cut with "…" rather than wrapped (the last game's players again)."""
    import re

    from narrator.tui.speech import CaptionsOnly

    folder = tmp_path / "games"
    for game in ("werewolf", "ravnica", "pyre", "blood_bound") * 2:
        unfinished(game, folder)
    played("werewolf", folder)  # the last game's players again, under them
    app = make_app(new=False, language="ru", voice=CaptionsOnly("ru"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len([i for i in ids(app) if i.startswith("resume:")]) == 8)
        menu = app.screen.query_one("#home-menu", OptionList)
        assert menu.show_vertical_scrollbar or await wait_for(
            pilot, lambda: menu.show_vertical_scrollbar
        )

        def one_line_each() -> list[str]:
            rows = [r for r in screen_text(app).splitlines() if r.startswith("▊ Продолжить")]
            assert len(rows) == 8 and all(re.search(r"\d\d:\d\d", row) for row in rows), rows
            return rows

        rows = await wait_for(pilot, one_line_each)
        assert any("оборотень" in row and "… ·" in row for row in rows), rows
        (again,) = [r for r in screen_text(app).splitlines() if r.startswith("▊ Те же игроки: ")]
        assert "…" in again  # its names: cut, not wrapped


async def test_r_is_shown_only_with_an_unfinished_game_and_every_key_shown_works(make_app):
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        await wait_for(pilot, lambda: footer_keys(app) == {"n", "h", "s"})  # none to resume
        menu = app.screen.query_one("#home-menu", OptionList)
        menu.highlighted = len(ids(app)) - 1
        await pilot.press("n")  # New game: its first option, highlighted
        await wait_for(pilot, lambda: ids(app)[menu.highlighted].startswith("new:"))
        await pilot.press("h")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HistoryScreen")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SettingsScreen")


async def test_n_on_a_new_game_starts_that_game_s_setup(make_app):
    """The choice of game is the menu's "New game" options: n on one starts it (it only
    highlighted the first of them before), as Enter does."""
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        menu = app.screen.query_one("#home-menu", OptionList)
        menu.highlighted = ids(app).index("new:pyre")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.game.name == "pyre"


async def test_an_unfinished_game_is_abandoned_and_kept_in_the_history(make_app, tmp_path):
    folder = tmp_path / "games"
    path = unfinished("pyre", folder)
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        await wait_for(pilot, lambda: footer_keys(app) == {"n", "r", "a", "h", "s"})
        await pilot.press("a")
        await wait_for_text(pilot, "Abandon this game?")
        await pilot.press("y")
        await wait_for(pilot, lambda: not any(i.startswith("resume:") for i in ids(app)))
        await wait_for(pilot, lambda: footer_keys(app) == {"n", "h", "s"})
    history = History(folder)
    history.sync()
    (row,) = history.games()
    assert row.status == "abandoned" and row.journal == path.name
    for file in folder.glob("history.sqlite3*"):  # rebuilt from the journals: still abandoned
        file.unlink()
    history = History(folder)
    history.sync()
    assert history.games()[0].status == "abandoned"
    assert Journal.open(path).events  # the journal itself is untouched


async def test_the_home_screen_is_under_every_game_and_home_goes_back_to_it(make_app, tmp_path):
    """The home screen is the app's first screen (Textual's default), under a game resumed
    from the command line too; going home leaves it alone on the stack, its menu read again."""
    from narrator.tui.game import GameScreen

    folder = tmp_path / "games"
    path = unfinished("pyre", folder)
    app = make_app(resume=path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert [type(s) for s in app.screen_stack] == [HomeScreen, GameScreen]
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        assert [type(s) for s in app.screen_stack] == [HomeScreen]
        assert ids(app)[0] == f"resume:{path.name}"
        await pilot.press("enter")  # the same game again, over the same home screen
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert [type(s) for s in app.screen_stack] == [HomeScreen, GameScreen]


async def test_what_the_first_frame_could_not_see_is_shown_once_it_is_drawn(make_app, tmp_path):
    """The first frame reads the database as it is; right after it, the whole database is
    read (a damaged one moved aside and rebuilt, with its line) and every journal's size is
    looked at (a finished game whose end was taken back is offered to resume)."""
    folder = tmp_path / "games"
    path = played("pyre", folder)
    history = History(folder)
    history.sync()
    history.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    history.close()
    Journal.open(path).undo()  # the end taken back: a game to resume
    with open(folder / "history.sqlite3", "r+b") as file:  # its last page: garbage
        file.seek(-4096, 2)
        file.write(b"\xff" * 4096)
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        await wait_for(pilot, lambda: f"resume:{path.name}" in ids(app))
        await wait_for_text(pilot, "The history of games could not be read")
    assert list(folder.glob("history.sqlite3.*.aside"))


async def test_a_history_rebuilt_from_many_journals_is_read_a_few_at_a_time(
    make_app, tmp_path, monkeypatch
):
    """No database: the first frame reads only the newest journals, the others are read
    after it, a few at a time, and every unfinished game ends up listed."""
    from narrator.tui import home

    monkeypatch.setattr(home, "READ_FIRST", 1)
    monkeypatch.setattr(home, "READ_AT_ONCE", 1)
    folder = tmp_path / "games"
    games = [unfinished(game, folder) for game in ("pyre", "ravnica", "werewolf", "blood_bound")]
    played("pyre", folder)
    played("ravnica", folder)  # six journals, the unfinished ones the oldest
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        want = {f"resume:{path.name}" for path in games}
        await wait_for(pilot, lambda: want <= set(ids(app)))
        await wait_for_text(pilot, "The history of games was rebuilt from the saved games.")


def form(app) -> tuple[list[str], dict]:
    screen = app.screen
    names = [field.value for field in screen.query("#names Input").results(Input)]
    values = {}
    for field in screen.fields:
        if field.kind == "choice":
            values[field.name] = screen.query_one(f"#{field.name}", Select).value
        elif field.kind == "int":
            values[field.name] = screen.query_one(f"#{field.name}", Input).value
    return names, values


async def test_same_players_again_fills_the_names_seats_and_rulings(make_app, tmp_path):
    played("pyre", tmp_path / "games")  # Ann Bob Cid Dan, quick, physical die
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        assert ids(app)[:2] == [i for i in ids(app) if i.startswith(("again:", "next:"))]
        await wait_for_text(pilot, "Same players: The Pyre (Ann, Bob, Cid, Dan)")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await wait_for(pilot, lambda: form(app)[0] == ["Ann", "Bob", "Cid", "Dan"])
        names, values = form(app)
        assert values["variant"] == "quick" and values["roll"] == "physical"
        assert values["shift"] == "2"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.journal is not None)
        first = app.journal.events[0].to_json()
        assert first["players"] == ["Ann", "Bob", "Cid", "Dan"]
        assert first["options"]["variant"] == "quick"


async def test_next_seat_starts_moves_the_first_seat_on_one(make_app, tmp_path):
    played("pyre", tmp_path / "games")
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await wait_for(pilot, lambda: form(app)[0] == ["Bob", "Cid", "Dan", "Ann"])


async def test_the_last_games_players_are_offered_for_another_game(make_app, tmp_path):
    """Ravnica's five, then a Pyre: the new Pyre offers them (any game's names for any)."""
    played("ravnica", tmp_path / "games")
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        keys = 0
        index = ids(app).index("new:pyre")
        await pilot.press(*["down"] * index, "enter")
        keys += index + 1
        await wait_for_text(pilot, "The players of the last game (Ravnica: Inquisition)")
        await pilot.press("enter")
        keys += 1
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await wait_for(pilot, lambda: form(app)[0] == ["Ann", "Bob", "Cid", "Dee", "Eve"])
        await pilot.press("ctrl+s")
        keys += 1
        await wait_for(pilot, lambda: app.journal is not None)
        assert app.journal.game.name == "pyre" and keys <= 10
        assert "Ann" in screen_text(app)


async def test_names_typed_in_any_game_are_offered_as_a_name_is_typed(make_app, tmp_path):
    played("blood_bound", tmp_path / "games")  # Carl, Gus, Hal, Ivy…
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        index = ids(app).index("new:werewolf")
        await pilot.press(*["down"] * index, "enter")
        await wait_for_text(pilot, "New players")
        await pilot.press("up", "enter")  # new players
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await wait_for(pilot, lambda: app.screen.query("#name-0"))
        app.screen.set_focus(app.screen.query_one("#name-0", Input))
        await pilot.press("G", "right")  # the suggestion taken with →
        await wait_for(pilot, lambda: app.screen.query_one("#name-0", Input).value == "Gus")


async def test_a_second_game_with_the_same_eight_players_costs_at_most_ten_setup_keys(
    make_app, tmp_path
):
    """Eight friends played Ravnica (rulings of their own); Werewolf next, the same eight in
    the same seats: n (the first New game), ↓, Enter, Enter (the last game's players),
    ctrl+s."""
    from narrator.games import registry

    names = ("Anna", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Igor")
    ravnica = registry.get("ravnica")
    values = {f.name: f.default for f in ravnica.setup_fields() if f.kind != "count"}
    journal = Journal.create("ravnica", tmp_path / "games")
    journal.append(ravnica.created(names, {**values, "round_seconds": 90}, 5))
    app = make_app(new=False)
    pressed = 0
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and ids(app))
        for keys, done in [
            (("n", "down", "enter"), lambda: "New players" in screen_text(app)),
            (("enter",), lambda: isinstance(app.screen, SetupScreen) and form(app)[0]),
            (("ctrl+s",), lambda: app.journal is not None),
        ]:
            await pilot.press(*keys)
            pressed += len(keys)
            await wait_for(pilot, done)
        first = app.journal.events[0].to_json()
    assert app.journal.game.name == "werewolf" and tuple(first["players"]) == names
    assert pressed == 5 <= 10
