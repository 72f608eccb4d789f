"""The Pyre: the pure rules core, every P-id of ``shared/design/pyre.md`` named in a test (its
refusal and its allowed case; configurable rulings both ways)."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from pathlib import Path

import pytest

from narrator.games.entries import Refusal
from narrator.games.pyre import events as ev
from narrator.games.pyre import rules
from narrator.games.pyre.die import comparison, out_of_reach
from narrator.games.pyre.events import Options
from narrator.games.pyre.state import STEPS, Citizen, Roll, State, target_of
from narrator.prompts import use_game

WORDS = Path(rules.__file__).parent / "words"
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus")
A, B, C, D, E, F = range(6)
CARD = "Witch Hunt"
TWO = (ev.Drew(), ev.CitizenPlayed(0))  # two actions: a draw, a Citizen of 0


@pytest.fixture(autouse=True)
def _words():
    use_game(WORDS)
    yield
    use_game(None)


def play(s: State, *events: ev.Event) -> State:
    for e in events:
        s = rules.apply(s, e)
    return s


def refused(s: State, e: ev.Event, rule: str, key: str | None = None) -> Refusal:
    with pytest.raises(Refusal) as caught:
        rules.apply(s, e)
    assert caught.value.rule == rule, (caught.value.key, caught.value.rule)
    if key:
        assert caught.value.key == key
    for lang in ("en", "ru"):
        assert caught.value.text(lang)  # worded in both languages, every placeholder filled
    return caught.value


def started(n: int = 4, first: int = A, **options) -> State:
    created = ev.GameCreated(NAMES[:n], Options(**options), seed=7)
    return play(State(), created, ev.Dealt(), ev.FirstPlayer(first))


def table(s: State, councils=None, pyre=(), hands=None, permanent=None, active=None) -> State:
    """The table as a test sets it: councils by seat as influences, the Pyre as (influence,
    former owner) pairs, hand sizes, permanent cards and active tokens by seat."""
    n = s.next_id
    cs = list(s.councils)
    for p, influences in (councils or {}).items():
        cs[p] = tuple(Citizen(n + i, v, p) for i, v in enumerate(influences))
        n += len(influences)
    burning = tuple(Citizen(n + i, v, owner) for i, (v, owner) in enumerate(pyre))
    n += len(pyre)

    def by_seat(base, changes):
        return tuple((changes or {}).get(p, x) for p, x in enumerate(base))

    return dataclasses.replace(
        s,
        councils=tuple(cs),
        pyre=burning or s.pyre,
        hands=by_seat(s.hands, hands),
        permanent=by_seat(s.permanent, permanent),
        active=by_seat(s.active, active),
        next_id=n,
    )


def influences(s: State, p: int) -> list[int]:
    return [c.influence for c in s.councils[p]]


def accuse(s: State, owner: int, place: int, die: int) -> State:
    return play(s, ev.Accused(owner, place), ev.Rolled(die))


def test_p1_hands_are_sizes_only_and_a_pyre_citizen_keeps_its_last_council():
    s = play(started(), ev.Drew(), ev.CitizenPlayed(4))
    assert s.hands == (6, 6, 6, 6) and all(isinstance(h, int) for h in s.hands)
    card_fields = {f.name for t in ev.EVENT_TYPES for f in dataclasses.fields(t)}
    assert not card_fields & {"hand", "cards", "deck"}  # no event carries a card in hand
    s = play(s, ev.TurnEnded(), ev.Accused(A, 0), ev.Rolled(5), ev.WindowClosed())
    assert s.pyre[0].owner == A and s.pyre[0].influence == 4


def test_p2_counts():
    for n in (0, 1, 7):
        refused(State(), ev.GameCreated(NAMES[:n] + ("Hal",) * (n == 7)), "P2", "py_count")
    for n in range(2, 7):
        assert play(State(), ev.GameCreated(NAMES[:n])).count == n


def test_p3_targets_by_count():
    assert [target_of(n, Options()) for n in range(2, 7)] == [13, 11, 11, 9, 7]
    assert started(5).target == 9


def test_p4_variants_and_their_shift():
    assert target_of(3, Options(variant="quick", shift=1)) == 10
    assert target_of(3, Options(variant="quick", shift=2)) == 9
    assert target_of(2, Options(variant="long", shift=2)) == 15
    assert target_of(6, Options(variant="quick", shift=2)) == 5  # the lowest
    assert {target_of(n, Options(variant="tutorial", shift=2)) for n in range(2, 7)} == {5}
    refused(State(), ev.GameCreated(NAMES[:3], Options(variant="long", shift=3)), "P4", "py_shift")


def test_p5_deal_six_cards_and_inactive_tokens():
    s = play(State(), ev.GameCreated(NAMES[:3]))
    assert s.step == "deal"
    refused(s, ev.FirstPlayer(0), "P5", "py_not_now")
    s = play(s, ev.Dealt())
    assert s.hands == (6, 6, 6) and s.active == (False,) * 3
    assert s.councils == ((),) * 3 and s.pyre == () and s.permanent == (0, 0, 0)
    assert s.step == "first"


def test_p6_starting_player_drawn_seeded_or_picked():
    s = play(State(), ev.GameCreated(NAMES[:5], seed=3), ev.Dealt())
    one = rules.app_move(s, random.Random("pyre:3:2"))
    assert one == rules.app_move(s, random.Random("pyre:3:2")) and one.drawn
    assert play(s, one).current == one.seat and play(s, one).turn == 1
    picked = dataclasses.replace(s, options=Options(first_player="picked"))
    assert rules.app_move(picked, random.Random(1)) is None  # the narrator picks
    assert play(picked, ev.FirstPlayer(D)).current == D
    refused(s, ev.FirstPlayer(5), "P6", "py_no_seat")
    refused(State(), ev.GameCreated(("Ann", "ann")), "P6", "same_name")


def test_p7_two_actions_then_the_turns_end():
    s = play(started(), ev.Drew())
    assert s.step == "action" and s.actions == 1  # "second action"
    early = refused(s, ev.TurnEnded(), "P7", "py_turn_too_soon")  # an end before two
    assert str(early) == "Ann's turn ends after two actions: key action 2 of 2 first (P7)"
    refused(s, ev.Drew(), "P9", "py_hand_full")
    s = play(started(), ev.CitizenPlayed(1), ev.CitizenPlayed(1))  # the same action twice
    assert s.step == "turn_end" and s.hands[A] == 4
    refused(s, ev.Forfeited(), "P7", "py_not_now")  # a third action
    refused(s, ev.CitizenPlayed(3), "P7", "py_not_now")
    s = play(s, ev.TurnEnded())
    assert (s.current, s.actions, s.turn, s.step) == (B, 0, 2, "action")
    assert play(started(first=D), *TWO, ev.TurnEnded()).current == A  # clockwise


def test_p8_forfeit_only_when_no_action_is_possible():
    s = started()
    refused(s, ev.Forfeited(), "P8", "py_action_possible")  # Draw is possible
    stuck = table(s, hands={A: 7})
    assert play(stuck, ev.Forfeited()).actions == 1  # counts as an action
    empty_deck = play(s, ev.DeckEmptied())
    assert play(empty_deck, ev.Forfeited()).actions == 1
    refused(table(stuck, councils={C: (2,)}), ev.Forfeited(), "P8")  # an accusation
    refused(table(stuck, pyre=((2, C),)), ev.Forfeited(), "P8")  # an exoneration


def test_p9_draw_and_the_decks_marks():
    s = started()
    refused(table(s, hands={A: 7}), ev.Drew(), "P9", "py_hand_full")
    refused(table(s, hands={A: 9}), ev.Drew(), "P9", "py_hand_full")  # P22 allows more
    empty = play(s, ev.DeckEmptied())
    refused(empty, ev.Drew(), "P9", "py_deck_empty")
    refused(empty, ev.DeckEmptied(), "P9", "py_deck_already_empty")
    refused(s, ev.DeckRefilled(), "P9", "py_deck_not_empty")
    assert play(empty, ev.DeckRefilled(), ev.Drew()).hands[A] == 7


def test_p10_play_a_citizen_its_influence_and_its_ability_keyed_next():
    s = play(started(), ev.CitizenPlayed(3), ev.CitizenPlayed(0))
    assert influences(s, A) == [3, 0] and s.hands[A] == 4
    assert s.entered == s.councils[A][1].id  # "resolve its ability now"
    s = play(s, ev.HandChanged(B, -1, "Gossip"))  # its entering ability, keyed (P23)
    assert s.hands[B] == 5
    assert play(s, ev.TurnEnded()).entered is None  # once: never again
    for bad in (-1, 21):
        refused(started(), ev.CitizenPlayed(bad), "P10", "py_influence")
    assert influences(play(started(), ev.CitizenPlayed(20)), A) == [20]
    assert influences(play(started(influence_max=30), ev.CitizenPlayed(25)), A) == [25]
    refused(started(influence_max=9), ev.CitizenPlayed(10), "P10", "py_influence")
    refused(table(started(), hands={A: 0}), ev.CitizenPlayed(2), "P10", "py_hand_empty")


def test_p11_accuse_succeeds_at_or_above_the_defence():
    s = started()
    refused(s, ev.Accused(B, 0), "P11", "py_none_in_play")
    s = table(s, councils={A: (1,), B: (3, 5)})
    refused(s, ev.Accused(B, 2), "P11", "py_no_citizen")
    hit = accuse(s, B, 0, 3)  # 3 ≥ 3
    assert comparison(hit.window.roll).success and influences(hit, B) == [3, 5]  # not yet
    hit = play(hit, ev.WindowClosed())
    assert influences(hit, B) == [5] and [c.influence for c in hit.pyre] == [3]
    miss = play(accuse(s, B, 0, 2), ev.WindowClosed())  # 2 < 3
    assert influences(miss, B) == [3, 5] and miss.pyre == ()
    own = play(accuse(s, A, 0, 1), ev.WindowClosed())  # his own Citizen
    assert influences(own, A) == [] and own.actions == 1


def test_p12_exonerate_succeeds_above_the_defence_to_whose_council():
    s = started()
    refused(s, ev.Exonerated(0), "P12", "py_pyre_empty")
    s = table(s, pyre=((3, C), (2, None)))
    refused(s, ev.Exonerated(2), "P12", "py_not_on_pyre")
    miss = play(s, ev.Exonerated(0), ev.Rolled(3), ev.WindowClosed())  # 3 is not > 3
    assert len(miss.pyre) == 2
    hit = play(s, ev.Exonerated(0), ev.Rolled(4), ev.WindowClosed())
    assert influences(hit, A) == [3] and hit.councils[A][0].owner == A  # the exonerator's
    former = dataclasses.replace(s, options=Options(exonerated_to="former_owner"))
    back = play(former, ev.Exonerated(0), ev.Rolled(4), ev.WindowClosed())
    assert influences(back, C) == [3] and influences(back, A) == []  # its former owner's
    unowned = play(former, ev.Exonerated(1), ev.Rolled(6), ev.WindowClosed())
    assert influences(unowned, A) == [2]  # from the discard pile: the exonerator's


def test_p13_automatic_success_moves_at_once_no_action_no_window():
    s = table(started(), councils={B: (6, 1)}, pyre=((2, C), (2, D)))
    after = play(s, ev.AutoSucceeded("accuse", A, CARD, 0, owner=B))
    assert (after.actions, after.window, after.rolling) == (0, None, None)
    assert after.pyre == () and after.permanent[A] == 1  # the third: ignited (P17)
    s = table(started(), pyre=((6, C),))
    assert influences(play(s, ev.AutoSucceeded("exonerate", B, CARD, 0)), B) == [6]
    refused(started(), ev.AutoSucceeded("exonerate", A, CARD, 0), "P12", "py_pyre_empty")


def test_p14_action_cards_cost_one_or_two_and_open_a_window():
    s = started()
    one = play(s, ev.ActionCardPlayed(CARD, 1))
    assert (one.hands[A], one.actions, one.step, one.window.card) == (5, 1, "window", CARD)
    assert play(one, ev.WindowClosed()).action_card == CARD  # its effects keyed now
    two = play(s, ev.ActionCardPlayed(CARD, 2), ev.WindowClosed())
    assert two.step == "turn_end"
    refused(play(s, ev.Drew()), ev.ActionCardPlayed(CARD, 2), "P14", "py_cost_two_second")
    refused(s, ev.ActionCardPlayed(CARD, 3), "P14", "py_cost")
    refused(table(s, hands={A: 0}), ev.ActionCardPlayed(CARD), "P14", "py_hand_empty")
    refused(s, ev.ActionCardPlayed("  "), "P14", "py_card_name")
    cancelled = play(one, ev.Reacted(C, "Veto"), ev.WindowClosed())
    assert (cancelled.hands[A], cancelled.actions, cancelled.hands[C]) == (5, 1, 5)


def test_p15_the_die_its_faces_the_apps_roll_and_the_comparison():
    s = table(started(), councils={B: (3, 6, 7)})
    rolling = play(s, ev.Accused(B, 0))
    assert rolling.step == "roll"
    roll = rules.app_move(rolling, random.Random("pyre:7:4"))
    assert roll == rules.app_move(rolling, random.Random("pyre:7:4")) and roll.drawn
    assert 1 <= roll.value <= 6
    physical = dataclasses.replace(rolling, options=Options(roll="physical"))
    assert rules.app_move(physical, random.Random(0)) is None  # keyed from the table
    refused(rolling, ev.Rolled(7), "P15", "py_no_face")
    refused(rolling, ev.Drew(), "P15", "py_not_now")
    d8 = dataclasses.replace(rolling, options=Options(die_faces=8))
    assert play(d8, ev.Rolled(8)).window.roll.value == 8
    shown = comparison(Roll("accuse", 0, 3, 4))  # "4 against defence 3: 4 ≥ 3, success"
    assert (shown.value, shown.sign, shown.defence, shown.success) == (4, "≥", 3, True)
    assert comparison(Roll("exonerate", 0, 3, 3)).sign == "≤"
    d6 = Options()
    assert not out_of_reach(d6, "accuse", 6) and out_of_reach(d6, "accuse", 7)
    assert out_of_reach(d6, "exonerate", 6) and not out_of_reach(d6, "exonerate", 5)
    assert not out_of_reach(Options(die_faces=8), "exonerate", 7)
    lost = play(accuse(s, B, 2, 6), ev.WindowClosed())  # out of reach: it goes on and fails
    assert influences(lost, B) == [3, 6, 7]


def test_refusal_precedence_P21_P24_P7_then_the_entrys_own():
    full = table(started(), hands={A: 7}, councils={B: (1,)})
    assert rules.check(full, ev.Drew()).rule == "P9"  # its own
    end = table(play(started(), *TWO), hands={A: 7})
    assert rules.check(end, ev.Drew()).rule == "P7"  # P7 before P9
    window = play(table(started(), hands={A: 7}), ev.ActionCardPlayed(CARD))
    assert rules.check(window, ev.Drew()).rule == "P24"  # P24 before P7 and P9
    assert rules.check(window, ev.TurnEnded()).rule == "P24"
    won = dataclasses.replace(window, winner=B)
    assert rules.check(won, ev.WindowClosed()).rule == "P21"  # P21 before all


def test_waiting_for_every_step_and_every_refusal_worded_in_both_languages():
    s = table(started(), councils={B: (1,)}, hands={C: 8})
    states = [
        State(),
        play(State(), ev.GameCreated(NAMES[:2])),
        play(State(), ev.GameCreated(NAMES[:2]), ev.Dealt()),
        s,
        play(s, ev.Accused(B, 0)),
        play(s, ev.Accused(B, 0), ev.Rolled(1)),
        play(s, ev.HandPointedOut(C)),
        play(s, *TWO),
        dataclasses.replace(s, winner=A),
    ]
    assert [x.step for x in states] == list(STEPS)
    for x in states:
        words, rule = rules.waiting_for(x)
        assert words.key == f"py.wants.{x.step}" and rule.startswith("P")
        assert words.text("en") and words.text("ru")
    ids = {}
    for lang in ("en", "ru"):
        data = tomllib.loads((WORDS / "ui" / lang / "refusal.toml").read_text("utf-8"))
        ids[lang] = (set(data["refusal"]), set(data["py"]["wants"]))
    assert ids["en"] == ids["ru"] and ids["en"][1] == set(STEPS)
    source = "".join(p.read_text("utf-8") for p in WORDS.parent.glob("*.py"))
    for key in ids["en"][0]:
        assert f'"{key}"' in source  # no word without its refusal
    assert rules.check(started(), ev.Dealt()).key == "py_not_now"


def test_an_event_of_another_game_is_refused():
    class Other(ev.Event):
        type = "other"

    assert rules.check(started(), Other()).key == "py_not_this_game"
