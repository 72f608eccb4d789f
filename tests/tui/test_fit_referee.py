"""Every screen of the referee games fits 80×24 and 100×30, at their largest player counts, in
English and in Russian (issue 26 item 7): Blood Bound with 11 players (B4), the Pyre with 6
(P2). A seeded game of random legal entries is played through the app to its end; each kind
of step is looked at once (the step, a choice's later keys, the privacy screen, each kind of
announcement, the end), with the checks of ``test_fit``: the key line, the caption and the
Footer whole, the body whole or scrollable to its end, and the side panel whole. The panel
compacts (a line a seat) so that every seat, the supply and the box stay in sight."""

from __future__ import annotations

import pytest

from narrator.games.shell_data import Over
from narrator.prompts import worded
from narrator.tui.game import GameScreen
from narrator.tui.privacy import PrivacyScreen
from tests.tui.driver import screen_text, wait_for
from tests.tui.test_fit import Fit, flat, make_app, problems, read_page, shown_region, text_in

NAMES = ("Annabelle", "Bob", "Cid", "Dee", "Evangeline", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit")
GAMES = {"blood_bound": 11, "pyre": 6}  # B4, P2: the largest tables
# Seeds whose games reach every step: Blood Bound's curses given on the privacy screen (B19), a
# heal (B18) and the flips (B26); the Pyre's rolls and windows (P11, P16) in 38 entries.
SEEDS = {"blood_bound": 328, "pyre": 3}


def random_game(game: str, count: int) -> tuple:
    """A seeded game of random legal entries, to its winner, with the names above."""
    from dataclasses import replace

    if game == "blood_bound":
        from tests.games.test_blood_bound_property import random_game as play
    else:
        from tests.games.test_pyre_property import random_game as play
    events, _ = play(SEEDS[game], count)
    return (replace(events[0], players=NAMES[:count]), *events[1:])


def in_sight(app) -> list[str]:
    """The game screen needs no scrolling: the step's body is whole in its place, and the side
    panel shows every seat (its key and name) and every pile of the public view."""
    from narrator.display.feed import public_page

    screen = app.screen
    if not isinstance(screen, GameScreen):
        return []
    out = []
    scroll, body = screen.query_one("#step-scroll"), screen.query_one("#step-body")
    if flat(str(body.content)) and body.outer_size.height > scroll.scrollable_content_region.height:
        shown = flat(text_in(screen, shown_region(screen, scroll)))
        out.append(f"body scrolls: {body.outer_size.height} rows in {scroll.region}: {shown!r}")
    table = screen.query_one("#table")
    if not table.display:
        return out
    panel = flat(text_in(screen, shown_region(screen, table)))
    page = public_page(app.game.public_view(app.state, app.unannounced), app.language)
    for seat in page["seats"]:
        if seat["name"] not in panel:
            out.append(f"side panel without {seat['name']!r}: {panel!r}")
    for pile in page.get("piles") or ():
        if pile["name"] not in panel:
            out.append(f"side panel without the pile {pile['name']!r}: {panel!r}")
    return out


def checks(app) -> list[str]:
    return problems(app) + in_sight(app)


def screen_kind(app) -> str:
    """The kind of screen up: an announcement's kind, the privacy screen, the step."""
    screen = app.screen
    if isinstance(screen, PrivacyScreen):
        return f"privacy {app.state.step} {screen.phase}"
    if app.pages:
        return f"announcement {app.pages[0].kind}"
    return f"{app.state.step} {' '.join(screen.path)}".strip()


async def read_pages(pilot, app, fit: Fit) -> None:
    while app.pages:
        await fit.look_once(screen_kind(app))
        await read_page(pilot, app)


async def later_keys(pilot, app, fit: Fit) -> None:
    """A choice that asks for more keys (a seat, then a token): its first key, looked at."""
    view = app.screen.view
    asking = next((c for c in view.choices if c.goto and c.refusal is None), None)
    if asking is None:
        return
    await pilot.press(*asking.key)
    if app.screen.path:
        await fit.look_once(screen_kind(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: not app.screen.path)


async def privately(pilot, app, fit: Fit, event) -> None:
    """A private step: the privacy screen's banner and inside looked at, the entry made there."""
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
    await fit.look_once(screen_kind(app))
    await pilot.press("enter")
    await wait_for(pilot, lambda: app.screen.phase != "banner")
    await fit.look_once(screen_kind(app))
    screen = app.screen
    assert screen.enter(event), event
    await wait_for(pilot, lambda: not app.held_lines or screen.phase != "inside")
    if isinstance(app.screen, PrivacyScreen):
        app.screen.leave()
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


async def walk(pilot, app, fit: Fit, events: tuple) -> None:
    for event in events[1:]:
        await read_pages(pilot, app, fit)
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.paced is None
        )
        kind = screen_kind(app)
        await fit.look_once(kind)
        view = app.screen.view
        if kind not in fit.keyed:
            fit.keyed.add(kind)
            await later_keys(pilot, app, fit)
        if view.private is not None:
            await privately(pilot, app, fit, event)
        else:
            assert app.enter(event), (event, app.state.step)
    await read_pages(pilot, app, fit)
    await fit.look("over", also=winner_shown)


def winner_shown(app) -> list[str]:
    """The winner is on the screen, whatever else the end shows."""
    over = next(b for b in app.game.step(app.state).body if isinstance(b, Over))
    shown = flat(screen_text(app).replace("│", " "))
    return [
        f"the winner is not shown: {text!r}"
        for text in (worded(over.banner, app.language), worded(over.line, app.language)[:24])
        if flat(text) not in shown
    ]


SIZES = ((80, 24), (100, 30))


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_referee_screen_fits_at_the_largest_table(tmp_path, game, lang):
    """One game walked once, each screen looked at in both sizes (the terminal resized)."""
    from narrator.journal import Journal

    events = random_game(game, GAMES[game])
    journal = Journal.create(game, tmp_path / "games", language=lang)
    journal.append(events[0])
    app = make_app(tmp_path, lang, resume=journal.path)
    async with app.run_test(size=SIZES[0]) as pilot:
        await wait_for(
            pilot, lambda: app.journal is not None and isinstance(app.screen, GameScreen)
        )
        fit = Fit(pilot, app, f"{game} {lang}", checks, sizes=SIZES)
        await walk(pilot, app, fit, events)
    assert len(fit.seen) > 8, fit.seen
    fit.check()
