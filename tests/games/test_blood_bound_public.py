"""What anyone at a Blood Bound table may see (``public.public_view``): each seat's tokens by
kind, wounds out of 4, ability cards and a curse held (B14), the dagger and the seat that acts,
the supply and the box (B6, B20, B28, B30), the clans' names (B1), the end (B22–B26), worded
in en and ru; and the secrecy audit: where the True Curse went changes nothing any public
screen shows before the end (B19, B21)."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from pathlib import Path

import pytest

from narrator.display.feed import encode, page
from narrator.display.server import TableDisplay
from narrator.display.tracking import cell_text
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import public, rules
from narrator.games.blood_bound.events import Options
from narrator.games.blood_bound.game import BloodBoundGame
from narrator.games.blood_bound.state import CURSE, FAN, QUILL, SHIELD, STAFF, SWORD, State
from narrator.games.blood_bound.steps import step_view
from narrator.games.shell_data import PublicView
from narrator.prompts import worded
from tests.display.browser import CHROMIUM, Browser
from tests.games.test_blood_bound_end import DEAL, captured, key
from tests.games.test_blood_bound_rules import NAMES, _words, given, play, started

__all__ = ["_words"]  # the words fixture, used here too
A, B, C, D, E, F, G = range(7)
UI = Path(public.__file__).parent / "words" / "ui"
LANGS = ("en", "ru")


def view(s: State) -> PublicView:
    return public.public_view("Blood Bound", s)


def shown(s: State, lang: str = "en") -> dict:
    """The page every public screen draws (``feed.page``): the view worded."""
    return page("blood_bound", view(s), lang)


def cells(s: State, p: int, lang: str = "en") -> list[str]:
    """A seat's cells as the tracker writes them: "Wounds 2/4", "Rose 1", "2 Assassin"."""
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


def told(s: State, lang: str = "en") -> str:
    return "\n".join(shown(s, lang)["extra"].get("told", ()))


def lines(s: State, lang: str = "en") -> str:
    return "\n".join(shown(s, lang)["lines"])


# --- each seat (B14) ---------------------------------------------------------------------


def test_b14_tokens_by_kind_and_wounds_out_of_4():
    s = given(
        started(9),
        tokens={
            A: ("rose", "rose", "1"),
            B: ("beast", "unknown", "7"),
            C: ("unknown", "unknown", "2"),
            D: ("fleur", "beast"),
        },
        fleur_shown=D,
    )
    assert cells(s, A) == ["Wounds 3/4", "Rose 2", "1 Elder"]
    assert cells(s, B) == ["Wounds 3/4", "Beast 1", "Unknown 1", "7 Berserker"]
    assert cells(s, C) == ["Wounds 3/4", "Unknown 2", "2 Assassin"]  # a rank names its character
    assert cells(s, D) == ["Wounds 2/4", "Beast 1", "fleur cross"]
    assert cells(s, E) == ["Wounds 0/4"]
    assert "Inquisitor" in marks(s, D)  # B11: known for good once shown
    assert cells(s, C, "ru") == ["Раны 3/4", "«Неизвестный» 2", "2 Убийца"]


def test_b11_the_inquisitor_stays_known_after_a_heal():
    s = given(started(), tokens={D: ()}, fleur_shown=D)
    assert "Inquisitor" in marks(s, D) and "Inquisitor" in lines(s)
    assert cells(s, D) == ["Wounds 0/4"]


def test_b3_ability_cards_and_a_curse_held_never_which():
    s = given(
        started(),
        cards={A: (SHIELD, STAFF, STAFF, QUILL), B: (SWORD, FAN, CURSE)},
        curses_given=True,
        true_curse=B,
    )
    assert cells(s, A) == ["Wounds 0/4", "Shield", "Staff 2", "Quill"]
    assert cells(s, B) == ["Wounds 0/4", "Sword", "Fan", "holds a curse"]
    assert cells(s, B, "ru")[-1] == "карта проклятия"
    assert "True Curse" not in str(shown(s)) and "Истинное" not in str(shown(s, "ru"))


def test_b1_clan_names_follow_the_options_gargoyle_phoenix():
    s = given(started(clans="gargoyle_phoenix"), tokens={A: ("rose",), B: ("beast",)})
    assert cells(s, A)[1:] == ["Gargoyle 1"] and cells(s, B)[1:] == ["Phoenix 1"]
    assert cells(s, A, "ru")[1:] == ["Горгулья 1"] and cells(s, B, "ru")[1:] == ["Феникс 1"]
    rose = given(started(), tokens={A: ("rose",)})
    assert cells(rose, A)[1:] == ["Rose 1"]


