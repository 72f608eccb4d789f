"""Every screen fits 80×24 in both languages (issue 17 item 6): each step kind of both games
(Werewolf's own walk here, and Ravnica's setup, deal and opening; every game's example, and a
game at each game's largest table, are walked in both sizes by tests/tui/test_fit_referee.py,
with these checks), in English and in Russian, shows its key line whole, a Footer whose every
key is shown whole (fewer keys rather than one cut mid-word), the lines said whole, and the
step's body either whole or scrollable to its end; at Werewolf's end every seat's Inquisitor
card line (W38) is on screen without scrolling, 8 players at 80×24.

Each screen is read from the compositor (what the terminal shows: ``screen.find_widget`` gives
a widget's region and the part of the screen it is clipped to), once the app has caught up
with the key pressed (polled, never a fixed pause)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.geometry import Region
from textual.widgets import Footer, Input

from narrator.games.shell_data import Over
from narrator.prompts import worded
from narrator.tui.game import GameScreen
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import play_step, screen_text, settled_text, tie_planner, wait_for

SIZE = (80, 24)
LANGS = ("en", "ru")
NAMES = ("Annabelle", "Bob", "Cid", "Dee", "Evangeline", "Fay", "Gus", "Hal", "Ivy", "Jo")
WW_NAMES = ("Annabelle", "Bob", "Cid", "Dee", "Evangeline", "Fay", "Gus", "Hal")


# --- reading the screen -------------------------------------------------------------------
def shown_region(screen, widget) -> Region:
    """The part of ``widget`` the terminal shows (empty when it is not drawn at all)."""
    try:
        geometry = screen.find_widget(widget)
    except NoWidget:
        return Region()
    return geometry.region.intersection(geometry.clip).intersection(screen.region)


def whole(screen, widget) -> bool:
    """Every cell of ``widget`` is on screen: not clipped by its container nor the screen."""
    try:
        region = screen.find_widget(widget).region
    except NoWidget:
        return False
    return bool(region) and shown_region(screen, widget) == region


def flat(text: str) -> str:
    return " ".join(text.split())


def text_in(screen, region: Region) -> str:
    """The characters the terminal shows in ``region``, line by line."""
    strips = screen._compositor.render_strips()
    lines = []
    for y in range(region.y, region.bottom):
        line = strips[y].text if y < len(strips) else ""
        lines.append(line[region.x : region.right])
    return "\n".join(lines)


def content_height(widget) -> int:
    """How many rows ``widget``'s content takes at its width (what it would show uncut)."""
    width = widget.content_region.width
    size = widget.screen.size
    return widget.get_content_height(size, size, width)


def footer_keys(screen) -> list:
    footer = screen.query_one(Footer)
    return [key for key in footer.query("FooterKey") if key.display]


def footer_ready(screen) -> bool:
    """The Footer shows the screen's bindings now (it is rebuilt a frame after they change):
    each action once, with its first binding's label."""
    try:
        footer = screen.query_one(Footer)
    except NoMatches:
        return True
    wanted: dict[str, str] = {}
    for _, binding, _, _ in screen.active_bindings.values():
        if binding.show and binding.action != "command_palette":
            wanted.setdefault(binding.action, binding.description)
    drawn = {  # each with its label, as composed (a key may show without it: FittingFooter)
        key.action: getattr(key, "labelled", (None, key.description))[1]
        for key in footer.query("FooterKey")
        if not key.has_class("-command-palette")
    }
    return drawn == wanted


def footer_problems(screen) -> list[str]:
    """Each key the Footer shows is shown whole, its key and its whole label; the help key,
    which lists every key, is one of them."""
    if not screen.query(Footer):
        return []
    out = []
    keys = footer_keys(screen)
    docked = [k for k in keys if k.has_class("-command-palette")]
    for key in keys:
        label = f"{key.key_display} {key.description}".strip()
        region = shown_region(screen, key)
        full = screen.find_widget(key).region if region else Region()
        covered = any(
            other is not key and shown_region(screen, other).overlaps(full) for other in docked
        )
        if not region or region != full or covered:
            out.append(f"Footer key cut: {label!r} (shows {flat(text_in(screen, region))!r})")
    actions = [key.action for key in keys]
    out += [f"Footer key twice: {a!r}" for a in sorted(set(actions)) if actions.count(a) > 1]
    labelled = {key.action for key in keys if key.description}
    common = {"command_palette", "replay", "mute"} & {key.action for key in keys}
    if "record" in {key.action for key in keys} - labelled and common:  # t before v, m, ^p
        out.append(f"the record's label (t) given up before the keys {sorted(common)}")
    active = {binding.action for _, binding, _, _ in screen.active_bindings.values()}
    if "help" in active and "help" not in {key.action for key in keys}:
        out.append("Footer without its help key (?), which lists the keys it leaves out")
    return out


