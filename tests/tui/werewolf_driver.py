"""Plays Werewolf through the TUI with the keys a narrator presses (the tests and
scripts/bench's night pass)."""

from __future__ import annotations

import time
from pathlib import Path

from narrator.games.werewolf.state import Step
from narrator.tui.app import NarratorApp
from narrator.tui.game import GameScreen
from narrator.tui.setup import SetupScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui import driver

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
# The residents keyed one by one: 3 Werewolves, the Cursed, the Wolf Cub and 7 others (W8)
PICKS = "wwwcfsanlkby"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class TimedVoice(CaptionsOnly):
    """Captions, with the moment each line was said (to measure the pass, W24)."""

    def __init__(self, language: str = "en") -> None:
        super().__init__(language)
        self.said: list[tuple[str, float]] = []

    def say(self, prompt_id: str, urgent: bool = False, **params) -> str:
        self.said.append((prompt_id, time.monotonic()))
        return super().say(prompt_id, urgent, **params)


def make_app(tmp_path: Path, **kwargs) -> NarratorApp:
    kwargs.setdefault("data_dir", tmp_path / "games")
    kwargs.setdefault("voice", CaptionsOnly())
    kwargs.setdefault("pace", 0.001)
    kwargs.setdefault("clock", FakeClock())
    if "resume" not in kwargs:
        kwargs.setdefault("game", "werewolf")
    return NarratorApp(**kwargs)


def screen_text(app) -> str:
    """Everything the terminal shows now, as plain text (toasts included)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def wait_for(
    pilot, predicate, tries: int | None = None, timeout: float = driver.PATIENCE
) -> object:
    """tests.tui.driver's ``wait_for``: until ``predicate()`` holds, for at most ``timeout``
    seconds (not a count of tries: a loaded machine runs fewer in the same time). ``tries``,
    scripts/bench's older way of saying how long, counts as that many hundredths of a second
    (what a try used to pause), if that is longer."""
    if tries is not None:
        timeout = max(timeout, tries / 100)
    return await driver.wait_for(pilot, predicate, timeout)


def on_step(app, step: Step) -> bool:
    return isinstance(app.screen, GameScreen) and app.state.step == step and not app.pages


async def set_up(pilot, app, keys: bool = True, pass_seconds: int | None = None) -> None:
    """The form, the picker, the Grand Inquisitor (Ann), the deal; the first night runs."""
    from textual.widgets import Input

    count = await wait_for(  # the form, and its fields mounted
        pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query_one("#count", Input)
    )
    count.value = "6"
    await wait_for(pilot, lambda: len(app.screen.query("#names Input")) == len(NAMES))
    for i, name in enumerate(NAMES):
        app.screen.query_one(f"#name-{i}", Input).value = name
    app.screen.query_one("#seed", Input).value = "5"
    if pass_seconds is not None:
        app.screen.query_one("#pass_seconds", Input).value = str(pass_seconds)
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: on_step(app, Step.RESIDENTS))
    if not keys:  # entered as the keys would enter them (the keys are tested once)
        from narrator.games.werewolf import events as ev
        from narrator.games.werewolf.residents import KIND_OF_KEY

        picks = tuple(KIND_OF_KEY[k] for k in PICKS)
        for event in (ev.ResidentsSet(picks), ev.ResidentsConfirmed(), ev.GrandInquisitorChosen(0)):
            assert app.enter(event)
        assert app.enter(ev.VillageDealt())
        await wait_for(pilot, lambda: on_step(app, Step.HUTS))
        return
    await pilot.press(*PICKS)
    await wait_for(pilot, lambda: len(app.state.residents) == 12)
    await pilot.press("enter")  # W8: the 12 chosen
    await wait_for(pilot, lambda: on_step(app, Step.GRAND_INQUISITOR))
    await pilot.press("1")  # W10: Ann
    await wait_for(pilot, lambda: on_step(app, Step.DEAL))
    await pilot.press("1", "2", "3", "4", "enter")
    await wait_for(pilot, lambda: on_step(app, Step.HUTS))  # the first night said itself


NAMED = ("enter", "escape", "backspace")


async def press(pilot, *keys: str) -> None:
    """Keys as typed: "c1" is c then 1; a named key ("enter") is one key."""
    for key in keys:
        await pilot.press(*([key] if key in NAMED else key))


async def hut(pilot, app, *keys: str) -> None:
    turn = (app.state.day, app.state.turn)
    await press(pilot, *keys)
    await wait_for(
        pilot, lambda: (app.state.day, app.state.turn) != turn or app.state.step != Step.HUTS
    )


async def votes(pilot, app, *spots: str) -> None:
    for spot in spots:
        cast = len(app.state.cast)
        await press(pilot, spot)
        await wait_for(pilot, lambda n=cast + 1: len(app.state.cast) == n)


DAY_ONE = (  # W12–W20 from Ann: Cursed, Seer A1, Villagers on B1–B3, the Mayor; D1 lynched
    ("hut_taken", {"seat": 0, "hut": "cursed"}),
    ("hut_taken", {"seat": 1, "hut": "seer", "spots": ("A1",)}),
    ("hut_taken", {"seat": 2, "hut": "villager", "spots": ("B1",)}),
    ("hut_taken", {"seat": 3, "hut": "villager", "spots": ("B2",)}),
    ("hut_taken", {"seat": 4, "hut": "villager", "spots": ("B3",)}),
    ("hut_taken", {"seat": 5, "hut": "mayor", "seat_target": 0}),
)


async def night_of_day_one(pilot, app, pass_seconds: int | None = None) -> None:
    """Day one entered as the screen enters it (the keys are tested on their own), D1 lynched
    (a Seer), to the night's column (W23)."""
    from narrator.games.werewolf import events as ev

    await set_up(pilot, app, keys=False, pass_seconds=pass_seconds)
    for kind, fields in DAY_ONE:
        assert app.enter(ev.CODEC.decode({"type": kind, **fields}))
    while app.state.voter is not None:
        assert app.enter(ev.VoteCast(app.state.voter, "D1"))
    for event in (ev.VotesCounted(), ev.Revealed("seer")):
        assert app.enter(event)
        app.forget_announcements()
    app.route()
    await wait_for(pilot, lambda: on_step(app, Step.NIGHT_COLUMN))