def test_b1_the_deal_screen_names_the_tables_clans():
    """The deal's screen and the form's note said "Rose and Beast" to a Gargoyle and Phoenix
    table (issue 27)."""
    created = ev.GameCreated(NAMES[:9], Options(clans="gargoyle_phoenix"), seed=5)
    (characters, *_) = step_view(play(State(), created)).body
    assert worded(characters, "en").startswith("Take 4 Gargoyle and 4 Phoenix character")
    assert "клана «Горгулья» — 4, клана «Феникс» — 4" in worded(characters, "ru")
    note = BloodBoundGame().setup_note(9, {"clans": "gargoyle_phoenix"})
    assert worded(note, "en").startswith("4 Gargoyle and 4 Phoenix characters")
    assert worded(note, "ru").startswith("Горгулья: 4 персонажа, Феникс: 4 персонажа")


# --- the dagger and whose turn it is -------------------------------------------------------


def test_b10_b12_b13_b17_the_seat_that_acts_now():
    s = started(dagger=A)
    assert turn(s) == [A] and "dagger" in marks(s, A)  # B10: the dagger holder
    assert "Ann holds the dagger" in told(s)
    s = play(s, ev.Attacked(A, B), ev.InterventionOffered(C))
    assert turn(s) == [B]  # B12: the target picks
    assert "Ann attacks Bob (B10)." in lines(s) and "Offers to intervene: Cid" in lines(s)
    s = play(s, ev.InterventionPicked(C))
    assert turn(s) == [C] and "Cid intervenes for Bob" in lines(s)  # B13: the wounded
    s = play(s, ev.WoundTaken(C, "rank", 2))
    assert turn(s) == [C] and "dagger" in marks(s, C)  # B15, B17: the Assassin's use
    assert "2 Assassin" in told(s) and "(B17)" in told(s)
    s = play(s, ev.AbilityUsed(C, (D,)))
    assert turn(s) == [D] and "The Assassin, Cid, wounds Dee: wound 1 of 2" in told(s)


def test_b19_the_inquisitors_look_away_is_told():
    s = given(started(), tokens={B: ()})
    s = play(s, ev.Attacked(A, B), ev.InterventionPicked(), ev.WoundTaken(B, "fleur"))
    assert s.step == "ability" and turn(s) == [B]
    assert "Everyone but the Inquisitor, look away (B19)" in told(s)
    assert "Curse cards 2" in piles(s)["Supply"]  # B7: 7 players, 1 True + 1 False
    s = play(s, ev.CursesGiven(B, (C, D), true_curse=D))
    assert "Curse cards 2" not in piles(s)["Supply"]  # B20: given
    assert cells(s, C)[-1] == cells(s, D)[-1] == "holds a curse"


# --- the table's piles -------------------------------------------------------------------


def test_b28_b30_the_supply_and_the_box():
    s = given(started(), tokens={A: ("2",), B: ("2", "fleur")}, cards={A: (SHIELD, STAFF)})
    supply, box = piles(s)["Supply"], piles(s)["Box"]
    assert supply[0].startswith("Rank tokens: 1×2, 3×2")  # both 2s out (B13)
    assert "fleur cross" not in supply and "Curse cards 2" in supply
    assert "Unknown 20" in supply  # the box's count, not "20/20" (issue 27)
    assert box == ["Shield 3", "Sword 2", "Fan 4", "Staff 5", "Quill 2"]
    many = given(started(11), tokens={p: ("unknown",) * 2 for p in range(11)})
    assert "Unknown 0" in piles(many)["Supply"] and "Stand-ins 2" in piles(many)["Supply"]
    assert "«Неизвестный» 0" in piles(many, "ru")["Запас"]


# --- the end (B22–B26) -------------------------------------------------------------------


def test_b22_b26_the_end_told_the_true_curse_only_then():
    s = captured(cards={C: (CURSE,), D: (CURSE,)}, curses_given=True, true_curse=C)
    assert "Bob is captured by Ann (B22)." in lines(s) and "captured" in marks(s, B)
    s = key(s, DEAL)
    assert s.step == "flips" and turn(s) == [C]  # B26: in seat order
    assert "Victorious clan: Beast (B25)." in lines(s)
    assert "Rose leader: Bob, 1 Elder (B23)." in lines(s)
    assert "Cid" in told(s) and "True Curse" not in str(shown(s))
    s = play(s, ev.CurseFlipped(C, False), ev.CurseFlipped(D, True))  # the cards decide
    assert s.step == "end"
    page_en = shown(s)
    assert page_en["step"] == "Beast wins"
    assert "Ann captured Bob, the rival clan's leader: Beast wins (B25)." in page_en["lines"]
    assert "Curses flipped: Cid: False Curse and Dee: True Curse (B26)." in page_en["lines"]
    assert "The privacy screen had given the True Curse to Cid" in lines(s)  # only now
    assert "wins" in marks(s, C) and "leader" in marks(s, C) and "Beast 2 · Assassin" in marks(s, C)
    assert shown(s, "ru")["step"] == "Побеждает клан «Зверь»"


