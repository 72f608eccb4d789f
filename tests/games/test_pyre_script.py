"""``narrator play`` with a Pyre script (issue 21, item 4): the 4-player example plays to Bob's
win with an ignition, a reaction and a flip-back before it (P17, P16, P20, P21); every verb and
ruling reads as documented; a bad line is refused naming its line; the record is complete in
en and ru."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from narrator.games import registry
from narrator.games.base import fold
from narrator.games.common.script import ScriptError
from narrator.games.pyre import events as ev
from narrator.games.pyre import script
from narrator.games.pyre.game import GAME
from narrator.games.pyre.state import State
from narrator.journal import Journal
from narrator.play import play_script
from narrator.prompts import use_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "examples" / "pyre-four-players.txt").read_text(encoding="utf-8")
HEAD = ["game pyre", "players Ann Bob Cid Dan", "seed 5"]
START = [*HEAD, "first-player picked", "deal", "first Ann"]
A, B, C, D = range(4)


@pytest.fixture(autouse=True)
def _registered():
    """Until the game is offered (registry.py), the tests register it themselves."""
    mine = GAME.name not in registry.names()
    if mine:
        registry.register(GAME.name, "narrator.games.pyre.game", GAME.words_dir)
    use_game(GAME.words_dir)
    yield
    use_game(None)
    if mine:
        registry.unregister(GAME.name)


def play(lines: list[str], journal: Path | None = None) -> tuple[int, str]:
    out = io.StringIO()
    return play_script(lines, out, journal), out.getvalue()


def journal_of(folder: Path) -> Journal:
    (path,) = folder.glob("*.jsonl")
    return Journal.open(path)


def test_the_example_plays_to_bob_s_win_P21(tmp_path):
    code, out = play(EXAMPLE.splitlines(), tmp_path)
    assert code == 0, out
    assert out.splitlines()[-1] == (
        "Ann ends the turn (P7). Bob's Dominance token is active at the start of the turn: "
        "Bob wins with 10 influence (P21)."
    )
    state = journal_of(tmp_path).state
    assert state.winner == B and state.influence(B) == 10 and state.permanent[B] == 1


def test_the_example_has_an_ignition_a_reaction_and_a_flip_back_before_the_win(tmp_path):
    """Issue 21: P17, P16 and P20, each before the last entry."""
    play(EXAMPLE.splitlines(), tmp_path)
    events = journal_of(tmp_path).events
    seen = [GAME.initial()]
    for e in events:
        seen.append(GAME.apply(seen[-1], e))
    kinds = [type(e) for e in events]
    assert ev.Ignited in kinds and ev.Reacted in kinds and ev.RollChanged in kinds
    flip_backs = [
        n
        for n in range(len(events))
        if any(a and not b for a, b in zip(seen[n].active, seen[n + 1].active, strict=False))
    ]
    assert flip_backs and flip_backs[0] < len(events) - 1
    assert ev.ReactionClaimed(B) in events and ev.ReactionClaimed(C) in events  # priority


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_example_s_record_is_complete(tmp_path, lang):
    play(EXAMPLE.splitlines(), tmp_path)
    journal = journal_of(tmp_path)
    text = GAME.record(journal.state, journal.events, lang)
    rows = text.splitlines()
    timeline = rows.index("## " + ("Timeline" if lang == "en" else "Ход игры"))
    entries = [line for line in rows[timeline:] if line.startswith("- ")]
    assert len(entries) == len(journal.events) + 4  # every entry, then each player's standing
    assert rows[-1].startswith("**") and rows[-1].endswith("(P21).**")
    assert "{" not in text and "py." not in text


@pytest.mark.parametrize(
    "line, said",
    [
        ("accuse Bob 1", "No Citizen is in play: there is nobody to accuse (P11)"),
        ("exonerate 1", "The Pyre is empty (P12)"),
        ("citizen 21", "Influence is a whole number from 0 to 20, not 21 (P10)"),
        ("accuse Zed 1", "There is no player called Zed"),
        ("close", "No reaction window is open (P16)"),  # not the action step's P7
        ("claim Bob", "No reaction window is open (P16)"),  # not the action step's P7
        ("citizen -1", "Influence is a whole number from 0 to 20, not -1 (P10)"),  # as on screen
        ("flip", "Ann flips after the turn's second action, at its end (P19)"),
        ("end", "turn ends after two actions: key action 1 of 2 first (P7)"),
        ("forfeit", "Ann can still act (Draw): no forfeit (P8)"),  # only Draw is possible
        ("jump", "There is no entry jump"),
        ("citizen 4 5", "citizen takes 1 word"),
        ("move Ann 1 pyre Card", "move FROM NUMBER to TO CARD NAME"),
    ],
)
def test_a_refused_line_is_named_by_its_number(tmp_path, capsys, line, said):
    code, _ = play([*START, line], tmp_path)
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"line {len(START) + 1}: {line}\nrefused: ")
    assert said in err
    assert len(journal_of(tmp_path).events) == 3  # nothing of it entered


@pytest.mark.parametrize(
    "setting, said",
    [
        ("variant fast", "variant must be standard, quick, long or tutorial"),
        ("first-player me", "first-player must be drawn or picked"),
        ("die-roll hand", "die-roll must be app or physical"),
        ("reminder maybe", "reminder must be no or yes"),
        ("exonerated-to me", "exonerated-to must be exonerator or former-owner"),
    ],
)
def test_a_bad_ruling_is_refused_as_the_setup_form_would(capsys, setting, said):
    code, _ = play([*HEAD, setting, "deal"])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"line 4: {setting}\nrefused: ") and said in err


def test_a_shift_other_than_1_or_2_is_refused_at_the_players_line_P4(capsys):
    code, _ = play([*HEAD, "variant quick 3", "deal"])
    assert code == 2
    assert "shifts the target by 1 or 2, not 3 (P4)" in capsys.readouterr().err


def test_the_rulings_are_read_P4_P6_P7_P10_P12_P15_P19(tmp_path):
    settings = [
        "variant long 2",
        "first-player picked",
        "die 8",
        "die-roll physical",
        "exonerated-to former-owner",
        "influence-max 12",
        "reminder no",
        "turn-timer 90",
    ]
    play([*HEAD, *settings, "deal"], tmp_path)
    created = journal_of(tmp_path).events[0]
    assert created.options == ev.Options(
        "long", 2, "picked", 12, "former_owner", 8, "physical", reminder=False, turn_timer=90
    )
    assert created.players == ("Ann", "Bob", "Cid", "Dan") and created.seed == 5
    play([*HEAD, "variant tutorial", "shift 2", "deal"], tmp_path / "2")
    assert journal_of(tmp_path / "2").events[0].options == ev.Options("tutorial", 2)


def test_first_draw_roll_and_pick_are_the_app_s_own_P6_P15_P22(tmp_path):
    play([*HEAD, "deal", "first draw"], tmp_path)
    events = journal_of(tmp_path).events
    assert events[2].drawn and events[2] == GAME.app_move(fold(GAME, events[:2]), 2)
    first = events[2].seat + 1
    play([*HEAD, "deal", "first draw", "citizen 3", f"accuse {first} 1", "roll"], tmp_path / "2")
    events = journal_of(tmp_path / "2").events
    assert events[5].drawn and events[5] == GAME.app_move(fold(GAME, events[:5]), 5)
    play([*START, "hand Ann +2 Feast", "point Ann", "pick"], tmp_path / "3")
    events = journal_of(tmp_path / "3").events
    assert events[-2] == ev.HandPointedOut(A)
    assert events[-1] == GAME.app_move(fold(GAME, events[:-1]), len(events) - 1)


def entered(tmp_path, lines: list[str]) -> list:
    code, out = play([*START, *lines], tmp_path)
    assert code == 1, out  # the script ends before the game
    return journal_of(tmp_path).events[3:]


def test_a_turn_s_verbs_make_their_entries_P7_P9_P14_P16_P24(tmp_path):
    lines = [
        "citizen 4",
        "draw",
        "end",
        "accuse Ann 1",
        "roll 6",
        "claim Cid Dan",
        "claim Dan",
        "react Cid Holy Water",
        "reroll 1 Holy Water",
        "close",
        "action Witch Hunt cost 1",
        "close",
        "window Town Crier",
        "close",
        "deck empty",
        "deck refilled",
        "end",
    ]
    assert entered(tmp_path, lines) == [
        ev.CitizenPlayed(4),
        ev.Drew(),
        ev.TurnEnded(),
        ev.Accused(A, 0),
        ev.Rolled(6),
        ev.ReactionClaimed(C),
        ev.ReactionClaimed(D),
        ev.ReactionClaimed(D),  # keyed again: taken back (P16)
        ev.Reacted(C, "Holy Water"),
        ev.RollChanged(1, "Holy Water"),
        ev.WindowClosed(),
        ev.ActionCardPlayed("Witch Hunt", 1),
        ev.WindowClosed(),
        ev.WindowOpened("Town Crier"),
        ev.WindowClosed(),
        ev.DeckEmptied(),
        ev.DeckRefilled(),
        ev.TurnEnded(),
    ]


def at_action() -> State:
    """Bob's second action: Ann's council 4, 3; Bob's 5; Cid's Citizen 2 on the Pyre."""
    events = [
        ev.GameCreated(("Ann", "Bob", "Cid", "Dan")),
        ev.Dealt(),
        ev.FirstPlayer(C),
        ev.CitizenPlayed(2),
        ev.AutoSucceeded("accuse", C, "Decree", 0, owner=C),
        ev.Drew(),
        ev.TurnEnded(),
        ev.CitizenPlayed(1),
        ev.Drew(),
        ev.TurnEnded(),
        ev.CitizenPlayed(4),
        ev.CitizenPlayed(3),
        ev.TurnEnded(),
        ev.CitizenPlayed(5),
    ]
    return fold(GAME, events)


@pytest.mark.parametrize(
    "line, event",
    [
        ("move Ann 2 to pyre Thief", ev.CitizenMoved("council", "pyre", B, "Thief", A, 1)),
        ("move 1 1 to Cid Thief", ev.CitizenMoved("council", "council", B, "Thief", A, 0, C)),
        (
            "move pyre 1 to Ann by Dan Thief",
            ev.CitizenMoved("pyre", "council", D, "Thief", 0, 0, A),
        ),
        (
            "move discard 4 to pyre Grave Robber",
            ev.CitizenMoved("discard", "pyre", B, "Grave Robber", influence=4),
        ),
        ("move Bob 1 to discard Thief", ev.CitizenMoved("council", "discard", B, "Thief", B, 0)),
        ("move points Ann to pyre Thief", ev.CitizenMoved("points", "pyre", B, "Thief", A)),
        ("auto accuse Ann 2 Decree", ev.AutoSucceeded("accuse", B, "Decree", 1, owner=A)),
        ("auto exonerate 1 by Cid Pardon", ev.AutoSucceeded("exonerate", C, "Pardon", 0)),
        ("hand Dan -2 Plague", ev.HandChanged(D, -2, "Plague")),
        ("hand 4 +1 Plague", ev.HandChanged(D, 1, "Plague")),
        ("ignite Bonfire of Vanities", ev.Ignited("Bonfire of Vanities")),
        ("point Bob", ev.HandPointedOut(B)),
        ("action 'Holy Writ' cost 2", ev.ActionCardPlayed("Holy Writ", 2)),
        ("exonerate 1", ev.Exonerated(0)),
        ("forfeit", ev.Forfeited()),
        ("flip", ev.DominanceFlipped(B)),
        ('{"type": "drew"}', ev.Drew()),
    ],
)
def test_each_verb_reads_as_documented_P13_P17_P18_P22_P23(line, event):
    """Read against Bob's second action (the rules judge it when it is entered)."""
    assert script.ScriptReader(GAME).event(line, at_action(), 20) == event


def test_a_move_out_of_permanent_points_is_refused_P18():
    s = at_action()
    made = script.ScriptReader(GAME).event("move points Ann to pyre Thief", s, 20)
    with pytest.raises(Exception, match=r"permanent points cannot be lost \(P18\)"):
        GAME.apply(s, made)


@pytest.mark.parametrize(
    "line, said",
    [
        ("auto accuse Ann", "auto accuse SEAT PLACE CARD"),
        ("deck full", "deck must be empty or refilled"),
        ("hand Ann 2x Feast", "hand"),
        ("react Cid", "react takes 2 words"),
        ("action", "action … CARD NAME"),
        ("move Ann 1 to", "move FROM NUMBER to TO CARD NAME"),
    ],
)
def test_a_verb_s_bad_words_are_refused_in_words(line, said):
    with pytest.raises(ScriptError) as caught:
        script.ScriptReader(GAME).event(line, at_action(), 20)
    assert said in str(caught.value)


def test_the_script_s_doc_names_every_verb_and_setting():
    doc = script.__doc__ or ""
    for word in (*script.SETTINGS, *script.VERBS):
        assert f"    {word} " in doc, word
