"""What anyone at a Pyre table may see (``public.public_view``): each seat's hand size with its
7+ flag (P1, P22), City Council in the order played (P10), permanent cards (P17), influence
against the target (P3, P4, P18), the Dominance token's side (P19, P20), whose turn and which
action (P7), a claim in the window (P16); the Pyre with its former owners (P1, P17), the deck's
empty mark (P9); the lines: the roll and its comparison (P15), the window (P16, P24), the
cards being resolved (P10, P14), the flip reminder (P19), the winner (P21); the moment told,
worded in en and ru. P1: of a hand, nothing but its size ever reaches the view."""

from __future__ import annotations

import ast
import dataclasses
import re
import string
import tomllib
from pathlib import Path

import pytest

from narrator.display.feed import page
from narrator.display.tracking import cell_text
from narrator.games.pyre import events as ev
from narrator.games.pyre import public, rules, told
from narrator.games.pyre.state import State
from narrator.games.shell_data import PublicView
from tests.games.test_pyre_property import random_game
from tests.games.test_pyre_rules import CARD, TWO, _words, play, started, table

__all__ = ["_words"]  # the words fixture, used here too
A, B, C, D = range(4)
UI = Path(public.__file__).parent / "words" / "ui"
LANGS = ("en", "ru")
NB = "\N{NO-BREAK SPACE}"  # a cell's words wrap whole in a narrow panel
OFF, ON, PERMANENT = f"Dominance:{NB}inactive", f"Dominance:{NB}active", f"Permanent{NB}cards"
OFF_RU, ON_RU = f"Господство:{NB}неактивно", f"Господство:{NB}активно"


def view(s: State) -> PublicView:
    return public.public_view("The Pyre", s)


def shown(s: State, lang: str = "en") -> dict:
    """The page every public screen draws (``feed.page``): the view worded."""
    return page("pyre", view(s), lang)


def cells(s: State, p: int, lang: str = "en") -> list[str]:
    """A seat's cells as the tracker writes them: "Hand 6", "Council: 3, 5", "Influence 8/11"."""
    return [cell_text(c).plain for c in shown(s, lang)["seats"][p]["cells"]]


def marks(s: State, p: int, lang: str = "en") -> str:
    return " · ".join(shown(s, lang)["seats"][p]["marks"])


def piles(s: State, lang: str = "en") -> dict[str, list[str]]:
    return {
        pile["name"]: [cell_text(c).plain for c in pile["cells"]]
        for pile in shown(s, lang)["piles"]
    }


def turn(s: State) -> list[int]:
    return [p for p, seat in enumerate(view(s).seats) if seat.turn]


def lines(s: State, lang: str = "en") -> str:
    return "\n".join(shown(s, lang)["lines"])


def moment(s: State, lang: str = "en") -> str:
    return "\n".join(shown(s, lang)["extra"].get("told", ()))


# --- each seat ---------------------------------------------------------------------------


def test_p1_p10_p18_each_seat_hand_council_in_order_influence_and_dominance():
    s = table(started(), councils={A: (3, 0, 5)}, hands={B: 4})
    assert cells(s, A) == ["Hand 6", "Council: 3, 0, 5", "Influence 8/11", OFF]
    assert cells(s, B) == ["Hand 4", "Council: —", "Influence 0/11", OFF]
    assert cells(s, A, "ru") == [
        "Рука 6",
        "Совет: 3, 0, 5",
        "Влияние 8/11",
        OFF_RU,
    ]
    council = view(s).seats[A].cells[1]
    assert council.items == ("3", "0", "5")  # P10: place 1, 2, 3 in the order played


def test_p10_a_citizen_played_joins_the_end_of_the_council():
    s = play(table(started(), councils={A: (2,)}), ev.CitizenPlayed(7))
    assert cells(s, A)[:2] == ["Hand 5", "Council: 2, 7"]


def test_p22_a_hand_above_seven_is_flagged():
    assert "7+ (P22)" not in cells(table(started(), hands={C: 7}), C)
    s = table(started(), hands={C: 8})
    assert cells(s, C)[:2] == ["Hand 8", "7+ (P22)"]
    s = play(s, ev.HandPointedOut(C))
    assert "pointed out" in marks(s, C)
    assert "Cid's hand of 8 was pointed out" in moment(s)


def test_p17_p18_permanent_cards_count_three_each_against_the_target():
    s = table(started(), councils={B: (1,)}, permanent={B: 2})
    assert cells(s, B)[1:] == [
        "Council: 1",
        PERMANENT + " 2",
        "Influence 7/11",
        OFF,
    ]
    assert not any(c.startswith("Permanent") for c in cells(s, A))  # none yet: no cell


