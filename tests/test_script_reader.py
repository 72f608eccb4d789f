"""The one script reader every game's ``narrator play --script`` lines go through
(`narrator.games.common.script`): seats by name or number, settings, JSON events, comments,
and a line it cannot read refused in the catalogue's words, with its number."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest

from narrator.games import registry
from narrator.games.base import Event, EventCodec, Refusal
from narrator.games.common import script as common
from narrator.games.common.script import Line, ScriptError, Verb, number_option, word_option
from narrator.play import play_script
from narrator.prompts import use_game

PLAYERS = ("Ann", "Bob", "O'Neil")


@dataclass(frozen=True)
class Created(Event):
    type = "created"
    players: tuple[str, ...]
    rounds: int = 3
    colour: str = "red"
    seed: int = 0


@dataclass(frozen=True)
class Voted(Event):
    type = "voted"
    voter: int
    candidate: int


@dataclass(frozen=True)
class Closed(Event):
    type = "closed"


@dataclass(frozen=True)
class Table:
    """A state as a game's reader sees one: its seats and its step."""

    players: tuple[str, ...] = PLAYERS
    step: str = "vote"


class Tally(common.ScriptReader):
    """A game of votes, given only its verbs and its settings."""

    name = "tally"
    verbs = {
        "vote": Verb(lambda line: Voted(line.seat(line.args[0]), line.seat(line.args[1])), words=2),
        "close": Verb(lambda _: Closed(), steps=("vote",)),
        "both": Verb(lambda line: [Closed(), Closed()]),
        "pick": Verb(lambda line: Voted(0, line.seat(line.one())), steps=("tie",)),
    }
    settings = {"rounds": number_option("rounds"), "colour": word_option("colour")}
    codec = EventCodec([Created, Voted, Closed])
    setup_step = "setup"

    @staticmethod
    def not_now(state: Table) -> Refusal:
        return Refusal("not_now", "T1", wants=state.step)

    def created(self, players, options, seed) -> Event:
        return Created(players, seed=seed, **options)


def read(line: str, step: str = "vote", reader: Tally | None = None):
    return (reader or Tally()).event(line, Table(step=step), 0)


def refused(line: str, step: str = "vote") -> str:
    with pytest.raises(Refusal) as caught:
        read(line, step)
    if caught.value.key == "not_now":  # the game's own words: here, its key and rule
        return f"not now: {caught.value.params['wants']} ({caught.value.rule})"
    return str(caught.value)


# --- seats -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "line", ["vote Ann Bob", "vote ann BOB", "vote 1 2", "vote Ann 2", "vote 'Ann' \"Bob\""]
)
def test_a_seat_is_named_by_its_player_in_any_case_or_by_its_number_from_1(line):
    assert read(line) == Voted(0, 1)


def test_a_quote_inside_a_name_is_a_letter_and_a_quoted_name_may_hold_a_space():
    assert read("vote O'Neil 1") == Voted(2, 0)
    reader = Tally()
    read("players 'Ann Lee' Bob", "setup", reader)
    assert reader.players == ("Ann Lee", "Bob")


def test_a_number_that_is_no_seat_is_left_for_the_rules_to_refuse():
    assert read("vote 9 0") == Voted(8, -1)  # the rules refuse it, with their rule


def test_a_name_that_is_no_player_is_refused():
    assert refused("vote Zed 1") == "There is no player called Zed"


# --- verbs -----------------------------------------------------------------------------------
def test_an_unknown_verb_is_refused_naming_it():
    assert refused("dance Ann") == "There is no entry dance"


def test_a_verb_takes_its_number_of_words():
    assert refused("vote Ann") == "vote takes 2 words"
    assert refused("vote Ann Bob O'Neil") == "vote takes 2 words"


def test_an_entry_out_of_its_steps_is_refused_as_the_rules_refuse_it_before_its_words():
    assert refused("close", "count") == "not now: count (T1)"
    assert refused("pick Zed", "vote") == "not now: vote (T1)"  # Zed is not read
    assert refused("pick Zed", "tie") == "There is no player called Zed"
    assert read("close now", "vote") == Closed()  # words after a verb of none are a note