def winner_shown(app) -> list[str]:
    """The winner is on the screen, whatever else the end shows: read across the screen, or
    down the winner's box (beside other lists, its lines wrap inside its borders)."""
    over = next(b for b in app.game.step(app.state).body if isinstance(b, Over))
    lines = screen_text(app).splitlines()
    boxed = " ".join(line.split("│")[1] for line in lines if line.count("│") >= 2)
    shown = flat(" ".join(lines).replace("│", " ")) + "\n" + flat(boxed)
    lang, game = app.language, app.game.words_dir  # (the test's words may be the common ones)
    return [
        f"the winner is not shown: {text!r}"
        for text in (worded(over.banner, lang, game), worded(over.line, lang, game)[:24])
        if flat(text) not in shown
    ]


def step_problems(screen) -> list[str]:
    """The game screen: the key line, the caption, the body, the side panel."""
    out = []
    keys = screen.query_one("#step-keys")
    wanted = flat(str(keys.content))
    if wanted:
        shown = flat(text_in(screen, shown_region(screen, keys)))
        if not whole(screen, keys) or wanted not in shown:
            out.append(f"key line cut: {wanted!r} shows {shown!r}")
    caption = screen.query_one("#caption")
    said = flat(str(caption.content))
    if said:
        shown = flat(text_in(screen, shown_region(screen, caption)))
        rows = content_height(caption)
        if not whole(screen, caption) or rows > caption.content_region.height:
            out.append(f"caption cut: {rows} rows in {caption.content_region.height}: {shown!r}")
    scroll = screen.query_one("#step-scroll")
    body = screen.query_one("#step-body")
    if flat(str(body.content)) or body.region.height > 2:
        if not whole(screen, scroll) or scroll.content_region.height < 1:
            out.append(f"body hidden: its scroll {scroll.region} on {screen.region}")
        elif body.outer_size.height > scroll.scrollable_content_region.height and (
            scroll.max_scroll_y < body.outer_size.height - scroll.scrollable_content_region.height
        ):
            out.append(f"body end unreachable: {body.outer_size} in {scroll.region}")
    table = screen.query_one("#table")
    if table.display and content_height(table) > table.content_region.height:
        rows = content_height(table)
        out.append(f"side panel cut: {rows} rows in {table.content_region.height}")
    return out


def privacy_problems(screen) -> list[str]:
    out = []
    for name in ("#privacy-banner", "#privacy-body", "#privacy-message"):
        widget = screen.query_one(name)
        if flat(str(widget.content)) and (
            not whole(screen, widget) or content_height(widget) > widget.content_region.height
        ):
            out.append(f"{name} cut: {flat(text_in(screen, shown_region(screen, widget)))!r}")
    return out


def form_problems(screen) -> list[str]:
    """A form (setup, deal): its last widget can be scrolled to."""
    scroll = screen.query_one("VerticalScroll")
    if not whole(screen, scroll) or scroll.content_region.height < 1:
        return [f"form hidden: {scroll.region}"]
    end = scroll.virtual_size.height - scroll.scrollable_content_region.height
    if scroll.max_scroll_y < end:
        return [f"form end unreachable: {scroll.virtual_size} in {scroll.region}"]
    return []


def problems(app) -> list[str]:
    screen = app.screen
    out = footer_problems(screen)
    if isinstance(screen, GameScreen):
        out += step_problems(screen)
    elif isinstance(screen, PrivacyScreen):
        out += privacy_problems(screen)
    elif screen.query("VerticalScroll"):
        out += form_problems(screen)
    return out


