"""Blood Bound's rulings of issue 27: an offer where no window opened (B12), the B11 warning
after a heal, each token judged by the Staff of its time (B13, B22), the deal-fit refusals that
name whose tokens conflict (⚖ B13, B22), an intervener's fleur cross (B12), the capture's key
(B16), and the Berserker's and the Alchemist's named target (B27)."""

from __future__ import annotations

import dataclasses

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import narration, rules, script, steps, story
from narrator.games.blood_bound.game import GAME
from narrator.games.blood_bound.state import FAN, SHIELD, STAFF, SWORD, State
from narrator.prompts import Words, prompt
from tests.games.test_blood_bound_end import captured
from tests.games.test_blood_bound_rules import _words, given, play, refused, started, wound
from tests.games.test_blood_bound_script import START, _registered
from tests.games.test_blood_bound_script import play as run

__all__ = ["_registered", "_words"]  # the words fixture, used here too
A, B, C, D, E, F, G = range(7)


# --- B12: an offer where the window was skipped --------------------------------------------


def test_an_offer_for_a_fan_holder_is_refused_as_B12_not_as_the_wound_step_B12():
    fan = play(given(started(), cards={B: (FAN,)}), ev.Attacked(A, B))
    assert fan.step == "wound"
    refused(fan, ev.InterventionOffered(C), "B12", "bb_fan")
    three = given(started(), tokens={B: ("rose", "rose", "1")}, cards={B: (FAN,)})
    capture = play(three, ev.Attacked(A, B))
    assert capture.step == "capture"
    refused(capture, ev.InterventionOffered(C), "B12", "bb_fan")  # not B16: no token keyed
    # another wound's step is still the step's own rule
    intervened = play(started(), ev.Attacked(A, B), ev.InterventionOffered(C))
    intervened = play(intervened, ev.InterventionPicked(C))
    refused(intervened, ev.InterventionOffered(D), "B13", "bb_not_now")
    nobody = play(started(), ev.Attacked(A, B), ev.InterventionPicked())  # the window closed
    refused(nobody, ev.InterventionOffered(C), "B13", "bb_not_now")


def test_with_nobody_left_to_offer_the_window_is_skipped_and_an_offer_is_B12_B12():
    shown = {p: (str(p),) for p in (C, D, E, F, G)}  # everyone else shows his rank token
    s = play(given(started(), tokens=shown), ev.Attacked(A, B))
    assert s.step == "wound" and s.wounds[0].seat == B  # one key fewer: no "nobody"
    refused(s, ev.InterventionOffered(C), "B12", "bb_offer_shown")
    refused(s, ev.InterventionOffered(A), "B12", "bb_offer_party")


def test_an_offer_in_a_script_where_no_window_opened_is_refused_as_B12(tmp_path, capsys):
    lines = [*START, "pass Bob", "attack Bob Ann", "pick none", "wound Ann 9", "use Ann Cid"]
    lines += ["pass Ann Bob"]
    code, _ = run([*lines, "attack Bob Cid", "offer Dan"], tmp_path)  # Cid holds a Fan
    assert code == 2
    assert "holds a Fan: nobody may intervene (B12)" in capsys.readouterr().err


# --- B11: the warning is for one who never showed a rank token --------------------------------


def test_the_b11_warning_stays_away_after_a_heal_returned_the_rank_token_B11():
    s = given(started(), tokens={E: ("rose", "rose", "1")})
    s = play(s, ev.Attacked(A, B), ev.InterventionPicked())
    s = play(s, ev.WoundTaken(B, "rank", 5), ev.AbilityDeclined(B), ev.DaggerPassed(B, A))
    s = play(s, ev.Attacked(A, B), ev.InterventionOffered(D), ev.InterventionPicked(D))
    s = play(s, ev.WoundTaken(D, "rank", 4), ev.AbilityUsed(D, heal=True))
    s = play(s, ev.Healed(B, "rank", 5), ev.DaggerPassed(D, B))
    assert s.tokens[B] == () and s.rank_of(B) is None  # the heal returned it
    assert not rules.warns_inquisitor(s, B, E)  # he showed rank 5: not the Inquisitor
    never = dataclasses.replace(s, dagger=C)
    assert rules.warns_inquisitor(never, C, E)  # C never showed one: warned


