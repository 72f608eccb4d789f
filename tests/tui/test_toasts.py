"""The keys in sight (issue 40, item 5): at 80×24 a toast stays clear of the Footer, the lines
said last (the caption), the step's key line and a dialog's keys, on every screen; a refusal
does not print the key line again just above it."""

from __future__ import annotations

import pytest
from textual.widgets import Footer
from textual.widgets._toast import Toast

from narrator.games.ravnica.state import Step
from narrator.tui.game import GameScreen
from narrator.tui.speech import CaptionsOnly
from tests.storm import example_journal_until
from tests.tui.driver import journal_until, open_privacy_screen, screen_text, wait_for

LONG = "Exported to /home/table/narrator/exports/2026-12-04-ravnica-inquisition.csv " * 2


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render()).strip()


def toasts(app) -> list:
    return [toast.region for toast in app.screen.query(Toast) if toast.region.area]


def clear_of(app, *selectors: str) -> None:
    """Every toast shown lies clear of each widget named (and of the Footer)."""
    placed = toasts(app)
    assert placed
    kept = [footer.region for footer in app.screen.query(Footer)]  # a dialog has none
    kept += [app.screen.query_one(selector).region for selector in selectors]
    for toast in placed:
        for region in kept:
            assert not toast.overlaps(region), (toast, region)


async def test_a_toast_leaves_the_keys_and_the_lines_said_in_sight_at_80x24(make_app, tmp_path):
    from narrator.tui.modals import SettingsScreen

    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.DISCUSSION, seed=3)
    app = make_app(clock=lambda: 0.0, resume=journal.path, new=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_for(pilot, lambda: app.screen.query_one("#caption").region.height)
        app.notify(LONG, title="Export", timeout=30)
        app.notify(LONG, timeout=30)  # two long ones at once: the rack grows, still clear
        await wait_for(pilot, lambda: len(toasts(app)) == 2)
        clear_of(app, "#caption", "#step-keys", "#message")
        app.push_screen(SettingsScreen())
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await wait_for(pilot, lambda: len(toasts(app)) == 2)
        clear_of(app, "#s-hint")


async def test_toasts_come_in_turn_two_at_most_none_dropped_unread(make_app, tmp_path):
    """Four at once (a settings file's warnings, say): two on screen, clear of the keys and
    the lines said; each one read (clicked away) brings the next, in order, till the last."""
    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.DISCUSSION, seed=3)
    app = make_app(clock=lambda: 0.0, resume=journal.path, new=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_for(pilot, lambda: app.screen.query_one("#caption").region.height)
        for n in range(4):
            app.notify(f"warning {n}: {LONG}", timeout=30)
        read = []
        for n in range(4):
            await wait_for(pilot, lambda n=n: f"warning {n}:" in screen_text(app))
            assert len(toasts(app)) == min(2, 4 - n), screen_text(app)
            clear_of(app, "#caption", "#step-keys", "#message")
            first = next(t for t in app.screen.query(Toast) if t.region.area)
            read.append(str(first.render()).split(":")[0])
            await pilot.click(first)  # read: the next one waiting takes its place
        await wait_for(pilot, lambda: not toasts(app))
        assert read == [f"warning {n}" for n in range(4)]


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("ru", (80, 24)), ("ru", (100, 30))])
async def test_a_toast_leaves_the_home_screen_s_title_and_keys_in_sight(make_app, lang, size):
    from narrator.tui.home import HomeScreen
    from narrator.tui.words import say

    app = make_app(new=False, voice=CaptionsOnly(lang), language=lang)
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        for n in range(2):  # two at once, each at most 6 rows: clear of the keys
            app.notify(f"{n}: {LONG}", timeout=30)
        await wait_for(pilot, lambda: len(toasts(app)) == 2)
        clear_of(app)
        lines = screen_text(app).splitlines()
        for words in (say(lang, "home.title"), say(lang, "home.subtitle")):  # whole, one line
            assert any(words in line for line in lines), screen_text(app)


async def test_a_toast_leaves_the_privacy_screen_s_words_in_sight(make_app, tmp_path):
    journal = journal_until(tmp_path / "games", lambda s: s.step is Step.ABLAZE_DRAW, seed=6)
    app = make_app(clock=lambda: 0.0, resume=journal.path, new=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await open_privacy_screen(pilot)
        app.notify(LONG, timeout=30)  # a sound's warning, say: public, and out of the way
        app.notify(LONG, timeout=30)
        await wait_for(pilot, lambda: len(toasts(app)) == 2)
        clear_of(app, "#privacy-banner", "#privacy-message")


async def test_a_refusal_on_werewolf_s_residents_step_does_not_print_its_key_line_again_W8(
    make_app, tmp_path
):
    from narrator.games.werewolf.state import Step as WerewolfStep

    journal = example_journal_until(
        "werewolf", tmp_path / "games", lambda s: s.step is WerewolfStep.RESIDENTS
    )
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        for keys in (("d",), ("minus", "d")):  # no resident's letter: adding, taking one out
            await pilot.press(*keys)
            message = await wait_for(pilot, lambda: shown(app, "#message"))
            keys = shown(app, "#step-keys")
            assert keys and keys not in message, message  # the key line is right under it
            assert "(W8)" in message, message
