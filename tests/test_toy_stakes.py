"""Coin Call with stakes (tests/games/toy/stakes.py, C7-C12) uses every affordance the shell
offers a game, with nothing outside the toy's folder: a typed number and the app's move with
an argument (C7), a two-key private choice (C8), a claim window with priority (C9), a warned
choice (C10), a turn timer across entries (C11), an entry valid at any step typed as text
(C12), and tracker cells and a pile in the public view."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Input, Select

from narrator.games.base import fold
from narrator.games.shell_data import AppMove, Claims
from narrator.journal import Journal
from narrator.tui.game import GameScreen
from narrator.tui.modals import ConfirmScreen
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.setup import SetupScreen
from tests.games.toy import events as ev
from tests.games.toy import rules
from tests.test_toy_game import NAMES, SIZE, make_app, on_step, refusal_of, screen_text
from tests.tui.driver import wait_for

pytestmark = pytest.mark.usefixtures("toy")  # Coin Call is a game only while these tests run

ELECTED = [
    ev.DiscussionEnded(),
    ev.VoteCast(0, 1),
    ev.VoteCast(1, 1),
    ev.VoteCast(2, 0),
    ev.VotesClosed(),
]


def staked(game, *events):
    return fold(game, [ev.GameCreated(NAMES, 30, 5, stakes=True), *ELECTED, *events])


# --- the rules -------------------------------------------------------------------------------


def test_C7_the_stake_is_1_to_20_typed_or_rolled_by_the_seeded_app(toy):
    s = staked(toy)
    assert s.step == rules.STAKE and s.players[s.elected] == "Bob"
    assert refusal_of(toy, s, ev.StakeSet(21)).rule == "C7"
    assert refusal_of(toy, s, ev.StakeSet(0)).rule == "C7"
    rolled = toy.app_move(s, 7, AppMove(args=("d20", 20)))
    assert rolled == toy.app_move(s, 7, AppMove(args=("d20", 20)))  # a resumed game: the same
    assert rolled.roll == ("d20", rolled.amount) and 1 <= rolled.amount <= 20
    assert ev.CODEC.decode(json.loads(json.dumps(rolled.to_json()))) == rolled
    assert toy.apply(s, rolled).stake == rolled.amount


def test_C8_the_call_names_a_partner_first_never_the_caller(toy):
    s = staked(toy, ev.StakeSet(12))
    assert refusal_of(toy, s, ev.CoinCalled(1, "heads")).rule == "C8"
    assert refusal_of(toy, s, ev.CoinCalled(1, "heads", 1)).rule == "C8"
    first = toy.step(s)  # the partner's seat leads to the side: two keys
    assert first.kind == "private" and first.choices[2].goto == ("3",)
    second = toy.step(s, ("3",))
    assert [c.event for c in second.choices] == [
        ev.CoinCalled(1, "heads", 2),
        ev.CoinCalled(1, "tails", 2),
    ]


def test_C9_claims_are_toggled_in_priority_order_and_the_first_doubles(toy):
    s = staked(toy, ev.StakeSet(12), ev.CoinCalled(1, "heads", 2))
    assert s.priority == (2, 0)  # clockwise from the seat after Bob's
    s = toy.apply(toy.apply(s, ev.ClaimToggled(0)), ev.ClaimToggled(2))
    assert s.claims == (2, 0)
    window = next(b for b in toy.step(s).body if isinstance(b, Claims))
    assert window.claimed == (2, 0) and window.priority
    assert refusal_of(toy, s, ev.ClaimToggled(1)).rule == "C9"
    assert toy.apply(s, ev.ClaimToggled(2)).claims == (0,)  # taken back
    assert toy.apply(s, ev.ClaimsClosed()).doubler == 2


def test_C10_C11_a_self_vote_warns_and_the_vote_runs_one_turn_timer(toy):
    s = fold(toy, [ev.GameCreated(NAMES, 30, 5, stakes=True), ev.DiscussionEnded()])
    view = toy.step(s)
    own = next(c for c in view.choices if c.event == ev.VoteCast(0, 0))
    other = next(c for c in view.choices if c.event == ev.VoteCast(0, 1))
    assert own.warning is not None and other.warning is None
    assert view.timer.turn and view.timer.then is None
    later = toy.step(toy.apply(s, ev.VoteCast(0, 1)))
    assert later.timer.key == view.timer.key  # the same clock across the votes


def test_C12_a_note_at_any_step_before_the_end(toy):
    s = staked(toy)
    assert [c.key for c in toy.anytime(s)] == ["n"]
    assert toy.step(s, ("n",)).typed is not None and not toy.step(s, ("n",)).typed.number
    assert refusal_of(toy, s, ev.NoteWritten("x" * 25)).rule == "C12"
    s = toy.apply(s, ev.NoteWritten("Bob  bluffs"))
    assert s.notes == ("Bob bluffs",) and s.step == rules.STAKE
    pile = toy.public_view(s).piles[0]
    assert pile.cells[0].items == ("Bob bluffs",)


# --- through the shell, by keys ----------------------------------------------------------------


async def stakes_form(pilot, app) -> None:
    await wait_for(
        pilot,
        lambda: isinstance(app.screen, SetupScreen) and app.screen.query_one("#count").has_focus,
    )
    screen = app.screen
    await pilot.press("backspace", "3")
    await wait_for(pilot, lambda: len(screen.query("#names Input")) == 3)
    for i, name in enumerate(NAMES):
        screen.query_one(f"#name-{i}", Input).focus()
        await pilot.press(*name)
    screen.query_one("#seed", Input).value = "7"
    screen.query_one("#stakes", Select).value = "on"
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: on_step(app, rules.DISCUSSION))


@pytest.mark.long
async def test_a_game_with_stakes_by_keys_uses_every_affordance(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stakes_form(pilot, app)
        # C12: an entry valid at any step is listed in help with the step's own keys
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: "write a note" in screen_text(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        # C12: "n" at any step opens a text field; the note lands on the table's pile
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen.query_one("#typed", Input).display)
        await pilot.press(*"Bob bluffs", "enter")
        await wait_for(pilot, lambda: app.state.notes == ("Bob bluffs",))
        await wait_for(pilot, lambda: not app.screen.query_one("#typed", Input).display)
        await wait_for(pilot, lambda: "Bob bluffs" in screen_text(app))  # the tracker's pile
        await pilot.press("e")
        await wait_for(pilot, lambda: on_step(app, rules.VOTE))
        # C11: one turn timer for the whole vote, which never holds up a vote
        await wait_for(pilot, lambda: app.screen.query_one("#clock-row").display)
        key = app.countdown_key
        await pilot.press("2")  # Ann votes for Bob
        await wait_for(pilot, lambda: len(app.state.votes) == 1)
        assert app.countdown_key == key
        # C10: Bob's vote for himself asks first; y goes on
        await pilot.press("2")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "votes for themselves" in screen_text(app)
        await pilot.press("y")
        await wait_for(pilot, lambda: len(app.state.votes) == 2)
        await pilot.press("1")
        await wait_for(pilot, lambda: len(app.state.votes) == 3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(app.pages))
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, rules.STAKE))
        # C7: "s", then a number typed and entered: "1" waits to become "12"
        await pilot.press("s")
        await wait_for(pilot, lambda: app.screen.query_one("#typed", Input).display)
        await pilot.press("2", "5", "enter")
        await wait_for(pilot, lambda: "from 1 to 20 (C7)" in screen_text(app))
        await pilot.press("backspace", "backspace", "1", "2")
        assert app.state.stake is None
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.state.stake == 12)
        # C8: the call on the privacy screen: the partner's seat, then the side
        await wait_for(pilot, lambda: on_step(app, rules.CALL))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: "choose your partner" in screen_text(app))
        await pilot.press("2")  # himself: the rules refuse it, quietly, on this screen
        await wait_for(pilot, lambda: app.screen.path == ("2",))
        await pilot.press("1")
        await wait_for(pilot, lambda: "own partner (C8)" in screen_text(app))
        await pilot.press("escape", "3", "1")  # back; Cid, then heads
        await wait_for(pilot, lambda: app.state.step == rules.CLAIMS)
        assert app.state.partner == 2 and app.state.call == "heads"
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, rules.CLAIMS))
        # C9: Ann and Cid claim; Cid has priority; the caller's claim is refused
        await pilot.press("1", "3")
        await wait_for(pilot, lambda: app.state.claims == (2, 0))
        await wait_for(pilot, lambda: "claims · first (priority)" in screen_text(app))
        await pilot.press("2")
        await wait_for(pilot, lambda: "(C9)" in screen_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, rules.FLIP))
        assert app.state.doubler == 2
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.state.step == rules.OVER)
    kinds = [e.type for e in Journal.open(app.journal.path).events]  # every entry on disk
    assert kinds.count("note_written") == 1 and "claims_closed" in kinds


async def test_a_killed_game_resumes_inside_the_claim_window(toy, tmp_path):
    journal = Journal.create("toy", tmp_path / "games", stem="window")
    for event in [
        ev.GameCreated(NAMES, 30, 5, stakes=True),
        *ELECTED,
        ev.StakeSet(9),
        ev.CoinCalled(1, "tails", 0),
        ev.ClaimToggled(0),
    ]:
        journal.append(event)
    app = make_app(tmp_path, resume=journal.path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_for(pilot, lambda: on_step(app, rules.CLAIMS))
        assert app.state.claims == (0,)
        await wait_for(pilot, lambda: "claims · first (priority)" in screen_text(app))
        assert "tails" not in screen_text(app)  # C5: the call stays secret
        await pilot.press("ctrl+z")  # undo asks first; y takes Ann's claim back
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.state.claims == () and on_step(app, rules.CLAIMS))
        await pilot.press("3", "enter")  # Cid claims; the window closes: Cid doubles
        await wait_for(pilot, lambda: on_step(app, rules.FLIP))
    assert Journal.open(journal.path).state.doubler == 2


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_stakes_word_exists_in_both_languages(toy, lang):
    from narrator.prompts import worded

    s = staked(toy, ev.NoteWritten("hi"))
    views = [toy.step(s), toy.step(s, ("s",)), toy.step(s, ("n",))]
    s = toy.apply(s, ev.StakeSet(3))
    views += [toy.step(s), toy.step(s, ("1",))]
    s = toy.apply(s, ev.CoinCalled(1, "heads", 0))
    views.append(toy.step(s))
    for view in views:
        for text in (view.title, view.keys, *(c.label for c in view.choices if c.listed)):
            assert "toy." not in worded(text, lang), text


STAKES_SCRIPT = """\
game toy
players Ann Bob Cid
seconds 30
seed 5
stakes on
note Bob bluffs
end
vote Ann Bob
vote Bob Bob
vote Cid Ann
count
stake roll
call heads Cid
claim Ann
claim 3
close
note "Cid doubles"
flip
"""


def test_the_headless_player_plays_a_game_with_stakes(toy, tmp_path, capsys):
    import io

    from narrator.play import play_script

    out = io.StringIO()
    assert play_script(STAKES_SCRIPT.splitlines(), out, tmp_path) == 0, capsys.readouterr().err
    printed = out.getvalue().splitlines()
    assert "Note: Bob bluffs" in printed
    (path,) = tmp_path.glob("*.jsonl")
    journal = Journal.open(path)
    stake = next(e for e in journal.events if isinstance(e, ev.StakeSet))
    assert stake.roll == ("d20", stake.amount)  # the app's roll, journaled
    assert f"The app rolls Bob's stake: {stake.amount}." in printed
    assert journal.state.partner == 2 and journal.state.doubler == 2  # Cid first: C9
    assert journal.state.notes == ("Bob bluffs", "Cid doubles")
    assert journal.state.step == rules.OVER
    assert capsys.readouterr().err == ""


def test_the_table_display_shows_the_toys_cells_and_pile_never_the_call(toy):
    from narrator.display.feed import encode, snapshot

    s = staked(toy, ev.NoteWritten("Bob bluffs"), ev.StakeSet(12))
    s = toy.apply(s, ev.CoinCalled(1, "tails", 2))
    s = toy.apply(s, ev.ClaimToggled(0))
    page = snapshot(toy, s, "ru")
    bob = page["seats"][1]
    assert {
        "label": "ставка",
        "count": 12,
        "limit": 20,
        "items": [],
        "tone": None,
        "short": None,
    } in bob["cells"]
    assert page["piles"][0]["cells"][0]["items"] == ["Bob bluffs"]
    assert any(c["label"] == "заявка" for c in page["seats"][0]["cells"])
    sent = encode(page).decode()
    assert "tails" not in sent and "решк" not in sent  # C5, C8: the call and the partner
