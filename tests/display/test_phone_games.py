"""The whole games on phones, in a real browser (issue 38's Done-when): one headless Chromium,
the public page and each joined seat's page at once, at a phone's size. A Ravnica game with
the app's decks (in English) in which every secret step is tapped on the acting seat's page,
never on the laptop, to its winner; a Blood Bound game (in Russian: its example from the
curses on) to its winner, the curses given on the Inquisitor's page; a killed app (a child
process, SIGKILL) resumed with its seats joined, the same page taking the next step by
itself, then a phone revoked mid-step from the Seats view and the step taken back on the
laptop with nothing lost. At every secret step every other joined page shows a decoy of the
same size from the same publish, and all go idle together; nothing public names a secret and
no seat's page shows another seat's own lines (``phone_table``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
from pathlib import Path

import pytest
import pytest_asyncio

from narrator.games.ravnica import Options, legal_moves
from narrator.games.ravnica.private_view import needs_privacy
from narrator.games.ravnica.state import Step
from narrator.journal import Journal
from narrator.tui.game import GameScreen
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.seatsview import PhoneStepScreen
from narrator.tui.speech import CaptionsOnly
from narrator.tui.words import say
from tests.display.browser import CHROMIUM, Browser
from tests.display.phone_table import LOOK, Clock, PhoneTable, last_entry, phone
from tests.storm import example_events
from tests.tui import conftest as tui
from tests.tui.driver import journal_until, key_of, play_step, screen_text, wait_for
from tests.tui.russian import english_words

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test installs it)"),
    pytest.mark.asyncio(loop_scope="module"),
]

make_app = tui.make_app  # the screens' tests' fixture: an app with its own data, captions only
ACTORS = (0, 1)  # the seats elected to lead (each with a page); seat 2's page is a decoy
DECOY = 2
CHILD = Path(__file__).with_name("phone_child.py")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser():
    """One Chromium for the module (each phone a browser context of its own)."""
    async with Browser() as chromium:
        yield chromium


@pytest_asyncio.fixture(loop_scope="module")
async def chromium(browser):
    """The module's Chromium, its pages closed after each test (a page left open would keep
    knocking at its dead server's port, which a later test's server may be given)."""
    yield browser
    async with browser.session.get(f"http://127.0.0.1:{browser.port}/json/list") as answer:
        targets = [t for t in await answer.json() if t["type"] == "page"]
    for target in targets:
        closing = f"http://127.0.0.1:{browser.port}/json/close/{target['id']}"
        async with browser.session.get(closing):
            pass


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
    make_app, tmp_path, chromium
):
    """Five players, Ann's and Bob's pages (the leaders: the elections go their way) and
    Cid's (a decoy), from the first secret draw (the opening written by the engine) to the
    winner: the White, Green and Black draws and choices, the Ultimate Price, the Red
    leader's last draw and Ablaze all tapped on a page, each entry noted as from the phone,
    the privacy screen never opened (``PhoneTable.secret_step``)."""
    pick = electing(ACTORS, seed=3)
    journal = journal_until(
        tmp_path / "games", needs_privacy, options=Options(deck_mode="app"), pick=pick
    )
    journal.close()
    clock = Clock()
    app = make_app(resume=journal.path, new=False, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        table = PhoneTable(pilot, app, chromium, clock)
        await table.serve()
        for seat in (*ACTORS, DECOY):
            await table.join(seat)
        actors = await play(table, pick, random.Random(5), lambda: app.state.step is Step.OVER)
        assert app.state.step is Step.OVER and app.state.winner is not None
        lines = [json.loads(line) for line in journal.path.read_text().splitlines()]
        phoned = {e["event"]["type"] for e in lines if e.get("from") == "phone"}
        assert phoned == {"target_drawn", "player_chosen", "ultimate_price_noted", "ablaze_given"}
        assert len(actors) >= 4


async def play(table: PhoneTable, pick, rng, done, secret: bool = True) -> list[int]:
    """Ravnica played on: each secret step on the phones; the app's draws and leader cards by
    their key (Enter); every other public step's entry made through the app as its key makes
    it (keys cost time), until ``done()`` with no moment held (each one read by Enter); or,
    ``secret`` False, until a secret step is next. The seats that acted."""
    pilot, app = table.pilot, table.app
    actors: list[int] = []
    for _ in range(400):
        s = app.state
        if done() and not app.pages:
            return actors
        if needs_privacy(s) and not app.pages:
            if not secret:
                return actors
            actors.append(await table.secret_step(rng.choice))
        elif app.pages or s.step in (Step.TURN_LEADER_CARD, Step.DRAW):
            await play_step(pilot, app, pick)
        else:
            move = public_move(s, pick)
            if s.step in (Step.ELECTION, Step.FINAL_VOTE) and len(s.ballot.waiting) > 1:
                app.journal.append(move)  # a vote that shows nothing new: as test_fit_referee
                continue  # walks (the screen follows at the ballot's last vote)
            assert app.enter(move)
            await pilot.pause()
        if app.pages or app.state.step in (Step.REVEAL, Step.OVER):
            await table.check_secrets()
    raise AssertionError(f"the game never got there; at {app.state.step}")


def public_move(s, pick):
    """A public step's entry: a vote for the first voter waiting, the dead's roles before
    Enter confirms them, else what ``pick`` picks."""
    moves = legal_moves(s)
    if s.step in (Step.ELECTION, Step.FINAL_VOTE) and not s.ballot.complete:
        moves = [m for m in moves if m.voter == s.ballot.waiting[0]]
    if s.step is Step.ROLES:
        missing = [p for p in s.dead() if s.role_of(p) is None]
        return next((m for m in moves if getattr(m, "player", None) in missing[:1]), moves[-1])
    return pick(s, moves)


@pytest.mark.long
async def test_a_blood_bound_game_in_russian_with_the_curses_given_on_the_inquisitors_phone(
    make_app, tmp_path, chromium
):
    """The game's example (nine players) from the curses on: B19 on Dan's page (he showed the
    fleur cross), Ann's page a decoy; then the rest of the example through the app, to the
    winner."""
    events = example_events("blood_bound", tmp_path / "example")
    gift = next(e for e in events if e.type == "curses_given")
    journal = Journal.create("blood_bound", tmp_path / "games", language="ru")
    for event in events[: events.index(gift)]:
        journal.append(event)
    journal.close()
    clock = Clock()
    app = make_app(
        resume=journal.path, new=False, language="ru", keep_language=True,
        voice=CaptionsOnly("ru"), clock=clock,
    )  # fmt: skip
    async with app.run_test(size=(110, 36)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        table = PhoneTable(pilot, app, chromium, clock)
        await table.serve()
        for seat in (0, gift.seat):
            await table.join(seat)
        while app.pages:
            await pilot.press("enter")
        curses = iter(str(holder + 1) for holder in gift.holders)  # the True Curse's first
        assert await table.secret_step(lambda buttons: next(curses)) == gift.seat
        for event in events[events.index(gift) + 1 :]:
            while app.pages:
                held = len(app.pages)
                await pilot.press("enter")
                await wait_for(pilot, lambda held=held: len(app.pages) < held)
            assert app.enter(event), event
            await table.check_secrets()
        assert app.state.winner is not None and app.state.true_curse == gift.true_curse
        names = app.state.players
        for page in (table.public, *table.phones.values()):  # the last pages, as read
            table.read.append(await page.evaluate("document.body.innerText"))
        for text in table.read:
            assert not english_words(text, names), text
        assert say("ru", "seats.decoy_title") in table.read[1]  # Ann's decoy, as it began


@pytest.mark.long
async def test_a_killed_app_resumes_with_its_phones_and_a_revoked_phone_hands_the_step_back(
    make_app, tmp_path, chromium
):
    """A real app (a child process) at Green's draw, Cid's and Ann's phones joined; Cid draws
    on his phone; the app is killed (SIGKILL) and resumed on its data at the same address: both
    pages come back by themselves and Cid's takes the step's choice. At the next secret step
    its phone is revoked after the draw: the laptop's privacy screen takes it on, the card
    drawn kept (nothing entered is lost)."""
    journal = journal_until(tmp_path / "games", needs_privacy, options=Options(deck_mode="app"))
    journal.close()
    actor, other = journal.state.leader_of("G"), 0  # Cid, and Ann's decoy
    errors = (tmp_path / "child.err").open("wb")
    child = await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), str(journal.path), str(actor), str(other),
        stdout=asyncio.subprocess.PIPE, stderr=errors,
    )  # fmt: skip
    try:
        url = await read_line(child.stdout, "url")
        links = [(await read_line(child.stdout, "link")).split() for _ in range(2)]
        names = journal.state.players
        phones = {int(s): await phone(chromium, link, names[int(s)]) for s, link in links}
        await read_line(child.stdout, "phone")
        drawn = await tap_at(phones[actor], "enter", lambda look: look["lines"][0][:4] == "Your")
        assert drawn["mode"] == "step"
        assert last_entry(journal.path)["from"] == "phone"  # on disk before the page moved on
        child.kill()
        await child.wait()
    finally:
        with contextlib.suppress(ProcessLookupError):
            child.kill()
        await child.wait()
        errors.close()
    port, token = int(url.split(":")[2].split("/")[0]), url.split("/")[3]
    clock = Clock()
    app = make_app(resume=journal.path, new=False, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        table = PhoneTable(pilot, app, chromium, clock)
        await table.serve(port, token)
        assert set(app.joined_seats()) == {actor, other}  # kept beside the journal
        table.phones = phones  # the same pages, never touched: they find the app again
        await table.all_show()
        while app.pages:
            await pilot.press("enter")
        assert await table.secret_step(random.Random(1).choice) == actor
        pick = electing((actor, other), seed=2)
        await play(table, pick, random.Random(2), lambda: False, secret=False)
        await revoked_mid_step(table)


async def revoked_mid_step(table: PhoneTable) -> None:
    """The draw on the phone, the seat revoked: its page says so at once and keeps nothing;
    the laptop's privacy screen shows the card drawn and takes the choice."""
    pilot, app = table.pilot, table.app
    actor = app.game.step(app.state).private.seat
    if actor not in table.phones:  # its player joins now (the candidates are the game's)
        await table.join(actor)
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, PhoneStepScreen))
    await table.all_show()
    drawn = await table.tap(actor, "enter")
    card = drawn["lines"][0]
    entries = len(app.journal.events)
    await revoke(pilot, app, actor)
    page = table.phones.pop(actor)
    await page.wait(lambda: page.evaluate("!document.getElementById('ended-text').hidden"))
    assert card not in await page.html()
    await wait_for(pilot, lambda: "phone was revoked" in screen_text(app))
    assert {look["mode"] for look in (await table.all_show()).values()} == {"idle"}
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
    await pilot.press("enter")  # the cover
    await wait_for(pilot, lambda: card in screen_text(app))  # the card drawn on the phone
    assert len(app.journal.events) == entries
    choice = next(c for c in app.game.step(app.state).choices if c.listed and c.refusal is None)
    await pilot.press(choice.key)
    await wait_for(pilot, lambda: len(app.journal.events) == entries + 1)
    assert "from" not in last_entry(app.journal.path)  # taken on the laptop


