"""The climax has its moments (issue 9 item 2): a counted election with what decided it, Ablaze
given, the death by vote and why, the Ablaze death and the Ultimate Price are each an
announcement held on screen until Enter, spoken, with its chime; the header names the step."""

from __future__ import annotations

import pytest

from narrator.games.base import fold
from narrator.games.ravnica import GAME, Options
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.narration import announcements
from narrator.games.ravnica.state import Step
from narrator.journal import Journal
from narrator.prompts import Catalogue
from narrator.tui.privacy import PrivacyScreen
from tests.games.table import ANN, BOB, CID, DEE, EVE, EVERYONE_LEADS, GUILDS, NAMES
from tests.tui.driver import screen_text, until, wait_for, wait_for_text

SIZE = (100, 30)
pytestmark = pytest.mark.usefixtures("ravnica_words")  # its lines worded here: Ravnica's words


def round_events(colour, leader, draw, choice, voters=range(5)) -> list[ev.Event]:
    """One colour round in which everyone elects ``leader`` (R12–R24)."""
    out = [ev.LeaderCardTurned(colour), ev.DiscussionEnded()]
    out += [ev.VoteCast(v, leader) for v in voters] + [ev.VotesClosed()]
    if colour != "R":
        choose = ev.UltimatePriceNoted if colour == "B" else ev.PlayerChosen
        out += [ev.TargetDrawn(draw), choose(choice)]
    return out + [ev.AbilityDone()]


def final_events(**options) -> list[ev.Event]:
    """Five players, everyone leads (examples/five-players.txt), up to the final vote: Bob
    holds the Ultimate Price (R23) and Cid gets Ablaze (R22)."""
    events = [
        ev.GameCreated(NAMES[:5], Options(**options), seed=1),
        ev.GuildsDealt(GUILDS[:5]),
        ev.OpeningDone(),
    ]
    for plan in EVERYONE_LEADS:
        events += round_events(*plan)
    return events + [ev.TargetDrawn("R"), ev.AblazeGiven(CID), ev.DiscussionEnded()]


def journal_of(directory, events) -> Journal:
    journal = Journal.create("ravnica", directory)
    for event in events:
        journal.append(event)
    return journal


def pages_of(events, lang="en"):
    before = fold(GAME, events[:-1])
    after = GAME.apply(before, events[-1])
    pages = announcements(before, events[-1], after)
    cat = Catalogue(lang)
    return [
        ([cat.format(line.prompt_id, **line.params) for line in page.lines], page) for page in pages
    ]


def detail(page, lang="en") -> str:
    return page.detail.words(lang)


def test_a_tied_election_says_which_guild_came_first_R15():
    events = [
        ev.GameCreated(NAMES, Options(), seed=1),
        ev.GuildsDealt(GUILDS),
        ev.OpeningDone(),
        ev.LeaderCardTurned("W"),
        ev.DiscussionEnded(),
    ]
    events += [ev.VoteCast(v, (ANN, EVE)[v % 2]) for v in range(6)] + [ev.VotesClosed()]
    [(said, page)] = pages_of(events)
    assert page.kind == "election" and said[-1].startswith("Ann is the White leader")
    assert "A tie between Ann and Eve. Ann wins the tie" in said[1]
    assert "Azorius (Ann) comes before Orzhov (Eve) in the guild order" in detail(page)
    ru = " ".join(pages_of(events, "ru")[0][0])
    assert "Azorius" in ru and "guild" not in ru


def test_the_final_vote_death_then_the_ablaze_death_each_a_moment_R27_R28():
    events = final_events() + [ev.VoteCast(v, DEE) for v in range(5)] + [ev.VotesClosed()]
    (said, death), (said_ablaze, ablaze) = pages_of(events)
    assert death.kind == "death" and said[-1] == "By the vote, Dee dies."
    assert death.lines[-1].chime == "death" and "most votes" in detail(death)
    assert ablaze.kind == "death" and said_ablaze == ["Cid was ablaze, and dies."]


def test_a_tie_nobody_can_break_by_vote_says_R27b_was_skipped_R27c():
    events = final_events() + [ev.VoteCast(v, v) for v in range(5)] + [ev.VotesClosed()]
    events += [ev.VoteCast(v, (0, 1, 0, 1, 2)[v]) for v in range(5)] + [ev.VotesClosed()]
    state = fold(GAME, events)
    assert not state.non_leaders() and state.voted_out == ANN  # Azorius first (R27c)
    (said, death), _ablaze = pages_of(events)
    assert "By the vote, Ann dies." in said[-1]
    text = detail(death)
    assert "every player leads a colour" in text and "R27b" in text and "R27c" in text


