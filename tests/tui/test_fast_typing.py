"""Fast typing lands where it was typed (issue 17, item 5): the setup form takes its keys in
the order they were typed, however fast they come. A tester typing "Ann<Tab>Bob<Tab>…" at
60 ms a key got "Dee" and "E" in one field: the letters after a Tab went to the field being
left, because Textual moves the focus only once the Tab has gone up to the app, while the
letters typed after it are already on their way to the focused field.

Two speeds: ``pilot.press`` with no pause (Textual lets each key settle), and a burst, every
key in the app's queue at once, as a terminal hands them over when the app is busy (a voice
rendering its lines ahead, a slow laptop)."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input, Select

from narrator.tui.setup import SetupScreen
from tests.every_game import names, registered
from tests.tui.driver import until, wait_for

SIZE = (100, 30)
GAMES = ("ravnica", "werewolf")  # two forms: a Select after the names, and a name field more
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
DEFAULT = {"ravnica": 5, "werewolf": 6}  # the player count the form starts with
CHARACTERS = {"tab": "\t", "enter": "\r", "backspace": "\x7f", "space": " ", "plus": "+"}


def typed(names: list[str]) -> list[str]:
    """The keys of a Tab to the first name, then each name and a Tab."""
    keys = ["tab"]
    for name in names:
        keys += [*name, "tab"]
    return keys


def burst(app, keys: list[str]) -> None:
    """Every key in the app's queue at once, in order, before it handles any."""
    for key in keys:
        character = key if len(key) == 1 else CHARACTERS.get(key)
        event = events.Key(key, character)
        event.set_sender(app)
        app.post_message(event)


def name_fields(app) -> list[str]:
    return [field.value for field in app.screen.query("#names Input").results(Input)]


async def landed(pilot, app, names: list[str], focused: str | type) -> None:
    """Wait until the name fields hold ``names`` and the focus is on ``focused`` (an id, or a
    kind of widget): the last key of the burst taken. Failing, says what the fields hold."""

    def check() -> None:
        assert name_fields(app) == names
        now = app.focused
        if isinstance(focused, str):
            assert now is not None and now.id == focused, now
        else:
            assert isinstance(now, focused), now

    await until(pilot, check)


async def players(pilot, app, *, start: bool = True) -> tuple[str, ...]:
    """The players of the game created: ctrl+s typed now (``start``), or in the burst."""
    if start:
        burst(app, ["ctrl+s"])
    await wait_for(pilot, lambda: app.journal is not None)
    return app.state.players


async def open_setup(pilot, app) -> SetupScreen:
    await wait_for(
        pilot,
        lambda: (
            isinstance(app.screen, SetupScreen)
            and app.screen.query("#name-0")
            and app.screen.query_one("#count", Input).has_focus
        ),
    )
    return app.screen


@pytest.mark.parametrize("game", ["werewolf"])  # the shell's form: one game is enough here
async def test_names_pressed_with_no_pause_each_land_whole_in_their_own_field(make_app, game):
    app = make_app(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, app)
        names = NAMES[: DEFAULT[game]]
        await pilot.press(*typed(names))
        assert name_fields(app) == names
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.journal is not None)
        assert app.state.players == tuple(names)


async def burst_of_names(make_app, game: str) -> None:
    """The names of the count the form starts with, typed in one burst: each lands whole in its
    own field, the Tab after the last goes to the next field, and ctrl+s starts the game with
    them: the check of one game (registered)."""
    app = make_app(game=game)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, app)
        names = NAMES[: int(screen.query_one("#count", Input).value)]
        burst(app, typed(names))
        await landed(pilot, app, names, screen.fields[1].name)
        assert await players(pilot, app) == tuple(names)


@pytest.mark.parametrize("game", names())
async def test_names_typed_in_one_burst_each_land_whole_in_their_own_field(make_app, game):
    with registered(game):
        await burst_of_names(make_app, game)


@pytest.mark.parametrize(("game", "count"), [("ravnica", 9), ("werewolf", 9), ("werewolf", 3)])
async def test_the_player_count_the_names_and_ctrl_s_at_once(make_app, game, count):
    """The count makes the name fields: the names typed straight after it find them all, and
    ctrl+s straight after the last name starts the game with every name whole."""
    app = make_app(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, app)
        names = NAMES[:count]
        burst(app, ["backspace", str(count), *typed(names), "ctrl+s"])
        assert await players(pilot, app, start=False) == tuple(names)


