"""``narrator play --script FILE``: a whole game without a screen, refusals and secrets."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.journal import Journal
from narrator.play import play_script

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "five-players.txt"
LINES = EXAMPLE.read_text(encoding="utf-8").splitlines()


def narrator(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "narrator", *args],
        check=False,
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def play(lines: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    return play_script(lines, out), out.getvalue()


def edit(lines: list[str], old: str, new: str, nth: int = 1) -> list[str]:
    """The script with the ``nth`` line equal to ``old`` replaced by ``new``."""
    hits = [i for i, line in enumerate(lines) if line.strip() == old]
    assert len(hits) >= nth, old
    lines = list(lines)
    lines[hits[nth - 1]] = new
    return lines


def test_example_game_is_won_by_the_loyalists():
    done = narrator("play", "--script", str(EXAMPLE))
    assert done.returncode == 0, done.stderr
    assert "Guildpact Loyalists win" in done.stdout
    assert done.stderr == ""
    assert "Eve dies by vote (tied: Dee, Eve; Orzhov comes first in the guild order)" in done.stdout


def test_example_game_writes_a_journal(tmp_path):
    done = narrator("play", "--script", str(EXAMPLE), "--journal", str(tmp_path))
    assert done.returncode == 0, done.stderr
    (path,) = tmp_path.glob("*.jsonl")
    journal = Journal.open(path)
    assert journal.state.winner == "loyalists"


def test_script_from_standard_input():
    done = narrator("play", "--script", "-", stdin=EXAMPLE.read_text())
    assert done.returncode == 0 and "Guildpact Loyalists win" in done.stdout


def test_illegal_vote_stops_with_the_refusal(tmp_path):
    lines = edit(LINES, "vote 2 5", "vote 2 3")  # Cid (Gruul) in the White election
    script = tmp_path / "illegal.txt"
    number = lines.index("vote 2 3") + 1
    script.write_text("\n".join(lines) + "\n")
    done = narrator("play", "--script", str(script))
    assert done.returncode == 2
    assert f"line {number}: vote 2 3" in done.stderr
    assert "Cid is not White: Gruul is Red/Green. (R14)" in done.stderr
    assert "Guildpact Loyalists win" not in done.stdout


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("vote 4 1", "vote 2 1", "Bob has already voted"),
        ("vote 4 1", "vote Zed 1", "no player called 'Zed'"),
        ("close votes", "vote 9 1", "There is no seat 9"),
        ("end discussion", "vote 1 1", "Not now"),
        ("vote 5 5", "close votes", "Still to vote: Eve"),
        ("choose Cid", "choose Eve", "Eve is not Green"),
        ("choose Cid", "ultimate-price Cid", "Only the Black leader"),
        ("vote 4 1", "vote 'Dee 1", "quotation"),
        ("seed 7", "seed seven", "seed"),
        ("draw U", "draw G", "Green targeting card is no longer in the deck"),
        ("players Ann Bob Cid Dee Eve", "players Ann Bob Cid Dee", "at least 5 players, not 4"),
        ("confirm roles", "role Ann agent", "only 2 Agents of Bolas"),
        ("role Bob agent", "confirm roles", "Key in the role of every dead player first: Bob"),
    ],
)
def test_first_illegal_entry_exits_2_naming_the_line(old, new, words, capsys):
    lines = edit(LINES, old, new)
    code, out = play(lines)
    err = capsys.readouterr().err
    assert code == 2
    assert f": {new}\nrefused: " in err and words in err
    assert "win" not in out


def test_script_that_ends_early_exits_1():
    code, out = play(LINES[:20])
    assert code == 1 and "ends before the game does" in out


def test_ultimate_price_target_is_not_shown_before_its_reveal():
    """Whoever the Black leader notes, every line before the reveal is the same."""
    _, as_bob = play(LINES)
    _, as_eve = play(edit(LINES, "ultimate-price Bob", "ultimate-price Eve"))
    head = "The Ultimate Price was"
    assert f"{head} Bob (Rakdos)." in as_bob and f"{head} Eve (Orzhov)." in as_eve
    assert as_bob.split(head)[0] == as_eve.split(head)[0]
    noted = [line for line in as_bob.splitlines() if "Ultimate Price" in line]
    assert noted[0] == "The Black leader notes the Ultimate Price in secret."


def test_secret_draws_are_not_shown():
    """Swap the Black leader's and the Red leader's secret cards: nothing printed changes."""
    _, shown = play(LINES)
    swapped = edit(edit(LINES, "draw B", "draw R"), "draw R", "draw B", nth=2)
    code, hidden = play(swapped)
    assert code == 0 and hidden == shown
    for line in shown.splitlines():
        if "draws a targeting card in secret" in line:
            card = line.split(" leader ", 1)[1]  # what follows "The <colour> leader"
            assert not any(c in card for c in ("White", "Blue", "Black", "Red", "Green"))
    assert "The Blue leader draws and shows Blue." in shown  # R21: Blue's card is public


def test_app_draws_never_name_the_card():
    lines = [("draw" if line.startswith("draw ") and line != "draw U" else line) for line in LINES]
    lines = [line for line in lines if not line.startswith(("choose", "ultimate-price", "ablaze"))]
    code, out = play(lines)  # stops at the first choice the script no longer makes
    assert code == 2
    draws = [line for line in out.splitlines() if "draws" in line]
    assert draws == ["The White leader draws a targeting card in secret."]


def test_refused_players_reported_at_their_line(capsys):
    code, _ = play(["players Ann Bob Ann Dee Eve", "seed 3"])
    assert code == 2
    assert "line 1: players Ann Bob Ann Dee Eve\nrefused: Seats 1 and 3" in capsys.readouterr().err


def test_comment_between_settings_keeps_them():
    lines = ["players Ann Bob Cid Dee Eve", "# the rulings", "option final_tie=nobody", "seed 9"]
    lines += [line for line in LINES if not line.startswith(("players", "seed"))]
    code, out = play(lines)
    assert code == 0
    assert "Tied: Dee, Eve; nobody dies by vote." in out
