"""Every screen of every game fits 80×24 and 100×30, in English and in Russian: each game
registered (tests/every_game.py: the registry's and the tests' own) walks its example script
(``Game.example_script``) through the app, and each of the four games walks a seeded game of
random legal entries at its largest table in Russian (issue 40, item 1): Blood Bound with 11
players (B4), the Pyre with 6 (P2), Werewolf with 12, Ravnica with 10 (physical decks: every
card keyed). Each kind of step is looked at once in both sizes (the step, a choice's later
keys, the privacy screen, a game's own screen, each kind of announcement, the end), with the
checks of ``test_fit``: the key line, the caption and the Footer whole, the body whole or
scrollable to its end; at the referee games' largest tables the side panel shows every seat
(it compacts, a line a seat, so that every seat, the supply and the box stay in sight); the end
shows its winner, and from it the screens around a game (help, record, the table display's
address, home, history, settings) are read whole. At each kind of step a letter that is no
choice is pressed: its answer does not list the step's keys again (issue 40, item 5).
``fits(name, lang, directory)`` is the check of one game."""

from __future__ import annotations

import pytest

from narrator.tui.game import GameScreen
from narrator.tui.privacy import PrivacyScreen
from tests.every_game import registered, with_example
from tests.tui.driver import wait_for
from tests.tui.test_fit import (
    Fit,
    content_height,
    flat,
    make_app,
    problems,
    read_page,
    shown_region,
    text_in,
    whole,
    winner_shown,
)

NAMES = ("Annabelle", "Bob", "Cid", "Dee", "Evangeline", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit")
NAMES += ("Lou",)
GAMES = {"blood_bound": 11, "pyre": 6, "werewolf": 12, "ravnica": 10}  # the largest tables
# Seeds whose games reach every step: Blood Bound's curses given on the privacy screen (B19), a
# heal (B18) and the flips (B26); the Pyre's rolls and windows (P11, P16) in 38 entries.
SEEDS = {"blood_bound": 328, "pyre": 3, "werewolf": 5, "ravnica": 10}


def random_game(game: str, count: int) -> tuple:
    """A seeded game of random legal entries, to its winner, with the names above."""
    from dataclasses import replace

    if game == "blood_bound":
        from tests.games.test_blood_bound_property import random_game as play
    elif game == "pyre":
        from tests.games.test_pyre_property import random_game as play
    elif game == "werewolf":
        from tests.games.test_werewolf_properties import random_game as played

        def play(seed, count):
            return played(seed, count, "partial")
    else:
        play = ravnica_game
    events, _ = play(SEEDS[game], count)
    return (replace(events[0], players=NAMES[:count]), *events[1:])


def ravnica_game(seed: int, count: int) -> tuple[list, None]:
    """Ravnica with physical decks: every card keyed at the table (the app's decks, drawn by
    the app, are its example's walk)."""
    import random

    from narrator.games.ravnica import Options, State, Step, apply
    from narrator.games.ravnica import events as ev
    from tests.games.walk import next_move

    rng = random.Random(seed)
    events = [ev.GameCreated(NAMES[:count], Options(deck_mode="physical"), seed=seed)]
    state = apply(State(), events[0])
    while state.step is not Step.OVER:
        events.append(next_move(state, rng))
        state = apply(state, events[-1])
    return events, None


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
    return problems(app) + in_sight(app) + parts_whole(app)


def seated_checks(app) -> list[str]:
    """A game whose side panel is its own (Werewolf's village, Ravnica's table): the checks of
    ``test_fit``, its panel whole, and the screens around the game read whole."""
    return problems(app) + panel_whole(app) + parts_whole(app)


def panel_whole(app) -> list[str]:
    """The game's own side panel shows all it draws: none of its rows below the panel's foot
    (Werewolf's hidden pool under 12 seats at 80x24 was cut to its first line)."""
    from textual.widgets import Static

    screen = app.screen
    if not isinstance(screen, GameScreen) or not screen.query_one("#table").display:
        return []
    table = screen.query_one("#table")
    out = []
    for part in [table, *table.query(Static)]:  # the panel is drawn by itself, or by its parts
        if isinstance(part, Static) and part.display and not whole(screen, part):
            text = flat(text_in(screen, shown_region(screen, part)))
            out.append(
                f"side panel cut: {part.region} shows {shown_region(screen, part)}: {text!r}"
            )
    return out


def parts_whole(app) -> list[str]:
    """A screen but the game's (home, history, settings, help, record, the table display's
    address): each text on it shown whole, in its place or where its scroll reaches (a form's
    end: ``test_fit``), none cut by the screen's edge nor its own box."""
    from textual.widgets import Static

    screen = app.screen
    if isinstance(screen, GameScreen | PrivacyScreen):
        return []
    out = []
    for part in screen.query("Static, Select"):
        if not part.display or any(
            getattr(a, "allow_vertical_scroll", False) for a in part.ancestors
        ):
            continue  # hidden, or in a scroll whose end test_fit's form check reaches
        text = flat(str(part.render())) if isinstance(part, Static) else "select"
        if not text:
            continue
        rows = content_height(part) if isinstance(part, Static) else 1
        if not whole(screen, part) or (
            isinstance(part, Static) and rows > part.content_region.height
        ):
            shown = flat(text_in(screen, shown_region(screen, part)))
            out.append(f"{type(part).__name__} {part.id or ''} cut: {text[:60]!r} shows {shown!r}")
    return out


async def around_the_game(pilot, app, fit: Fit) -> None:
    """From the end: the help, the record, the table display's address; then home, the history
    and the settings: each looked at in both sizes."""
    from narrator.tui.home import HomeScreen

    game = app.screen
    for name, key in (("help", "question_mark"), ("record", "t"), ("table display", "f2")):
        await pilot.press(key)
        await wait_for(pilot, lambda: app.screen is not game)
        await fit.look(name)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is game)
    await pilot.press("h")
    home = await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen)
    await wait_for(pilot, lambda: home.looked)
    await fit.look("home")
    for name, key in (("history", "h"), ("settings", "s")):
        await pilot.press(key)
        await wait_for(pilot, lambda: app.screen is not home)
        await fit.look(name)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is home)