def test_a_verb_may_make_several_entries():
    assert read("both") == [Closed(), Closed()]


def test_an_unclosed_quote_is_refused():
    assert refused("vote 'Ann 1") == "The line cannot be read: No closing quotation"


# --- comments and JSON -----------------------------------------------------------------------
@pytest.mark.parametrize("line", ["", "   ", "# a note", "   # vote Ann Bob"])
def test_blank_lines_and_comments_enter_nothing(line):
    assert read(line) is None


def test_a_comment_after_an_entry_is_dropped():
    assert read("vote Ann Bob   # Ann's first vote") == Voted(0, 1)


def test_a_json_line_is_one_event_decoded_by_the_game_s_codec_and_read_whole():
    assert read('  {"type": "voted", "voter": 2, "candidate": 0}') == Voted(2, 0)
    assert read('{"type": "created", "players": ["A#1", "B"]}') == Created(("A#1", "B"))


@pytest.mark.parametrize(
    "line", ['{"type": "voted"', '{"type": "fled"}', '{"type": "voted", "voter": "Ann"}']
)
def test_a_json_line_that_is_no_event_is_refused(line):
    assert refused(line).startswith("Not an event: ")


# --- settings --------------------------------------------------------------------------------
def test_settings_make_the_game_created_event():
    reader = Tally()
    assert reader.game_created() is None  # no players yet
    for line in ["game tally", "players Ann Bob", "seed 7", "rounds 5", "colour Blue"]:
        assert read(line, "setup", reader) is None
    assert reader.game_created() == Created(("Ann", "Bob"), rounds=5, colour="blue", seed=7)


def test_settings_are_told_apart_from_entries_by_their_first_word():
    assert Tally.is_setting("  Rounds 3 # three") and Tally.is_setting("game tally")
    assert not Tally.is_setting("vote Ann Bob") and not Tally.is_setting('{"rounds": 3}')


@pytest.mark.parametrize(
    "line, message",
    [
        ("seed seven", "seed takes a whole number"),
        ("rounds 1 2", "rounds takes 1 word"),
        ("rounds -1", "rounds takes a whole number"),
        ("game chess", "There is no entry game chess"),
    ],
)
def test_a_setting_it_cannot_read_is_refused_and_keeps_nothing(line, message):
    reader = Tally()
    read("rounds 4", "setup", reader)
    with pytest.raises(ScriptError, match=f"^{message}$"):
        read(line, "setup", reader)
    assert reader.options == {"rounds": 4} and reader.seed == 0


def test_a_setting_once_the_game_is_under_way_is_refused_as_the_rules_refuse_it():
    assert refused("rounds 4", "vote") == "not now: vote (T1)"


def test_a_line_object_names_its_verb_and_words():
    line = Line(Tally(), "vote", ["Bob", "3"], Table(), 5)
    assert (line.seat("bob"), line.seat("3")) == (1, 2)
    with pytest.raises(ScriptError, match="vote takes 1 word"):
        line.one()


# --- through the headless player: the line's number ------------------------------------------
@pytest.fixture
def toy():
    registry.register("toy", "tests.games.toy.game", Path(__file__).parent / "games/toy/words")
    yield registry.get("toy")
    registry.unregister("toy")
    use_game(None)


@pytest.mark.parametrize(
    "line, message",
    [
        ("vote Ann", "vote takes 2 words"),
        ("vote Zed Ann", "There is no player called Zed"),
        ("dance", "There is no entry dance"),
        ("{not json", "Not an event: "),
    ],
)
def test_the_headless_player_names_the_line_it_cannot_read(toy, capsys, line, message):
    lines = ["game toy", "players Ann Bob Cid", "# the talk", "end", line, "count"]
    assert play_script(lines, io.StringIO()) == 2
    assert capsys.readouterr().err.startswith(f"line 5: {line}\nrefused: {message}")
