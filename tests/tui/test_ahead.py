"""Rendering ahead: every line the next entry says was among the lines found ahead of it,
with the players' names, whatever the rules allow next (their own legal moves, picked at
random) and whatever the app draws or deals itself."""

from __future__ import annotations

import random

import pytest

from narrator.games.ravnica import State, Step
from narrator.games.registry import get
from narrator.games.views import AppMove
from narrator.tui.ahead import lines_ahead
from tests.games.walk import next_move

GAME = get("ravnica")


def said(before: State, event, after: State) -> set[tuple[str, str]]:
    lines = [*GAME.event_lines(before, event, after)]
    for page in GAME.announcements(before, event, after):
        lines.extend(page.lines)
    if GAME.step(after).key != GAME.step(before).key:
        lines.extend(GAME.step_lines(after))
    return {key(line.prompt_id, line.params) for line in lines}


def key(prompt_id, params) -> tuple[str, str]:
    return prompt_id, repr(sorted(dict(params).items()))


@pytest.mark.parametrize("seed", range(6))
def test_every_line_a_move_says_was_rendered_ahead_of_it(seed, ravnica_words):
    rng = random.Random(seed)
    state = GAME.initial()
    events = [next_move(state, rng, 5 + seed % 6)]
    state = GAME.apply(state, events[0])
    steps = 0
    while state.step is not Step.OVER and steps < 400:
        ahead = {
            key(prompt_id, params)
            for prompt_id, params in lines_ahead(GAME, state, len(events), None)
        }
        primary = GAME.step(state).primary
        if primary is not None and isinstance(primary.event, AppMove):  # the app's own draw
            event = GAME.app_move(state, len(events), primary.event)
        else:
            event = next_move(state, rng)  # any legal move, as the rules list them
        after = GAME.apply(state, event)
        missing = said(state, event, after) - ahead
        assert not missing, (state.step, event, missing)
        events.append(event)
        state, steps = after, steps + 1
    assert steps > 20