# --- B13, B22: each token judged by the Staff he held when he took it ---------------------------


def staff_after_unknown() -> State:
    """C takes an Unknown with no Staff; the Mage, D, then gives C a Staff (B2)."""
    s = play(started(), ev.Attacked(A, C), ev.InterventionPicked())
    s = play(s, ev.WoundTaken(C, "unknown"), ev.Attacked(C, D), ev.InterventionPicked())
    s = play(s, ev.WoundTaken(D, "rank", 8), ev.AbilityUsed(D, (C,)))
    assert s.holds(C, STAFF) and s.staffed[C] == 0
    return s


def test_an_unknown_taken_before_the_staff_binds_his_rank_for_good_B13():
    s = play(staff_after_unknown(), ev.Attacked(D, C), ev.InterventionPicked())
    for rank in (1, 5, 6):  # C C: no Unknown icon
        refused(s, ev.WoundTaken(C, "rank", rank), "B13", "bb_beyond_icons")
    assert wound(s, C, "rank", 7).tokens[C] == ("unknown", "7")  # C ?: the plain Unknown fits
    bound = wound(s, C, "unknown")  # taken with the Staff: bound by it
    assert bound.staffed[C] == 1 and bound.plain(C) == ("unknown",)


def test_the_end_judges_each_token_by_the_staff_of_its_time_B22():
    s = captured(tokens={C: ("unknown", "unknown")}, cards={C: (STAFF,)}, staffed=(0,) * 7)
    for rank in (1, 5, 6, 7):  # two plain Unknowns: only ? ? fits
        refused(s, ev.CharacterKeyed(C, "beast", rank), "B22", "bb_character_tokens")
    assert play(s, ev.CharacterKeyed(C, "beast", 2)).characters[C] == ("beast", 2)
    one = dataclasses.replace(s, staffed=(0, 0, 1, 0, 0, 0, 0))  # one taken with the Staff
    refused(one, ev.CharacterKeyed(C, "beast", 1), "B22", "bb_character_tokens")
    assert play(one, ev.CharacterKeyed(C, "beast", 7)).characters[C] == ("beast", 7)
    both = dataclasses.replace(s, staffed=(0, 0, 2, 0, 0, 0, 0))  # both with the Staff
    assert play(both, ev.CharacterKeyed(C, "beast", 1)).characters[C] == ("beast", 1)


def test_a_heal_returns_a_plain_unknown_before_a_bound_one_B13_B14():
    s = play(staff_after_unknown(), ev.Attacked(D, C), ev.InterventionPicked())
    s = wound(s, C, "unknown")
    assert s.plain(C) == ("unknown",) and s.staffed[C] == 1
    s = play(s, ev.DaggerPassed(C, A), ev.Attacked(A, C), ev.InterventionOffered(E))
    s = play(s, ev.InterventionPicked(E), ev.WoundTaken(E, "rank", 4))
    s = play(s, ev.AbilityUsed(E, (C,), heal=True), ev.Healed(C, "unknown"))
    assert s.tokens[C] == ("unknown",) and s.staffed[C] == 1 and s.plain(C) == ()


# --- ⚖ B13, B22: the deal-fit refusals name whose tokens conflict -----------------------------


def test_a_token_no_deal_fits_names_the_seats_in_conflict_B13():
    s = play(given(started(), tokens={B: ("rose",), C: ("fleur",)}, fleur_shown=C))
    s = play(s, ev.Attacked(A, B), ev.InterventionPicked())
    why = refused(s, ev.WoundTaken(B, "beast"), "B13", "bb_no_deal")
    assert why.params["players"] == ("Bob", "Cid")  # Rose and Beast: only the Inquisitor, Cid
    assert "Bob and Cid" in why.text("en") and "Bob и Cid" in why.text("ru")
    many = given(started(), tokens={p: ("rose",) for p in (C, D, E, F)})
    many = play(many, ev.Attacked(A, B), ev.InterventionPicked())
    why = refused(many, ev.WoundTaken(B, "rose"), "B13", "bb_no_deal")
    assert set(why.params["players"]) == {"Bob", "Cid", "Dee", "Eve", "Fay"}
    assert why.params["players"][0] == "Bob"  # the wounded player first


