"""Each step of Ultimate Werewolf: Inquisition as the shell draws it (``Game.step``): its name
and header, title, body, key line, what may be keyed and what Enter does. The app holds no
secret (W36): every step is public."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.shell_data import StepView
from narrator.games.werewolf.day_view import DAY_VIEWS
from narrator.games.werewolf.night_view import NIGHT_VIEWS
from narrator.games.werewolf.setup_view import SETUP_VIEWS
from narrator.games.werewolf.state import State, Step
from narrator.prompts import Words

# Each step and its view, given the state and the keys typed so far in the step (a hut and its
# targets, a resident to remove, a seat's Inquisitor card); the setup form is the shell's.
STEP_VIEWS = {**SETUP_VIEWS, **DAY_VIEWS, **NIGHT_VIEWS}


def step_key(s: State) -> tuple:
    """A new key is a new step (its lines are said once): each hut turn is one; the vote and
    the pass are one step however many entries they take."""
    if s.step == Step.HUTS:
        return (s.step, s.day, s.turn)
    return (s.step, s.day, s.second_attack)


def banner(s: State) -> tuple:
    """The header: the day, the Grand Inquisitor, the step (``None``: its name)."""
    if s.step in (Step.SETUP, Step.RESIDENTS, Step.GRAND_INQUISITOR, Step.DEAL):
        where = Words("ww.banner_players", {"players": s.count})
        return ((" ", "bold"), (where, "bold"), (" · ", "bold"), (None, "bold"), (" ", "bold"))
    if s.step == Step.OVER:
        return ((" ", "bold"), (Words("ww.banner_over"), "bold"), (" ", "bold"))
    where = Words("ww.banner_day", {"day": max(s.day, 1), "player": s.players[s.gi]})
    return ((" ", "bold"), (where, "bold"), (" · ", ""), (None, ""), (" ", ""))


def plain_view(s: State, path: tuple[str, ...]) -> StepView:
    return StepView("info", None)


def step_view(s: State, path: tuple[str, ...] = ()) -> StepView:
    view = STEP_VIEWS.get(s.step, plain_view)(s, path)
    return replace(view, key=step_key(s), name=Words(f"ww.step.{s.step}"), banner=banner(s))
