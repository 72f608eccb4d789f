"""A game is a folder (issue item 6): Coin Call, a test-only game under tests/games/toy/,
runs through the shell, the journal, resume, undo and the headless player with nothing
outside its folder changed. It is registered here, for these tests only.

Coin Call (tests/games/toy/rules.py): a timed discussion (C2), a vote in seat order (C3, C4),
the elected player's secret call of heads or tails on the privacy screen (C5), the app's
seeded flip and the winner (C6). The call is a secret until the flip's announcement.
"""

from __future__ import annotations

import io
import random
import re
import tomllib
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from narrator.games import registry
from narrator.games.base import Refusal, fold
from narrator.games.shell_data import AppMove, Ballot, Seats
from narrator.journal import Journal
from narrator.play import play_script
from narrator.prompts import Catalogue, prompt, use_game, worded
from narrator.tui.app import NarratorApp
from narrator.tui.game import GameScreen
from narrator.tui.home import HomeScreen
from narrator.tui.modals import ConfirmScreen
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.record import RecordScreen
from narrator.tui.setup import SetupScreen
from narrator.tui.speech import CaptionsOnly
from tests.games.toy import events as ev
from tests.games.toy import rules
from tests.tui.driver import settled_text, wait_for

TOY = Path(__file__).parent / "games" / "toy"
WORDS = TOY / "words"
SIZE = (100, 30)
NAMES = ("Ann", "Bob", "Cid")
KEY_NAMES = {"Enter", "Backspace", "Esc", "Markdown"}  # Latin letters on a Russian screen
SIDE = {"en": re.compile(r"heads|tails", re.I), "ru": re.compile(r"орёл|орел|решк", re.I)}


pytestmark = pytest.mark.usefixtures("toy")  # Coin Call is a game only while these tests run


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_app(tmp_path: Path, **kwargs) -> NarratorApp:
    kwargs.setdefault("data_dir", tmp_path / "games")
    kwargs.setdefault("voice", CaptionsOnly())
    kwargs.setdefault("pace", 0.001)
    kwargs.setdefault("clock", FakeClock())
    if "resume" not in kwargs:
        kwargs.setdefault("game", "toy")
    return NarratorApp(**kwargs)