def screen_kind(app) -> str:
    """The kind of screen up: an announcement's kind, the privacy screen, the step."""
    screen = app.screen
    if isinstance(screen, PrivacyScreen):
        return f"privacy {app.state.step} {screen.phase}"
    if app.pages:
        return f"announcement {app.pages[0].kind}"
    return f"{app.state.step} {' '.join(getattr(screen, 'path', ()))}".strip()


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


NO_KEYS = "zqjxywk"  # letters few steps take: one that is no choice of the step is pressed


async def a_key_that_is_no_choice(pilot, app, fit: Fit, kind: str) -> None:
    """A letter that enters nothing at this step is answered in the message line, and that
    answer does not list the step's keys again (the key line, right under it: its keys twice on
    screen). A key line of one instruction may open an answer that says more (W23: "Press a
    column's letter, one with two cards or more: A or C")."""
    screen, view = app.screen, app.screen.view
    if view.typed is not None or view.kind == "private" or screen.path or app.pages:
        return  # a field takes every letter; a private step's keys are the privacy screen's
    taken = {choice.key[:1] for choice in view.choices}
    taken |= set(screen._bindings.key_to_bindings) | set(app._bindings.key_to_bindings)
    key = next((key for key in NO_KEYS if key not in taken), None)
    if key is None:
        return
    entries = len(app.journal.events)
    await pilot.press(key)
    message = screen.query_one("#message")
    said = flat(str(await wait_for(pilot, lambda: flat(str(message.render())))))
    keys = flat(str(screen.query_one("#step-keys").render()))
    if " · " in keys and keys in said:  # several keys, listed again
        fit.found.append(f"[{fit.label}: {kind}] {key!r} answered with the key line: {said!r}")
    assert len(app.journal.events) == entries, (kind, key)


async def privately(pilot, app, fit: Fit, event, made: int) -> None:
    """A private step: the privacy screen's banner and inside looked at, the entry made there
    (unless Enter made it: the app's own draw, R9)."""
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, PrivacyScreen))
    await fit.look_once(screen_kind(app))
    await pilot.press("enter")
    await wait_for(pilot, lambda: app.screen.phase != "banner")
    await fit.look_once(screen_kind(app))
    screen = app.screen
    if made_by_app(app, made):
        assert app.journal.events[made] == event, (app.journal.events[made], event)
    else:
        assert screen.enter(event), (event, app.state.step)
    await wait_for(pilot, lambda: not app.held_lines or screen.phase != "inside")
    if isinstance(app.screen, PrivacyScreen):
        app.screen.leave()
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))


def made_by_app(app, made: int) -> bool:
    """The app made the next entry itself (a paced step's: the first night, W11)."""
    return len(app.journal.events) > made


def at_a_step(app, made: int) -> bool:
    """A step waits for the next entry: the game screen not pacing, a game's own screen (the
    deal, R6), or the app made it itself."""
    screen = app.screen
    if made_by_app(app, made):
        return True
    if isinstance(screen, GameScreen):
        return screen.paced is None
    return not isinstance(screen, PrivacyScreen) and app.game.step(app.state).screen is not None


