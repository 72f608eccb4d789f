"""Blood Bound's voice (issue 20): every step and entry has its lines, in English and Russian,
with every placeholder filled and names as typed (the nominative); the end's moments held
until Enter; and nothing said depends on where the True Curse went before the flips (B19,
B21, B26)."""

from __future__ import annotations

import dataclasses
import random
import re
import tomllib
from pathlib import Path

import pytest

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import keys, narration, rules
from narrator.games.blood_bound.events import Options
from narrator.games.blood_bound.state import CURSE, FAN, QUILL, SHIELD, STAFF, State
from narrator.games.shell_data import Announcement, Line
from narrator.prompts import prompt, worded, words
from tests.games.test_blood_bound_end import DEAL, captured, curses, key
from tests.games.test_blood_bound_rules import (
    NAMES,
    WORDS,
    _words,
    attacked_b,
    given,
    play,
    started,
    wound,
)

__all__ = ["_words"]  # the words fixture, used here too
A, B, C, D, E, F, G = range(7)
LANGS = ("en", "ru")


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


# --- the catalogues --------------------------------------------------------------------------


def test_the_two_catalogues_hold_the_same_ids_and_placeholders():
    tables = [tomllib.loads((WORDS / f"{lang}.toml").read_text()) for lang in LANGS]
    assert set(tables[0]) == set(tables[1])
    assert all(k.startswith("bb_") for k in tables[0])
    for lang in ("en", "ru"):
        shown = tomllib.loads((WORDS / "ui" / lang / "moments.toml").read_text())
        assert set(shown["announce"]["kind"]) == {"bb_capture", "bb_end", "bb_curses"}


def test_every_line_of_the_catalogue_is_said_somewhere():
    """No line is left unsaid: the ids the voice names (and the privacy screen's look-away)."""
    source = Path(narration.__file__).read_text()
    named = set(re.findall(r'"(bb_[a-z_]+)"', source)) | {"bb_look_away"}  # private_view
    named |= {f"bb_ability_{rank}" for rank in narration.RANK_IDS}
    named |= {f"bb_used_{rank}" for rank in narration.RANK_IDS[1:]}  # the curses: their own
    named |= {f"bb_victory_{why}" for why in ("rival_leader_captured", "rival_leader_missed")}
    named.add("bb_victory_inquisitor_captor")
    catalogue = set(tomllib.loads((WORDS / "en.toml").read_text()))
    assert catalogue == named - {"bb_end", "bb_curses"}  # the moments' kinds


# --- setup (B5–B9) ---------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "clan", "false"), [(7, 3, 1), (9, 4, 2), (11, 5, 3)])
def test_the_deal_names_the_characters_and_the_curses_B5_B6_B7(n, clan, false):
    s = play(State(), ev.GameCreated(NAMES[:n]))
    (line,) = both(narration.step_lines(s))
    assert f"take {clan} Rose and {clan} Beast character cards" in line
    assert f"the curse cards: 1 True and {false} False" in line
    assert "fleur cross" in line
    ru = said(narration.step_lines(s), "ru")[0]
    assert f"клана «Роза» — {clan}" in ru and f"проклятия и {false} карт" in ru  # карта, карты


def test_the_clans_follow_the_table_s_names_B1():
    s = play(State(), ev.GameCreated(NAMES[:7], Options(clans="gargoyle_phoenix")))
    assert "3 Gargoyle and 3 Phoenix" in both(narration.step_lines(s))[0]
    t = attacked_b(started(clans="gargoyle_phoenix"))
    _, lines = event(t, ev.WoundTaken(B, "rose"))
    assert lines[0] == "Bob takes a Gargoyle token: 1 wound."
    assert event(t, ev.WoundTaken(B, "beast"), "ru")[1][0] == "Bob берёт жетон «Феникс»: 1 рана."


def test_the_clue_step_B8():
    s = play(State(), ev.GameCreated(NAMES[:7]), ev.CardsDealt())
    assert both(narration.step_lines(s)) == [
        "Everyone, cover your card but the clue icon and show it to the player on your left."
    ]