@pytest.mark.parametrize(
    ("variant", "shift", "target", "said"),
    [
        ("standard", 1, 11, "standard game"),
        ("quick", 2, 9, "quick game"),
        ("tutorial", 1, 5, "tutorial game"),
    ],
)
def test_p3_p4_influence_against_the_target_of_the_variant(variant, shift, target, said):
    s = started(variant=variant, shift=shift)
    assert cells(s, A)[-2] == f"Influence 0/{target}"
    assert f"Target: {target} influence, {said} (P3, P4)." in lines(s)


def test_p19_p20_the_dominance_token_active_then_flipped_back():
    s = table(started(), councils={A: (6, 5)})
    s = play(s, *TWO)
    assert s.step == "turn_end" and "Ann has reached the target" in lines(s)  # P19's reminder
    s = play(s, ev.DominanceFlipped(A))
    assert cells(s, A)[-1] == ON
    assert cells(s, A, "ru")[-1] == ON_RU
    s = play(s, ev.TurnEnded(), ev.Accused(A, 0), ev.Rolled(6), ev.WindowClosed())
    assert cells(s, A)[-2:] == ["Influence 5/11", OFF]  # P20: at once


def test_p19_no_reminder_when_the_table_plays_tough_luck():
    s = play(table(started(reminder=False), councils={A: (6, 5)}), *TWO)
    assert s.step == "turn_end" and "reached the target" not in lines(s)


def test_p7_whose_turn_and_which_action():
    s = started(first=B)
    assert turn(s) == [B] and marks(s, B) == "action 1 of 2" and marks(s, A) == ""
    assert "Bob's turn: action 1 of 2 (P7)." in moment(s)
    assert shown(s)["step"] == "Action" and shown(s, "ru")["step"] == "Действие"  # game.toml's
    s = play(s, ev.Drew())
    assert marks(s, B) == "action 2 of 2" and marks(s, B, "ru") == "действие 2 из 2"
    s = play(s, ev.CitizenPlayed(0))
    assert marks(s, B) == "turn's end" and "Bob's two actions are done" in moment(s)
    s = play(s, ev.TurnEnded())
    assert turn(s) == [C] and marks(s, C) == "action 1 of 2"


# --- the table -----------------------------------------------------------------------------


def test_p1_p17_the_pyre_in_arrival_order_with_former_owners_out_of_three():
    s = table(started(), pyre=((4, A), (2, None)))
    assert piles(s)["The Pyre"] == ["Citizens 2/3: 4 (Ann), 2"]  # from the discard: unknown
    assert piles(s, "ru")["Костёр"] == ["Горожане 2/3: 4 (Ann), 2"]
    assert piles(started())["The Pyre"] == ["Citizens 0/3"]


def test_p9_the_decks_empty_mark():
    s = started()
    assert piles(s)["Deck"] == ["face down"]
    s = play(s, ev.DeckEmptied())
    assert piles(s)["Deck"] == ["empty (P9)"] and piles(s, "ru")["Колода"] == ["пуста (P9)"]
    assert piles(play(s, ev.DeckRefilled()))["Deck"] == ["face down"]


def test_p5_nothing_on_the_table_before_the_deal():
    s = rules.apply(State(), ev.GameCreated(("Ann", "Bob")))
    assert view(s).piles == () and all(seat.cells == () for seat in view(s).seats)
    assert "Six cards and a Dominance token" in moment(s)


# --- the lines: the roll, the window, the cards ----------------------------------------------


def test_p11_p15_the_roll_and_its_comparison():
    s = play(table(started(first=B), councils={A: (1, 3)}), ev.Accused(A, 1))
    assert "Bob accuses Ann's Citizen at place 2, defence 3 (P11)." in lines(s)
    assert "the app rolls the die (P15)" in moment(s)
    s = play(s, ev.Rolled(4))
    assert "4 against defence 3: 4 ≥ 3, success (P15)." in lines(s)
    assert "4 против защиты 3: 4 ≥ 3, успех (P15)." in lines(s, "ru")
    assert "Горожанин игрока Ann на месте 2" in lines(s, "ru")  # the name stays nominative


def test_p12_p15_an_exoneration_needs_higher_and_says_so():
    s = play(table(started(roll="physical"), pyre=((3, B),)), ev.Exonerated(0))
    assert "Ann exonerates the Citizen at place 1 on the Pyre, defence 3 (P12)." in lines(s)
    assert "key the die as rolled (P15)" in moment(s)
    s = play(s, ev.Rolled(3))
    assert "3 against defence 3: 3 ≤ 3, failure (P15)." in lines(s)


