"""Every key answered at once (issue 26, items 1, 3, 4): a key that is no entry of the step
says which keys the step takes, a refusal answers the key just pressed and goes with the next
key, Enter is on the key line only where it does something, and a game shows no line said in
another game."""

from __future__ import annotations

from contextlib import asynccontextmanager

from narrator.games.pyre.state import ACTION, TURN_END
from narrator.games.werewolf.state import Step
from narrator.tui.game import GameScreen
from narrator.tui.speech import CaptionsOnly
from tests.storm import example_journal_until
from tests.tui.driver import screen_text, settled_text, wait_for

SIZE = (100, 30)


def message(app) -> str:
    return str(app.screen.query_one("#message").render()).strip()


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


@asynccontextmanager
async def playing(make_app, tmp_path, name, reached):
    """The app resumed at the first state of ``name``'s example where ``reached`` holds, its
    game screen up and drawn: (app, pilot)."""
    journal = example_journal_until(name, tmp_path / "games", reached)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await settled_text(pilot)
        yield app, pilot


async def test_a_key_that_is_no_entry_says_the_step_s_keys_and_the_next_key_clears_it(
    make_app, tmp_path
):
    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == ACTION) as (app, pilot):
        await pilot.press("z")  # no key of the Pyre: answered, not silent
        await wait_for(pilot, lambda: "z is not one of this step's keys" in message(app))
        await pilot.press("down")  # the next key: the refusal was about "z", not about it
        await wait_for(pilot, lambda: message(app) == "")


async def test_enter_is_off_the_key_line_where_it_does_nothing_and_says_why_when_pressed(
    make_app, tmp_path
):
    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == ACTION) as (app, pilot):
        assert "Continue" not in footer(app) and "⏎" not in footer(app)
        entries = len(app.journal.events)
        await pilot.press("enter")  # as if to end the turn: the rule that ends one (P7)
        await wait_for(pilot, lambda: "turn ends after two actions" in message(app))
        assert message(app).endswith("(P7)") and len(app.journal.events) == entries


async def test_enter_is_off_werewolf_s_vote_until_everyone_has_voted_W18(make_app, tmp_path):
    def voting(s) -> bool:
        return s.step is Step.VOTE and s.voter is not None

    async with playing(make_app, tmp_path, "werewolf", voting) as (app, pilot):
        assert "Continue" not in footer(app) and "⏎" not in footer(app)
        entries = len(app.journal.events)
        await pilot.press("enter")  # says who is still to vote, and its rule
        await wait_for(pilot, lambda: message(app).startswith("Still to vote: "))
        assert message(app).endswith("(W18)") and len(app.journal.events) == entries


async def test_enter_is_on_the_key_line_where_it_ends_the_turn(make_app, tmp_path):
    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == TURN_END) as (app, pilot):
        assert "⏎ end the turn" in footer(app)  # named for what it does
        entries = len(app.journal.events)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.journal.events) == entries + 1)


async def test_a_game_shows_no_line_said_in_the_game_before(make_app, tmp_path):
    first = example_journal_until("pyre", tmp_path / "a", lambda s: s.step == TURN_END)
    second = example_journal_until("blood_bound", tmp_path / "b", lambda s: True)  # at the deal
    app = make_app(resume=first.path, new=False, voice=CaptionsOnly())
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        said_first = list(app.captions)
        assert any("Pyre" in line for line in said_first)
        app.go_home()
        await settled_text(pilot)
        assert app.open_journal(second.path)
        await settled_text(pilot)
        assert not set(said_first) & set(app.captions), app.captions


async def test_enter_submits_a_typed_value_when_its_field_has_lost_the_focus_P10(
    make_app, tmp_path
):
    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == ACTION) as (app, pilot):
        await pilot.press("c", "1")  # a Citizen of influence 1 (P10), typed
        await wait_for(pilot, lambda: app.screen.query("#typed") and app.focused is not None)
        app.set_focus(None)
        entries = len(app.journal.events)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.journal.events) > entries or message(app) != "")