def screen_text(app) -> str:
    """Everything the terminal shows now, as plain text (toasts included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def on_step(app, step: str) -> bool:
    return isinstance(app.screen, GameScreen) and app.state.step == step and not app.pages


def assert_no_side_in_public(app) -> None:
    """C5: the public screen and every line said so far name no side of the coin."""
    assert isinstance(app.screen, GameScreen)
    text = screen_text(app)
    assert not SIDE["en"].search(text), text
    assert not [c for c in app.captions if SIDE["en"].search(c)], app.captions


async def setup_form(pilot, app, names=NAMES, seed=7) -> None:
    """The setup form, by keys: the player count, each name, then the seed and ctrl+s."""
    await wait_for(  # the form, its count field mounted and given the focus
        pilot,
        lambda: isinstance(app.screen, SetupScreen) and app.screen.query_one("#count").has_focus,
    )
    screen = app.screen
    count = screen.query_one("#count", Input)
    assert count.value == "4"  # the toy's default
    await pilot.press("backspace", "2")  # too few: the shell's check, in Coin Call's words
    await wait_for(pilot, lambda: "Coin Call needs at least 3 players, not 2" in screen_text(app))
    await pilot.press("backspace", str(len(names)))
    await wait_for(pilot, lambda: len(screen.query("#names Input")) == len(names))
    for i, name in enumerate(names):
        screen.query_one(f"#name-{i}", Input).focus()
        await pilot.press(*name)
    screen.query_one("#seed", Input).value = str(seed)
    assert screen.query_one("#seconds", Input).value == "60"
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: on_step(app, rules.DISCUSSION))


async def vote(pilot, app, *seats: int) -> None:
    for seat in seats:
        cast = len(app.state.votes)
        await pilot.press(str(seat + 1))
        await wait_for(pilot, lambda n=cast: len(app.state.votes) == n + 1)


# --- 1. the rules --------------------------------------------------------------------------


def refusal_of(game, state, event) -> Refusal:
    with pytest.raises(Refusal) as caught:
        game.apply(state, event)
    assert game.check(state, event) is not None
    return caught.value


def play_to(game, events):
    return fold(game, [ev.GameCreated(NAMES, 30, 5), *events])


def test_a_legal_game_folds_to_a_winner_and_every_entry_round_trips_the_journal(toy, tmp_path):
    for seed in range(40):
        rng = random.Random(seed)
        names = tuple(f"P{i}" for i in range(rng.randint(3, 6)))
        journal = Journal.create("toy", tmp_path, stem=f"walk-{seed}")
        journal.append(ev.GameCreated(names, 30, seed))
        while not toy.is_over(journal.state):
            moves = toy.legal_moves(journal.state)
            assert moves, journal.state
            move = rng.choice(moves)
            assert toy.codec.decode(move.to_json()) == move
            journal.append(move)
        s = journal.state
        assert s.winner == ("caller" if s.call == s.flip else "others")
        assert Journal.open(journal.path).state == s  # the journal is the game
        assert toy.legal_moves(s) == []


def test_a_tie_goes_to_the_first_tied_seat_C4(toy):
    s = play_to(toy, [ev.DiscussionEnded(), ev.VoteCast(0, 2), ev.VoteCast(1, 1)])
    s = toy.apply(toy.apply(s, ev.VoteCast(2, 0)), ev.VotesClosed())
    assert (s.elected, s.tied) == (0, True)
    assert toy.step(s).kind == "private"


@pytest.mark.parametrize(
    "events, event, key, rule, english",
    [
        ([], ev.VoteCast(0, 1), "toy_not_now", "C2", "the end of the discussion"),
        ([ev.DiscussionEnded()], ev.VoteCast(1, 0), "toy_out_of_turn", "C3", "Ann votes first"),
        (
            [ev.DiscussionEnded(), ev.VoteCast(0, 1)],
            ev.VoteCast(0, 2),
            "toy_already_voted",
            "C3",
            "Ann has already voted (for Bob): one vote each",
        ),
        ([ev.DiscussionEnded()], ev.VoteCast(0, 5), "toy_no_seat", "C3", "no seat 6"),
        (
            [ev.DiscussionEnded(), ev.VoteCast(0, 1)],
            ev.VotesClosed(),
            "toy_still_to_vote",
            "C4",
            "Still to vote: Bob and Cid",
        ),
        ("elected Bob", ev.CoinCalled(1, "edge"), "toy_not_a_side", "C5", "edge is not a side"),
        ("elected Bob", ev.CoinCalled(0, "heads"), "toy_not_the_caller", "C5", "Only Bob"),
        ("elected Bob", ev.CoinFlipped("heads"), "toy_not_now", "C5", "the elected player's"),
    ],
)
def test_refusals_name_their_rule_and_change_nothing(toy, events, event, key, rule, english):
    if events == "elected Bob":
        votes = [ev.VoteCast(0, 1), ev.VoteCast(1, 1), ev.VoteCast(2, 0), ev.VotesClosed()]
        events = [ev.DiscussionEnded(), *votes]
    state = play_to(toy, events)
    refusal = refusal_of(toy, state, event)
    assert (refusal.key, refusal.rule) == (key, rule)
    assert english in str(refusal) and str(refusal).endswith(f"({rule})")
    assert re.search("[а-я]", refusal.text("ru"))  # worded in Russian too
    assert play_to(toy, events) == state  # a state is never changed


def test_the_setup_refuses_what_c1_refuses(toy):
    assert str(refusal_of(toy, toy.initial(), ev.GameCreated(("Ann", "Bob")))) == (
        "Coin Call needs at least 3 players, not 2 (C1)"  # its own words for a common id
    )
    same = refusal_of(toy, toy.initial(), ev.GameCreated(("Ann", "Bob", "ann")))
    assert str(same) == "Seats 1 and 3 are both called ann (C1)"
    short = refusal_of(toy, toy.initial(), ev.GameCreated(NAMES, seconds=5))
    assert str(short) == "The discussion must be 10 to 600 seconds (C2)"
    with pytest.raises(Refusal, match="at most 20"):
        toy.clean_name("x" * 21)


def public_texts(game, before, event, after, lang: str) -> list[str]:
    """Everything the public may see or hear of one entry and the step it leads to."""
    view = game.step(after)
    private = view.kind == "private"  # its own choices are the privacy screen's
    title, body, keys = view.public if private else (view.title, view.body, view.keys)
    texts = [worded(title, lang), worded(keys or "", lang), worded(view.name, lang)]
    for block in body:
        if isinstance(block, Ballot):
            texts.append(worded(block.heading, lang))
        elif isinstance(block, tuple):
            texts += [worded(part, lang) for part in block]
        elif not isinstance(block, Seats):
            texts.append(worded(block, lang))
    texts += [worded(c.label, lang) for c in view.choices if c.listed and not private]
    public = game.public_view(after)
    texts += [worded(public.step, lang)] + [worded(m, lang) for s in public.seats for m in s.marks]
    lines = [*game.event_lines(before, event, after), *game.step_lines(after)]
    for page in game.announcements(before, event, after):
        lines += page.lines
        texts.append(worded(page.detail, lang) if page.detail else "")
    texts += [prompt(line.prompt_id, lang, **line.params) for line in lines]
    texts += [game.describe(before, event, after, lang), worded(game.summary(after), lang)]
    return texts


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_call_is_secret_until_the_flip_C5(toy, lang):
    """Before the flip, no public view, line, announcement, record or summary names a side;
    the flip's announcement names both the flip and the call."""
    for seed in range(12):
        rng = random.Random(seed)
        state, events = toy.initial(), []
        event = ev.GameCreated(NAMES[: 3 + seed % 2] + ("Dee",) * (seed % 2), 30, seed)
        while True:
            before, state = state, toy.apply(state, event)
            events.append(event)
            texts = public_texts(toy, before, event, state, lang)
            if toy.is_over(state):
                break
            assert not [t for t in texts if SIDE[lang].search(t)], (event, texts)
            assert not SIDE[lang].search(toy.record(state, events, lang))
            event = rng.choice(toy.legal_moves(state))
        (page,) = toy.announcements(before, event, state)
        said = [prompt(line.prompt_id, lang, **line.params) for line in page.lines]
        assert SIDE[lang].search(said[0]) and SIDE[lang].search(said[1])