@pytest.mark.parametrize(
    ("how", "line"),
    [("drawn", "The app draws the first dagger holder."), ("picked", "Choose the first")],
)
def test_who_starts_and_who_takes_the_dagger_B9(how, line):
    s = play(State(), ev.GameCreated(NAMES[:7], Options(first_dagger=how)), ev.CardsDealt())
    s = play(s, ev.CluesShown())
    assert line in both(narration.step_lines(s))[0]
    after, lines = event(s, ev.DaggerGiven(E, drawn=how == "drawn"))
    assert lines == ["Eve takes the dagger."]
    assert both(narration.step_lines(after)) == ["Eve holds the dagger: pass it or attack."]


# --- the dagger's turn and interventions (B10–B12, B3) ---------------------------------------


def test_the_turn_and_a_pass_B10():
    s = started()
    assert both(narration.step_lines(s)) == ["Ann holds the dagger: pass it or attack."]
    assert said(narration.step_lines(s), "ru") == ["Ann, кинжал у вас: передайте его или атакуйте."]
    after, lines = event(s, ev.DaggerPassed(A, E))
    assert lines == ["Ann passes the dagger to Eve."]
    assert narration.again_lines(after) == narration.step_lines(after)  # Eve's turn now


def test_an_attack_asks_who_intervenes_then_offers_and_the_pick_B12():
    s, lines = event(started(), ev.Attacked(A, B))
    assert lines == ["Ann attacks Bob: who offers to intervene?"]
    assert narration.step_lines(s) == []  # said by the attack, once
    s, lines = event(s, ev.InterventionOffered(C))
    assert lines == ["Cid offers to intervene for Bob."]
    s, _ = event(s, ev.InterventionOffered(D))
    assert both(narration.again_lines(s)) == [  # an undo, a resume: the window again
        "Ann attacks Bob: who offers to intervene?",
        "Offered to intervene: Cid and Dee.",
    ]
    s, lines = event(s, ev.InterventionOffered(D))
    assert lines == ["Dee takes back the offer to intervene for Bob."]
    t, lines = event(s, ev.InterventionPicked(C))
    assert lines == ["Cid intervenes for Bob and suffers the wound."]
    assert both(narration.step_lines(t)) == ["Cid suffers the wound and takes the rank token."]
    t, lines = event(s, ev.InterventionPicked(None))
    assert lines == ["Nobody intervenes: Bob takes the wound."]
    assert both(narration.step_lines(t)) == ["Bob suffers a wound: take a token, face up."]


def test_a_fan_holder_attacked_nobody_may_intervene_B3():
    s = given(started(), cards={B: (FAN,)})
    after, lines = event(s, ev.Attacked(A, B))
    assert lines == ["Ann attacks Bob. Bob holds a Fan: nobody may intervene."]
    assert after.step == "wound"


# --- wounds (B13–B18, B30) --------------------------------------------------------------------


def test_each_token_says_its_kind_and_the_wound_count_and_the_dagger_B13_B15():
    s = attacked_b(given(started(), tokens={B: ("rose",)}))
    _, lines = event(s, ev.WoundTaken(B, "rose"))
    assert lines == ["Bob takes a Rose token: 2 wounds.", "Bob takes the dagger."]
    _, lines = event(s, ev.WoundTaken(B, "unknown"))
    assert lines[0] == "Bob takes an Unknown token: 2 wounds."
    _, lines = event(s, ev.WoundTaken(B, "rank", 5), "ru")
    assert lines == ["Bob открывает ранг 5: Менталист. 2 раны.", "Кинжал берёт Bob."]
    _, lines = event(s, ev.WoundTaken(B, "rank", 5))
    assert lines[0] == "Bob shows rank 5: the Mentalist. 2 wounds."
    _, lines = event(s, ev.WoundTaken(B, "fleur"))
    assert lines[0] == "Bob shows the fleur cross: Bob is the Inquisitor. 2 wounds."


def test_an_unknown_token_beyond_twenty_is_a_stand_in_B30():
    s = started(11)
    unknown = {p: ("unknown", "unknown") for p in range(2, 11)} | {A: ("unknown",) * 2}
    s = attacked_b(given(s, tokens=unknown, cards={p: (STAFF,) for p in range(2, 8)}))
    _, lines = event(s, ev.WoundTaken(B, "unknown"))
    assert "use a stand-in" in lines[0]


