"""The Pyre's voice (issue 21, item 3): every step and entry has its lines, in English and
Russian, with every placeholder filled and names as typed (the nominative); the roll, the
ignition and the win held until Enter; nothing said of a card in hand (P1)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from narrator.games.pyre import events as ev
from narrator.games.pyre import narration, rules
from narrator.games.pyre.events import Options
from narrator.games.pyre.state import State
from narrator.games.shell_data import Announcement, Line
from narrator.prompts import prompt, worded, words
from tests.games.test_pyre_property import random_game
from tests.games.test_pyre_rules import (
    CARD,
    NAMES,
    TWO,
    WORDS,
    A,
    B,
    C,
    D,
    _words,
    accuse,
    play,
    started,
    table,
)

__all__ = ["_words"]  # the words fixture, used here too
LANGS = ("en", "ru")
KINDS = {"py_roll", "py_ignition", "py_win"}  # the moments held until Enter


def said(lines, lang: str = "en") -> list[str]:
    """Each line as it is said, every placeholder filled (a gap raises)."""
    out = []
    for line in lines:
        assert isinstance(line, Line), line
        text = prompt(line.prompt_id, lang, **line.params)
        assert "{" not in text and text.strip(), (line.prompt_id, text)
        out.append(text)
    return out


def both(lines) -> list[str]:
    """The English lines, after checking that the Russian ones are said too."""
    said(lines, "ru")
    return said(lines, "en")


def event(s: State, e: ev.Event, lang: str = "en") -> tuple[State, list[str]]:
    after = rules.apply(s, e)
    said(narration.event_lines(s, e, after), "ru")
    return after, said(narration.event_lines(s, e, after), lang)


def pages(s: State, e: ev.Event) -> tuple[State, list[Announcement]]:
    after = rules.apply(s, e)
    out = list(narration.announcements(s, e, after))
    for page in out:
        both(page.lines)
        for lang in LANGS:
            assert words(lang).has(f"announce.kind.{page.kind}")
            assert worded(page.detail, lang)
    return after, out


def steps(s: State) -> list[str]:
    return both(narration.step_lines(s))


# --- the catalogues --------------------------------------------------------------------------


def fields(line: str) -> set[str]:
    """A line's placeholders, without their plural forms."""
    return {re.sub(r":.*", "", n) for n in re.findall(r"{([^}]+)}", line)}


def test_the_two_catalogues_hold_the_same_ids_and_placeholders():
    en, ru = (tomllib.loads((WORDS / f"{lang}.toml").read_text()) for lang in LANGS)
    assert set(en) == set(ru) and all(k.startswith("py_") for k in en)
    assert all(fields(line) == fields(ru[key]) for key, line in en.items())
    for lang in LANGS:
        shown = tomllib.loads((WORDS / "ui" / lang / "moments.toml").read_text())
        assert set(shown["announce"]["kind"]) == KINDS
        assert set(shown["py"]["moment"]) == {"accuse", "exonerate", "ignition", "win"}


def test_every_line_of_the_catalogue_is_said_somewhere():
    source = Path(narration.__file__).read_text()
    named = set(re.findall(r'"(py_[a-z_]+)"', source))
    named |= {f"py_move_{origin}_{to}" for origin, to in narration.MOVES}
    named |= {f"py_close_{kind}_failed" for kind in ("accuse", "exonerate")}
    catalogue = set(tomllib.loads((WORDS / "en.toml").read_text()))
    assert catalogue == named - {"py_roll", "py_ignition"}  # kinds only (py_win: both)


def test_nothing_said_names_a_card_in_hand_only_its_size_P1():
    """The placeholders are public facts: names, places, influence, a hand's size, the die,
    and a card's name only as played (an Action card, a Reaction, an effect's card)."""
    public = {"player", "owner", "to_owner", "players", "place", "influence", "defence", "hand"}
    public |= {"change", "cards", "target", "value", "sign", "cost", "card", "points", "position"}
    public |= {"taken", "burnt"}  # P1, P17: played Citizens, by owner and influence
    for lang in LANGS:
        lines = tomllib.loads((WORDS / f"{lang}.toml").read_text()).values()
        assert all(fields(line) <= public for line in lines)


