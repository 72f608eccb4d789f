"""Setting up a game of Ravnica: Inquisition (R2–R6, and the ⚖ rulings of R9–R27c): the
players' names, the rulings chosen, the guild deal."""

from __future__ import annotations

import typing
from dataclasses import replace

from narrator.games.base import Refusal
from narrator.games.common.names import clean_names
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.tables import GUILDS, RNA_GUILDS, check_player_count
from narrator.prompts import Either

OPTION_BOUNDS = {  # seconds, and the rule each timer belongs to
    "opening_pause": (1, 120, "R10"),
    "round_seconds": (10, 3600, "R11"),
    "final_seconds": (10, 3600, "R26"),
}

OPTION_CHOICES = {  # the ⚖ rulings that are a choice, and the rule each belongs to
    "deal_mode": (typing.get_args(ev.DealMode), "R6"),
    "deck_mode": (typing.get_args(ev.DeckMode), "R9"),
    "election_tie": (typing.get_args(ev.ElectionTie), "R15"),
    "final_tie": (typing.get_args(ev.FinalTie), "R27c"),
}


def check_options(options: ev.Options) -> None:
    """Every ⚖ ruling within what the rules allow (the form and scripts say the same)."""
    for option, (choices, rule) in OPTION_CHOICES.items():
        if getattr(options, option) not in choices:
            raise Refusal("option_choice", rule, option=option, choices=Either(choices))
    for option, (low, high, rule) in OPTION_BOUNDS.items():
        value = getattr(options, option)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Refusal("option_seconds", rule, option=option, low=low, high=high)


def game_created(state: State, e: ev.GameCreated) -> State:
    check_player_count(len(e.players))  # R4
    players = clean_names(e.players, "R4")
    check_options(e.options)
    return replace(state, step=Step.DEAL, players=players, options=e.options, seed=e.seed)


def guilds_dealt(state: State, e: ev.GuildsDealt) -> State:
    if len(e.guilds) != state.count:
        raise Refusal("deal_count", "R3", count=state.count)
    for g in e.guilds:
        if g not in GUILDS:
            raise Refusal("not_a_guild", "R2", guild=g)
    if len(set(e.guilds)) != len(e.guilds):
        raise Refusal("shared_guild", "R3")
    missing = tuple(g for g in RNA_GUILDS if g not in e.guilds)
    if missing:
        raise Refusal("rna_missing", "R6", guilds=missing)
    return replace(state, step=Step.OPENING, guilds=tuple(e.guilds))
