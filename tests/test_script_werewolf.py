"""``narrator play`` with a Werewolf script (issue 17, item 11): a line is entered whole or not
at all, and a resident of two words may be written with a hyphen or as two words (W8)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from narrator.games.werewolf import events as ev
from narrator.journal import Journal
from narrator.play import play_script

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "examples" / "werewolf-six-players.txt").read_text(encoding="utf-8")
HEAD = ["game werewolf", "players Ann Bob Cid Dee Eve Fay", "seed 3"]


def play(lines: list[str], journal: Path | None = None) -> tuple[int, str]:
    out = io.StringIO()
    return play_script(lines, out, journal), out.getvalue()


def journal_events(folder: Path) -> list:
    (path,) = folder.glob("*.jsonl")
    return list(Journal.open(path).events)


@pytest.mark.parametrize(
    "line",
    [
        "residents werewolf apprentice nobody",  # the 2nd word names no resident (W8)
        "residents werewolf seer werewolf werewolf werewolf werewolf",  # a 5th Werewolf (W5)
    ],
)
def test_a_refused_line_enters_none_of_its_residents_W8(tmp_path, capsys, line):
    code, out = play([*HEAD, line], tmp_path)
    assert code == 2
    assert f": {line}\nrefused: " in capsys.readouterr().err
    assert [type(e) for e in journal_events(tmp_path)] == [ev.GameCreated]  # nothing of it
    assert "Resident added" not in out


def test_a_refused_line_after_entries_keeps_those_and_adds_nothing_W8(tmp_path):
    code, _ = play([*HEAD, "residents seer witch", "residents mayor prince nobody"], tmp_path)
    assert code == 2
    added = [e.kind for e in journal_events(tmp_path) if isinstance(e, ev.ResidentAdded)]
    assert added == ["seer", "witch"]


def test_a_pass_line_is_entered_whole_W24(tmp_path):
    """``pass`` makes every turn of the pass: all of them are written, once allowed."""
    code, _ = play(EXAMPLE.splitlines(), tmp_path)
    assert code == 0
    events = journal_events(tmp_path)
    assert sum(isinstance(e, ev.PassTurned) for e in events) == 5 * 6  # five passes, six seats


def two_words(text: str) -> list[str]:
    return text.replace("apprentice-seer", "apprentice seer").replace("wolf-cub", "wolf cub")


def test_two_word_residents_may_be_written_as_two_words_W8():
    hyphen = EXAMPLE.splitlines()
    spaced = two_words(EXAMPLE).splitlines()
    assert spaced != hyphen and "residents werewolf werewolf werewolf cursed wolf cub seer" in (
        " ".join(spaced)
    )
    assert "hut Bob wolf cub" in " ".join(spaced) and "reveal wolf cub" in " ".join(spaced)
    assert play(spaced) == play(hyphen)
    assert play(hyphen)[0] == 0


@pytest.mark.parametrize(
    "line, kinds",
    [
        ("residents apprentice seer wolf cub", ["apprentice_seer", "wolf_cub"]),
        ("residents Apprentice_Seer Wolf-Cub seer", ["apprentice_seer", "wolf_cub", "seer"]),
        ("residents seer apprentice-seer", ["seer", "apprentice_seer"]),
    ],
)
def test_every_spelling_of_a_two_word_resident_is_one_resident_W8(tmp_path, line, kinds):
    play([*HEAD, line], tmp_path)
    added = [e.kind for e in journal_events(tmp_path) if isinstance(e, ev.ResidentAdded)]
    assert added == kinds


def test_take_out_of_a_two_word_resident_W8(tmp_path):
    play([*HEAD, "residents seer wolf cub", "take-out wolf cub"], tmp_path)
    assert isinstance(journal_events(tmp_path)[-1], ev.ResidentRemoved)
    assert journal_events(tmp_path)[-1].kind == "wolf_cub"


def test_the_script_s_doc_names_its_settings_as_they_are_read():
    from narrator.games.werewolf import script

    doc = script.__doc__ or ""
    assert "pass-seconds 6" in doc and "pass 6" not in doc.replace("pass-seconds 6", "")
    for setting in script.SETTINGS:
        assert f"    {setting} " in doc, setting