# --- setup and turns (P3–P8) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "options", "target"),
    [(4, Options(), 11), (6, Options(variant="quick", shift=2), 5), (2, Options(), 13)],
)
def test_the_deal_says_six_cards_an_inactive_token_and_the_target_P3_P4_P5(n, options, target):
    s = play(State(), ev.GameCreated(NAMES[:n], options))
    (line,) = steps(s)
    assert "Deal each player 6 cards and a Dominance token, inactive side up." in line
    assert line.endswith(f"The target: {target} influence.")
    assert said(narration.step_lines(s), "ru")[0].endswith(f"Цель: влияние {target}.")


@pytest.mark.parametrize(("how", "line"), [("drawn", "The app draws"), ("picked", "Choose")])
def test_who_starts_drawn_or_picked_P6(how, line):
    s = play(State(), ev.GameCreated(NAMES[:3], Options(first_player=how)), ev.Dealt())
    assert line in steps(s)[0]
    after, lines = event(s, ev.FirstPlayer(C, drawn=how == "drawn"))
    assert lines == ["Cid starts."]
    assert steps(after) == ["Cid, your turn."]
    assert narration.step_lines(after)[0].chime == "round_start"


def test_your_turn_then_second_action_then_both_done_P7():
    s = started()
    assert steps(s) == ["Ann, your turn."]
    assert said(narration.step_lines(s), "ru") == ["Ann, ваш ход."]
    s, lines = event(s, ev.Drew())
    assert lines == ["Ann draws a card: 7 cards in hand."]
    assert steps(s) == ["Ann: second action."]
    assert said(narration.step_lines(s), "ru") == ["Ann: второе действие."]
    s, _ = event(s, ev.CitizenPlayed(0))
    assert steps(s) == ["Ann: both actions are done."]
    s, lines = event(s, ev.TurnEnded())
    assert lines == [] and steps(s) == ["Bob, your turn."]
    assert narration.again_lines(s) == narration.step_lines(s)


def test_a_forfeit_and_the_deck_s_marks_P8_P9():
    s = table(started(), hands={A: 7})
    s, lines = event(s, ev.DeckEmptied())
    assert lines == ["The deck is empty: no Draw until it is refilled."]
    _, lines = event(s, ev.Forfeited())
    assert lines == ["Ann can take no action: one action is forfeited."]
    _, lines = event(s, ev.DeckRefilled())
    assert lines == ["The deck is refilled: Draw is possible again."]


def test_a_citizen_played_asks_for_its_ability_now_P10():
    s = table(started(), councils={A: (3,)})
    _, lines = event(s, ev.CitizenPlayed(5))
    assert lines == [
        "Ann plays a Citizen of influence 5, at place 2 of the City Council: "
        "resolve its ability now."
    ]


def test_an_action_card_its_cost_and_its_window_P14_P16():
    s, lines = event(started(), ev.ActionCardPlayed("Witch Hunt", 2))
    assert lines == ["Ann plays the Action card Witch Hunt, for 2 actions."]
    assert event(started(), ev.ActionCardPlayed("Witch Hunt", 1), "ru")[1] == [
        "Ann играет карту действия «Witch Hunt» за 1 действие."
    ]
    assert steps(s) == ["Who reacts?"]
    assert both(narration.again_lines(s)) == [
        "The Action card Witch Hunt is played.",
        "Who reacts?",
    ]
    _, lines = event(s, ev.WindowClosed())
    assert lines == [
        "The window closes: resolve the effects of Witch Hunt now, unless a reaction cancelled it."
    ]


# --- the die: the accusation, the exoneration, the comparison (P11, P12, P15) -----------------


def test_an_accusation_names_the_citizen_by_owner_place_and_defence_P11():
    s = table(started(), councils={A: (1,), B: (2, 3)})
    rolling, lines = event(s, ev.Accused(B, 1))
    assert lines == ["Ann accuses Bob's Citizen at place 2: defence 3."]
    assert said(narration.event_lines(s, ev.Accused(B, 1), rolling), "ru") == [
        "Ann обвиняет Горожанина игрока Bob на месте 2: защита 3."
    ]
    assert steps(rolling) == ["The app rolls the die."]
    assert both(narration.again_lines(rolling)) == lines + ["The app rolls the die."]
    _, lines = event(s, ev.Accused(A, 0))
    assert lines == ["Ann accuses a Citizen of their own council, at place 1: defence 1."]