def test_b24_the_inquisitor_captured_wins_alone():
    s = captured(tokens={B: ("rose", "beast", "fleur")}, fleur_shown=B)
    s = key(s, DEAL | {B: ("inquisitor", 0), G: ("rose", 1)})
    assert s.step == "end" and s.winner == "inquisitor"
    assert shown(s)["step"] == "The Inquisitor wins"
    assert "Bob, the Inquisitor, was captured and wins alone (B24)." in lines(s)


# --- the secrecy audit (B19, B21) ----------------------------------------------------------


def pages(s: State, langs: tuple[str, ...] = LANGS) -> tuple[bytes, ...]:
    return tuple(encode(page("blood_bound", view(s), lang)) for lang in langs)


def seen(s: State) -> PublicView:
    """The view as compared: its one worded part (the marks, joined) in English. Every page is
    drawn from the view alone (``feed.page``): equal views, equal screens."""
    v = view(s)
    seats = tuple(
        dataclasses.replace(seat, marks=tuple(worded(m, "en") for m in seat.marks))
        for seat in v.seats
    )
    return dataclasses.replace(v, seats=seats)


def leaks(s: State) -> bool:
    """Would any public screen change if the True Curse had gone to another holder?"""
    shown = seen(s)
    others = [h for h in s.curse_holders if h != s.true_curse]
    return any(seen(dataclasses.replace(s, true_curse=h)) != shown for h in others)


def random_game(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    s = rules.apply(State(), ev.GameCreated(NAMES[:count], seed=seed))
    states = [s]
    while moves := rules.legal_moves(s):
        s = rules.apply(s, rng.choice(moves))
        states.append(s)
    return states


@pytest.mark.parametrize("count", [7, 9, 11])
def test_b19_b21_where_the_true_curse_went_shows_nowhere_before_the_end(count):
    games = 0
    for seed in range(8):
        states = random_game(count, seed)
        if not states[-1].curses_given:
            continue
        games += 1
        for i, s in enumerate(states):
            shown = pages(s) if i % 7 == 0 or s.step == "end" else ()  # worded in en and ru
            if s.step != "end" and s.true_curse is not None:
                assert not leaks(s), (seed, s.step)
                other = next(h for h in s.curse_holders if h != s.true_curse)
                if shown:  # the page's bytes themselves (feed.page), now and then
                    assert pages(dataclasses.replace(s, true_curse=other)) == shown
        if games == 2:
            break
    assert games == 2  # two games in which the curses were given


def test_the_audit_catches_a_view_that_shows_the_true_curse(monkeypatch):
    s = given(started(), cards={C: (CURSE,), D: (CURSE,)}, curses_given=True, true_curse=C)
    assert not leaks(s)
    seat_cells = public.seat_cells

    def broken(s: State, p: int):
        return seat_cells(s, p)[:-1] if p == s.true_curse else seat_cells(s, p)

    monkeypatch.setattr(public, "seat_cells", broken)
    assert leaks(s)


# --- the words -----------------------------------------------------------------------------


def ids(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}

    def flat(table: dict, prefix: str) -> None:
        for k, v in table.items():
            flat(v, f"{prefix}{k}.") if isinstance(v, dict) else out.setdefault(prefix + k, v)

    for name in ("table", "display"):
        flat(tomllib.loads((UI / lang / f"{name}.toml").read_text("utf-8")), "")
    return out


def test_every_table_and_display_id_in_english_and_russian_with_its_placeholders():
    import string

    fields = {
        lang: {
            k: {f for _, f, _, _ in string.Formatter().parse(v) if f} for k, v in ids(lang).items()
        }
        for lang in LANGS
    }
    assert fields["en"] == fields["ru"]
    assert all(k.startswith(("bb.table.", "bb.display.")) for k in fields["en"])
    for k in fields["en"]:
        if k.startswith("bb.display.step."):
            assert worded(public.Words(k), "ru")


# --- the page in a browser -----------------------------------------------------------------


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test installs it)")
async def test_the_page_tells_the_moment_with_no_layout_of_its_own():
    """Blood Bound has no display.js: the page draws its told sentences as the terminal does."""
    s = play(started(dagger=A), ev.Attacked(A, B), ev.InterventionOffered(C))
    display = TableDisplay(lan=False, layout=lambda name: None)
    await display.start()
    try:
        display.publish(page("blood_bound", view(s), "en"))
        async with Browser() as browser:
            tab = await browser.open(display.url)

            async def drawn() -> bool:
                return "Who offers to intervene?" in (await tab.text("#extra") or "")

            await tab.wait(drawn)
            lines_shown = await tab.text("#lines")
    finally:
        await display.stop()
    assert "Ann attacks Bob (B10)." in lines_shown
