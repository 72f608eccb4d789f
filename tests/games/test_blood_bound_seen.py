"""What each seat alone has seen (issue 38, item 4; ``Game.seen_by``): the Inquisitor's curse
placements (B19), who got the True Curse and who each False one, on the Inquisitor's page
alone, from the gift to the end; a receiver has seen nothing (B21: nobody looks at a curse card
before the end). Then, over random games: no other page changes when the True Curse is on
another holder, before or after the flips (B26)."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import rules
from narrator.games.blood_bound.game import GAME
from narrator.games.blood_bound.state import State, curse_cards
from narrator.journal import Journal
from narrator.play import play_script
from narrator.prompts import worded
from tests.games.test_blood_bound_property import random_game
from tests.games.test_blood_bound_rules import play, started, wound

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "blood-bound-nine-players.txt"
DAN = 3  # the example's Inquisitor
A, B, C = range(3)


def page(state: State, seat: int, lang: str = "en") -> list[str]:
    return [worded(text, lang) for text in GAME.seen_by(state, seat)]


def example_states(directory: Path) -> list[State]:
    """The 9-player example played headless (``narrator play``), the state after each entry."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    assert play_script(lines, io.StringIO(), directory) == 0
    (path,) = directory.glob("*.jsonl")
    states = [State()]
    for event in Journal.open(path).events:
        states.append(rules.apply(states[-1], event))
    return states


def test_the_inquisitor_alone_sees_where_each_curse_went_from_the_gift_to_the_end_B19(tmp_path):
    states = example_states(tmp_path)
    gift = next(i for i, s in enumerate(states) if s.curses_given)
    mine = [
        "You gave the True Curse to Ann.",
        "You gave a False Curse to Bob.",
        "You gave a False Curse to Ivy.",
    ]
    for i, state in enumerate(states):
        assert page(state, DAN) == (mine if i >= gift else []), i
        assert all(page(state, seat) == [] for seat in state.seats if seat != DAN), i
    assert states[-1].winner == "inquisitor"  # the flips (B26) change nothing on the page
    assert page(states[-1], DAN, "ru") == [
        "Вы отдали Истинное проклятие: Ann.",
        "Вы отдали Ложное проклятие: Bob.",
        "Вы отдали Ложное проклятие: Ivy.",
    ]


def test_a_curse_the_inquisitor_keeps_is_said_as_kept_B19():
    s = wound(
        play(started(7, curse_to_self=True), ev.Attacked(A, B), ev.InterventionPicked()), B, "fleur"
    )
    assert page(s, B) == []  # the privacy step is under way: nothing given yet
    kept = play(s, ev.CursesGiven(B, (B, C), B))
    assert page(kept, B) == ["You kept the True Curse.", "You gave a False Curse to Cid."]
    assert page(kept, C) == []  # B21: Cid holds a card nobody looks at
    other = play(s, ev.CursesGiven(B, (C, B), C))
    assert page(other, B, "ru") == [
        "Вы отдали Истинное проклятие: Cid.",
        "Ложное проклятие вы оставили себе.",
    ]


def test_the_inquisitor_s_line_is_a_secret_until_the_flip_B26(tmp_path):
    states = example_states(tmp_path)
    given = next(s for s in states if s.curses_given)
    assert "You gave the True Curse to Ann." in GAME.secrets(given, "en")
    assert GAME.secrets(states[-1], "en") == ()


# --- over random games ---------------------------------------------------------------------


def true_curse_moved(s: State) -> State:
    """``s`` with the True Curse on the next holder (the one secret, B19)."""
    holders = s.curse_holders
    moved = holders[(holders.index(s.true_curse) + 1) % len(holders)]
    return dataclasses.replace(s, true_curse=moved)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("count", [7, 9, 11])
def test_no_page_but_the_inquisitor_s_knows_the_true_curse_B19_B21(seed, count):
    journal, _ = random_game(seed, count)
    state = State()
    for event in journal:
        state = rules.apply(state, event)
        if not state.curses_given:
            assert all(page(state, seat) == [] for seat in state.seats)
            continue
        moved = true_curse_moved(state)
        inquisitor = state.fleur_shown
        for seat in state.seats:
            if seat != inquisitor:
                assert page(state, seat) == page(moved, seat) == [], seat
        lines = page(state, inquisitor)
        true, false = curse_cards(state.count, state.options)
        assert len(lines) == true + false
        assert lines[0] == f"You gave the True Curse to {state.players[state.true_curse]}."
        assert sorted(lines[1:]) == sorted(
            f"You gave a False Curse to {state.players[p]}."
            for p in state.curse_holders
            if p != state.true_curse
        )
