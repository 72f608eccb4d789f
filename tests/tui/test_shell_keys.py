"""The shell's own keys are published in one place (``shell_data.SHELL_KEYS``): the game screen's
and the app's bindings are exactly those, and no game's step, private step or anytime entry
uses one of them for a choice (issue 18, item 4). A key the shell takes first would never reach
the game; a key the game takes would hide the shell's. Every registered game is walked (its
example script's states and random games from them): a game registered is a game checked.

A choice's later keys (a seat, then what for) are the game's: there the shell takes first only
the game screen's own keys (Escape and Backspace back, the record, Enter…); the app's keys
(help, mute, the voice's) yield to them, as ``GameScreen.on_key`` does."""

from __future__ import annotations

import random

import pytest
from textual.keys import key_to_character

from narrator.games import registry
from narrator.games.shell_data import SHELL_KEYS
from narrator.tui import keyreader
from narrator.tui.app import NarratorApp
from narrator.tui.game import GameScreen
from tests.every_game import registered, with_example

NAMED = {"enter", "space", "backspace", "escape"}  # named keys the game screen binds


def typed(binding_key: str) -> list[str]:
    """A binding's keys as SHELL_KEYS names them: "?" for question_mark, "+" for plus."""
    out = []
    for key in binding_key.split(","):
        if key in NAMED:
            out.append(key)
        elif key == "plus":
            out.append("+")
        elif key == "equals_sign":
            out.append("=")
        elif not key.startswith(("ctrl+", "f")) or len(key) == 1:
            out.append(key_to_character(key) or key)
    return out


def test_the_bindings_are_the_published_shell_keys():
    bound = {k for b in (*GameScreen.BINDINGS, *NarratorApp.BINDINGS) for k in typed(b.key)}
    assert bound == set(SHELL_KEYS)


def example_states(game, directory) -> list:
    """Every state the game's example script passes through (``Game.example_script``)."""
    from tests.storm import example_events

    state, states = game.initial(), []
    for event in example_events(game.name, directory):
        state = game.apply(state, event)
        states.append(state)
    return states


def walk(game, state, seed: int, entries: int = 300):
    """The states of a random game of legal entries (with the app's own moves where the rules
    list none) from ``state``, until the end or a step whose entry the rules do not list."""
    rng = random.Random(seed)
    for position in range(1, entries):
        yield state
        if game.is_over(state):
            return
        moves = game.legal_moves(state)
        move = rng.choice(moves) if moves else game.app_move(state, position)
        if move is None:
            return
        state = game.apply(state, move)


SCREEN_KEYS = {k for b in GameScreen.BINDINGS for k in typed(b.key)}  # taken first, always


def keys_of(game, state) -> set[str]:
    """The step's keys that are the shell's: its first keys against every shell key, a
    choice's later keys (B19, C8, P23) against the game screen's."""
    view = game.step(state)
    choices = keyreader.merged(view.choices, game.anytime(state))
    keys = {c.key for c in choices} & set(SHELL_KEYS)
    first = SCREEN_KEYS if view.kind == "over" else SCREEN_KEYS - {"h"}  # home: at the end
    for choice in view.choices:
        if choice.goto is not None:
            keys |= {c.key for c in game.step(state, choice.goto).choices} & first
    return keys


def shell_keys_used(name: str, directory) -> set[str]:
    """The shell's keys the game ``name`` (registered) uses for a choice, at every state of
    its example and of three random games from it: the check of one game."""
    game = registry.get(name)
    states = example_states(game, directory)
    used: set[str] = set()
    walked = 0
    for state in states:
        used |= keys_of(game, state)
    for seed in range(3):
        start = states[len(states) * (seed + 1) // 4]
        for state in walk(game, start, seed):
            used |= keys_of(game, state)
            walked += 1
    assert walked > 3, "the walk keyed nothing"
    # Backspace as a step's own choice is the step's take-back (the shell asks for it so).
    return used - {"backspace"}


@pytest.mark.parametrize("name", with_example())
def test_no_game_keys_a_choice_with_a_shell_key(name, tmp_path):
    with registered(name):
        assert shell_keys_used(name, tmp_path) == set()