def flatten(table: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out |= flatten(value, f"{prefix}{key}.")
        else:
            out[f"{prefix}{key}"] = value
    return out


def own_words(lang: str) -> dict[str, dict[str, str]]:
    """The toy's own files: what is said, and the screens' words."""
    said = flatten(tomllib.loads((WORDS / f"{lang}.toml").read_text(encoding="utf-8")))
    shown: dict[str, str] = {}
    for path in sorted((WORDS / "ui" / lang).glob("*.toml")):
        shown |= flatten(tomllib.loads(path.read_text(encoding="utf-8")))
    return {"said": said, "shown": shown}


def test_the_toy_words_its_lines_and_screens_in_english_and_russian(toy):
    en, ru = own_words("en"), own_words("ru")
    assert (WORDS / "ui" / "en" / "about.toml").is_file()
    assert registry.title("toy", "en") == "Coin Call"
    assert registry.title("toy", "ru") == "Угадай монету"
    for part in ("said", "shown"):
        assert en[part].keys() == ru[part].keys()
        ui = part == "shown"
        en_cat, ru_cat = Catalogue("en", ui=ui), Catalogue("ru", ui=ui)
        for key in en[part]:
            assert en_cat.placeholders(key) == ru_cat.placeholders(key), key
        for key, text in ru[part].items():
            bare = re.sub(r"\{[^}]*\}", "", text)
            assert not set(re.findall(r"[A-Za-z]{2,}", bare)) - KEY_NAMES, key
            assert not re.search("[A-Za-z]", bare) or re.search("[А-Яа-яЁё]", bare), key
    # Two games say time_up, each its own way, with the common line's placeholders.
    assert prompt("time_up", "en") == "Time! Stop talking: the vote begins."
    use_game(None)
    assert prompt("time_up", "en") == "Time is up."
    common = Catalogue("en", ui=True)
    use_game(toy.words_dir)
    mine = Catalogue("en", ui=True)
    for key in set(common.ids) & (set(en["shown"]) | set(en["said"])):
        assert common.placeholders(key) == mine.placeholders(key), key
    for kind in ("toy_elected", "toy_flip"):  # the shell names an announcement by its kind
        assert f"announce.kind.{kind}" in mine.ids


# --- 2. through the shell, by keys -----------------------------------------------------------


async def test_a_whole_game_by_keys_through_the_generic_shell(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await setup_form(pilot, app)
        assert app.state.players == NAMES and app.state.seed == 7
        assert "Discussion: who should call the coin?" in screen_text(app)
        assert "1:00" in screen_text(app) or app.screen.query_one("#clock").value == "1:00"
        assert_no_side_in_public(app)

        await pilot.press("e")  # the shell's key ends the timed step (its Timer's ``then``)
        await wait_for(pilot, lambda: on_step(app, rules.VOTE))
        assert "Now voting: Ann" in screen_text(app)
        await pilot.press("5")  # no seat 5 at three players: said, nothing entered
        await wait_for(pilot, lambda: "There is no seat 5" in screen_text(app))
        await pilot.press("enter")  # not everyone has voted: the rules refuse (C4)
        await wait_for(pilot, lambda: "Still to vote: Ann, Bob and Cid" in screen_text(app))
        assert app.state.votes == ()
        await vote(pilot, app, 1, 1, 0)  # Ann→Bob, Bob→Bob, Cid→Ann
        await wait_for(pilot, lambda: "Everyone has voted (3/3)" in screen_text(app))
        assert "Ann→Bob, Bob→Bob, Cid→Ann" in screen_text(app)  # the shell's game.votes_cast
        assert_no_side_in_public(app)

        await pilot.press("enter")  # count: the announcement, held until Enter
        await wait_for(pilot, lambda: app.pages and "Bob is elected" in screen_text(app))
        assert "Elected" in screen_text(app)  # announce.kind.toy_elected
        assert_no_side_in_public(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, rules.CALL))
        text = screen_text(app)
        assert "The call: a private step" in text and "Bob takes the laptop" in text
        assert_no_side_in_public(app)

        await pilot.press("enter")  # the privacy screen, on its cover page
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await wait_for(pilot, lambda: "Only Bob looks at this screen" in screen_text(app))
        assert not SIDE["en"].search(screen_text(app))
        assert "Everyone except Bob, close your eyes" in app.captions[-1]
        await pilot.press("enter")
        await wait_for(pilot, lambda: "1: heads  ·  2: tails" in screen_text(app))
        await pilot.press("1")  # heads
        await wait_for(pilot, lambda: "You called heads" in screen_text(app))
        assert app.state.call == "heads" and app.state.step == rules.FLIP
        assert not [c for c in app.captions if "open your eyes" in c]  # held until clear
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, rules.FLIP))
        assert "Bob has called. Everyone, open your eyes." in app.captions
        assert "The flip" in screen_text(app) and "Enter: flip the coin." in screen_text(app)
        assert_no_side_in_public(app)

        expected = toy.app_move(app.state, len(app.journal.events))
        await pilot.press("enter")  # the app's seeded flip (AppMove)
        await wait_for(pilot, lambda: app.pages and "The coin shows" in screen_text(app))
        assert app.journal.events[-1] == expected
        text = screen_text(app)
        assert f"The coin shows {expected.side}." in text and "Bob called heads." in text
        won = expected.side == "heads"
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, rules.OVER))
        text = screen_text(app)
        assert ("BOB WINS" if won else "EVERYONE ELSE WINS") in text
        assert f"Bob called heads; the coin showed {expected.side}." in text

        await pilot.press("t")  # the record, its own Markdown: the call, once flipped
        await wait_for(pilot, lambda: isinstance(app.screen, RecordScreen))
        await wait_for(pilot, lambda: "Coin Call — game record" in screen_text(app))
        assert "Bob calls the coin in secret." in screen_text(app)
        assert app.unfinished() is None  # a finished game is not offered to resume