async def test_help_is_this_step_s_enter_row_only_where_enter_does_something(make_app, tmp_path):
    from narrator.tui.help import help_rows

    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == ACTION) as (app, pilot):
        rows = dict(help_rows(app))
        assert not [d for d in rows.values() if "votes" in d or "privacy screen" in d], rows
        assert "enter" not in {k.lower() for k in rows}, rows  # Enter does nothing here
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: "draw" in screen_text(app).lower())


async def test_a_closed_entry_of_the_pyre_is_refused_at_once_with_its_rule_P7_P16(
    make_app, tmp_path
):
    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == TURN_END) as (app, pilot):
        entries = len(app.journal.events)
        for key, rule in (("d", "(P7)"), ("c", "(P7)"), ("a", "(P7)"), ("r", "(P16)")):
            await pilot.press(key)
            await wait_for(pilot, lambda: rule in message(app))  # noqa: B023
            assert app.screen.path == ()  # refused at the first key, nothing waits for more
        assert len(app.journal.events) == entries


async def test_a_key_of_blood_bound_that_no_step_takes_now_names_the_step_s_rule_B8_B13_B16_B26(
    make_app, tmp_path
):
    from narrator.games.blood_bound.flow import CAPTURE, CLUES, FLIPS, WOUND

    for step, key, rule in ((CLUES, "a", "B8"), (WOUND, "g", "B13"), (FLIPS, "5", "B26")) + (
        (CAPTURE, "u", "B16"),
    ):
        reached = lambda s: s.step == step  # noqa: B023, E731
        async with playing(make_app, tmp_path / step, "blood_bound", reached) as (app, pilot):
            while app.pages:
                await pilot.press("enter")
            await settled_text(pilot)
            entries = len(app.journal.events)
            await pilot.press(key)
            await wait_for(pilot, lambda: f"({rule})" in message(app))  # noqa: B023
            assert len(app.journal.events) == entries and app.screen.path == ()


async def test_keys_that_reach_a_game_screen_before_it_is_mounted_are_answered(make_app, tmp_path):
    """Found by the storm: Enter on a game screen pushed but not mounted yet crashed the app
    (its state was made in on_mount)."""
    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == ACTION) as (app, pilot):
        fresh = GameScreen()  # as the app makes one, before Textual mounts it
        for action in ("primary", "back", "undo_vote"):
            fresh.check_action(action, ())
        fresh.action_primary()  # Enter at an action: refused, saying why
        await wait_for(pilot, lambda: message(app) != "")
        assert fresh.ticked == set() and fresh.path == () and fresh.warned == set()
        assert app.is_running


async def test_the_pyre_refuses_at_the_key_that_decides_it_P10_P11_P12_P14(make_app, tmp_path):
    from dataclasses import replace as changed

    from narrator.games.pyre.steps import step_view

    journal = example_journal_until("pyre", tmp_path / "games", lambda s: s.step == ACTION)
    s = journal.state
    bare = changed(s, councils=tuple(() for _ in s.seats), pyre=(), hands=(0,) * s.count)

    def refusal(state, key, path=()):
        choice = next(c for c in step_view(state, path).choices if c.key == key)
        return None if choice.refusal is None else str(choice.refusal)

    assert refusal(bare, "a").endswith("(P11)")  # nobody to accuse: at a, not after the place
    assert refusal(bare, "o").endswith("(P12)")  # the Pyre is empty: at o
    assert refusal(bare, "c").endswith("(P10)")  # no card in hand: at c, not after the number
    assert refusal(bare, "k").endswith("(P14)")
    second = changed(s, actions=1)
    assert refusal(second, "2", ("k",)).endswith("(P14)")  # cost 2 as the second: at 2
    assert refusal(second, "1", ("k",)) is None
    assert refusal(s, "c") is None  # a hand of cards: the influence is asked
    later = example_journal_until(
        "pyre", tmp_path / "later", lambda s: s.step == ACTION and s.in_play and s.pyre
    ).state
    assert refusal(later, "a") is None and refusal(later, "o") is None