def test_a_character_that_leaves_no_deal_names_the_seats_in_conflict_B22():
    s = captured(tokens={C: ("beast", "7"), D: ("fleur",)}, fleur_shown=D)
    why = refused(s, ev.CharacterKeyed(A, "inquisitor", 0), "B22", "bb_no_deal_left")
    assert "Dee" in why.params["players"] and "Dee" in why.text("en")
    why = refused(s, ev.CharacterKeyed(A, "beast", 7), "B22", "bb_no_deal_left")
    assert why.params["players"] == ("Ann", "Cid")


# --- B12: the intervener's fleur cross; B16: a token keyed at the capture ----------------------


def test_an_intervener_keying_anothers_fleur_cross_or_a_rank_both_hold_is_B12():
    s = given(started(), tokens={D: ("fleur",), E: ("3",), F: ("3",)}, fleur_shown=D)
    s = play(s, ev.Attacked(A, B), ev.InterventionOffered(C), ev.InterventionPicked(C))
    refused(s, ev.WoundTaken(C, "fleur"), "B12", "bb_intervener_rank")  # not "Dee's" (B13)
    refused(s, ev.WoundTaken(C, "rank", 3), "B12", "bb_intervener_rank")
    assert wound(s, C, "rank", 4).tokens[C] == ("4",)
    own = play(started(), ev.Attacked(A, B), ev.InterventionOffered(C))
    own = play(own, ev.InterventionPicked(C))
    assert wound(own, C, "fleur").fleur_shown == C  # the Inquisitor intervening: his own


def test_a_token_keyed_at_the_capture_answers_B16():
    s = play(given(started(), tokens={B: ("rose", "rose", "1")}), ev.Attacked(A, B))
    s = play(s, ev.InterventionPicked())
    seen = steps.step_view(s)
    refusals = {c.key: c.refusal for c in seen.choices}
    assert refusals["1"] == refusals["7"] == Words("bb.capture.enter")  # a rank key
    text = Words("bb.capture.enter").text("en")
    assert "(B16)" in text and "B22" not in text and "(B16)" in Words("bb.capture.enter").text("ru")


# --- B27: the Berserker's and the Alchemist's target, named or not ----------------------------


def test_the_berserker_names_his_attacker_or_nobody_another_is_refused_B27():
    s = play(started(), ev.Attacked(A, B), ev.InterventionPicked(), ev.WoundTaken(B, "rank", 7))
    refused(s, ev.AbilityUsed(B, (C,)), "B27", "bb_own_target")
    assert play(s, ev.AbilityUsed(B, (A,))).wounds[0].seat == A
    assert play(s, ev.AbilityUsed(B)).wounds[0].seat == A
    used = steps.step_view(s).choices[0].event
    assert used == ev.AbilityUsed(B, (A,))  # the screen's entry names him


def test_the_alchemist_names_his_player_or_nobody_another_is_refused_B27():
    s = play(started(), ev.Attacked(A, B), ev.InterventionOffered(C), ev.InterventionPicked(C))
    s = wound(s, C, "rank", 4)
    refused(s, ev.AbilityUsed(C, (D,)), "B27", "bb_own_target")
    refused(s, ev.AbilityUsed(C, (A,), heal=True), "B27", "bb_own_target")
    assert play(s, ev.AbilityUsed(C, (B,))).wounds[0].seat == B
    events = [c.event for c in steps.step_view(s).choices]
    assert ev.AbilityUsed(C, (B,)) in events and ev.AbilityUsed(C, (B,), heal=True) in events