@pytest.mark.parametrize("game", ["ravnica"])  # 10 players: Werewolf's counts go to 12 too
async def test_a_two_digit_count_then_names_with_enter_between_them(make_app, game):
    """Enter moves on as Tab does, as fast; a count of two digits goes through "1" first
    (too few: refused, no field added nor lost)."""
    app = make_app(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, app)
        names = NAMES[:10]
        keys = ["backspace", "1", "0", "enter"]
        for name in names:
            keys += [*name, "enter"]
        burst(app, keys)
        await landed(pilot, app, names, Select)
        assert app.screen.query_one("#count", Input).value == "10"
        assert await players(pilot, app) == tuple(names)


@pytest.mark.parametrize("game", GAMES)
async def test_editing_keys_act_in_the_order_typed_among_the_letters(make_app, game):
    """Backspace, Delete, Home, the arrows, shift+Tab: each where it was typed among the
    letters (Textual acted on them once they had gone up to the app, after the letters)."""
    app = make_app(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot, app)
        keys = ["tab", "A", "n", "x", "backspace", "n", "tab"]  # Ann
        keys += ["o", "b", "home", "B", "tab"]  # Bob
        keys += ["C", "d", "left", "i", "tab"]  # Cid
        keys += ["X", "tab", "shift+tab", "backspace", "D", "e", "e", "tab"]  # Dee
        keys += ["E", "v", "e", "left", "left", "delete", "v", "tab"]  # Eve
        burst(app, keys)
        names = ["Ann", "Bob", "Cid", "Dee", "Eve"] + [""] * (DEFAULT[game] - 5)
        # five players: the Tab after the fifth name leaves the names
        await landed(pilot, app, names, Select if game == "ravnica" else "name-5")


@pytest.mark.parametrize("game", GAMES)
async def test_tab_goes_to_a_name_field_just_added_in_seat_order(make_app, game):
    """Textual orders the focus by where widgets are drawn; a field added a moment ago is not
    drawn yet, and came first ("Ann", "Seat 2"… "Bob" in the seventh field). The form moves in
    the order it is written."""
    app = make_app(game=game)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot, app)
        count = screen.query_one("#count", Input)
        await screen.rebuild_names(9)  # as the count field does; nothing is drawn until a pause
        order = []
        for _ in range(10):
            screen.move_focus(1)
            order.append(app.focused.id)
        assert order == [f"name-{seat}" for seat in range(9)] + [screen.fields[1].name]
        for _ in range(10):
            screen.move_focus(-1)
        assert app.focused is count


@pytest.mark.parametrize(
    ("keys", "made"),
    [
        # P10: a Citizen's influence typed, Enter, then the turn's second action (a Draw).
        (["c", "3", "enter", "d"], ["CitizenPlayed", "Drew"]),
        # P23: a card's name typed, Enter, then what its effect does: a hand changed by +1.
        (["g", *"Card", "enter", "h", "4", "plus", "1", "enter"], ["HandChanged"]),
    ],
)
async def test_keys_typed_after_a_typed_entry_s_enter_are_the_next_step_s(
    make_app, tmp_path, keys, made
):
    """A narrator typing a game's field, Enter and the next keys in one burst: the keys after
    Enter wait until the entry is made, then go to the step it leads to, never into the field
    ("Cardh5+1" was a card's name when typed fast in a terminal)."""
    from narrator.games.pyre.state import ACTION
    from narrator.tui.game import GameScreen
    from tests.storm import example_journal_until
    from tests.tui.driver import settled_text

    journal = example_journal_until("pyre", tmp_path / "games", lambda s: s.step == ACTION)
    before = len(journal.events)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await settled_text(pilot)
        burst(app, keys)
        await wait_for(pilot, lambda: len(app.journal.events) == before + len(made))
        await settled_text(pilot)
        entered = app.journal.events[before:]
        assert [type(e).__name__ for e in entered] == made, entered
        if made == ["HandChanged"]:
            assert (entered[0].card, entered[0].seat, entered[0].change) == ("Card", 3, 1)
        assert app.held_keys is None


async def test_keys_with_no_screen_up_close_nothing(make_app):
    """Keys can reach the app between one screen's leaving and the next's coming, with no
    screen on the stack: a storm's Enter coming back up from a screen, and a key just typed
    (a letter of a Russian layout, an Enter), which asked which field had the focus, or which
    screen was up, and raised: the app closed (the Pyre's storm, seed 31). Such a key is
    pressed into nothing, and the keys held behind an Enter are let go all the same (issue
    31)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.screen_stack)
        app.hold_keys()
        back = events.Key("enter", "\r")
        back._set_forwarded()  # as Textual marks a key coming back up from the screen
        stack = app._screen_stack
        screens = list(stack)
        stack.clear()
        try:
            await app.on_event(back)
            assert app.held_keys is None
            for key, character in (("ц", "ц"), ("enter", "\r")):
                await app.on_event(events.Key(key, character))
        finally:
            app.held_keys = None  # the Enter's hold, with no screen to let it go
            stack.extend(screens)
        assert app._exception is None