def test_a_sword_goes_back_with_its_shield_at_the_third_wound_B18():
    s = wound(attacked_b(given(started(), tokens={B: ("rose", "rose")})), B, "rank", 6)
    s, lines = event(s, ev.AbilityUsed(B, (C,)))
    assert lines == ["Bob gives Cid a Shield and takes the matching Sword."]
    s = play(given(s, tokens={B: ("rose", "6")}), ev.Attacked(B, D), ev.InterventionPicked())
    s = play(s, ev.WoundTaken(D, "rose"), ev.Attacked(D, B), ev.InterventionPicked())
    _, lines = event(s, ev.WoundTaken(B, "rose"))
    assert lines[-1] == "Bob's third wound: the Sword and Cid's Shield go back to the box."


def test_a_fourth_wound_captures_B16():
    s = attacked_b(given(started(), tokens={B: ("rose", "rose", "1")}))
    assert s.step == "capture"
    assert both(narration.step_lines(s)) == [
        "Bob suffers a fourth wound: Bob is captured. The game ends."
    ]
    assert narration.step_lines(s)[0].chime == "death"


# --- abilities (B14, B17–B20, B27, B28) -------------------------------------------------------

ABILITIES = [  # rank, its question, a use and what is said of it
    (1, "Bob, the Elder: take a Quill, or decline?", ev.AbilityUsed(B), "Bob takes a Quill"),
    (2, "Bob, the Assassin: whom do you wound?", ev.AbilityUsed(B, (C,)), "Bob strikes Cid"),
    (3, "the Harlequin: whose two", ev.AbilityUsed(B, (C, D)), "cards of Cid and Dee"),
    (5, "Bob, the Mentalist: whom", ev.AbilityUsed(B, (C,)), "Bob wounds Cid: Cid takes the"),
    (6, "Bob, the Guardian: to whom", ev.AbilityUsed(B, (C,)), "Bob gives Cid a Shield"),
    (7, "do you wound Ann, who attacked you?", ev.AbilityUsed(B), "Bob wounds Ann, the attacker"),
    (8, "Bob, the Mage: take a Staff", ev.AbilityUsed(B, (C,)), "gives the other to Cid"),
    (9, "Bob, the Courtesan: to whom", ev.AbilityUsed(B, (C,)), "Bob gives Cid a Fan."),
]


@pytest.mark.parametrize(("rank", "ask", "use", "done"), ABILITIES)
def test_each_ability_asks_its_user_and_says_what_it_did_B17_B27(rank, ask, use, done):
    s = wound(attacked_b(), B, "rank", rank)
    assert s.step == "ability"
    assert ask in both(narration.step_lines(s))[0]
    assert narration.again_lines(s) == narration.step_lines(s)
    used, lines = event(s, use)
    assert done in lines[0]
    if rank == 2:  # B2, B29: two wounds, one after the other
        assert both(narration.step_lines(used)) == ["Cid suffers a wound: take a token, face up."]
        second = wound(used, C, "rose")
        assert both(narration.step_lines(second)) == [
            "Cid suffers the second wound: take a token, face up."
        ]
    _, lines = event(s, ev.AbilityDeclined(B))
    assert lines == [f"Bob, the {worded(keys.rank_name(rank), 'en')}, declines the ability."]


def test_the_alchemist_wounds_or_heals_the_player_he_intervened_for_B14():
    s = play(given(started(), tokens={B: ("rose",)}), ev.Attacked(A, B))
    s = play(s, ev.InterventionOffered(C), ev.InterventionPicked(C), ev.WoundTaken(C, "rank", 4))
    ask = both(narration.step_lines(s))[0]
    assert ask == "Cid, the Alchemist: does Bob suffer a wound, or heal one? Or decline."
    _, lines = event(s, ev.AbilityUsed(C))
    assert lines == ["Cid wounds Bob; the dagger stays."]
    heal, lines = event(s, ev.AbilityUsed(C, heal=True))
    assert lines == ["Cid heals Bob: Bob returns a token."]
    assert both(narration.step_lines(heal)) == ["Bob, return one token of your choice."]
    _, lines = event(heal, ev.Healed(B, "rose"))
    assert lines == ["Bob returns a token: Rose. 0 wounds."]


