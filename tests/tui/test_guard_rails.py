"""Guard rails for a tired narrator (issue 9 item 4), the app's own decks (item 3) and the keys
of a Russian keyboard (item 5)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from narrator.games.ravnica import GAME, Options, State
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.narration import announcements, step_lines
from narrator.games.ravnica.state import Step
from narrator.games.ravnica.steps import checklist_lines
from narrator.prompts import Catalogue
from narrator.tui.modals import ConfirmScreen, HelpScreen
from narrator.tui.privacy import PrivacyScreen
from tests.games.table import CID, DEE, GUILDS, NAMES
from tests.games.walk import next_move, random_game_created
from tests.tui.driver import (
    journal_until,
    open_privacy_screen,
    screen_text,
    settled_text,
    wait_for,
    wait_for_text,
)
from tests.tui.test_moments import final_events, journal_of, round_events

SIZE = (100, 30)


def at_discussion(tmp_path, **options):
    events = final_events(**options)[:3] + [ev.LeaderCardTurned("W")]
    return journal_of(tmp_path / "games", events).path


def toasts(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_enter_in_a_running_discussion_asks_first_and_e_ends_it_R14(make_app, tmp_path):
    app = make_app(resume=at_discussion(tmp_path), new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.countdown is not None)
        await wait_for_text(pilot, "End early…")
        footer = screen_text(app).splitlines()[-1]
        assert "End early…" in footer and "Continue" not in footer
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await wait_for_text(pilot, "End the discussion now and vote?")
        await pilot.press("n")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
        assert app.state.step is Step.DISCUSSION and app.countdown.running
        await pilot.press("enter", "enter")  # a second Enter answers no: only y ends it
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
        assert app.state.step is Step.DISCUSSION
        await pilot.press("enter", "y")
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)
        await pilot.press("ctrl+z", "y")  # back to the discussion
        await wait_for(pilot, lambda: app.state.step is Step.DISCUSSION)
        await pilot.press("e")
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)


async def test_a_paused_clock_says_paused(make_app, tmp_path):
    app = make_app(resume=at_discussion(tmp_path), new=False, clock=lambda: 0.0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.countdown is not None)
        assert "PAUSED" not in await settled_text(pilot)  # the running clock drawn
        await pilot.press("space")
        await wait_for_text(pilot, "PAUSED")
        await pilot.press("space")
        await wait_for(pilot, lambda: "PAUSED" not in screen_text(app))


async def test_ctrl_q_in_a_game_asks_first_and_says_it_is_saved(make_app, tmp_path):
    app = make_app(resume=at_discussion(tmp_path), new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await wait_for_text(pilot, "The game is saved", app.journal.path.name)
        await pilot.press("n")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
        assert app.is_running
        await pilot.press("ctrl+q", "y")
        await wait_for(pilot, lambda: not app.is_running)


async def test_ctrl_q_at_home_quits_at_once(make_app):
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: not app.is_running)


async def test_refusals_replace_each_other_instead_of_stacking(make_app, tmp_path):
    events = final_events()[:3] + [ev.LeaderCardTurned("W"), ev.DiscussionEnded()]
    app = make_app(resume=journal_of(tmp_path / "games", events).path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)
        for key in ("9", "8", "2"):  # two seats that do not exist, Bob is not White (R14)
            await pilot.press(key)
        await wait_for(pilot, lambda: "Bob is not White" in screen_text(app))
        assert len(app.refusals) == 1 and "Bob is not White" in app.refusals[0]
        assert not toasts(app)  # in the message line under the step, never a toast over it
        assert "There is no seat" not in screen_text(app)  # the last one only


@pytest.mark.parametrize("deck", ["physical", "app"])
async def test_every_screen_keeps_its_key_line_at_80_by_24(make_app, tmp_path, deck):
    wanted = {
        Step.OPENING: "Enter: the opening (eyes closed)",
        Step.TURN_LEADER_CARD: "Press the colour" if deck == "physical" else "Enter: the app turns",
        Step.DISCUSSION: "e: end the discussion now",
        Step.ELECTION: "press the seat number",
        Step.DRAW: "Enter: the secret step",
        Step.ABILITY: "Enter: done.",
        Step.ROLES: "a: Agent of Bolas",
    }
    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
    for step, keys in wanted.items():
        journal = journal_until(
            tmp_path / f"{deck}-{step.value}",
            lambda s, step=step: s.step is step,
            names=names,
            options=Options(deck_mode=deck),
        )
        app = make_app(resume=journal.path, new=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda app=app: app.journal is not None)
            while app.pages:
                await pilot.press("enter")
            await pilot.pause()
            assert keys in " ".join(screen_text(app).split()), (step, screen_text(app))


@pytest.mark.parametrize("seed", range(8))
def test_the_app_s_decks_are_never_shuffled_at_the_table_R9(seed, ravnica_words):
    """With the app holding the decks no line or checklist tells the table to shuffle, turn
    or draw a physical card: every step of a random game, as said in English."""
    rng = random.Random(seed)
    created = random_game_created(rng, rng.randint(5, 10))
    state = GAME.apply(State(), replace(created, options=replace(created.options, deck_mode="app")))
    said = []
    while state.step is not Step.OVER:
        event = next_move(state, rng)
        before, state = state, GAME.apply(state, event)
        pages = announcements(before, event, state)
        for line in step_lines(state) + [line for page in pages for line in page.lines]:
            said.append(Catalogue("en").format(line.prompt_id, **line.params).lower())
    assert said and not any(
        phrase in line for line in said for phrase in ("shuffle", "turn over", "draw the top")
    )
    assert "app_decks" in checklist_lines(state) and "targeting_deck" not in checklist_lines(state)


async def test_green_sees_the_targeting_cards_the_app_holds_for_the_chosen_player_R24(
    make_app, tmp_path
):
    events = [
        ev.GameCreated(NAMES[:5], Options(deck_mode="app"), seed=1),
        ev.GuildsDealt(GUILDS[:5]),
        ev.OpeningDone(),
        *round_events("U", DEE, "G", CID),  # Dee, the Blue leader, holds the Green card
        ev.LeaderCardTurned("G"),
        ev.DiscussionEnded(),
        *[ev.VoteCast(v, CID) for v in range(5)],
        ev.VotesClosed(),
        ev.TargetDrawn("U"),  # the Green leader Cid draws Blue: Dee is Blue (Simic G/U)
    ]
    app = make_app(resume=journal_of(tmp_path / "games", events).path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        await open_privacy_screen(pilot)
        await pilot.press("enter", str(DEE + 1))
        await wait_for(pilot, lambda: app.state.step is Step.ABILITY)
        await wait_for_text(pilot, "Dee's targeting cards, held by the app: GREEN")
        # The table opens its eyes only once the cards are off the screen.
        assert "Everyone, open your eyes." not in app.voice.spoken[-3:]
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, PrivacyScreen))
        assert "Everyone, open your eyes." in app.voice.spoken[-3:]


async def test_colour_and_letter_keys_work_on_a_russian_layout(make_app, tmp_path):
    """ц г и к п are w u b r g on a Russian keyboard; у is e, ф is a."""
    app = make_app(resume=journal_of(tmp_path / "games", final_events()[:3]).path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.state.step is Step.TURN_LEADER_CARD)
        await pilot.press("г")  # u: Blue
        await wait_for(pilot, lambda: app.state.step is Step.DISCUSSION)
        assert app.state.round_colour == "U"
        await pilot.press("у")  # e: end the discussion
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)


async def test_time_up_behind_a_dialog_leaves_the_dialog_open_R11(make_app, tmp_path):
    now = [0.0]
    app = make_app(resume=at_discussion(tmp_path), new=False, clock=lambda: now[0])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.countdown is not None)
        await pilot.press("question_mark")  # the help, over the running discussion
        help_screen = await wait_for(
            pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen
        )
        now[0] = 500.0  # the 2 minutes are over
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)
        await settled_text(pilot)  # the app caught up with the time up
        assert app.screen is help_screen  # still open; the vote waits beneath it
        await pilot.press("escape")
        await wait_for(pilot, lambda: "Now voting" in screen_text(app))


async def test_an_undo_on_the_red_leader_s_privacy_screen_goes_back_to_the_last_draw_R22(
    make_app, tmp_path
):
    events = final_events()[:-3]  # at the Red leader's last draw, physical decks
    app = make_app(resume=journal_of(tmp_path / "games", events).path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.state.step is Step.ABLAZE_DRAW)
        await pilot.press("enter", "enter")  # the privacy screen; the last card by itself
        await wait_for(pilot, lambda: app.state.step is Step.ABLAZE_GIVE)
        await pilot.press("ctrl+z", "y")
        await wait_for(pilot, lambda: app.state.step is Step.ABLAZE_DRAW)
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await wait_for_text(pilot, "press Enter")
        await settled_text(pilot)  # the app caught up: had it drawn again, it would have by now
        assert app.state.step is Step.ABLAZE_DRAW  # not drawn again behind the narrator's back


async def test_a_name_that_looks_like_markup_is_shown_as_typed(make_app, tmp_path):
    names = ("Bo[/]b", "Ann", "Cid", "Dee", "Eve")
    events = [ev.GameCreated(names, Options(), seed=1), ev.GuildsDealt(GUILDS[:5])]
    app = make_app(resume=journal_of(tmp_path / "games", events).path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await wait_for_text(pilot, "Bo[/]b")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.state.step is Step.DEAL)
