"""Nothing is lost in the two referee games: a killed app resumes at the same step, inside an
open window too, and an undo takes back one entry (Blood Bound's intervention window, B12; the
Pyre's reaction window, P16, P24; the Pyre's turn timer, P7)."""

from __future__ import annotations

from narrator.games.blood_bound import events as bb
from narrator.games.blood_bound.flow import OFFERS, WOUND
from narrator.games.pyre import events as py
from narrator.games.pyre.game import GAME as PYRE
from narrator.games.pyre.state import WINDOW
from narrator.journal import Journal
from narrator.tui.game import GameScreen
from narrator.tui.modals import ConfirmScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import screen_text, wait_for

SIZE = (110, 36)
NINE = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


def resumed(tmp_path, game: str, events: list, **options):
    """The app resuming ``events`` as a killed app left them; ``options``: the app's own (an
    injected clock)."""
    from narrator.tui.app import NarratorApp

    journal = Journal.create(game, tmp_path / "games", stem="killed")
    for event in events:  # as a killed app left them on disk
        journal.append(event)
    app = NarratorApp(
        data_dir=tmp_path / "games",
        voice=CaptionsOnly(),
        pace=0.001,
        new=False,
        resume=journal.path,
        **options,
    )
    return app, journal


async def test_blood_bound_resumes_inside_the_intervention_window_and_undoes_an_offer_B12(
    tmp_path,
):
    app, journal = resumed(
        tmp_path,
        "blood_bound",
        [
            bb.GameCreated(NINE, seed=3),
            bb.CardsDealt(),
            bb.CluesShown(),
            bb.DaggerGiven(4),
            bb.Attacked(4, 1),
            bb.InterventionOffered(3),
            bb.InterventionOffered(6),
        ],
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.state.step == OFFERS and app.state.offers == (3, 6)
        await wait_for(pilot, lambda: "Who offers to intervene?" in screen_text(app))
        assert "Eve attacks Bob" in screen_text(app)  # the title: the attack, said once
        assert "Dan  offers" in screen_text(app) and "Gus  offers" in screen_text(app)
        await pilot.press("ctrl+z")  # undo asks first; y takes Gus's offer back
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.state.offers == (3,))
        await pilot.press("i", "4")  # Bob picks Dan: Dan's wound, his rank token (B12)
        await wait_for(pilot, lambda: app.state.step == WOUND)
        await wait_for(pilot, lambda: "this wound is Dan's rank token" in screen_text(app))
    events = Journal.open(journal.path).events
    assert [e.type for e in events][-2:] == ["intervention_offered", "intervention_picked"]


async def test_the_pyre_resumes_inside_a_reaction_window_with_its_turn_timer_P7_P16_P24(tmp_path):
    created = py.GameCreated(
        ("Ann", "Bob", "Cid"), py.Options(first_player="picked", roll="physical", turn_timer=90)
    )
    app, journal = resumed(
        tmp_path,
        "pyre",
        [
            created,
            py.Dealt(),
            py.FirstPlayer(0),
            py.CitizenPlayed(4),
            py.Drew(),
            py.TurnEnded(),
            py.Accused(0, 0),
            py.Rolled(5),
            py.ReactionClaimed(2),
        ],
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.state.step == WINDOW and app.state.window.claims == (2,)
        await wait_for(pilot, lambda: "5 against defence 4: 5 ≥ 4, success." in screen_text(app))
        await wait_for(pilot, lambda: "Cid  claims · first (priority)" in screen_text(app))
        view = PYRE.step(app.state)
        assert view.timer is not None and view.timer.turn  # one clock across Bob's turn (P7)
        await pilot.press("enter")  # no reaction: the accused Citizen goes to the Pyre (P24)
        await wait_for(pilot, lambda: app.state.window is None)
        assert len(app.state.pyre) == 1 and app.state.councils[0] == ()
        after = PYRE.step(app.state)
        assert after.timer is not None and after.timer.key == view.timer.key


def test_the_pyre_s_turn_timer_is_off_by_default_and_one_clock_a_turn_when_on_P7():
    from narrator.games.base import fold

    def turn_of(timer: int, *more):
        options = py.Options(first_player="picked", turn_timer=timer)
        created = py.GameCreated(("Ann", "Bob"), options)
        return fold(PYRE, [created, py.Dealt(), py.FirstPlayer(0), *more])

    assert PYRE.step(turn_of(0)).timer is None  # P7: the rules set no timer
    first = PYRE.step(turn_of(60)).timer
    second = PYRE.step(turn_of(60, py.CitizenPlayed(1))).timer
    nxt = PYRE.step(turn_of(60, py.Drew(), py.CitizenPlayed(1), py.TurnEnded())).timer
    assert first.seconds == 60 and first.turn and first.then is None
    assert second.key == first.key and nxt.key != first.key  # one clock a turn


async def test_the_pyre_s_turn_clock_says_its_own_words_paused_and_up_P7(tmp_path):
    now = [0.0]
    created = py.GameCreated(
        ("Ann", "Bob", "Cid"), py.Options(first_player="picked", roll="physical", turn_timer=60)
    )
    events = [created, py.Dealt(), py.FirstPlayer(0)]
    app, _ = resumed(tmp_path, "pyre", events, clock=lambda: now[0])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.countdown)
        await pilot.press("space")  # paused: the turn clock's own words, not the discussion's
        await wait_for(pilot, lambda: "TURN CLOCK PAUSED · Ann" in screen_text(app))
        assert "Discussion paused." not in app.captions
        await pilot.press("space")
        now[0] += 61
        await wait_for(pilot, lambda: any("Time is up for Ann" in c for c in app.captions))
        assert "Time is up." not in app.captions and app.state.step == "action"