def test_an_ability_that_can_do_nothing_says_so_B28():
    s = wound(attacked_b(given(started(), cards={B: (QUILL,)})), B, "rank", 1)
    assert both(narration.step_lines(s)) == ["Bob, the Elder: the ability can do nothing now."]
    _, lines = event(s, ev.AbilityDeclined(B, no_effect=True))
    assert lines == ["Bob, the Elder: no effect."]
    shielded = wound(attacked_b(given(started(), cards={A: (SHIELD,)})), B, "rank", 7)
    assert "can do nothing" in both(narration.step_lines(shielded))[0]  # B18: his attacker


def test_the_inquisitor_looks_away_gives_the_curses_and_the_table_looks_back_B19():
    s = wound(attacked_b(started(9)), B, "fleur")
    assert both(narration.step_lines(s)) == [
        "Bob, the Inquisitor: alone at the screen, give the 3 curse cards, or keep them in the "
        "supply."  # no "Or decline" the public screen would not take: d is on the privacy one
    ]
    away = Line("bb_look_away", {"player": "Bob"})  # the privacy screen's close-eyes line
    assert both([away]) == ["Everyone but the Inquisitor, look away. Bob, take your secret step."]
    _, lines = event(s, ev.CursesGiven(B, (F, A, D), D))
    assert lines == ["Everyone, look back: Ann, Dee and Fay hold a curse card."]
    assert event(s, ev.CursesGiven(B, (F, A, D), D), "ru")[1] == [
        "Все поворачиваются обратно. Карты проклятий у игроков: Ann, Dee и Fay."
    ]


def test_the_inquisitor_declines_the_curses_stay_in_the_supply_B20():
    s = wound(attacked_b(), B, "fleur")
    _, lines = event(s, ev.AbilityDeclined(B))
    assert lines == ["Bob declines: the curses stay in the supply."]
    later = wound(attacked_b(given(started(), curses_given=True)), B, "fleur")
    assert "can do nothing" in both(narration.step_lines(later))[0]  # B28: after the gift


# --- the end, held until Enter (B22–B26) ------------------------------------------------------


def pages(s: State, e: ev.Event) -> tuple[State, list[Announcement]]:
    after = rules.apply(s, e)
    out = list(narration.announcements(s, e, after))
    for page in out:
        both(page.lines)
        for lang in LANGS:
            assert words(lang).has(f"announce.kind.{page.kind}")
            assert worded(page.detail, lang)
    return after, out


def test_the_capture_names_the_captured_and_the_captor_B22():
    s = attacked_b(given(started(), tokens={B: ("rose", "rose", "1")}))
    s, (page,) = pages(s, ev.CaptureKeyed(B, A))
    assert (page.kind, both(page.lines)) == ("bb_capture", ["Ann captures Bob."])
    assert said(page.lines, "ru") == ["В плену — Bob, пленитель — Ann."]
    assert both(narration.step_lines(s)) == ["Everyone, turn your character card face up."]


def test_the_leaders_and_the_victorious_clan_then_the_curses_and_the_winner_B23_B25_B26():
    s = key(
        given(captured(cards={C: (CURSE,), D: (CURSE,)}), curses_given=True, true_curse=C),
        {p: DEAL[p] for p in (B, C, D, E, F, G)},
    )
    s, (page,) = pages(s, ev.CharacterKeyed(A, *DEAL[A]))
    assert page.kind == "bb_end" and s.step == "flips"
    assert both(page.lines) == [
        "The Rose leader: Bob, rank 1.",
        "The Beast leader: Cid, rank 2.",
        "Ann, of the Beast clan, captured Bob, the Rose leader: the Beast clan is victorious.",
    ]
    assert both(narration.step_lines(s)) == ["Cid, flip your curse card."]
    s, lines = event(s, ev.CurseFlipped(C, True))
    assert lines == ["Cid's curse card: the True Curse.", "Dee, flip your curse card."]
    assert pages(rules.apply(curses(), ev.CurseFlipped(D, False)), ev.CurseFlipped(C, True))[1]
    _, (page,) = pages(s, ev.CurseFlipped(D, False))
    assert both(page.lines) == [
        "The True Curse is on Cid, the Beast leader: the Inquisitor, Gus, steals the win!"
    ]
    assert page.lines[-1].chime == "victory"