class Fit:
    """Looks at each screen once the app has caught up, and gathers what is cut on it; with
    ``sizes``, at each of them, the size it is at first (the terminal resized, and left at the
    last: the game goes on at it): one game walked once for every size."""

    def __init__(self, pilot, app, label: str, checks=None, sizes=()) -> None:
        self.pilot, self.app, self.label = pilot, app, label
        self.checks = checks or problems  # what is cut on a screen: a list of sentences
        self.sizes = tuple(sizes)
        self.found: list[str] = []
        self.seen: list[str] = []
        self.keyed: set[str] = set()  # the screens whose later keys were looked at too

    async def look(self, name: str, also=None) -> None:
        """The screen up, checked (and ``also(app)``, more sentences) at each size."""
        self.seen.append(name)
        if not self.sizes:
            await self.look_here(name, also)
            return
        here = tuple(self.app.size)
        for size in sorted(self.sizes, key=lambda size: size != here):  # here first
            if tuple(self.app.size) != size:
                await self.pilot.resize_terminal(*size)
                await wait_for(self.pilot, lambda size=size: tuple(self.app.size) == size)
            await self.look_here(f"{name} {size[0]}x{size[1]}", also)

    async def look_here(self, name: str, also=None) -> None:
        app = self.app
        await wait_for(self.pilot, lambda: footer_ready(app.screen))
        text = await settled_text(self.pilot)
        found = self.checks(app) + (also(app) if also else [])
        if found:
            self.found.append(f"[{self.label}: {name}]\n" + "\n".join(found) + f"\n{text}")

    async def look_once(self, name: str) -> None:
        if name not in self.seen:
            await self.look(name)

    def watching(self, kind) -> None:
        """Look after every key pressed, at each kind of screen (``kind(app)``) once."""
        press = self.pilot.press
        looked: set[str] = set()

        async def press_and_look(*keys: str) -> None:
            await press(*keys)
            name = kind(self.app)
            if name not in looked:
                looked.add(name)
                await self.look(name)

        self.pilot.press = press_and_look

    def check(self) -> None:
        assert not self.found, "\n\n".join(self.found) + f"\n\nscreens looked at: {self.seen}"


def make_app(tmp_path: Path, lang: str, **kwargs):
    from narrator.tui.app import NarratorApp

    kwargs.setdefault("data_dir", tmp_path / "games")
    kwargs.setdefault("pace", 0.001)
    kwargs.setdefault("clock", lambda: 0.0)  # a discussion's clock stands still
    return NarratorApp(voice=CaptionsOnly(lang), language=lang, **kwargs)


async def fill_setup(pilot, app, names: tuple[str, ...], **fields) -> None:
    """The setup form: the players, their names and the fields given (by their ids)."""
    from narrator.tui.setup import SetupScreen

    def ready() -> bool:
        return isinstance(app.screen, SetupScreen) and bool(app.screen.query("#name-0"))

    await wait_for(pilot, ready)
    screen = app.screen
    screen.query_one("#count", Input).value = str(len(names))
    await wait_for(pilot, lambda: len(screen.query("#names Input")) == len(names))
    for i, name in enumerate(names):
        screen.query_one(f"#name-{i}", Input).value = name
    for field, value in fields.items():
        screen.query_one(f"#{field}").value = value


# --- Ravnica ------------------------------------------------------------------------------
def ravnica_screen(app) -> str:
    """What kind of screen is up: the step, an announcement's kind, the privacy screen."""
    screen = app.screen
    if isinstance(screen, PrivacyScreen):
        return f"privacy {app.state.step.value} {screen.phase}"
    if app.pages:
        return f"announcement {app.pages[0].kind}"
    if isinstance(screen, GameScreen) and screen.paced is not None:
        return f"paced {app.state.step.value}"
    return str(app.state.step.value)


# The physical decks in Russian (the longest words), 10 players, to the first colour round: the
# rest of that game, in both sizes, is the walk at the largest table (test_fit_referee.py); the
# app's decks, in English and in Russian, are its example's walk.
@pytest.mark.long
@pytest.mark.parametrize(("deck", "lang"), [("physical", "ru")])
async def test_ravnica_s_setup_deal_and_opening_fit_80_by_24(tmp_path, lang, deck):
    """10 players: the setup form, the deal, the opening checklist and its lines said (R10),
    the first leader card; what follows is test_fit_referee's walk of the same table."""
    from narrator.games.ravnica.state import Step
    from narrator.tui.ravnica.deal import DealScreen

    app = make_app(tmp_path, lang, new=True)
    async with app.run_test(size=SIZE) as pilot:
        fit = Fit(pilot, app, f"ravnica {lang} {deck}")
        await fill_setup(pilot, app, NAMES, seed="4", deck=deck)
        await fit.look("setup")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, DealScreen))
        await fit.look("deal")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.state.step is Step.OPENING)
        fit.watching(ravnica_screen)
        await fit.look("opening")
        app.pace = 0.1  # the opening's lines (R10), said slowly enough to be looked at
        while app.state.step is not Step.TURN_LEADER_CARD:
            await play_step(pilot, app, tie_planner)
            app.pace = 0.001
        await fit.look("turn_leader_card")
    assert {"paced opening", "turn_leader_card"} <= set(fit.seen), fit.seen
    fit.check()


