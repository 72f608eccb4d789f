"""Rendering ahead: every line a keyed entry says was among the lines found ahead of it, with
the players' names, whatever the rules allow next (their own legal moves, picked at random); and
nothing is found ahead that could tell a secret (the app's draws, a game past a private step)."""

from __future__ import annotations

import random

import pytest

from narrator.games.registry import get
from narrator.games.shell_data import AppMove
from narrator.prompts import use_game
from narrator.tui.ahead import holds_secret, lines_ahead
from tests.every_game import registered, with_example
from tests.games import werewolf_table
from tests.games.walk import next_move


def said(game, before, event, after) -> set[tuple[str, str]]:
    lines = [*game.event_lines(before, event, after)]
    for page in game.announcements(before, event, after):
        lines.extend(page.lines)
    if game.step(after).key != game.step(before).key:
        lines.extend(game.step_lines(after))
    return {key(line.prompt_id, line.params) for line in lines}


def key(prompt_id, params) -> tuple[str, str]:
    return prompt_id, repr(sorted(dict(params).items()))


def walk(game, state, rng, pick, steps=400):
    """(state, event, after, app's move?) of a random game, move by move."""
    position = 1
    while not game.is_over(state) and steps:
        primary = game.step(state).primary
        app_move = primary is not None and isinstance(primary.event, AppMove)
        event = game.app_move(state, position, primary.event) if app_move else pick(state, rng)
        after = game.apply(state, event)
        yield state, event, after, app_move
        state, position, steps = after, position + 1, steps - 1


def start(name: str, seed: int):
    game = get(name)
    use_game(game.words_dir)
    rng = random.Random(seed)
    if name == "ravnica":
        state = game.apply(game.initial(), next_move(game.initial(), rng, 5 + seed % 6))
        return game, state, rng, lambda s, r: next_move(s, r)
    state = werewolf_table.dealt(6 + seed % 6)
    return game, state, rng, lambda s, r: r.choice(game.legal_moves(s))


@pytest.mark.parametrize("name", ["ravnica", "werewolf"])
@pytest.mark.parametrize("seed", range(4))
def test_every_line_a_keyed_move_says_was_rendered_ahead_of_it(common_words, name, seed):
    game, state, rng, pick = start(name, seed)
    checked = 0
    for before, event, after, app_move in walk(game, state, rng, pick):
        if holds_secret(game, [before]):
            assert name == "ravnica"  # Werewolf's app holds no secret (W36)
            break
        found = {key(i, params) for i, params in lines_ahead(game, before, None)}
        if not app_move:
            missing = said(game, before, event, after) - found
            assert not missing, (before.step, event, missing)
            checked += bool(said(game, before, event, after))
    assert checked >= 3


@pytest.mark.parametrize("seed", range(4))
def test_nothing_is_rendered_ahead_that_the_app_draws_or_that_names_a_secret(common_words, seed):
    game, state, rng, pick = start("ravnica", seed)
    secret = False
    for before, event, after, app_move in walk(game, state, rng, pick):
        found = {key(i, params) for i, params in lines_ahead(game, before, None)}
        drawn = said(game, before, event, after) - {key(i, {}) for i, _ in found}
        if app_move and drawn:  # what the app's own draw says is never found before it
            assert not (drawn & found), (before.step, event)
        secret = secret or holds_secret(game, [before])
    assert secret  # the walk reached a private step (where the shell stops rendering ahead)


def rendered_ahead_missing(name: str, directory) -> tuple[list[str], int]:
    """The game ``name`` (registered) through its example until it holds a secret: each line an
    entry of one key (a choice of the step, or Enter's) says that was not found ahead of it,
    and how many entries said something: the check of one game. (An entry typed or keyed in
    more keys is found ahead only by its first keys' step: not looked for.)"""
    from tests.storm import example_events

    game = get(name)
    events = example_events(name, directory)
    state, missing, checked = game.apply(game.initial(), events[0]), [], 0
    for event in events[1:]:
        if holds_secret(game, [state]) or game.is_over(state):
            break
        view = game.step(state)
        keyed = [c.event for c in view.choices] + [getattr(view.primary, "event", None)]
        after = game.apply(state, event)
        if any(event == made for made in keyed):
            lines = said(game, state, event, after)
            found = {key(i, params) for i, params in lines_ahead(game, state, None)}
            missing += [f"{type(event).__name__}: {line}" for line in lines - found]
            checked += bool(lines)
        state = after
    return missing, checked


@pytest.mark.parametrize("name", with_example())
def test_every_line_a_key_of_each_games_example_says_was_rendered_ahead(name, tmp_path):
    with registered(name):
        missing, checked = rendered_ahead_missing(name, tmp_path)
    assert missing == [], missing
    assert checked >= 1
