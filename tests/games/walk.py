"""Random games of legal moves, for the property tests and the crash test's child process."""

from __future__ import annotations

import random

from narrator.games.base import Event
from narrator.games.ravnica import Options, State, Step, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.tables import deal_guilds

TIE_RULES = ("guild_order", "revote", "narrator")
FINAL_RULES = ("guild_order", "nobody", "narrator")


def random_game_created(rng: random.Random, count: int) -> ev.GameCreated:
    options = Options(
        deck_mode=rng.choice(("physical", "app")),
        opening_pause=rng.randint(1, 120),
        round_seconds=rng.randint(10, 3600),
        final_seconds=rng.randint(10, 3600),
        election_tie=rng.choice(TIE_RULES),
        final_tie=rng.choice(FINAL_RULES),
    )
    names = tuple(f"Player {i + 1}" for i in range(count))
    return ev.GameCreated(names, options, seed=rng.randrange(2**32))


def next_move(state: State, rng: random.Random, count: int | None = None) -> Event:
    """A legal move, picked at random; in R30 it leans towards confirming so games end."""
    if state.step is Step.SETUP:
        return random_game_created(rng, count or rng.randint(5, 10))
    if state.step is Step.DEAL:
        return ev.GuildsDealt(deal_guilds(state.count, random.Random(state.seed)))
    moves = legal_moves(state)
    assert moves, f"no legal move at {state.step}"
    if state.step is Step.ROLES:
        confirm = [m for m in moves if isinstance(m, ev.RolesConfirmed)]
        if confirm and rng.random() < 0.6:
            return confirm[0]
        unkeyed = [
            m
            for m in moves
            if isinstance(m, ev.RoleRevealed)
            and m.player in state.dead()
            and state.role_of(m.player) is None
        ]
        if unkeyed and rng.random() < 0.8:
            return rng.choice(unkeyed)
    return rng.choice(moves)