def test_the_true_curse_elsewhere_and_the_card_that_differs_B26():
    s = play(curses(true=D), ev.CurseFlipped(C, False))
    _, (page,) = pages(s, ev.CurseFlipped(D, True))
    assert both(page.lines) == [
        "The True Curse is Dee's, not the victorious leader's: it does nothing.",
        "The Beast clan wins!",
    ]
    s = play(curses(true=D), ev.CurseFlipped(C, True))
    _, (page,) = pages(s, ev.CurseFlipped(D, False))
    assert both(page.lines)[0].startswith("The cards differ")  # the app follows the card


def test_the_quill_and_the_inquisitor_captured_B23_B24():
    quill = {B: (QUILL,)}
    s = key(captured(cards=quill), {p: DEAL[p] for p in (B, C, D, E, F, G)})
    _, (page,) = pages(s, ev.CharacterKeyed(A, *DEAL[A]))
    assert both(page.lines)[0] == (
        "The Rose leader: Dee, rank 5, for the Elder, Bob, holds the Quill."
    )
    assert both(page.lines)[-1] == "The Rose clan wins!"  # no curse held: the winner now
    t = captured(tokens={B: ("rose", "beast", "fleur")}, fleur_shown=B)
    chars = DEAL | {B: ("inquisitor", 0), G: ("rose", 1)}
    t = key(t, {p: chars[p] for p in (B, C, D, E, F, G)})
    _, (page,) = pages(t, ev.CharacterKeyed(A, *chars[A]))
    assert both(page.lines)[-2:] == [
        "Bob, the captured player, is the Inquisitor.",
        "The Inquisitor, Bob, wins alone!",
    ]


# --- the secret: nothing said depends on the True Curse before the flips (B19, B21) -----------


def random_game(seed: int, n: int) -> list[ev.Event]:
    rng = random.Random(f"voice:{seed}")
    s = rules.apply(State(), created := ev.GameCreated(NAMES[:n], seed=seed))
    journal: list[ev.Event] = [created]
    while moves := rules.legal_moves(s):
        e = rng.choice(moves)
        s = rules.apply(s, e)
        journal.append(e)
    return journal


def spoken(events: list[ev.Event]):
    """Everything the voice says along a game, step by step, until the flips are done."""
    s = State()
    for e in events:
        after = rules.apply(s, e)
        if after.step == "end":
            return
        yield narration.event_lines(s, e, after), narration.announcements(s, e, after)
        yield narration.step_lines(after), narration.again_lines(after)
        s = after


def with_curse_elsewhere(events: list[ev.Event]) -> list[ev.Event] | None:
    out = []
    for e in events:
        if isinstance(e, ev.CursesGiven):  # keyed the True Curse's seat first (the keys)
            other = next(h for h in e.holders if h != e.true_curse)
            rest = tuple(h for h in e.holders if h != other)
            e = dataclasses.replace(e, holders=(other, *rest), true_curse=other)
        out.append(e)
    return out if out != events else None


def test_nothing_said_depends_on_the_true_curse_before_the_flips_B19_B21():
    checked = 0
    for seed in range(60):
        events = random_game(seed, (7, 9, 11)[seed % 3])
        other = with_curse_elsewhere(events)
        if other is None:
            continue
        one, two = list(spoken(events)), list(spoken(other))
        assert one == two and one
        for lines, more in one:  # and every line says itself in both languages
            for item in [*lines, *more]:
                both(item.lines if isinstance(item, Announcement) else [item])
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def names_the_true_curse(before, e, after):
    return [Line("bb_dagger_to", {"player": NAMES[e.true_curse]})]


def names_the_holders_as_given(before, e, after):  # the True Curse's seat is keyed first
    return [Line("bb_look_back", {"players": tuple(NAMES[p] for p in e.holders)})]


@pytest.mark.parametrize("tells", [names_the_true_curse, names_the_holders_as_given])
def test_a_line_that_read_the_true_curse_would_be_caught_B21(monkeypatch, tells):
    """The audit fails on a voice that tells the secret (a test that cannot fail is none)."""
    monkeypatch.setitem(narration.EVENT_LINES, ev.CursesGiven, tells)
    with pytest.raises(AssertionError):
        test_nothing_said_depends_on_the_true_curse_before_the_flips_B19_B21()