def test_p15_out_of_the_dies_reach_is_warned():
    s = play(table(started(), pyre=((6, B),)), ev.Exonerated(0))
    assert "only an automatic success can work (P15)" in lines(s)
    s = play(table(started(), councils={B: (6,)}), ev.Accused(B, 0))
    assert "automatic success" not in lines(s)  # a d6 may accuse a 6


def test_p16_p24_the_window_its_claims_in_priority_order_and_the_reaction():
    s = play(table(started(first=B), councils={A: (2,)}), ev.Accused(A, 0), ev.Rolled(1))
    assert "Reaction window open after the roll (P16)." in lines(s)
    assert "Anyone may react" in moment(s)
    s = play(s, ev.ReactionClaimed(A), ev.ReactionClaimed(D))  # priority: Cid, Dee, Ann, Bob
    assert "Claims, in priority order: Dee and Ann; Dee has priority (P16)." in lines(s)
    assert marks(s, D) == "has priority" and marks(s, A) == "claims"
    assert "Dee has priority and reacts first" in moment(s)
    s = play(s, ev.Reacted(D, "Mercy"), ev.RollChanged(2, "Mercy"))
    assert "Dee reacted with Mercy: one reaction per event (P16)." in lines(s)
    assert "2 against defence 2: 2 ≥ 2, success (P15)." in lines(s)  # shown again
    assert marks(s, D) == "reacted: Mercy" and marks(s, A) == ""
    s = play(s, ev.WindowClosed())
    assert "Reaction window" not in lines(s) and piles(s)["The Pyre"] == ["Citizens 1/3: 2 (Ann)"]


def test_p16_p23_a_window_a_card_names_and_the_accused_citizen_discarded_meanwhile():
    s = play(table(started(), councils={B: (2,)}), ev.Accused(B, 0), ev.Rolled(5))
    s = play(s, ev.Reacted(C, "Veto"))
    assert "Cid reacted: key its effects" in moment(s)
    s = play(s, ev.CitizenMoved("council", "discard", C, "Veto", owner=B, place=0))
    assert "Ann accuses a Citizen no longer there, defence 2 (P11)." in lines(s)
    s = play(s, ev.WindowClosed(), ev.WindowOpened("Curfew"))
    assert "Reaction window open for Curfew (P16)." in lines(s)
    assert "Окно реакций открыто для карты «Curfew» (P16)." in lines(s, "ru")


def test_p14_p23_the_action_card_its_window_then_its_effects():
    s = play(started(), ev.ActionCardPlayed(CARD, 1))
    assert f"Reaction window open after the Action card {CARD} (P14, P16)." in lines(s)
    s = play(s, ev.WindowClosed())
    assert f"The Action card {CARD}: its effects are keyed now (P14, P23)." in lines(s)
    assert f"Key the effects of {CARD} (P14, P23)." in moment(s)


def test_p10_the_citizen_just_played_resolve_its_ability_now():
    s = play(started(), ev.CitizenPlayed(4))
    assert "Ann's Citizen just played, influence 4: resolve its ability now (P10)." in lines(s)
    assert "Resolve the ability of the Citizen just played now (P10)." in moment(s)
    assert "Новый Горожанин игрока Ann, влияние 4" in lines(s, "ru")
    assert "just played" not in lines(play(s, ev.Drew()))  # the next action: done


def test_p21_the_winner_heads_the_page_and_why():
    s = table(started(), councils={A: (6, 5)})
    s = play(s, *TWO, ev.DominanceFlipped(A), ev.TurnEnded(), *TWO, ev.TurnEnded())
    s = play(s, *TWO, ev.TurnEnded(), *TWO, ev.TurnEnded())
    assert s.winner == A
    assert shown(s)["step"] == "Ann wins" and shown(s, "ru")["step"] == "Побеждает Ann"
    assert "Ann's Dominance token was active at the start of Ann's turn" in lines(s)
    assert "wins" in marks(s, A) and turn(s) == [] and moment(s) == ""


# --- P1: a hand is a size, nothing more ----------------------------------------------------

PUBLIC_FIELDS = {  # what public.py and told.py may read of a State (all of it public, P1)
    *(f.name for f in dataclasses.fields(State)),
    *("step", "count", "seats", "target", "influence", "find", "in_play", "priority"),
}


def state_reads(module) -> set[str]:
    """Every attribute read off a state (``s.x``, ``state.x``) in a module's source."""
    tree = ast.parse(Path(module.__file__).read_text("utf-8"))
    return {
        n.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
        if n.value.id in ("s", "state")
    }


