"""``narrator play`` with a Blood Bound script (issue 20, item 4): the 9-player example plays to
the Inquisitor stealing the win (B26), every verb reads as documented, and a bad line is
refused naming its line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from narrator.games import registry
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import script
from narrator.games.blood_bound.game import GAME
from narrator.games.blood_bound.state import State
from narrator.games.common.script import ScriptError
from narrator.journal import Journal
from narrator.play import play_script

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "examples" / "blood-bound-nine-players.txt").read_text(encoding="utf-8")
HEAD = ["game blood_bound", "players Ann Bob Cid Dan Eve Fay Gus", "seed 5"]
START = [*HEAD, "first-dagger picked", "deal", "clues", "dagger Ann"]


@pytest.fixture(autouse=True)
def _registered():
    """Until the game is offered (registry.py), the tests register it themselves."""
    mine = GAME.name not in registry.names()
    if mine:
        registry.register(GAME.name, "narrator.games.blood_bound.game", GAME.words_dir)
    yield
    if mine:
        registry.unregister(GAME.name)


def play(lines: list[str], journal: Path | None = None) -> tuple[int, str]:
    out = io.StringIO()
    return play_script(lines, out, journal), out.getvalue()


def journal_of(folder: Path) -> Journal:
    (path,) = folder.glob("*.jsonl")
    return Journal.open(path)


def test_the_example_plays_to_the_inquisitor_stealing_the_win_B26(tmp_path):
    code, out = play(EXAMPLE.splitlines(), tmp_path)
    assert code == 0, out
    assert out.splitlines()[-1].endswith(
        "Dan, the Inquisitor, wins alone: the True Curse is on Ann, who leads the victorious "
        "Beast (B26)."
    )
    state = journal_of(tmp_path).state
    assert (state.winner, state.reason) == ("inquisitor", "true_curse")
    assert state.true_curse == 0 and not state.curse_mismatch


def test_the_example_shows_what_issue_20_asks_for(tmp_path):
    """Passes, an intervention, a Berserker's ability, a Guardian's Shield, the curses given,
    a capture and every character keyed (B10, B12, B17, B19, B22)."""
    play(EXAMPLE.splitlines(), tmp_path)
    events = journal_of(tmp_path).events
    kinds = [type(e) for e in events]
    assert ev.DaggerPassed in kinds and ev.CursesGiven in kinds and ev.CaptureKeyed in kinds
    assert any(isinstance(e, ev.InterventionPicked) and e.seat is not None for e in events)
    assert ev.AbilityUsed(2) in events  # Carl, the Berserker (B2, B27)
    assert ev.AbilityUsed(5, (7,)) in events  # Fay, the Guardian: Hal's Shield
    assert kinds.count(ev.CharacterKeyed) == 9 and kinds.count(ev.CurseFlipped) == 3


@pytest.mark.parametrize(
    "line, said",
    [
        ("pass Bob Cid", "Bob does not hold the dagger: Ann does (B10)"),
        ("pass Ann Ann", "Ann passes the dagger to another player (B10)"),
        ("attack Ann Zed", "There is no player called Zed"),
        ("attack Ann 9", "There is no seat 9: seats go from 1 to 7 (B11)"),
        ("wound Ann rose", "Not now: the game waits for"),
        ("offer Ann", "Not now: the game waits for"),
        ("jump Ann", "There is no entry jump"),
        ("pass Ann Bob Cid", "pass takes 2 words"),
    ],
)
def test_a_refused_line_is_named_by_its_number_B10(tmp_path, capsys, line, said):
    code, _ = play([*START, line], tmp_path)
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"line {len(START) + 1}: {line}\nrefused: ")
    assert said in err
    assert len(journal_of(tmp_path).events) == 4  # nothing of it entered


@pytest.mark.parametrize(
    "setting, said",
    [
        ("curse-cards lots", "curse-cards must be by-count or one-each"),
        ("clans red-blue", "clans must be rose-beast or gargoyle-phoenix"),
        ("curse-to-self maybe", "curse-to-self must be no or yes"),
    ],
)
def test_a_bad_ruling_is_refused_as_the_setup_form_would(capsys, setting, said):
    code, _ = play([*HEAD, setting, "deal"])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"line 4: {setting}\nrefused: ") and said in err


def test_the_rulings_are_read_B1_B7_B9_B17_B19(tmp_path):
    settings = [
        "clans gargoyle-phoenix",
        "curse-cards one-each",
        "first-dagger picked",
        "abilities attack_wounds",
        "curse-to-self yes",
    ]
    play([*HEAD, *settings, "deal"], tmp_path)
    created = journal_of(tmp_path).events[0]
    assert created.options == ev.Options(
        "gargoyle_phoenix", "one_each", "picked", "attack_wounds", True
    )
    assert (
        created.players == ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus") and created.seed == 5
    )


def test_dagger_draw_is_the_app_s_draw_B9(tmp_path):
    play([*HEAD, "deal", "clues", "dagger draw"], tmp_path)
    events = journal_of(tmp_path).events
    before = GAME.initial()
    for e in events[:-1]:
        before = GAME.apply(before, e)
    assert events[-1].drawn and events[-1] == GAME.app_move(before, 3)


def entered(tmp_path, lines: list[str]) -> list:
    code, out = play([*START, *lines], tmp_path)
    assert code == 1, out  # the script ends before the game
    return journal_of(tmp_path).events[4:]


def test_a_pass_or_attack_of_one_name_is_the_dagger_holder_s_B10(tmp_path):
    made = entered(tmp_path, ["pass Bob", "attack 2 3", "offer Dan Eve", "offer Dan"])
    assert made == [
        ev.DaggerPassed(0, 1),
        ev.Attacked(1, 2),
        ev.InterventionOffered(3),
        ev.InterventionOffered(4),
        ev.InterventionOffered(3),  # B12: keyed again, taken back
    ]


def test_the_alchemist_heals_the_player_he_intervened_for_B14(tmp_path):
    lines = [
        "attack Ann Bob",
        "pick none",
        "wound Bob unknown",
        "pass Bob Ann",
        "attack Ann Bob",
        "offer Cid",
        "pick Cid",
        "wound Cid 4",  # the Alchemist
        "use Cid heal",
        "heal Bob unknown",
    ]
    made = entered(tmp_path, lines)
    assert made[-2:] == [ev.AbilityUsed(2, heal=True), ev.Healed(1, "unknown")]
    assert journal_of(tmp_path).state.tokens[1] == ()


def test_the_alchemist_s_wound_and_a_decline_read_B14_B17(tmp_path):
    lines = ["attack Ann Bob", "offer Cid", "pick Cid", "wound Cid 4", "use Cid wound"]
    assert entered(tmp_path, lines)[-1] == ev.AbilityUsed(2, heal=False)
    lines = ["attack Ann Bob", "offer Cid", "pick Cid", "wound Cid 4", "decline Cid"]
    assert entered(tmp_path / "2", lines)[-1] == ev.AbilityDeclined(2, no_effect=False)


def test_decline_of_an_ability_that_can_do_nothing_is_journaled_no_effect_B28(tmp_path):
    lines = ["attack Ann Bob", "pick none", "wound Bob 4", "decline Bob"]  # not an intervention
    assert entered(tmp_path, lines)[-1] == ev.AbilityDeclined(1, no_effect=True)


def at(step: str) -> State:
    return State(players=("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"), step=step)


@pytest.mark.parametrize(
    "step, line, event",
    [
        ("capture", "capture Bob by Eve", ev.CaptureKeyed(1, 4)),
        ("capture", "capture 2 5", ev.CaptureKeyed(1, 4)),
        ("characters", "character Bob rose 3", ev.CharacterKeyed(1, "rose", 3)),
        ("characters", "character Bob phoenix 3", ev.CharacterKeyed(1, "beast", 3)),
        ("characters", "character Dan inquisitor", ev.CharacterKeyed(3, "inquisitor")),
        ("flips", "flip Ann TRUE", ev.CurseFlipped(0, True)),
        ("ability", "curses Dan true Bob false Ann Cid", ev.CursesGiven(3, (1, 0, 2), 1)),
        ("wound", "wound Bob gargoyle", ev.WoundTaken(1, "rose")),
        ("wound", "wound Bob fleur", ev.WoundTaken(1, "fleur")),
        ("ability", "use Ann Bob Cid", ev.AbilityUsed(0, (1, 2))),
        ("clues", '{"type": "clues_shown"}', ev.CluesShown()),
    ],
)
def test_each_verb_reads_as_documented_B19_B22_B26(step, line, event):
    """Read against a state at the verb's step (the rules judge it when it is entered)."""
    assert script.ScriptReader(GAME).event(line, at(step), 9) == event


@pytest.mark.parametrize(
    "step, line, said",
    [
        ("ability", "curses Dan Bob Ann Cid", "curses SEAT true SEAT false SEAT"),
        ("wound", "wound Bob red", "wound must be rose, beast, unknown, fleur or 1–9"),
        ("flips", "flip Ann maybe", "flip must be true or false"),
        ("characters", "character Bob rose", "character takes 3 words"),
    ],
)
def test_a_verb_s_bad_words_are_refused_in_words(step, line, said):
    state = at(step)
    with pytest.raises(ScriptError) as caught:
        script.ScriptReader(GAME).event(line, state, 9)
    assert said in str(caught.value)


def test_the_script_s_doc_names_every_verb_and_setting():
    doc = script.__doc__ or ""
    for word in (*script.SETTINGS, *script.VERBS):
        assert f"    {word} " in doc, word
