"""Whole games of both, played at random by legal entries, as the pages the table display is
sent (the feed's snapshot of each state's public view): every moment a player may see, for the
layout tests. Werewolf at 12 players with a discussion clock, Ravnica at 10; longish names."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from narrator.display.feed import snapshot
from narrator.prompts import use_game
from narrator.tui.words import say

NAMES = (
    "Alexandra",
    "Bartholomew",
    "Catherine",
    "Dmitri",
    "Evangeline",
    "Frederick",
    "Gwendolyn",
    "Hieronymus",
    "Isadora",
    "Jonathan",
    "Kassandra",
    "Leopold",
)
SAID = (  # the last lines said, as long as the narrator's get (the page shows three)
    "Bartholomew: look at the card on B2 and turn it horizontally; then place your vote.",
    "Evangeline, the Black leader, chooses a player of a guild that is not Black.",
    "Everyone, open your eyes. Hieronymus takes the laptop and everyone else looks away.",
)
CLOCK = {"paused": True, "left": 245.0, "total": 300.0}  # a countdown, as a timed step has


def pages(game: Any, events: list, lang: str) -> Iterator[tuple[str, dict]]:
    """Each distinct page of a game (its step kind first), and each announcement held on
    screen (kind "announce": the page under its banner, the announced dead not yet marked)."""
    use_game(game.words_dir)
    state, seen = game.initial(), set()
    for event in events:
        before, state = state, game.apply(state, event)
        kind = game.step(state).kind
        for shown in game.announcements(before, event, state):
            banner = say(lang, f"announce.kind.{shown.kind}")
            page = snapshot(game, state, lang, unannounced=shown.dies, banner=banner, said=SAID)
            yield "announce", page
        page = snapshot(game, state, lang, countdown=None, said=SAID)
        if kind == "timed" or "discussion" in str(game.step(state).key).lower():
            page["clock"] = CLOCK
        key = repr(page)
        if key not in seen:
            seen.add(key)
            yield kind, page


def werewolf(seed: int = 5) -> tuple[Any, list]:
    """A 12-player Werewolf game with a discussion before each vote, to its end."""
    from narrator.games.werewolf import events as ev
    from narrator.games.werewolf.game import GAME
    from narrator.games.werewolf.moves import legal_moves
    from tests.games.test_werewolf_properties import choose_residents

    rng = random.Random(seed)
    options = ev.Options(supply="partial", first_night="auto", discussion_seconds=45)
    created = ev.GameCreated(NAMES, options, seed=seed)
    state = GAME.apply(GAME.initial(), created)
    events = [created]
    queue = choose_residents(state, rng)
    while not GAME.is_over(state):
        assert len(events) < 4000, "the game does not end"
        event = queue.pop(0) if queue else rng.choice(legal_moves(state))
        state = GAME.apply(state, event)
        events.append(event)
    return GAME, events


def ravnica(seed: int = 3) -> tuple[Any, list]:
    """A 10-player Ravnica game to its end."""
    from narrator.games.ravnica import GAME
    from tests.games.walk import next_move

    rng = random.Random(seed)
    state, events = GAME.initial(), []
    while not GAME.is_over(state):
        assert len(events) < 4000, "the game does not end"
        event = next_move(state, rng, 10)
        state = GAME.apply(state, event)
        events.append(event)
    return GAME, events


def moments(which: str, lang: str = "en") -> list[tuple[str, dict]]:
    game, events = werewolf() if which == "werewolf" else ravnica()
    return list(pages(game, events, lang))