async def test_time_up_ends_the_discussion_with_the_toys_own_line(toy, tmp_path):
    clock = FakeClock()
    app = make_app(tmp_path, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        await setup_form(pilot, app)
        await wait_for(pilot, lambda: app.screen.query_one("#clock").value == "1:00")
        clock.now += 45
        await wait_for(pilot, lambda: app.screen.query_one("#clock").value == "0:15")
        assert "Thirty seconds left." in app.captions  # the common line
        clock.now += 15
        await wait_for(pilot, lambda: on_step(app, rules.VOTE))
        assert "Time! Stop talking: the vote begins." in app.captions  # the toy's time_up
        assert "Time is up." not in app.captions


@pytest.mark.long
async def test_a_private_steps_keys_do_nothing_on_the_public_screen(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await setup_form(pilot, app)
        await pilot.press("e")
        await wait_for(pilot, lambda: on_step(app, rules.VOTE))
        await vote(pilot, app, 1, 1, 0)
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(app.pages))
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(app, rules.CALL))
        await pilot.press("1")  # at the table, in front of everyone
        await settled_text(pilot)  # the key handled, the screen redrawn: nothing came of it
        assert app.state.step == rules.CALL and app.state.call is None


# --- 3. undo -----------------------------------------------------------------------------------


async def test_undo_mid_vote_takes_back_the_last_vote(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await setup_form(pilot, app)
        await pilot.press("e")
        await wait_for(pilot, lambda: on_step(app, rules.VOTE))
        await vote(pilot, app, 1, 2)
        assert "(2/3 voted)" in screen_text(app)
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Undo the last entry?" in screen_text(app)
        assert "Bob votes for Cid." in screen_text(app)  # the toy's describe()
        await pilot.press("y")
        await wait_for(pilot, lambda: app.state.votes == ((0, 1),))
        await wait_for(pilot, lambda: "Now voting: Bob" in screen_text(app))
        assert "(1/3 voted)" in screen_text(app)
        await pilot.press("backspace")  # the step's take_back: the shell's Backspace
        await wait_for(pilot, lambda: app.state.votes == ())
        assert "Now voting: Ann" in screen_text(app)
    journal = Journal.open(app.journal.path)  # the undos are in the journal
    assert journal.state.step == rules.VOTE and journal.state.votes == ()


# --- 4. resume ---------------------------------------------------------------------------------


@pytest.mark.long
async def test_a_killed_game_resumes_on_the_same_step_with_the_same_votes(toy, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await setup_form(pilot, app)
        await pilot.press("e")
        await wait_for(pilot, lambda: on_step(app, rules.VOTE))
        await vote(pilot, app, 1, 1)
        path = app.journal.path
        votes = app.state.votes
    # The app is gone (nothing saved on the way out): the journal is all there is.
    again = make_app(tmp_path, resume=path)
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: on_step(again, rules.VOTE))
        assert again.state.votes == votes == ((0, 1), (1, 1))
        text = screen_text(again)
        assert "Now voting: Cid" in text and "Ann→Bob, Bob→Bob" in text and "(2/3 voted)" in text
        await vote(pilot, again, 0)
        await pilot.press("enter")
        await wait_for(pilot, lambda: again.pages and "Bob is elected" in screen_text(again))
        await pilot.press("enter")
        await wait_for(pilot, lambda: on_step(again, rules.CALL))
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: "1: heads  ·  2: tails" in screen_text(again))
        await pilot.press("2")  # tails
        await wait_for(pilot, lambda: again.state.step == rules.FLIP)
    # Killed again at the flip: the home screen offers it (the toy's summary), and the flip a
    # resumed game makes is the one it would have made (seeded by the seed and position).
    third = make_app(tmp_path, game=None)
    async with third.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(third.screen, HomeScreen))
        menu = third.screen.query_one("#home-menu", OptionList)
        await wait_for(pilot, lambda: menu.option_count > 0)
        (resume,) = [
            str(menu.get_option_at_index(i).prompt)
            for i in range(menu.option_count)
            if (menu.get_option_at_index(i).id or "").startswith("resume:")
        ]
        assert resume.startswith("Resume Coin Call (3 players, the flip) · Ann, Bob, Cid · ")
        await pilot.press("r")
        await wait_for(pilot, lambda: on_step(third, rules.FLIP))
        assert_no_side_in_public(third)  # resumed: the call is still secret
        expected = toy.app_move(third.state, len(third.journal.events))
        await pilot.press("enter")
        await wait_for(pilot, lambda: third.state.step == rules.OVER)
        assert third.journal.events[-1] == expected
        assert third.state.call == "tails"