def test_the_script_s_use_carries_the_berserker_s_and_the_alchemist_s_target_B27():
    reader = script.ScriptReader(GAME)
    at = State(players=("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"), step="ability")
    assert reader.event("use Bob Ann", at, 9) == ev.AbilityUsed(1, (0,))
    assert reader.event("use Cid wound Bob", at, 9) == ev.AbilityUsed(2, (1,))
    assert reader.event("use Cid heal Bob", at, 9) == ev.AbilityUsed(2, (1,), heal=True)
    assert reader.event("use Cid heal", at, 9) == ev.AbilityUsed(2, heal=True)


# --- the step texts: the third wound, a forced rank token, nobody to offer, the curses ----------


def body_keys(s: State) -> list[str]:
    return [b.key for b in steps.step_view(s).body if isinstance(b, Words)]


def test_the_third_wound_names_a_sword_only_to_its_holder_B18():
    plain = play(given(started(), tokens={B: ("rose", "rose")}), ev.Attacked(A, B))
    plain = play(plain, ev.InterventionPicked())
    assert "bb.wound.third" not in body_keys(plain)  # no Sword: nothing goes back
    sword = given(started(), tokens={B: ("rose", "rose")}, cards={B: (SWORD,), C: (SHIELD,)})
    sword = play(dataclasses.replace(sword, swords=((B, C),)), ev.Attacked(A, B))
    sword = play(sword, ev.InterventionPicked())
    (third,) = [b for b in steps.step_view(sword).body if getattr(b, "key", "") == "bb.wound.third"]
    assert third.text("en") == (
        "This is Bob's third wound: Bob's Sword goes back to the box with Cid's Shield (B18)."
    )
    assert "Cid" in third.text("ru")


def test_a_forced_rank_token_is_no_choice_and_cites_its_own_rule_B12_B2():
    s = play(started(), ev.Attacked(A, B), ev.InterventionOffered(C), ev.InterventionPicked(C))
    texts = [b.text("en") for b in steps.step_view(s).body if isinstance(b, Words)]
    assert "bb.wound.count" not in body_keys(s) and not any("choice" in t for t in texts)
    assert any("(B12)" in t for t in texts) and not any("B2)" in t for t in texts)
    mentalist = play(started(), ev.Attacked(A, B), ev.InterventionPicked())
    mentalist = play(mentalist, ev.WoundTaken(B, "rank", 5), ev.AbilityUsed(B, (D,)))
    texts = [b.text("en") for b in steps.step_view(mentalist).body if isinstance(b, Words)]
    assert any("(B2)" in t for t in texts) and not any("B12" in t for t in texts)
    assert not any("choice" in t for t in texts)
    free = play(started(), ev.Attacked(A, B), ev.InterventionPicked())
    assert "bb.wound.count" in body_keys(free)  # his choice (B13)


def test_with_nobody_to_offer_the_voice_and_the_record_say_so_B12():
    shown = {p: (str(p),) for p in (C, D, E, F, G)}
    s = given(started(), tokens=shown)
    after = rules.apply(s, ev.Attacked(A, B))
    (line,) = narration.event_lines(s, ev.Attacked(A, B), after)
    assert prompt(line.prompt_id, "en", **line.params) == (
        "Ann attacks Bob. Everyone else shows a rank token: nobody may intervene."
    )
    assert prompt(line.prompt_id, "ru", **line.params)
    said = [w.text("en") for w in story.aftermath(s, ev.Attacked(A, B), after)]
    assert "Everyone else shows a rank token: nobody may intervene for Bob." in said


def test_the_inquisitor_is_told_to_decline_only_where_the_screen_takes_it_B19_B20():
    s = play(started(9), ev.Attacked(A, B), ev.InterventionPicked(), ev.WoundTaken(B, "fleur"))
    (line,) = narration.step_lines(s)
    for lang in ("en", "ru"):
        assert "decline" not in prompt(line.prompt_id, lang, **line.params).lower()
    public_keys = steps.step_view(s).public[2]
    assert "kept in the supply" in public_keys.text("en")