@pytest.mark.parametrize(
    ("die", "en", "ru"),
    [
        (
            4,
            "4 against defence 3: 4 is at least 3, success.",
            "4 против защиты 3: 4 не меньше 3, успех.",
        ),
        (
            3,
            "3 against defence 3: 3 is at least 3, success.",
            "3 против защиты 3: 3 не меньше 3, успех.",
        ),
        (
            2,
            "2 against defence 3: 2 is less than 3, failure.",
            "2 против защиты 3: 2 меньше 3, неудача.",
        ),
    ],
)
def test_the_accusation_s_roll_is_held_with_its_comparison_equal_or_higher_P11_P15(die, en, ru):
    s = play(table(started(), councils={B: (3,)}), ev.Accused(B, 0))
    after, (page,) = pages(s, ev.Rolled(die, drawn=True))
    assert page.kind == "py_roll" and both(page.lines) == [en]
    assert said(page.lines, "ru") == [ru]
    assert worded(page.detail, "en").startswith("P11")
    assert narration.event_lines(s, ev.Rolled(die), after) == []  # said by the moment
    assert steps(after) == ["Who reacts?"]


@pytest.mark.parametrize(
    ("die", "en"),
    [
        (4, "4 against defence 3: 4 is more than 3, success."),
        (3, "3 against defence 3: 3 is at most 3, failure."),
    ],
)
def test_the_exoneration_s_roll_needs_higher_P12_P15(die, en):
    s = table(started(), pyre=((1, C), (3, D)))
    rolling, lines = event(s, ev.Exonerated(1))
    assert lines == ["Ann exonerates the Citizen at place 2 on the Pyre: defence 3."]
    _, (page,) = pages(rolling, ev.Rolled(die))
    assert both(page.lines) == [en] and worded(page.detail, "en").startswith("P12")


def test_a_defence_out_of_the_die_s_reach_and_a_physical_roll_P15():
    s = table(started(roll="physical"), councils={B: (7,)}, pyre=((6, C),))
    rolling, lines = event(s, ev.Accused(B, 0))
    assert lines[-1] == ("Defence 7 is out of the die's reach: only an automatic success can work.")
    assert steps(rolling) == ["Ann, roll the die."]
    assert event(s, ev.Exonerated(0))[1][-1].startswith("Defence 6 is out")  # a d6: never 6
    assert len(event(table(s, councils={B: (6,)}), ev.Accused(B, 0))[1]) == 1  # may accuse 6


# --- the window and its close (P16, P24) ------------------------------------------------------


def test_who_reacts_who_has_priority_the_reaction_and_the_changed_roll_P16():
    s = accuse(table(started(first=B), councils={A: (4,)}), A, 0, 2)
    s, lines = event(s, ev.ReactionClaimed(A))
    assert lines == ["Ann wants to react."]
    s, lines = event(s, ev.ReactionClaimed(D))
    assert lines == [
        "Dee wants to react.",
        "Ann and Dee want to react: Dee has priority, whose turn comes soonest.",
    ]
    again = ["2 against defence 4: 2 is less than 4, failure.", lines[1], "Who reacts?"]
    assert both(narration.again_lines(s)) == again  # an undo, a resume: the window again
    _, back = event(s, ev.ReactionClaimed(A))
    assert back == ["Ann no longer wants to react."]
    s, lines = event(s, ev.Reacted(D, "Luck"))
    assert lines == ["Dee reacts with Luck: resolve its effects now."]
    s, lines = event(s, ev.RollChanged(5, "Luck"))
    assert lines == [
        "Luck changes the roll to 5.",
        "5 against defence 4: 5 is at least 4, success.",
    ]
    _, lines = event(s, ev.WindowClosed())
    assert lines == ["The window closes: Ann's Citizen of influence 4 goes to the Pyre."]


