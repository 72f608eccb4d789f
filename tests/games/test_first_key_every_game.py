"""A key that leaves no legal way to finish its entry is refused at that key, with its rule, in
every game (issue 40, item 2; tests/every_game.py: the registry's and the tests' own).

Each game is walked through a few seeded games: its example (``Game.example_script``), and
from seeded points of it on, random legal entries (``Game.legal_moves``); a game whose first
entry ``created`` makes from random values of its setup form, on with random legal entries too
(Ravnica stops at its deal: its own screen deals). At each step, each first key with a
``goto`` is searched (tests/games/key_tree.py): some keys after it must enter what the rules
accept, or the key itself must say why not. The converse, where cheap: a first key refused at
one state, that leads on at another state of the same step, is searched there with that path:
no legal way may follow it; and every entry of the example can be keyed (no refusal stops an
entry a table made).

Secrets (R18: choices are what may be keyed, not what is legal): a private step is not held to
the first half. There, whether a key leads anywhere may hang on what only its player sees (a
card left in a deck), and refusing it at once would tell the public screen; the privacy screen
takes its keys as they are. Its keys are still searched for the converse (that tells nothing):
a refusal there must not stop an entry the rules take. Every public step is held to it: what
its rules decide is on the table (Werewolf holds no secret, W36; Blood Bound's tokens and
characters are face up; the Pyre's hands are counted in public).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from narrator.games.base import Game, Refusal
from narrator.prompts import worded
from tests.every_game import names, registered
from tests.games.key_tree import (
    NONE,
    WAY,
    events_under,
    first_keys,
    followers,
    own_entries,
    way_on,
)
from tests.storm import example_events

SEEDS = (1, 2)  # the random games from points of the example
ENTRIES = 40  # random entries after each point: a round or two
RULE = re.compile(r"\b[A-Z]\d+")  # a rule's id in a refusal's words: W13, B22, P16


def walks(game: Game, example: list, seed: int) -> list[list]:
    """The states of each walk: the example's, then random ones from its seeded points and
    from a random setup."""
    out = [fold_states(game, example)]
    for n in SEEDS:
        rng = random.Random(seed * 100 + n)
        cut = rng.randrange(1, len(example))
        out.append(random_walk(game, fold_states(game, example[:cut])[-1], rng))
    rng = random.Random(seed)
    out.append(random_walk(game, game.apply(game.initial(), created(game, rng)), rng))
    return out


def fold_states(game: Game, events: list) -> list:
    state, states = game.initial(), []
    for event in events:
        state = game.apply(state, event)
        states.append(state)
    return states


def random_walk(game: Game, state: Any, rng: random.Random) -> list:
    states = [state]
    for _ in range(ENTRIES):
        moves = [] if game.is_over(state) else game.legal_moves(state)
        if not moves:
            break
        state = game.apply(state, rng.choice(moves))
        states.append(state)
    return states


def created(game: Game, rng: random.Random):
    """The first entry from random values of the game's setup form."""
    values: dict[str, Any] = {}
    for f in game.setup_fields():
        if f.kind == "count":
            values[f.name] = rng.choice(list(game.players))
        elif f.kind == "int":
            values[f.name] = rng.randint(f.low, min(f.high, f.low + 30))
        else:
            values[f.name] = rng.choice(f.options)[0]
    count = values.get("count", min(game.players))
    return game.created([f"Player {i + 1}" for i in range(count)], values, rng.randrange(2**32))


def told(refusal, lang: str = "en") -> str:
    return refusal.text(lang) if isinstance(refusal, Refusal) else worded(refusal, lang)


def step_name(view) -> str | None:
    return view.name.key if view.name is not None else None


def leading_on(game: Game, states: list) -> dict:
    """Each step's first keys that lead on at some state, and where to (the converse's)."""
    paths: dict = {}
    for state in states:
        if not game.is_over(state):
            view, firsts = first_keys(game, state)
            for choice in firsts:
                if choice.goto is not None:
                    paths.setdefault(step_name(view), {})[choice.key] = choice.goto
    return paths


def check_state(game: Game, state: Any, paths: dict, problems: list) -> None:
    """The first keys of one state: each goto leads somewhere legal, or the key is refused
    with its rule; a refused key that leads on elsewhere has no way on here."""
    if game.is_over(state):
        return
    view, firsts = first_keys(game, state)
    step, besides = step_name(view), own_entries(firsts)
    for choice in firsts:
        where = f"{game.name} at {step}, key {choice.key!r}"
        if choice.goto is not None:
            if view.kind != "private" and way_on(game, state, choice.goto, besides) == NONE:
                problems.append(f"{where}: no legal way on, and not refused at the key")
            continue
        goto = paths.get(step, {}).get(choice.key)
        if choice.refusal is None or goto is None:
            continue
        for lang in ("en", "ru"):
            if not RULE.search(told(choice.refusal, lang)):
                problems.append(
                    f"{where}: refused without its rule: {told(choice.refusal, lang)!r}"
                )
        after = game.step(state, goto)
        # A path this step does not know draws the step itself: no keys after it to search.
        if after.title != view.title and way_on(game, state, goto, besides) == WAY:
            problems.append(f"{where}: refused ({told(choice.refusal)!r}), yet a way on")


def keyable(game: Game, state: Any, event: Any) -> bool:
    """``event`` (an entry a table made) is made by the step's keys not refused, or the keys
    make none of its kind (an app's move, a typed value), or one they make does the same."""
    view, firsts = first_keys(game, state)
    made = set()
    for choice in (*firsts, *followers(view)):
        made.update(events_under(game, state, choice))
    if event in made or type(event) not in {type(e) for e in made}:
        return True
    after = game.apply(state, event)
    return any(
        type(e) is type(event) and game.check(state, e) is None and game.apply(state, e) == after
        for e in made
    )


@pytest.mark.parametrize("name", names())
def test_a_key_with_no_way_on_is_refused_at_once(name, tmp_path: Path):
    with registered(name) as game:
        if game.example() is None:
            pytest.skip(f"{name} has no example to walk")
        example = example_events(name, tmp_path)
        problems: list[str] = []
        states = [s for walk in walks(game, example, seed=len(name)) for s in walk]
        paths = leading_on(game, states)
        for state in states:
            check_state(game, state, paths, problems)
        state = game.initial()
        for event in example:
            if state != game.initial() and not keyable(game, state, event):
                problems.append(f"{name}: the example's {event!r} cannot be keyed")
            state = game.apply(state, event)
        assert not problems, "\n".join(dict.fromkeys(problems))