def hand_reads(module) -> list[str]:
    """How ``hands`` is read: only one seat's size at a time (``s.hands[p]``)."""
    tree = ast.parse(Path(module.__file__).read_text("utf-8"))
    return [
        ast.unparse(parent)
        for parent in ast.walk(tree)
        for child in ast.iter_child_nodes(parent)
        if isinstance(child, ast.Attribute) and child.attr == "hands"
    ]


@pytest.mark.parametrize("module", [public, told])
def test_p1_the_view_draws_only_public_fields_and_a_hand_only_by_its_size(module):
    reads = state_reads(module)
    assert "hands" in reads and reads <= PUBLIC_FIELDS, reads - PUBLIC_FIELDS
    assert all(r.startswith(("s.hands[", "state.hands[")) for r in hand_reads(module))


def test_p1_a_hand_size_changes_that_seats_hand_cell_and_nothing_else():
    s = started()
    other = table(s, hands={C: 3})
    before, after = shown(s), shown(other)
    assert after["seats"][C]["cells"][0] == {**before["seats"][C]["cells"][0], "count": 3}
    before["seats"][C]["cells"][0]["count"] = 3
    assert before == after


def test_the_p1_checker_catches_a_hand_read_whole(tmp_path):
    leaky = tmp_path / "leaky.py"
    leaky.write_text("def f(s):\n    return s.hands, s.secret_cards\n")
    module = type("M", (), {"__file__": str(leaky)})
    assert not hand_reads(module)[0].startswith("s.hands[")
    assert "secret_cards" in state_reads(module)


# --- every moment worded in en and ru --------------------------------------------------------


def test_every_moment_of_random_games_is_worded_in_english_and_russian():
    """Every step of two random games, each of its views worded (an unknown id or a missing
    placeholder raises): the seats, piles, lines, the step and the moment told."""
    for seed, count in ((3, 4), (8, 3)):
        journal, _ = random_game(seed, count)
        s = State()
        for i, e in enumerate(journal):
            s = rules.apply(s, e)
            if i % 3 and s.step != "over":
                continue
            for lang in LANGS:
                for text in texts(shown(s, lang)):
                    assert not re.match(r"py\.[a-z_]+\.", text) and "{" not in text, text


def texts(value) -> list[str]:
    """Every string of a page, wherever it is."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return []


def ids(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}

    def flat(tree: dict, prefix: str) -> None:
        for k, v in tree.items():
            flat(v, f"{prefix}{k}.") if isinstance(v, dict) else out.setdefault(prefix + k, v)

    for name in ("table", "display"):
        flat(tomllib.loads((UI / lang / f"{name}.toml").read_text("utf-8")), "")
    return out


def test_every_table_and_display_id_in_english_and_russian_with_its_placeholders():
    fields = {
        lang: {
            k: {f for _, f, _, _ in string.Formatter().parse(v) if f} for k, v in ids(lang).items()
        }
        for lang in LANGS
    }
    assert fields["en"] == fields["ru"]
    assert all(k.startswith(("py.table.", "py.display.")) for k in fields["en"])


FAMILIES = {  # the ids an f-string names, and every value it may take
    "py.display.told.first.": {"drawn", "picked"},  # P6
    "py.display.told.roll.": {"app", "physical"},  # P15
    "py.display.variant.": {"standard", "quick", "long", "tutorial"},  # P4
    "py.display.window.": {"roll", "action", "card"},  # P16
    "py.display.comparison.": {"success", "failure"},  # P15
    "py.display.": {"accuse", "exonerate"},  # P11, P12
}


def test_every_id_the_code_names_is_in_the_catalogue_and_every_one_is_named():
    """Ids written whole in public.py and told.py (the f-string ones are met by the walk)."""
    known, used = set(ids("en")), set()
    for module in (public, told):
        tree = ast.parse(Path(module.__file__).read_text("utf-8"))
        named = {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            if n.value.startswith(("py.table.", "py.display.")) and not n.value.endswith(".")
        }
        assert named and named <= known, named - known
        used |= named
    for prefix, values in FAMILIES.items():
        used |= {prefix + v for v in values}
    assert known == used, known ^ used


def test_the_registered_game_gives_this_view_to_every_public_screen():
    """``feed.snapshot`` (the display's door) draws ``GAME.public_view``: this view."""
    from narrator.display.feed import snapshot
    from narrator.games import registry

    game = registry.get("pyre")
    s = play(table(started(), councils={A: (3,)}), ev.Accused(A, 0), ev.Rolled(4))
    got = snapshot(game, s, "en")
    assert got["seats"] == shown(s)["seats"] and got["lines"] == shown(s)["lines"]
    assert got["extra"]["told"] == shown(s)["extra"]["told"]
