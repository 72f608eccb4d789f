"""The page follows the app's public screen: a clock only while the step's own countdown runs
(none after `e` ends a discussion, none after time is up, R11, R26), and Ablaze's holder only
once the Red leader has left the privacy screen (R22)."""

from __future__ import annotations

import json

import pytest

from narrator.games.ravnica.state import Step
from narrator.tui.privacy import PrivacyScreen
from tests.tui.driver import play_until, random_picker, setup_game, wait_for


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def make_app(tmp_path):
    from narrator.tui.app import NarratorApp
    from narrator.tui.speech import CaptionsOnly

    def make(**kwargs):
        return NarratorApp(
            data_dir=tmp_path / "games", voice=CaptionsOnly(), pace=0.001, new=True, **kwargs
        )

    return make


def page_of(app) -> dict:
    return json.loads(app.display.page)


def recorded(app) -> list[tuple[dict, bool]]:
    """Every page the app publishes from now on, with whether the privacy screen was up."""
    pages: list[tuple[dict, bool]] = []
    publish = app.display.publish

    def spy(page):
        up = any(isinstance(s, PrivacyScreen) for s in app.screen_stack)
        pages.append((page, up))
        publish(page)

    app.display.publish = spy
    return pages


@pytest.mark.long
async def test_no_stale_clock_after_e_nor_after_time_up_and_ablaze_only_once_told(make_app):
    clock = FakeClock()
    app = make_app(clock=clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await setup_game(pilot, app, 5, seed=4)
        assert await app.start_display()
        pages = recorded(app)
        pick = random_picker(4)
        await play_until(pilot, app, Step.DISCUSSION, pick)
        await wait_for(pilot, lambda: page_of(app)["clock"] is not None)  # it runs: shown
        await pilot.press("e")  # the discussion ended early
        await wait_for(pilot, lambda: app.state.step is Step.ELECTION)
        await wait_for(pilot, lambda: page_of(app)["step"] == "Election")
        assert page_of(app)["clock"] is None  # not the discussion's deadline, ticking on
        await play_until(pilot, app, Step.DISCUSSION, pick)
        await wait_for(pilot, lambda: page_of(app)["clock"] is not None)
        clock.now += 10_000  # time is up by itself
        await wait_for(pilot, lambda: app.state.step is not Step.DISCUSSION)
        await wait_for(pilot, lambda: page_of(app)["step"] != "Discussion")
        assert page_of(app)["clock"] is None  # no red 0:00 left behind
        await play_until(pilot, app, Step.FINAL_DISCUSSION, pick)
        await wait_for(pilot, lambda: "ablaze_words" in page_of(app)["extra"])
        ablaze = [up for page, up in pages if "ablaze_words" in page["extra"]]
        assert ablaze and not any(ablaze)  # never while the Red leader held the laptop
        laptop = [p["extra"].get("told", [""])[0] for p, _ in pages if p["step"] == "Ablaze"]
        assert any("takes a secret step: everyone else looks away." in line for line in laptop)
