"""The Pyre's game record and its one line an entry (issue 21, item 4): every entry worded in en
and ru with what follows from it (the roll's comparison, the close's outcome, the ignition, a
flip-back, the win), the record with its players, rulings, timeline and end, and nothing of
what a hand holds (P1)."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from pathlib import Path

import pytest

from narrator.games.pyre import events as ev
from narrator.games.pyre import rules, story
from narrator.games.pyre.events import Options
from narrator.games.pyre.state import State
from narrator.prompts import use_game, words

WORDS = Path(rules.__file__).parent / "words"
NAMES = ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay")
A, B, C, D = range(4)
LANGS = ("en", "ru")


def turn(*events: ev.Event) -> list[ev.Event]:
    return [*events, ev.TurnEnded()]


def accusation(owner: int, place: int, value: int) -> list[ev.Event]:
    return [ev.Accused(owner, place), ev.Rolled(value), ev.WindowClosed()]


# The example's game (examples/pyre-four-players.txt) as events: quick −2, target 9.
EXAMPLE = [
    ev.GameCreated(NAMES[:4], Options("quick", 2, "picked", roll="physical"), seed=7),
    ev.Dealt(),
    ev.FirstPlayer(A),
    *turn(ev.CitizenPlayed(4), ev.CitizenPlayed(3)),  # Ann
    *turn(ev.CitizenPlayed(5), ev.CitizenPlayed(2)),  # Bob
    *turn(ev.CitizenPlayed(4), *accusation(A, 0, 5)),  # Cid
    *turn(  # Dan: Bob's reaction changes the roll (P16); an exoneration (P12)
        ev.Accused(B, 0),
        ev.Rolled(6),
        ev.ReactionClaimed(B),
        ev.ReactionClaimed(C),
        ev.Reacted(B, "Alibi"),
        ev.RollChanged(2, "Alibi"),
        ev.WindowClosed(),
        ev.Exonerated(0),
        ev.Rolled(5),
        ev.WindowClosed(),
    ),
    *turn(ev.CitizenPlayed(6), *accusation(C, 0, 4), ev.DominanceFlipped(A)),  # Ann flips
    *turn(  # Bob: Ann's token flips back (P20); the Pyre ignites (P17)
        *accusation(A, 1, 6),
        ev.ActionCardPlayed("Torches"),
        ev.WindowClosed(),
        ev.Ignited("Torches"),
        ev.DominanceFlipped(B),
    ),
    *turn(  # Cid
        ev.ActionCardPlayed("Grave Robber", 2),
        ev.WindowClosed(),
        ev.CitizenMoved("discard", "council", C, "Grave Robber", influence=4, to_owner=C),
        ev.HandChanged(C, 1, "Grave Robber"),
    ),
    *turn(*accusation(B, 0, 3), ev.CitizenPlayed(2)),  # Dan
    *turn(*accusation(B, 1, 1), ev.Drew()),  # Ann; then Bob's turn: he wins (P21)
]


@pytest.fixture(autouse=True)
def _words():
    use_game(WORDS)
    yield
    use_game(None)


def states(events) -> list[State]:
    """The state after each event (the first: before any)."""
    out = [State()]
    for e in events:
        out.append(rules.apply(out[-1], e))
    return out


def lines(events, lang: str = "en") -> list[str]:
    s = states(events)
    return [story.describe(s[i], e, s[i + 1], lang) for i, e in enumerate(events)]


def said(events, event_type, lang: str = "en", n: int = 0) -> str:
    """The line of the n-th entry of ``event_type``."""
    found = [i for i, e in enumerate(events) if isinstance(e, event_type)]
    return lines(events, lang)[found[n]]


def test_the_example_ends_with_bob_s_win_at_the_start_of_his_turn_P21():
    end = states(EXAMPLE)[-1]
    assert end.winner == B and end.influence(B) == 10
    assert lines(EXAMPLE)[-1] == (
        "Ann ends the turn (P7). Bob's Dominance token is active at the start of the turn: "
        "Bob wins with 10 influence (P21)."
    )
    assert lines(EXAMPLE, "ru")[-1].endswith("побеждает Bob, влияние 10 (P21).")


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_has_one_worded_line_P1(lang):
    for line in lines(EXAMPLE, lang):
        assert line and "{" not in line and "py." not in line


def test_the_roll_is_compared_against_the_defence_P11_P12_P15():
    assert said(EXAMPLE, ev.Rolled) == (
        "The die as rolled: 5 against defence 4: 5 ≥ 4, success (P15). "
        "A reaction window is open (P16)."
    )
    assert said(EXAMPLE, ev.Rolled, "ru").startswith(
        "Бросок за столом: 5 против защиты 4: 5 ≥ 4, успех (P15)."
    )
    assert "5 > 4, success" in said(EXAMPLE, ev.Rolled, n=2)  # the exoneration's >
    assert "3 < 5, failure" in said(EXAMPLE, ev.Rolled, n=5)
    app = [*EXAMPLE[:9], ev.Accused(A, 0), ev.Rolled(1, drawn=True)]
    app[0] = ev.GameCreated(NAMES[:4], Options("quick", 2, "picked"), seed=7)
    assert lines(app)[-1].startswith("The app rolls the die: 1 against defence 4: 1 < 4, failure")


def test_the_outcome_comes_at_the_window_s_close_P24():
    closes = [line for line in lines(EXAMPLE) if line.startswith("The reaction window closes")]
    assert closes[0] == (
        "The reaction window closes (P24). Outcome: Ann's Citizen at place 1 goes to the Pyre "
        "(P11). Influence: Ann 3 (target 9, P18)."
    )
    assert closes[2].endswith(
        "Outcome: the Citizen at place 1 on the Pyre joins Dan's City Council (P12). "
        "Influence: Dan 4 (target 9, P18)."
    )


def test_a_reaction_names_priority_and_the_changed_roll_P16():
    assert said(EXAMPLE, ev.ReactionClaimed, n=1) == "Cid wants to react. Bob has priority (P16)."
    assert said(EXAMPLE, ev.Reacted) == "Bob reacts with Alibi: 3 cards in hand (P16)."
    assert said(EXAMPLE, ev.RollChanged) == (
        "Alibi changes the roll: 2 against defence 5: 2 < 5, failure (P16)."
    )
    assert lines(EXAMPLE)[EXAMPLE.index(ev.RollChanged(2, "Alibi")) + 1].endswith("Nothing moves.")
    again = [*EXAMPLE[:18], ev.ReactionClaimed(C)]  # Cid's claim keyed again: taken back
    assert lines(again)[-1] == "Cid takes back the claim to react."


def test_the_ignition_gives_3_permanent_points_P17_P18():
    assert said(EXAMPLE, ev.Ignited) == (
        "Torches ignites the Pyre: Bob takes the last Citizen to arrive, Ann's Citizen of "
        "influence 6, as 3 permanent points; to the discard pile: Cid's Citizen of influence 4 "
        "(P17). Influence: Bob 10 (target 9, P18)."
    )
    third = [*EXAMPLE[:3], *turn(ev.CitizenPlayed(1), ev.CitizenPlayed(1))]
    third += turn(ev.CitizenPlayed(1), *accusation(A, 0, 1))
    third += turn(*accusation(A, 0, 1), *accusation(B, 0, 1))  # Cid's: the third
    assert lines(third)[-2].endswith(
        "Outcome: Bob's Citizen at place 1 goes to the Pyre (P11). The Pyre ignites: Cid takes "
        "the last Citizen to arrive, Bob's Citizen of influence 1, as 3 permanent points; to the "
        "discard pile: Ann's Citizen of influence 1 and Ann's Citizen of influence 1 (P17). "
        "Influence: Bob 0 and Cid 3 (target 9, P18)."
    )
    assert states(third)[-1].permanent == (0, 0, 1, 0)


def test_a_token_below_the_target_flips_back_at_once_P19_P20():
    assert said(EXAMPLE, ev.DominanceFlipped) == (
        "Ann flips the Dominance token active: influence 9, target 9 (P19)."
    )
    flip_back = "Ann's influence fell below 9: the Dominance token flips back (P20)."
    assert [line for line in lines(EXAMPLE) if flip_back in line][0].endswith(flip_back)
    ru = "Влияние игрока Ann упало ниже 9: жетон господства переворачивается обратно (P20)."
    assert any(line.endswith(ru) for line in lines(EXAMPLE, "ru"))


def test_the_turn_and_which_action_are_named_P7():
    assert lines(EXAMPLE)[2] == "Ann is the starting player (P6). Turn 1: Ann's turn."
    assert said(EXAMPLE, ev.CitizenPlayed, n=1).startswith(
        "Ann plays a Citizen of influence 3 (second action): place 2 of the City Council, "
        "4 cards in hand (P10)."
    )
    assert said(EXAMPLE, ev.ActionCardPlayed, n=1).startswith(
        "Cid plays the Action card Grave Robber (both actions): 4 cards in hand (P14)."
    )


def test_an_out_of_reach_defence_is_warned_P15():
    events = [*EXAMPLE[:3], *turn(ev.CitizenPlayed(7), ev.CitizenPlayed(6))]
    events += [ev.Accused(A, 0)]
    assert lines(events)[-1] == (
        "Bob accuses Ann's Citizen at place 1, defence 7 (first action, P11). "
        "The die cannot reach it: only an automatic success can work (P15)."
    )


def test_the_generic_entries_are_worded_with_their_card_P13_P22_P23():
    at = EXAMPLE[:3] + turn(ev.CitizenPlayed(4), ev.CitizenPlayed(3)) + [ev.Drew()]
    events = [
        *at,
        ev.HandChanged(A, 4, "Feast"),
        ev.HandPointedOut(A),
        ev.CardPicked(A, 2),
        ev.AutoSucceeded("accuse", B, "Decree", 0, owner=A),
        ev.CitizenMoved("pyre", "council", B, "Pardon", place=0, to_owner=B),
        ev.AutoSucceeded("accuse", B, "Decree", 0, owner=A),
        ev.AutoSucceeded("exonerate", B, "Mercy", 0),
        ev.DeckEmptied(),
        ev.DeckRefilled(),
        ev.WindowOpened("Town Crier"),
    ]
    assert lines(events)[len(at) :] == [
        "Feast: Ann's hand +4, 8 cards now (P23). "
        "Ann holds 8 cards, more than 7: it may be pointed out (P22).",
        "Ann's hand of 8 cards is pointed out: the app picks one at random (P22).",
        "The app picks card 2 of Ann's hand: it is discarded, 7 cards left (P22).",
        "Decree accuses without the die (P13): Ann's Citizen at place 1, influence 4, goes to "
        "the Pyre. Influence: Ann 3 (target 9, P18).",
        "Pardon: the Citizen at place 1 on the Pyre, influence 4, joins Bob's City Council "
        "(P23). Influence: Bob 4 (target 9, P18).",
        "Decree accuses without the die (P13): Ann's Citizen at place 1, influence 3, goes to "
        "the Pyre. Influence: Ann 0 (target 9, P18).",
        "Mercy exonerates without the die (P13): the Citizen at place 1 on the Pyre, influence "
        "3, joins Bob's City Council. Influence: Bob 7 (target 9, P18).",
        "The deck is marked empty: no Draw until it is refilled (P9).",
        "The discard pile is shuffled into a new deck (P9).",
        "Town Crier opens a reaction window (P16).",
    ]


def test_a_forfeit_is_worded_P8():
    events = [*EXAMPLE[:3], ev.DeckEmptied(), ev.Forfeited()]
    assert lines(events)[-1] == "Ann forfeits an action: none is possible (first action, P8)."


@pytest.mark.parametrize("lang", LANGS)
def test_the_record_is_complete_P1_P21(lang):
    end = states(EXAMPLE)[-1]
    text = story.record(end, EXAMPLE, lang)
    rows = text.splitlines()
    assert sum(line.startswith("#") for line in rows) == 5  # title, players, rulings, timeline, end
    assert sum(line.startswith("| ") for line in rows) == 1 + 4  # a row a seat
    items = [line for line in rows if line.startswith("- ")]
    assert len(items) == 1 + 7 + len(EXAMPLE) + 4  # the Pyre, rulings, every entry, standings
    assert rows[-1].startswith("**") and "(P21).**" in rows[-1]
    assert "{" not in text and "py." not in text
    if lang == "en":
        for shown in (
            "# The Pyre — game record",
            "| 2 | Bob | 2 | 5, 2 | 3 | 10 / 9 | active |",
            "| 1 | Ann | 4 | 3 | 0 | 3 / 9 | inactive |",
            "- The Pyre: —",
            "- Variant (P3, P4): quick game (−2), 9 influence to win",
            "- Starting player (P6): picked by the narrator",
            "- The die (P15): 6 faces, rolled at the table and keyed",
            "- Bob: influence 10; City Council 5, 2; 1 permanent-points card (3)",
            "- Ann: influence 3; City Council 3; 0 permanent-points cards (0)",
        ):
            assert shown in rows, shown


def test_a_record_before_the_end_has_no_end():
    seen = EXAMPLE[:40]
    text = story.record(states(seen)[-1], seen, "en")
    assert "## The end" not in text and "**" not in text and "## Timeline" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulings_are_worded_both_ways_P6_P7_P12_P15_P19(lang):
    other = Options("long", 1, "drawn", 12, "former_owner", 8, "app", False, 90)
    base = rules.apply(State(), EXAMPLE[0])
    mine = story.rulings(base, lang)
    theirs = story.rulings(dataclasses.replace(base, options=other), lang)
    assert len(mine) == len(theirs) == 7
    assert all(a != b for a, b in zip(mine, theirs, strict=True))
    if lang == "en":
        assert theirs == [
            "- Variant (P3, P4): long game (+1), 12 influence to win",
            "- Starting player (P6): drawn by the app",
            "- The die (P15): 8 faces, rolled by the app",
            "- An exonerated Citizen joins its former owner's City Council (P12)",
            "- A Citizen's influence is keyed from 0 to 12 (P10)",
            "- No reminder to flip the Dominance token: tough luck (P19)",
            "- Turn timer (P7): 90 seconds",
        ]


def test_the_story_words_have_the_same_ids_in_en_and_ru():
    def ids(lang: str) -> dict:
        data = tomllib.loads((WORDS / "ui" / lang / "story.toml").read_text(encoding="utf-8"))
        flat: dict = {}

        def walk(prefix: str, table: dict) -> None:
            for key, value in table.items():
                if isinstance(value, dict):
                    walk(f"{prefix}{key}.", value)
                else:
                    flat[f"{prefix}{key}"] = words(lang, WORDS).placeholders(f"{prefix}{key}")

        walk("", data)
        return flat

    assert ids("en") == ids("ru")


def walk(seed: int, count: int, limit: int = 200) -> list:
    """Random legal entries from one seed (the app's own moves among them)."""
    rng = random.Random(seed)
    options = Options(rng.choice(("standard", "quick", "long", "tutorial")), rng.choice((1, 2)))
    events: list = [ev.GameCreated(NAMES[:count], options, seed=seed)]
    s = rules.apply(State(), events[0])
    for _ in range(limit):
        moves = rules.legal_moves(s)
        if not moves:
            break
        e = rng.choice(moves)
        s = rules.apply(s, e)
        events.append(e)
    return events


@pytest.mark.parametrize("seed, count", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)])
def test_random_games_are_worded_in_both_languages_P1(seed, count):
    events = walk(seed, count)
    for lang in LANGS:
        for line in lines(events, lang):
            assert line and "{" not in line and "py." not in line
        assert story.record(states(events)[-1], events, lang).count("\n- ") >= len(events)