# --- Werewolf -----------------------------------------------------------------------------
def werewolf_screen(app) -> str:
    screen = app.screen
    if not isinstance(screen, GameScreen) or app.journal is None:
        return type(screen).__name__
    if app.pages:
        return f"announcement {app.pages[0].kind}"
    step = app.state.step.value
    if screen.paced is not None:
        return f"paced {step}" + (" paused" if screen.paced_paused else "")
    return f"{step} {' '.join(screen.path)}".strip()


def tying_vote(state, moves: list):
    """W18: each vote on the spot that keeps the two leading spots even (a tie, W19)."""
    from narrator.games.werewolf import village

    votes = {name: village.spot(state.spots, name).votes for name in village.occupied(state.spots)}
    top = sorted(votes, key=lambda name: -votes[name])[:2]
    want = min(top, key=lambda name: votes[name])
    return next((m for m in moves if getattr(m, "spot", None) == want), moves[0])


async def run_paced(pilot, app, fit: Fit, start) -> None:
    """Lines the app says by itself (the first night W11, the pass W24), slowed down to be
    looked at, paused and looked at again, then let run at the tests' pace."""
    app.pace = 0.25  # a quarter of the table's pauses: seconds to look, not the whole night
    started = start()
    if started is not None:
        await started
    await wait_for(pilot, lambda: app.screen.paced is not None)
    looked = werewolf_screen(app) in fit.seen
    if not looked:
        await fit.look(werewolf_screen(app))
    if app.screen.paced.pausable:
        await pilot.press("space")
        await wait_for(pilot, lambda: app.screen.paced_paused)
        if not looked:
            await fit.look(werewolf_screen(app))
        app.pace = 0.001
        await pilot.press("space")
    await wait_for(pilot, lambda: app.screen.paced is None, timeout=60)
    app.pace = 0.001


STEPS_SEEN = {  # each kind of step, looked at once before the game is played to its end
    "huts",
    "discussion",
    "vote",
    "lynch_tie",
    "lynch_reveal",
    "night_column",
    "paced night_pass",
    "attack_reveal",
}


async def play_werewolf(pilot, app, fit: Fit, rng: random.Random) -> None:
    """Random legal entries (a tie on the first day, a hut's target asked once) until every
    kind of step was looked at; then the game to one entry before its end in the journal,
    and that entry as the screen enters it (the winner's announcement)."""
    from narrator.games.werewolf import rules
    from narrator.games.werewolf.moves import legal_moves
    from narrator.games.werewolf.residents import KEY
    from narrator.games.werewolf.state import Step

    targets_seen = False
    for _ in range(2000):
        await wait_for(pilot, lambda: app.screen.paced is None or app.pages)
        s = app.state
        if s.step == Step.OVER and not app.pages:
            return
        if app.pages:
            await pilot.press("enter")
            continue
        if s.step == Step.DISCUSSION:
            await pilot.press("e")
            continue
        moves = legal_moves(s)
        seen = {name.split(" ")[0] if name.startswith("huts") else name for name in fit.seen}
        if targets_seen and seen >= STEPS_SEEN:
            move = rng.choice(moves)
            if rules.apply(s, move).step != Step.OVER:
                app.journal.append(move)  # no screen: quick
            else:
                assert app.enter(move), move
            continue
        if s.step == Step.HUTS and not targets_seen:
            aimed = [m for m in moves if m.spots or m.seat_target is not None or m.line]
            if aimed:  # a hut whose target is asked next (W15–W17)
                targets_seen = True
                await pilot.press(KEY[aimed[0].hut])
                await wait_for(pilot, lambda: app.screen.path)
                await pilot.press("escape")
        if s.step == Step.NIGHT_COLUMN:
            column = rng.choice(moves)
            await run_paced(pilot, app, fit, lambda column=column: app.enter(column) and None)
            continue
        if s.step == Step.VOTE and s.day == 1 and s.voter is not None:
            move = tying_vote(s, moves)
        else:
            move = rng.choice(moves)
        assert app.enter(move), move
        await pilot.pause()
        name = werewolf_screen(app)
        if name not in fit.seen:
            await fit.look(name)
    raise AssertionError(f"the game never ended; at {app.state.step}")