def test_a_reaction_by_a_claimant_without_priority_is_refused_at_their_seat_key_P16(tmp_path):
    from narrator.games.pyre.reactions import first_claim
    from narrator.games.pyre.steps import step_view

    s = example_journal_until(
        "pyre", tmp_path, lambda s: s.window is not None and len(s.window.claims) >= 2
    ).state
    first = first_claim(s)
    other = next(p for p in s.window.claims if p != first)
    keyed = {c.key: c for c in step_view(s, ("r",)).choices}
    assert str(keyed[str(other + 1)].refusal).endswith("(P16)")  # at the seat: no name asked
    assert keyed[str(first + 1)].refusal is None


async def test_the_first_digit_of_seat_10_or_11_is_echoed_until_the_second(make_app, tmp_path):
    from narrator.games.blood_bound import events as bb
    from narrator.journal import Journal

    names = tuple(["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim"])
    journal = Journal.create("blood_bound", tmp_path / "games", stem="eleven")
    for event in (bb.GameCreated(names, seed=3), bb.CardsDealt(), bb.CluesShown()):
        journal.append(event)
    journal.append(bb.DaggerGiven(0))
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await settled_text(pilot)
        await pilot.press("p", "1")  # pass to… seat 1, 10 or 11: the 1 is shown
        await wait_for(pilot, lambda: message(app) == "1…")
        await pilot.press("1")  # seat 11
        await wait_for(pilot, lambda: len(app.journal.events) == 5)
        assert message(app) == ""


def test_a_changed_roll_s_face_and_a_move_from_an_empty_place_are_refused_at_once_P15_P23(
    tmp_path,
):
    from dataclasses import replace as changed

    from narrator.games.pyre.steps import step_view

    s = example_journal_until(
        "pyre", tmp_path, lambda s: s.window is not None and s.window.roll is not None
    ).state
    named = ("g", "~Sabotage")  # an effect of the card being resolved, its name typed
    faces = {c.key: c for c in step_view(s, (*named, "c")).choices}
    for key in ("0", "7"):  # a d6 has neither: said at the key (P15)
        assert str(faces[key].refusal).endswith("(P15)")
    assert faces["4"].refusal is None and faces["4"].event is not None
    empty = changed(s, pyre=())
    places = {c.key: c for c in step_view(empty, (*named, "m", "p")).choices}
    assert str(places["1"].refusal).endswith("(P23)")  # before the destination is asked


async def test_an_entry_key_after_the_win_says_the_game_is_over_P21(make_app, tmp_path):
    from narrator.games.pyre.state import OVER

    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == OVER) as (app, pilot):
        await pilot.press("d")  # on the win's page, and after it
        await wait_for(pilot, lambda: "(P21)" in message(app))
        while app.pages:
            await pilot.press("enter")
        await pilot.press("c")
        await wait_for(pilot, lambda: "(P21)" in message(app))


async def test_the_deck_s_marks_are_taken_while_a_window_is_open_P9(make_app, tmp_path):
    """P9: the deck may be emptied by a card an effect draws while a reaction window is open;
    the rules take "deck empty" there (PLAY), and so does the window's screen."""
    from narrator.games.pyre.state import WINDOW

    async with playing(make_app, tmp_path, "pyre", lambda s: s.step == WINDOW) as (app, pilot):
        while app.pages:  # the roll's moment, shown again on resuming
            await pilot.press("enter")
        entries = len(app.journal.events)
        await pilot.press("n")
        await wait_for(pilot, lambda: len(app.journal.events) == entries + 1)
        assert app.state.deck_empty and app.state.step == WINDOW
        await pilot.press("y")
        await wait_for(pilot, lambda: not app.state.deck_empty)