def test_the_ultimate_price_falls_on_someone_already_dead_R29():
    events = final_events() + [ev.VoteCast(v, BOB) for v in range(5)] + [ev.VotesClosed()]
    events += [ev.UltimatePriceRevealed()]
    [(said, page)] = pages_of(events)
    assert page.kind == "ultimate_price" and page.headline == (0, 1)
    assert said == [
        "The Black leader reveals the Ultimate Price: it falls on Bob.",
        "Bob is already dead.",
    ]
    ru, _ = pages_of(events, "ru")[0]
    assert ru[1] == "Bob: уже в числе погибших."


async def test_an_election_result_stays_until_enter_then_the_next_step_is_said_R15(
    make_app, tmp_path
):
    events = final_events()[:3] + [ev.LeaderCardTurned("W"), ev.DiscussionEnded()]
    events += [ev.VoteCast(v, (ANN, EVE, ANN, EVE, EVE)[v]) for v in range(5)]
    app = make_app(resume=journal_of(tmp_path / "games", events).path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        await pilot.press("enter")  # count the votes
        await wait_for(pilot, lambda: bool(app.pages))
        held = ("Eve is the White leader", "Election result", "Most votes: 3 of 5")
        await wait_for_text(pilot, *held)
        for _ in range(5):  # it does not flash by: a pause to watch it stay, not to catch up
            await pilot.pause(0.05)
            text = screen_text(app)
            assert all(part in text for part in held), text
        assert not any("shuffle the targeting deck" in line for line in app.voice.spoken)
        assert app.voice.chimes[-1] == "vote_confirmed"
        await pilot.press("1")  # a seat does nothing here
        assert app.pages and app.state.step is Step.DRAW
        await pilot.press("enter")
        await wait_for(pilot, lambda: not app.pages)
        assert "Eve, as White leader, shuffle" in app.voice.spoken[-1]  # said after Enter
        await wait_for(pilot, lambda: " · Targeting draw " in screen_text(app).partition("\n")[0])


async def test_ablaze_is_its_own_moment_and_the_final_clock_waits_for_it_R22(make_app, tmp_path):
    events = final_events()[:-3]  # at the Red leader's last draw
    app = make_app(resume=journal_of(tmp_path / "games", events).path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        assert app.state.step is Step.ABLAZE_DRAW
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
        await pilot.press("enter")  # the cover: the last card is entered by itself (R22)
        await wait_for(pilot, lambda: app.state.step is Step.ABLAZE_GIVE)
        await wait_for_text(pilot, "Your card is RED")
        await pilot.press(str(CID + 1), "enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, PrivacyScreen))
        await wait_for_text(pilot, "Cid is ablaze, and will die after the final round.")
        assert app.state.step is Step.FINAL_DISCUSSION and app.countdown is None
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.countdown is not None)
        assert "minutes of discussion" in app.voice.spoken[-1]


async def test_the_header_names_the_step_on_screen(make_app, tmp_path):
    app = make_app(resume=journal_of(tmp_path / "games", final_events()[:3]).path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)

        def banner() -> str:
            line = (screen_text(app).splitlines() or [""])[0]
            assert "Round 1 of 5 · Leader card" in line, line
            return line

        assert "Opening" not in await until(pilot, banner)


async def test_a_resumed_game_shows_the_last_announcement_unless_its_discussion_began(
    make_app, tmp_path
):
    """Killed on an announcement, the app shows it again on resume; killed in the discussion
    it led to (its clock saved), it resumes the discussion (R22, R26)."""
    events = final_events()[:-1]  # Ablaze given: the final discussion is next
    path = journal_of(tmp_path / "games", events).path
    app = make_app(resume=path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        assert [page.kind for page in app.pages] == ["ablaze"]
        await pilot.press("enter")
        await wait_for(pilot, lambda: path.with_suffix(".timer.json").exists())
        assert "minutes of discussion" in app.voice.spoken[-1]  # the step's line follows it
    again = make_app(resume=path, new=False)
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: again.countdown is not None)
        shown = await wait_for_text(pilot, "Final discussion: whom to kill?")
        assert again.pages == [] and "is ablaze" not in shown