def shape(game, state) -> tuple:
    """What a step looks like, whatever its round: its kind, its name, private or not."""
    view = game.step(state)
    return view.kind, getattr(view.name, "key", None), view.private is None, view.screen


def nothing_new(app, fit: Fit, event) -> bool:
    """The entry leads to a step of a shape already looked at, and brings no moment that was
    not: the screen would show nothing new."""
    game, before = app.game, app.journal.state
    after = game.apply(before, event)
    pages = game.announcements(before, event, after)
    return shape(game, after) in fit.shapes and all(
        f"announcement {page.kind}" in fit.seen for page in pages
    )


async def walk(pilot, app, fit: Fit, events: tuple, end=None) -> None:
    """``events`` entered through the app's screens; the end looked at (and ``end(app)``). An
    entry that would show nothing new goes straight to the journal (the screen follows at the
    next one that would): a long game costs its new screens, not its rounds."""
    fit.shapes = set()
    behind = False  # the screen does not show the journal's last entries
    for made, event in enumerate(events[1:], start=1):  # made: the entries made before it
        if made < len(events) - 1 and not made_by_app(app, made) and nothing_new(app, fit, event):
            app.journal.append(event)
            behind = True
            continue
        if behind:
            app.forget_announcements()
            app.route()
            behind = False
        await read_pages(pilot, app, fit)
        await wait_for(pilot, lambda made=made: at_a_step(app, made))
        if made_by_app(app, made):
            assert app.journal.events[made] == event, (app.journal.events[made], event)
            continue
        kind = screen_kind(app)
        await fit.look_once(kind)
        fit.shapes.add(shape(app.game, app.state))
        if not isinstance(app.screen, GameScreen):  # a game's own screen: entered as it would
            assert app.enter(event), (event, app.state.step)
            continue
        view = app.screen.view
        if kind not in fit.keyed:
            fit.keyed.add(kind)
            await a_key_that_is_no_choice(pilot, app, fit, kind)
            await later_keys(pilot, app, fit)
        if view.private is not None:
            await privately(pilot, app, fit, event, made)
        else:
            assert app.enter(event), (event, app.state.step)
    await read_pages(pilot, app, fit)
    await fit.look("over", also=end)


SIZES = ((80, 24), (100, 30))


async def fits(
    name: str, lang: str, directory, events=None, look=problems, end=None, around=False
) -> Fit:
    """The game ``name`` (registered) walked once through the app in ``lang``, from its first
    entry to the end of ``events`` (by default its example script's), each kind of screen looked
    at in both sizes (``look(app)``: what is cut on it, by default ``test_fit``'s checks): the
    check of one game (``end``: more checks of its last screen; ``around``: then the screens
    around the game). What was found is ``fit.found``."""
    from narrator.journal import Journal
    from tests.storm import example_events

    if events is None:
        events = tuple(example_events(name, directory / "example"))
    journal = Journal.create(name, directory / "games", language=lang)
    journal.append(events[0])
    app = make_app(directory, lang, resume=journal.path)
    async with app.run_test(size=SIZES[0]) as pilot:
        await wait_for(pilot, lambda: app.journal is not None and at_a_step(app, 1))
        fit = Fit(pilot, app, f"{name} {lang}", look, sizes=SIZES)
        await walk(pilot, app, fit, events, end)
        if around:
            await around_the_game(pilot, app, fit)
    return fit


@pytest.mark.long
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", with_example())
async def test_every_screen_of_each_game_s_example_fits(tmp_path, name, lang):
    """Every game registered, its example script walked in both sizes and both languages."""
    with registered(name):
        fit = await fits(name, lang, tmp_path)
    assert len(fit.seen) > 3, fit.seen
    fit.check()


@pytest.mark.long
@pytest.mark.parametrize("lang", ["ru"])  # the longest words; English: their examples above
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_screen_fits_at_the_largest_table(tmp_path, game, lang):
    """One game walked once to its end, each screen looked at in both sizes (the terminal
    resized), then the screens around it (help, record, table display, home, history,
    settings); a referee game's side panel showing every seat."""
    look = checks if game in ("blood_bound", "pyre") else seated_checks
    events = random_game(game, GAMES[game])
    fit = await fits(game, lang, tmp_path, events, look, winner_shown, around=True)
    assert len(fit.seen) > 8, fit.seen
    assert {"help", "record", "table display", "home", "history", "settings"} <= set(fit.seen)
    fit.check()