def test_the_close_says_the_outcome_P24():
    s = table(started(), councils={B: (2,)}, pyre=((3, C),))
    _, lines = event(accuse(s, B, 0, 1), ev.WindowClosed())
    assert lines == ["The window closes: the accusation fails; the Citizen stays."]
    freed = play(s, ev.Exonerated(0), ev.Rolled(4))
    _, lines = event(freed, ev.WindowClosed())
    assert lines == [
        "The window closes: the Citizen of influence 3 leaves the Pyre for Ann's City Council."
    ]
    kept = play(s, ev.Exonerated(0), ev.Rolled(3))
    assert event(kept, ev.WindowClosed())[1][0].endswith("the Citizen stays on the Pyre.")
    away = play(accuse(s, B, 0, 6), ev.Reacted(B, "Flight"))
    away = play(away, ev.CitizenMoved("council", "council", B, "Flight", owner=B, to_owner=C))
    assert event(away, ev.WindowClosed())[1] == [
        "The window closes: the Citizen is no longer where it was, so it stays where it is."
    ]
    card = play(started(), ev.Drew(), ev.WindowOpened("Curse"))
    assert both(narration.again_lines(card)) == ["Curse opens a reaction window.", "Who reacts?"]
    assert event(card, ev.WindowClosed())[1] == ["The window closes."]


# --- the Pyre, Dominance and the win (P17, P19–P21) -------------------------------------------


def test_the_pyre_ignites_held_until_enter_whatever_ignited_it_P17():
    s = table(started(), councils={B: (5,)}, pyre=((1, C), (2, D)))
    s = accuse(s, B, 0, 6)
    after, (page,) = pages(s, ev.WindowClosed())
    assert page.kind == "py_ignition" and page.lines[0].chime == "death"
    assert both(page.lines) == [  # P17: which Citizen was taken, which burnt, and whose
        "The Pyre ignites: Ann takes Bob's Citizen of influence 5 as 3 permanent points; to the "
        "discard pile: Cid's Citizen of influence 1 and Dee's Citizen of influence 2. "
        "Influence 3, target 11."
    ]
    assert said(page.lines, "ru") == [
        "Костёр разгорается: Ann забирает карту (Горожанин игрока Bob с влиянием 5) как 3 "
        "постоянных очка; в сброс: Горожанин игрока Cid с влиянием 1 и Горожанин игрока Dee с "
        "влиянием 2. Влияние 3 при цели 11."
    ]
    card = play(table(started(), pyre=((5, C),)), ev.ActionCardPlayed(CARD), ev.WindowClosed())
    assert [p.kind for p in pages(card, ev.Ignited(CARD))[1]] == ["py_ignition"]
    moved = ev.CitizenMoved("council", "pyre", C, CARD, owner=B, place=0)
    lit = table(started(), councils={B: (5,)}, pyre=((1, C), (2, D)))
    _, lines = event(lit, moved)
    assert lines == [f"{CARD}: Bob's Citizen at place 1, influence 5, goes to the Pyre."]
    assert both(pages(lit, moved)[1][0].lines)[0].startswith("The Pyre ignites: Cid takes Bob's")
    assert pages(accuse(table(started(), councils={B: (5,)}), B, 0, 6), ev.WindowClosed())[1] == []


def test_the_flip_and_the_reminder_unless_tough_luck_P19():
    end = play(table(started(2), councils={A: (13,)}), *TWO)
    assert steps(end) == [
        "Ann: both actions are done.",
        "Ann, your influence is 13, target 13: you may flip your Dominance token now.",
    ]
    quiet = play(table(started(2, reminder=False), councils={A: (13,)}), *TWO)
    assert steps(quiet) == ["Ann: both actions are done."]
    _, lines = event(end, ev.DominanceFlipped(A))
    assert lines == ["Ann flips the Dominance token: influence 13, target 13."]
    late = play(table(started(2), councils={A: (12,)}), *TWO)  # a card brings him there
    _, lines = event(late, ev.HandChanged(A, 1, CARD))
    assert "you may flip" not in lines[-1]
    back = ev.CitizenMoved("discard", "council", A, CARD, influence=1, to_owner=A)
    _, lines = event(late, back)
    assert (
        lines[-1] == "Ann, your influence is 13, target 13: you may flip your Dominance token now."
    )


