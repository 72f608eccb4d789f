"""The shell's own keys are published in one place (``shell_data.SHELL_KEYS``): the game screen's
and the app's bindings are exactly those, and no game's step, private step or anytime entry
uses one of them for a choice (issue 18, item 4). A key the shell takes first would never reach
the game; a key the game takes would hide the shell's."""

from __future__ import annotations

import random

import pytest
from textual.keys import key_to_character

from narrator.games import registry
from narrator.games.shell_data import SHELL_KEYS
from narrator.tui import keyreader
from narrator.tui.app import NarratorApp
from narrator.tui.game import GameScreen

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


def walk(game, count: int, seed: int, entries: int = 400):
    """The states of a random game of legal entries (with the app's own moves where the rules
    list none), from the form's defaults."""
    rng = random.Random(seed)
    values = {f.name: f.default for f in game.setup_fields() if f.kind != "count"}
    names = [f"P{i + 1}" for i in range(count)]
    state = game.apply(game.initial(), game.created(names, values, seed))
    for position in range(1, entries):
        yield state
        if game.is_over(state):
            return
        moves = game.legal_moves(state)
        move = rng.choice(moves) if moves else game.app_move(state, position)
        if move is None and game.name == "ravnica":  # the deal is its own screen's (R6)
            from tests.games.walk import next_move

            move = next_move(state, rng, count)
        if move is None:
            return
        state = game.apply(state, move)


def keys_of(game, state) -> set[str]:
    keys = set()
    view = game.step(state)
    choices = keyreader.merged(view.choices, game.anytime(state))
    keys |= {c.key for c in choices}
    for choice in view.choices:  # the second keys of a seat, then its role (B19, C8)
        if choice.goto is not None:
            keys |= {c.key for c in game.step(state, choice.goto).choices}
    return keys


@pytest.mark.parametrize("name", ["ravnica", "werewolf", "toy"])
def test_no_game_keys_a_choice_with_a_shell_key(name, request):
    if name == "toy":
        request.getfixturevalue("toy")
    game = registry.get(name)
    count = min(game.players, key=lambda n: abs(n - 6))
    used: set[str] = set()
    for seed in range(3):
        for state in walk(game, count, seed):
            used |= keys_of(game, state)
    # Backspace as a step's own choice is the step's take-back (the shell asks for it so).
    assert not (used - {"backspace"}) & set(SHELL_KEYS), sorted(used & set(SHELL_KEYS))
    assert used, "the walk keyed nothing"