# --- 5. the headless player --------------------------------------------------------------------

SCRIPT = [
    "game toy",
    "players Ann Bob Cid",
    "seconds 30",
    "seed 5",
    "end",
    "vote Ann Bob",
    "vote Bob Bob",
    "vote Cid 1   # seat numbers work too",
    "count",
    "call heads",
    "flip",
]


def test_the_headless_player_plays_a_toy_script_to_a_winner(toy, tmp_path, capsys):
    out = io.StringIO()
    assert play_script(SCRIPT, out, tmp_path) == 0
    printed = out.getvalue().splitlines()
    assert printed[0] == "3 players: Ann, Bob and Cid; 30 seconds of discussion."
    assert printed[5] == "Bob is elected: Bob has the most votes (2)."
    assert printed[6] == "Bob calls the coin in secret."  # the call is not printed
    assert not [line for line in printed[:7] if SIDE["en"].search(line)]
    (path,) = tmp_path.glob("*.jsonl")
    journal = Journal.open(path)
    flip = journal.events[-1]
    before = fold(toy, journal.events[:-1])
    assert flip == toy.app_move(before, len(journal.events) - 1)  # the app's own flip
    assert journal.state.winner == ("caller" if flip.side == "heads" else "others")
    assert printed[-1].startswith(f"The coin shows {flip.side}; Bob had called heads.")
    assert printed[-1].endswith("wins." if flip.side == "heads" else "win.")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "old, new, error",
    [
        ("vote Ann Bob", "vote Bob Bob", "Bob votes in seat order: Ann votes first (C3)"),
        ("vote Bob Bob", "vote Ann Cid", "Ann has already voted (for Bob): one vote each (C3)"),
        ("call heads", "call edge", "edge is not a side of the coin: heads or tails (C5)"),
        ("count", "flip", "Not now: the game is waiting for the vote (C3)"),
        ("end", "dance", "There is no entry dance"),
    ],
)
def test_a_refused_line_stops_the_headless_player_with_exit_2(toy, old, new, error, capsys):
    lines = [new if line == old else line for line in SCRIPT]
    out = io.StringIO()
    assert play_script(lines, out) == 2
    number = lines.index(new) + 1
    assert capsys.readouterr().err == f"line {number}: {new}\nrefused: {error}\n"
    assert "wins" not in out.getvalue()


def test_a_script_that_stops_early_says_what_the_toy_waits_for(toy, capsys):
    out = io.StringIO()
    assert play_script(SCRIPT[:7], out) == 1
    assert out.getvalue().splitlines()[-1] == (
        "The script ends before the game does: the game is waiting for the vote (C3)."
    )


def test_the_flip_is_the_apps_own_move_and_only_at_the_flip(toy):
    s = play_to(toy, [])
    assert toy.app_move(s, 1) is None
    view = toy.step(fold(toy, [ev.GameCreated(NAMES, 30, 5)]))
    assert view.timer is not None and view.timer.then == ev.DiscussionEnded()
    votes = [ev.VoteCast(0, 1), ev.VoteCast(1, 1), ev.VoteCast(2, 0), ev.VotesClosed()]
    s = play_to(toy, [ev.DiscussionEnded(), *votes, ev.CoinCalled(1, "tails")])
    assert isinstance(toy.step(s).primary.event, AppMove)
    flips = {toy.app_move(s, n).side for n in range(40)}
    assert flips == {"heads", "tails"}  # both sides come up, each fixed by its position
    assert toy.app_move(s, 7) == toy.app_move(s, 7)