@pytest.mark.long
@pytest.mark.parametrize("lang", ["ru"])  # the longest words; English is checked at the end
async def test_every_werewolf_screen_fits_80_by_24(tmp_path, lang):
    """8 players: the setup form, the residents picker, the Grand Inquisitor, the deal
    checklist, the first night, the huts (a hut's target asked), the discussion, the vote, a
    tie, the reveals, the night's column, the pass (and paused), the announcements, the end
    with every seat's Inquisitor card line (W38)."""
    from narrator.games.werewolf.state import Step

    app = make_app(tmp_path, lang, game="werewolf")
    async with app.run_test(size=SIZE) as pilot:
        fit = Fit(pilot, app, f"werewolf {lang}")
        await fill_setup(pilot, app, WW_NAMES, seed="8", discussion_seconds="60")
        await fit.look("setup")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.journal and app.state.step == Step.RESIDENTS)
        await fit.look("residents")
        await pilot.press(*"wwwcfsanlkby")  # W8: 12 residents, a Mason among them
        await wait_for(pilot, lambda: len(app.state.residents) == 12)
        await fit.look("residents picked")
        await pilot.press("minus")
        await fit.look("residents taking one out")
        await pilot.press("escape", "enter")
        await wait_for(pilot, lambda: app.state.step == Step.GRAND_INQUISITOR)
        await fit.look("grand inquisitor")
        await pilot.press("1")
        await wait_for(pilot, lambda: app.state.step == Step.DEAL)
        await fit.look("deal")
        await pilot.press("1", "2", "3", "4")
        await fit.look("deal ticked")
        await run_paced(pilot, app, fit, lambda: pilot.press("enter"))
        fit.watching(werewolf_screen)
        await play_werewolf(pilot, app, fit, random.Random(8))
        await fit.look("over", also=winner_shown)
        over = screen_text(app)
        hidden = [name for seat, name in enumerate(WW_NAMES) if f"[{seat + 1}] {name}" not in over]
        if hidden:  # W38: every seat's card line, unscrolled
            fit.found.append(f"[werewolf {lang}: over] W38 lines not shown: {hidden}\n{over}")
        await pilot.press("1")
        await wait_for(pilot, lambda: app.screen.path)
        await fit.look("over, a seat's card asked")
        await pilot.press("l")
        await wait_for(pilot, lambda: app.state.inquisitors and not app.screen.path)
        await fit.look("over, a card keyed")
    seen = {name.split(" ")[0] for name in fit.seen}
    assert {"setup", "residents", "deal", "over"} | {n.split(" ")[0] for n in STEPS_SEEN} <= seen
    assert {"paced night_pass paused", "paced first_night"} <= set(fit.seen), fit.seen
    fit.check()


async def read_page(pilot, app) -> None:
    """Enter on an announcement: the next one, or the step."""
    pages = len(app.pages)
    await pilot.press("enter")
    await wait_for(pilot, lambda: len(app.pages) < pages)


def werewolf_journal_over(directory: Path, names: tuple[str, ...], seed: int = 8):
    """A Werewolf game of random legal entries, to its end, written as the app writes it."""
    from narrator.games.werewolf import events as ev
    from narrator.games.werewolf.moves import legal_moves
    from narrator.games.werewolf.residents import KIND_OF_KEY
    from narrator.games.werewolf.state import Step
    from narrator.journal import Journal

    journal = Journal.create("werewolf", directory)
    journal.append(ev.GameCreated(names, ev.Options(), seed=seed))
    journal.append(ev.ResidentsSet(tuple(KIND_OF_KEY[k] for k in "wwwcfsanlkby")))
    journal.append(ev.ResidentsConfirmed())
    rng = random.Random(seed)
    while journal.state.step != Step.OVER:
        journal.append(rng.choice(legal_moves(journal.state)))
    return journal


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_seat_s_inquisitor_card_line_is_on_screen_at_the_end_W38(tmp_path, lang, size):
    """8 players: under the winner, each seat's card line, as keyed or not yet, unscrolled."""
    journal = werewolf_journal_over(tmp_path / "games", WW_NAMES)
    app = make_app(tmp_path, lang, resume=journal.path)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)
        while app.pages:  # the winner's announcement, shown again on resuming
            await read_page(pilot, app)
        await pilot.press("3", "w")  # Cid's card was a werewolf's (W38)
        await wait_for(pilot, lambda: app.state.inquisitors)
        text = await settled_text(pilot)
        card = "werewolf" if lang == "en" else "оборотень"
        assert f"[3] Cid: {card}" in text, text
        for seat, name in enumerate(WW_NAMES):
            assert f"[{seat + 1}] {name}: " in text, (name, text)
        assert step_problems(app.screen) == [], text  # (the Footer: the test above)
        assert winner_shown(app) == [], text  # beside the card lines, the winner readable
