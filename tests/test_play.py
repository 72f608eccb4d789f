"""``narrator play --script FILE``: a whole game without a screen, refusals and secrets."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.games import registry
from narrator.games.base import Refusal
from narrator.games.ravnica import GAME, State, Step, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.script import ScriptReader
from narrator.journal import Journal
from narrator.play import play_script

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "five-players.txt"
LINES = EXAMPLE.read_text(encoding="utf-8").splitlines()
BODY = LINES[LINES.index("seed 7") + 1 :]  # the example after its settings (game, players, seed)
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))


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
    assert (
        "Eve dies by vote: Dee and Eve are still tied after the vote-off, and every player leads "
        "a colour, so there is no vote of the players who lead no colour (R27b); Orzhov (Eve) "
        "comes before Simic (Dee) in the guild order (R27c)."
    ) in done.stdout


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
    assert "refused: Cid is not White: Gruul is Red and Green (R14)\n" in done.stderr
    assert "Guildpact Loyalists win" not in done.stdout


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("vote 4 1", "vote 2 1", "Bob has already voted"),
        ("vote 4 1", "vote Zed 1", "There is no player called Zed\n"),
        ("close votes", "vote 9 1", "There is no seat 9"),
        ("end discussion", "vote 1 1", "Not now"),
        ("vote 5 5", "close votes", "Still to vote: Eve"),
        ("choose Cid", "choose Eve", "Eve is not Green"),
        ("choose Cid", "ultimate-price Cid", "Only the Black leader"),
        ("vote 4 1", "vote 'Dee 1", "quotation"),
        ("seed 7", "seed seven", "seed"),
        ("draw U", "draw G", "That card can't be drawn now: check the card and key in its colour"),
        ("players Ann Bob Cid Dee Eve", "players Ann Bob Cid Dee", "at least 5 players, not 4"),
        ("confirm roles", "role Ann agent", "only 2 Agents of Bolas"),
        (
            "role Eve agent",
            "role Eve wizard",
            "wizard is not a role: Agent of Bolas or Loyalist (R30)",
        ),
        ("vote 4 1", "vote 4", "vote takes a voter and a candidate"),
        ("done", "dance", "There is no entry dance"),
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


def app_deck_script(seed: int = 5) -> list[str]:
    """A whole game with the app's decks (R9): each line written for the state the lines
    before it reached, as a narrator would key it in."""
    lines = ["option deck_mode=app", "players Ann Bob Cid Dee Eve", f"seed {seed}"]
    reader = ScriptReader()
    for line in lines:
        reader.event(line, State(), 0)
    state, count = GAME.apply(State(), reader.game_created()), 1
    while state.step is not Step.OVER:
        step, moves = state.step, legal_moves(state)
        if step is Step.DEAL:
            line = "guilds Azorius Rakdos Gruul Simic Orzhov"
        elif step is Step.ROLES:
            unkeyed = [s for s in state.dead() if state.role_of(s) is None]
            line = f"role {unkeyed[0] + 1} loyalist" if unkeyed else "confirm roles"
        elif step in (Step.ELECTION, Step.FINAL_VOTE) and not state.ballot.complete:
            voter = state.ballot.waiting[0]
            line = f"vote {voter + 1} {state.ballot.candidates[0] + 1}"  # never a tie
        else:
            words = {
                Step.OPENING: "opening",
                Step.TURN_LEADER_CARD: "leader draw",
                Step.DISCUSSION: "end discussion",
                Step.FINAL_DISCUSSION: "end discussion",
                Step.ELECTION: "close votes",
                Step.FINAL_VOTE: "close votes",
                Step.DRAW: "draw",
                Step.ABLAZE_DRAW: "draw",
                Step.ABILITY: "done",
                Step.REVEAL: "reveal",
            }
            line = words.get(step)
            if line is None:  # a choice: the first the rules allow
                verb = {Step.ABLAZE_GIVE: "ablaze"}.get(step, "choose")
                verb = "ultimate-price" if isinstance(moves[0], ev.UltimatePriceNoted) else verb
                line = f"{verb} {moves[0].player + 1}"
        state = GAME.apply(state, reader.event(line, state, count))
        count += 1
        lines.append(line)
    return lines


def test_app_decks_play_a_whole_game_and_never_name_a_secret_card_R9_R18():
    lines = app_deck_script()
    code, out = play(lines)
    assert code == 0 and " win (" in out
    secret = [line for line in out.splitlines() if "draws a targeting card in secret" in line]
    assert len(secret) == 4  # White, Black, Green and the Red leader's last card
    for line in secret:
        card = line.split(" leader ", 1)[1]  # what follows "The <colour> leader"
        assert not any(c in card for c in ("White", "Blue", "Black", "Red", "Green"))
    assert sum("leader draws and shows" in line for line in out.splitlines()) == 1  # R21
    assert play(app_deck_script())[1] == out  # the app's draws are seeded: replayable


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("leader draw", "leader W", "The app holds the leader deck: write 'leader draw' (R9)"),
        ("draw", "draw U", "The app holds the targeting deck: write 'draw' without a colour (R9)"),
    ],
)
def test_keyed_card_refused_when_the_app_holds_the_decks_R9(old, new, message, capsys):
    lines = app_deck_script()
    code, _ = play(edit(lines, old, new))
    assert code == 2
    number = edit(lines, old, new).index(new) + 1
    assert f"line {number}: {new}\nrefused: {message}\n" in capsys.readouterr().err


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "leader U",
            "leader draw",
            "The leader deck is on the table: write the colour of the card that was turned (R9)",
        ),
        (
            "draw B",
            "draw",
            "The targeting deck is on the table: write the colour of the card that was drawn (R9)",
        ),
    ],
)
def test_app_draw_refused_when_the_decks_are_on_the_table_R9(old, new, message, capsys):
    code, _ = play(edit(LINES, old, new))
    assert code == 2
    assert f": {new}\nrefused: {message}\n" in capsys.readouterr().err


def test_red_leaders_last_card_may_be_drawn_without_its_colour_R9_R22():
    """Physical decks: the one card left is known, so a bare draw takes it."""
    code, out = play(edit(LINES, "draw R", "draw"))
    assert code == 0 and out == play(LINES)[1]


def test_red_leaders_last_card_of_the_wrong_colour_refused_R18(capsys):
    code, _ = play(edit(LINES, "draw R", "draw W"))
    err = capsys.readouterr().err
    assert code == 2 and "refused: That card can't be drawn now" in err and "(R18)" in err
    assert "Red" not in err  # what the deck holds is not told


@pytest.mark.parametrize(
    "option, message",
    [
        ("deck_mode=cloud", "deck_mode must be physical or app (R9)"),
        ("opening_pause=0", "opening_pause must be 1 to 120 seconds (R10)"),
        ("round_seconds=abc", "round_seconds must be 10 to 3600 seconds (R11)"),
        ("round_seconds=5", "round_seconds must be 10 to 3600 seconds (R11)"),
        ("election_tie=foo", "election_tie must be guild_order, revote or narrator (R15)"),
        ("final_seconds=-60", "final_seconds must be 10 to 3600 seconds (R26)"),
        ("final_tie=coin", "final_tie must be guild_order, nobody or narrator (R27c)"),
        (
            "colour=red",
            (
                "There is no option colour: the options are deal_mode, deck_mode, "
                "opening_pause, round_seconds, final_seconds, election_tie and final_tie"
            ),
        ),
    ],
)
def test_option_refused_in_the_set_up_forms_words_R9_R10_R11_R15_R26_R27c(option, message, capsys):
    lines = ["players Ann Bob Cid Dee Eve", "seed 7", f"option {option}"] + BODY
    code, out = play(lines)
    err = capsys.readouterr().err
    assert code == 2 and out == ""
    assert err == f"line 3: option {option}\nrefused: {message}\n"


def test_game_created_as_json_with_a_bad_option_refused_in_user_words_R15(capsys):
    line = '{"type": "game_created", "players": ["Ann", "Bob", "Cid", "Dee", "Eve"], '
    line += '"options": {"election_tie": "foo"}}'
    code, _ = play([line, *BODY])
    err = capsys.readouterr().err
    assert code == 2 and "field" not in err and "options." not in err
    assert "refused: election_tie must be guild_order, revote or narrator (R15)\n" in err


@pytest.mark.parametrize(
    "old, new, nth, message",
    [
        ("close votes", "draw U", 1, "Not now: the game is waiting for the leader election (R14)"),
        (
            "opening",
            "option round_seconds=60",
            1,
            "Not now: the game is waiting for the opening (R10)",
        ),
        ("done", "vote Zed 1", 1, "Not now: the game is waiting for the leader's ability (R17)"),
        (
            "close votes",
            "tie Eve",
            7,
            "Not now: the game is waiting for the vote-off among the tied (R27a)",
        ),
        (
            "reveal",
            "confirm roles",
            1,
            "Not now: the game is waiting for the Ultimate Price reveal (R29)",
        ),
    ],
)
def test_out_of_order_entry_names_the_step_waited_for_and_its_rule(old, new, nth, message, capsys):
    code, _ = play(edit(LINES, old, new, nth))
    assert code == 2
    assert f": {new}\nrefused: {message}\n" in capsys.readouterr().err


def test_script_that_ends_early_names_what_the_game_waits_for():
    code, out = play(LINES[:20])
    assert code == 1
    assert out.endswith(
        "The script ends before the game does: the game is waiting for the leader election (R14).\n"
    )


def test_refused_players_reported_at_their_line(capsys):
    code, _ = play(["players Ann Bob Ann Dee Eve", "seed 3"])
    assert code == 2
    assert "line 1: players Ann Bob Ann Dee Eve\nrefused: Seats 1 and 3" in capsys.readouterr().err


def test_comment_between_settings_keeps_them():
    lines = ["players Ann Bob Cid Dee Eve", "# the rulings", "option final_tie=nobody", "seed 9"]
    lines += [line for line in LINES if not line.startswith(("game", "players", "seed"))]
    code, out = play(lines)
    assert code == 0
    assert "; nobody dies by vote (R27c)." in out


# --- the script's game --------------------------------------------------------------------
def test_the_example_names_its_game_on_its_first_line():
    entries = [line for line in LINES if line.split("#", 1)[0].strip()]
    assert entries[0].split()[:2] == ["game", "ravnica"]


def test_a_script_naming_its_game_plays_as_one_without_it():
    """``game ravnica`` chooses Ravnica; a script without a game line (an old one) is a game of
    the first game there is, and plays the same."""
    named = play(LINES)
    unnamed = play([line for line in LINES if not line.startswith("game ")])
    assert named[0] == 0 and "Guildpact Loyalists win" in named[1]
    assert unnamed == named


@pytest.mark.parametrize(
    "line", ["game ravnica", "GAME Ravnica", "  game ravnica   # the game", "game ravnica\t"]
)
def test_the_game_line_is_read_as_any_setting_is(line):
    assert play([line, *LINES[2:]]) == play(LINES)


def test_a_game_line_after_comments_and_blank_lines_is_still_the_first_entry():
    code, out = play(["# a game", "", "game ravnica", *LINES[2:]])
    assert code == 0 and out == play(LINES)[1]


def listed() -> str:
    """The games there are, as the refusal lists them: the registry's, in the order offered."""
    return ", ".join(registry.names())


