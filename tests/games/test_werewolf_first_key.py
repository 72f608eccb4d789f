"""Werewolf says at the hut's key what its action cannot do, naming the rule (issue 40, item 2):
a seat that cannot pay the action (W13), a strict supply that cannot give it (W14), no target it
may take (W17); the hut is
still taken to pass with it (W12: a pass is always open), so the key goes on to p. And ``-`` on
the resident picker with nobody in the village is refused at ``-`` (W8). The property over every
game is tests/games/test_first_key_every_game.py."""

from __future__ import annotations

from narrator.games.shell_data import Choice
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import rules
from narrator.games.werewolf.residents import KEY
from narrator.games.werewolf.state import State
from narrator.games.werewolf.steps import step_view
from narrator.games.werewolf.village import Spot
from narrator.prompts import worded
from tests.games.werewolf_table import HUTS_A, at_turn, dealt, only, with_held, with_supply

DEE = 3  # the fourth seat, as in the game night


def keyed(view, key: str) -> Choice:
    return next(c for c in view.choices if c.key == key)


def after_hut(s: State, hut: str):
    """The step after the hut's key, as the shell goes on to it."""
    choice = keyed(step_view(s), KEY[hut])
    assert choice.refusal is None and choice.goto == (hut,)  # the hut may still be taken
    return step_view(s, choice.goto)


def shown(view, lang: str = "en") -> list[str]:
    return [worded(block, lang) for block in view.body if not isinstance(block, tuple)]


def test_the_mason_that_a_seat_cannot_pay_is_refused_at_its_key_W13():
    """Dee holds 1 vote and presses o (the Mason pays 2): said at once, not at the target."""
    s = with_held(at_turn(dealt(6, HUTS_A), DEE), DEE, 1)
    view = after_hut(s, "mason")
    why = "P4 has 1 vote and cannot pay 2 (W13)"
    assert why in shown(view)
    assert any("(W13)" in line and "P4" in line for line in shown(view, "ru"))
    targets = [c for c in view.choices if c.key != "p"]
    assert targets and all(worded(c.refusal, "en") == why for c in targets)
    assert all(c.event is None and c.goto is None for c in targets)
    assert worded(view.refusal, "en") == why and view.primary is None  # Enter says it too
    assert worded(view.keys, "en") == "p: pass with this hut (+2 votes) · Esc: another hut"
    passing = keyed(view, "p").event
    assert passing == ev.HutTaken(DEE, "mason", passed=True) and rules.check(s, passing) is None


def test_a_seat_that_can_pay_keys_the_mason_s_target_W13():
    s = with_held(at_turn(dealt(6, HUTS_A), DEE), DEE, 2)
    view = after_hut(s, "mason")
    assert not any("W13" in line for line in shown(view))
    assert keyed(view, "1").event == ev.HutTaken(DEE, "mason", seat_target=0)


def test_an_action_the_strict_supply_cannot_give_is_refused_at_its_key_W14():
    s = with_supply(at_turn(dealt(6, HUTS_A, supply="strict"), DEE), 1)
    for hut in ("villager", "cursed"):  # a target, then none (Enter)
        view = after_hut(s, hut)
        why = "The supply has 1 vote left, not {}: pass to take what is left (W14)"
        why = why.format(2 if hut == "villager" else 4)
        assert why in shown(view) and worded(view.refusal, "en") == why
        assert view.primary is None and keyed(view, "p").event.passed
    assert not any("W14" in line for line in shown(after_hut(with_supply(s, 2), "villager")))


def test_a_hut_with_no_target_its_action_may_take_says_so_at_its_key_W17():
    """The first day's dawn: no card holds a vote (the Minion needs one), none is horizontal
    (the Sorcerer looks at one); then every card horizontal (the Seer turns a vertical one)."""
    s = at_turn(dealt(6, HUTS_A), DEE)
    for hut, name in (("minion", "Minion"), ("sorcerer", "Sorcerer")):
        view = after_hut(s, hut)
        why = f"The {name} hut has no target its action may take now: pass with it, or take"
        assert any(line.startswith(why) and line.endswith("(W17)") for line in shown(view))
        a1 = keyed(view, "a1")  # a target's key keeps its own reason (W15, W17)
        assert a1.refusal is not None or rules.check(s, a1.event) is not None
        assert rules.check(s, keyed(view, "p").event) is None  # the pass
    assert not any("(W17)" in line for line in shown(after_hut(s, "seer"))[1:])
    horizontal = only(s, A1=Spot(horizontal=True), C3=Spot(horizontal=True))
    assert any("Seer hut has no target" in line for line in shown(after_hut(horizontal, "seer")))
    assert any("(W17)" in line for line in shown(after_hut(horizontal, "seer"), "ru")[2:])


def test_taking_a_resident_out_of_an_empty_village_is_refused_at_minus_W8():
    s = rules.apply(State(), ev.GameCreated(tuple(f"P{i}" for i in range(1, 7)), ev.Options(), 7))
    minus = keyed(step_view(s), "-")
    assert minus.goto is None
    assert worded(minus.refusal, "en") == (
        "Nobody is in the village yet: there is nobody to take out (W8)."
    )
    assert "(W8)" in worded(minus.refusal, "ru")
    s = rules.apply(s, ev.ResidentAdded("werewolf"))
    assert keyed(step_view(s), "-").goto == ("-",)
