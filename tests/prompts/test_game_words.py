"""Every words id a game uses resolves in its own words or the common ones, never another
game's: each registered game played by its legal moves from a few seeds, and every id met on
the way (its step views, what is said, the moments held on screen, the refusals of what may
be keyed, the public view, the home screen's summary) looked up, in English and Russian."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from narrator import prompts
from narrator.games import registry
from narrator.games.base import Event, Game
from narrator.games.shell_data import Line
from narrator.prompts import Localized, PromptError, Term, Words
from tests.prompts.scopes import game_words

SEEDS = (1, 2, 3)


def ravnica_deal(state: Any, rng: random.Random) -> Event:
    from tests.games.walk import next_move  # the app's seeded deal (R6)

    return next_move(state, rng)


def pyre_move(state: Any, moves: list, rng: random.Random) -> Event:
    from tests.games.test_pyre_property import choose  # leaning to what ends a game (P21)

    return choose(state, moves, rng)


# What a game's own screen enters (the shell cannot key it): (game, screen) -> an entry.
OWN_SCREENS = {("ravnica", "deal"): ravnica_deal}
# A game whose random walk is long picks its moves leaning to the end: game -> a picker.
PICKERS = {"pyre": pyre_move}
MOST_ENTRIES = 400  # a game longer than this is a walk that does not end
LANGS = ("en", "ru")


def found(value: Any, spoken: bool = False) -> Iterator[tuple[str, Any]]:
    """Each id in ``value``, with whether it is said or shown: ("line", Line), ("words",
    Words), ("term", Term), ("localized", Localized); inside views, lines and parameters."""
    if isinstance(value, Line):
        yield "line", value
        yield from found(dict(value.params), spoken=True)
    elif isinstance(value, Words):
        yield "words", value
        yield from found(dict(value.params))
    elif isinstance(value, Term):
        yield ("spoken term" if spoken else "term"), value
    elif isinstance(value, Localized):
        yield "localized", value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type | Event):
        for field in dataclasses.fields(value):
            yield from found(getattr(value, field.name), spoken)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from found(item, spoken)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from found(item, spoken)


def unresolved(game: Game, value: Any) -> list[str]:
    """The ids in ``value`` that the game's catalogues (its words and the common ones) lack,
    in every language."""
    missing = []
    for lang in LANGS:
        said = prompts.catalogue(lang, game.words_dir)
        shown = prompts.words(lang, game.words_dir)
        for kind, item in found(value):
            if kind == "localized":  # worded by the game's own code: it raises on a gap
                try:
                    item.words(lang)
                except PromptError as error:
                    missing.append(f"{lang}: {error}")
                continue
            catalogue = said if kind in ("line", "spoken term") else shown
            key = item.prompt_id if kind == "line" else getattr(item, "key", item)
            if not catalogue.has(str(key)):  # (a Term missing would read as its id: silent)
                missing.append(f"{lang}: {kind} {str(key)!r}")
    return missing


def created(game: Game, rng: random.Random) -> Event:
    """The first entry, as the setup form makes it with its defaults."""
    fields = game.setup_fields()
    count = next(f for f in fields if f.kind == "count")
    players = rng.choice([n for n in game.players if count.low <= n <= count.high])
    values = {f.name: f.default for f in fields if f.kind != "count"}
    names = tuple(f"Player {i + 1}" for i in range(players))
    return game.created(names, values, rng.randrange(2**16))


def walk(game: Game, seed: int) -> Iterator[tuple[Any, Any]]:
    """(what the game gave the shell, worded as it is) along one game of legal moves."""
    rng = random.Random(seed)
    state = game.initial()
    yield "fields", game.setup_fields()
    for position in range(MOST_ENTRIES):
        event = created(game, rng) if position == 0 else None
        if event is None:
            view = game.step(state)
            yield "step", view
            yield "step lines", game.step_lines(state)
            yield "public", game.public_view(state)
            yield "summary", game.summary(state)
            for choice in view.choices:  # what a key would enter, and why it is refused
                if isinstance(choice.event, Event) and (refused := game.check(state, choice.event)):
                    yield "refusal", Words(f"refusal.{refused.key}", refused.params)
            if game.is_over(state):
                return
            if view.screen is not None:
                event = OWN_SCREENS[game.name, view.screen](state, rng)
            else:
                moves = game.legal_moves(state)
                assert moves, f"{game.name}: nothing to enter at {view.key} (seed {seed})"
                pick = PICKERS.get(game.name)
                event = pick(state, moves, rng) if pick else rng.choice(moves)
        after = game.apply(state, event)
        yield "event lines", game.event_lines(state, event, after)
        yield "announcements", game.announcements(state, event, after)
        for lang in LANGS:
            game.describe(state, event, after, lang)  # raises on an id it lacks
        state = after
    pytest.fail(f"{game.name}: no end after {MOST_ENTRIES} entries (seed {seed})")


@pytest.mark.parametrize("name", registry.names())
def test_every_words_id_a_game_uses_is_its_own_or_the_common_one(name):
    game = registry.get(name)
    missing: set[str] = set()
    kinds: set[str] = set()
    with game_words(name):  # as the app plays it; its catalogues never read another game's
        for seed in SEEDS:
            for part, value in walk(game, seed):
                gaps = unresolved(game, value)
                missing.update(f"{part}: {gap}" for gap in gaps)
                kinds.update(kind for kind, _ in found(value))
    assert sorted(missing) == []
    assert {"line", "words"} <= kinds  # the walk met what is said and what is shown


@pytest.mark.parametrize("name", registry.names())
def test_another_game_s_words_are_never_a_fallback(name):
    """A game's line is missing from every other game's catalogues: an error, not a line."""
    game = registry.get(name)
    with game_words(name):
        own = [v for _, v in walk(game, SEEDS[0]) if any(k == "line" for k, _ in found(v))]
    said = [item for value in own for kind, item in found(value) if kind == "line"]
    ids = {line.prompt_id for line in said} - prompts.catalogue("en", None).ids
    assert ids, "the walk met none of the game's own lines"
    for other in registry.names():
        if other != name:
            theirs = prompts.catalogue("en", registry.get(other).words_dir)
            for prompt_id in ids - theirs.ids:
                with pytest.raises(PromptError):
                    theirs.format(prompt_id)