def test_an_unknown_game_is_refused_naming_the_games_there_are(tmp_path):
    script = tmp_path / "chess.txt"
    script.write_text("\n".join(["# not ours", "game chess", *LINES[2:]]) + "\n")
    done = narrator("play", "--script", str(script), "--journal", str(tmp_path / "games"))
    assert done.returncode == 2
    assert done.stderr == f"line 2: game chess: unknown game; the games are: {listed()}\n"
    assert done.stdout == ""
    assert not (tmp_path / "games").exists()  # nothing was played, so no journal


@pytest.mark.parametrize("line", ["game", "game ravnica chess"])
def test_a_game_line_takes_one_name(line, capsys):
    code, out = play([line, *LINES[2:]])
    assert code == 2 and out == ""
    assert capsys.readouterr().err == f"line 1: {line}: unknown game; the games are: {listed()}\n"


def test_the_unknown_game_message_lists_every_game(capsys):
    before = listed()
    registry.register("copy", "narrator.games.ravnica.game", GAME.words_dir)
    try:
        code, _ = play(["game chess", *LINES[2:]])
    finally:
        registry.unregister("copy")
    assert code == 2
    err = capsys.readouterr().err
    assert err == f"line 1: game chess: unknown game; the games are: {before}, copy\n"


def test_a_game_line_after_the_first_entry_is_refused(capsys):
    lines = [LINES[0], "players Ann Bob Cid Dee Eve", "game ravnica", *BODY]
    code, out = play(lines)
    assert code == 2 and out == ""
    err = capsys.readouterr().err
    assert err == "line 3: game ravnica: the game is named on the first line only\n"


def test_a_game_line_once_the_game_is_under_way_is_refused(capsys):
    code, out = play(edit(LINES, "opening", "game ravnica"))
    assert code == 2 and "Guildpact Loyalists win" not in out
    number = edit(LINES, "opening", "game ravnica").index("game ravnica") + 1
    err = capsys.readouterr().err
    assert err == f"line {number}: game ravnica: the game is named on the first line only\n"


def test_ravnicas_reader_takes_its_own_game_line_and_refuses_another():
    reader = ScriptReader()
    assert ScriptReader.is_setting("game ravnica")
    assert reader.event("game ravnica", State(), 0) is None
    with pytest.raises(Refusal, match="There is no entry game chess"):
        reader.event("game chess", State(), 0)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.name)
def test_every_example_plays_to_a_winner(example):
    done = narrator("play", "--script", str(example))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert " win" in done.stdout.splitlines()[-1]  # the winners, in the game's own words


def test_the_headless_player_imports_no_game_until_the_script_names_one():
    code = (
        "import sys, narrator.play; "
        "print(sorted(m for m in sys.modules if m.startswith('narrator.games.ravnica')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True, text=True
    )
    assert done.stdout.strip() == "[]"
