"""A mistake never leaks a secret (issue 9 item 1, R18, R23): a refused targeting card is
refused in the same words whatever the deck still holds and whoever drew what, so neither the
public screen nor a privacy screen learns another leader's secret draw from a mis-key."""

from __future__ import annotations

import random

import pytest

from narrator.games.ravnica import State, Step, apply, check
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.tables import COLOUR_NAMES, COLOURS, GUILDS
from tests.games.walk import next_move


def draw_steps(seed: int):
    """Every targeting draw of a random game: the state just before it."""
    rng = random.Random(seed)
    state = State()
    while state.step is not Step.OVER:
        if state.step in (Step.DRAW, Step.ABLAZE_DRAW):
            yield state
        state = apply(state, next_move(state, rng))


@pytest.mark.parametrize("seed", range(12))
def test_a_refused_card_names_no_colour_and_reads_the_same_for_every_card_R18(seed):
    for state in draw_steps(seed):
        refusals = [check(state, ev.TargetDrawn(c)) for c in COLOURS]
        refused = [r for r in refusals if r is not None]
        assert len(refused) == len(COLOURS) - len(state.targeting_cards_left())
        for refusal in refused:
            assert (refusal.key, refusal.rule, refusal.params) == ("card_unavailable", "R18", {})
            for lang in ("en", "ru"):
                text = refusal.text(lang)
                assert not any(name in text for name in COLOUR_NAMES.values()), text
                assert not any(f" {c} " in f" {text} " for c in COLOURS), text


@pytest.mark.parametrize("seed", range(6))
def test_a_refused_ultimate_price_names_only_what_the_black_leader_sees_R23(seed):
    """On the Black leader's privacy screen a wrong player is refused by the drawn card's
    colour (the leader's own draw), never by another leader's draw or the price itself."""
    rng = random.Random(seed)
    state = State()
    while state.step is not Step.OVER:
        if state.step is Step.CHOOSE and state.round_colour == "B":
            own = state.draw_of("B").colour
            for seat in state.seats:
                refusal = check(state, ev.UltimatePriceNoted(seat))
                if refusal is not None:
                    others = {d.colour for d in state.draws if d.by != "B" and d.secret}
                    named = {c for c in COLOURS if COLOUR_NAMES[c] in refusal.message}
                    guild_colours = set(GUILDS[state.guilds[seat]])
                    assert named <= {own} | guild_colours, (refusal.message, others)
        state = apply(state, next_move(state, rng))