def test_the_token_flips_back_below_the_target_P20():
    s = play(table(started(2), councils={A: (7, 6)}), *TWO)
    s = accuse(play(s, ev.DominanceFlipped(A), ev.TurnEnded()), A, 1, 6)
    _, lines = event(s, ev.WindowClosed())
    assert lines == [
        "The window closes: Ann's Citizen of influence 6 goes to the Pyre.",
        "Ann's influence fell below 13: the token flips back.",
    ]
    assert event(s, ev.WindowClosed(), "ru")[1][1] == (
        "Ann: влияние упало ниже 13, жетон господства переворачивается обратно."
    )


def test_the_win_is_held_until_enter_P21():
    s = play(table(started(2), councils={A: (13,)}), *TWO)
    s = play(s, ev.DominanceFlipped(A), ev.TurnEnded(), *TWO)
    over, (page,) = pages(s, ev.TurnEnded())
    assert page.kind == "py_win" and page.lines[-1].chime == "victory"
    assert both(page.lines) == [
        "Ann's Dominance token is active at the start of the turn: "
        "Ann wins, with influence 13, target 13!"
    ]
    assert narration.event_lines(s, ev.TurnEnded(), over) == [] and steps(over) == []
    assert narration.again_lines(over) == list(page.lines)


# --- the card effects (P13, P22, P23) ---------------------------------------------------------


def test_a_hand_above_seven_pointed_out_and_the_app_s_pick_P22():
    s, lines = event(table(started(), hands={B: 7}), ev.HandChanged(B, 2, CARD))
    assert lines == [
        f"{CARD}: Bob gains 2 cards, 9 in hand.",
        "Bob holds 9 cards, more than 7: anyone may point it out.",
    ]
    s, lines = event(s, ev.HandPointedOut(B))
    assert lines == ["Bob's hand of 9 cards is pointed out: the app picks one at random."]
    _, lines = event(s, ev.CardPicked(B, 4))
    assert lines == ["Bob discards the card at position 4 from the left: 8 cards left."]


def test_the_card_effects_a_hand_a_move_an_automatic_success_P13_P23():
    s = table(started(), councils={B: (2, 5)}, pyre=((1, C),))
    assert event(s, ev.HandChanged(C, -1, CARD))[1] == [f"{CARD}: Cid loses 1 card, 5 in hand."]
    moves = {
        ev.CitizenMoved("council", "council", A, CARD, owner=B, place=1, to_owner=C): (
            "Bob's Citizen at place 2, influence 5, joins Cid's City Council."
        ),
        ev.CitizenMoved("pyre", "discard", A, CARD, place=0): (
            "the Citizen at place 1 on the Pyre, influence 1, goes to the discard pile."
        ),
        ev.CitizenMoved("discard", "council", A, CARD, influence=4, to_owner=A): (
            "a Citizen of influence 4 from the discard pile joins Ann's City Council."
        ),
    }
    for move, line in moves.items():
        assert event(s, move)[1] == [f"{CARD}: {line}"]
    _, lines = event(s, ev.AutoSucceeded("accuse", A, CARD, 0, owner=B))
    assert lines == [
        f"{CARD}: an automatic success, no die: Bob's Citizen at place 1 goes to the Pyre."
    ]
    _, lines = event(s, ev.AutoSucceeded("exonerate", A, CARD, 0))
    assert lines[0].endswith("the Citizen at place 1 leaves the Pyre for Ann's City Council.")


# --- every step and entry of random games, in both languages ----------------------------------


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_every_step_and_entry_of_random_games_is_said_in_both_languages(count):
    met: set[str] = set()
    for game_seed in (count, 100 + count):
        journal, _ = random_game(game_seed, count)
        s = State()
        for e in journal:
            after = rules.apply(s, e)
            lines = narration.event_lines(s, e, after) + narration.step_lines(after)
            lines += narration.again_lines(after)
            for page in pages(s, e)[1]:
                lines += page.lines
                met.add(page.kind)
            both(lines)
            met |= {line.prompt_id for line in lines}
            s = after
    assert {"py_roll", "py_win", "py_turn", "py_second", "py_window"} <= met
