"""The whole games on phones, in a real browser (issue 38's Done-when): one headless Chromium,
the public page and each joined seat's page at once, at a phone's size. A Ravnica game with
the app's decks (in English) in which every secret step is tapped on the acting seat's page,
never on the laptop, to its winner; a Blood Bound game (in Russian) to its winner, the curses
given on the Inquisitor's page; a killed app resumed with its seats joined, the same page
taking the next step by itself, then a phone revoked mid-step and the step taken back on the
laptop with nothing lost. At every secret step every other joined page shows a decoy of the
same size from the same publish, and all go idle together; nothing public names a secret and
no seat's page shows another seat's own lines (``phone_table``)."""

from __future__ import annotations

import json
import random

import pytest
import pytest_asyncio

from narrator.games.ravnica import Options, legal_moves
from narrator.games.ravnica.private_view import needs_privacy
from narrator.games.ravnica.state import Step
from narrator.tui.game import GameScreen
from tests.display.browser import CHROMIUM, Browser
from tests.display.phone_table import Clock, PhoneTable
from tests.tui import conftest as tui
from tests.tui.driver import journal_until, play_step, wait_for

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test installs it)"),
    pytest.mark.asyncio(loop_scope="module"),
]

make_app = tui.make_app  # the screens' tests' fixture: an app with its own data, captions only
ACTORS = (0, 1, 2)  # the seats elected to lead (each with a page); seat 3's page is a decoy
DECOY = 3


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser():
    """One Chromium for the module (each phone a browser context of its own)."""
    async with Browser() as chromium:
        yield chromium


def electing(seats: tuple[int, ...], seed: int):
    """Every vote and tie for a seat with a page (round by round, the next one), else any
    legal move: so every leader who takes a secret step has a phone."""
    rng = random.Random(seed)

    def pick(s, moves):
        wanted = [seats[(s.round + i) % len(seats)] for i in range(len(seats))]
        if s.step in (Step.ELECTION, Step.ELECTION_TIE):
            for seat in wanted:
                for move in moves:
                    if getattr(move, "candidate", getattr(move, "player", None)) == seat:
                        return move
        return rng.choice(moves)

    return pick


@pytest.mark.long
async def test_a_whole_ravnica_game_with_every_secret_step_on_the_phones(
    make_app, tmp_path, browser
):
    pick = electing(ACTORS, seed=3)
    journal = journal_until(
        tmp_path / "games", needs_privacy, options=Options(deck_mode="app"), pick=pick
    )
    journal.close()
    clock = Clock()
    app = make_app(resume=journal.path, new=False, clock=clock)
    rng = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        table = PhoneTable(pilot, app, browser, clock)
        await table.serve()
        for seat in (*ACTORS, DECOY):
            await table.join(seat)
        actors = []
        for _ in range(400):
            if app.state.step is Step.OVER and not app.pages:
                break
            if needs_privacy(app.state) and not app.pages:
                actors.append(await table.secret_step(rng.choice))
            elif voting(app):  # a public ballot: its votes entered at once (keys cost time)
                while voting(app):
                    s = app.state
                    votes = [m for m in legal_moves(s) if m.voter == s.ballot.waiting[0]]
                    assert app.enter(pick(s, votes))
                await pilot.pause()
            else:
                await play_step(pilot, app, pick)
            if app.pages or app.state.step in (Step.REVEAL, Step.OVER):
                await table.check_secrets()
        assert app.state.step is Step.OVER and app.state.winner is not None
        lines = [json.loads(line) for line in journal.path.read_text().splitlines()]
        phoned = {e["event"]["type"] for e in lines if e.get("from") == "phone"}
        assert phoned == {"target_drawn", "player_chosen", "ultimate_price_noted", "ablaze_given"}
        assert len(actors) >= 4


def voting(app) -> bool:
    s = app.state
    return s.step in (Step.ELECTION, Step.FINAL_VOTE) and not app.pages and not s.ballot.complete