async def revoke(pilot, app, seat: int) -> None:
    """The narrator revokes a lost phone mid-step: F2, the seats (s), its seat's key, r, y;
    then back to the laptop's screen of the phone step."""
    from narrator.tui.modals import ConfirmScreen
    from narrator.tui.seatsview import SeatsScreen
    from narrator.tui.tabledisplay import TableDisplayScreen

    await pilot.press("f2")
    await wait_for(pilot, lambda: isinstance(app.screen, TableDisplayScreen))
    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(app.screen, SeatsScreen))
    await pilot.press(key_of(seat), "r")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    await pilot.press("y")
    await wait_for(pilot, lambda: seat not in app.joined_seats())
    for _ in range(3):  # the seats, then F2's screen
        if isinstance(app.screen, PhoneStepScreen):
            return
        await pilot.press("escape")
    assert isinstance(app.screen, PhoneStepScreen)


async def read_line(stream, prefix: str) -> str:
    while True:
        line = (await asyncio.wait_for(stream.readline(), 60)).decode()
        assert line, "the child ended early"
        if line.split(" ", 1)[0].strip() == prefix:
            return line.split(" ", 1)[1].strip() if " " in line else ""


async def tap_at(page, key: str, check) -> dict:
    """A tap on a page whose app is another process: what it shows once ``check`` holds."""
    await page.evaluate(f"document.querySelector('#prompt button[data-key={key}]').click()")

    async def shown() -> bool:
        return check(await page.evaluate(LOOK))

    await page.wait(shown)
    return await page.evaluate(LOOK)
