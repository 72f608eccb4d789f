"""One reader of the headless player's scripts (``narrator play --script FILE``) for every
game: a game gives only its verbs and its settings.

A script is one entry a line::

    game ravnica             # the game's name (read by ``narrator.play``, which chooses it)
    players Ann Bob Cid      # settings come first: the seats in order, names without spaces
    seed 7                   #   (or in quotes), the seed of the app's own moves, and the
    option round_seconds=60  #   game's own settings (``ScriptReader.settings``)
    vote Ann 2               # a verb and its words; a seat by name or by number from 1
    {"type": "votes_closed"} # one event as JSON, the journal's form (the game's codec)

``#`` starts a comment (a JSON line is read whole). A word that starts with a quote runs to
its closing quote. A line that cannot be read is refused with a ``ScriptError`` in the
catalogue's words (``refusal.script_*``; a game may word them its own way); the headless
player prints it with the line's number.

A game's reader subclasses ``ScriptReader`` and fills in its class attributes: ``verbs`` (verb
→ ``Verb``: the function that reads a ``Line`` into an event, a list of events or None, and
the steps it is entered at), ``settings`` (name → a function of the words and the options so
far, giving the options it sets), ``codec``, ``setup_step``, ``not_now`` and ``created``.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from narrator.games.entries import Event, EventCodec, Refusal
from narrator.prompts import Either

Made = Event | list[Event] | None  # what one line enters: an event, several, or nothing
Setting = Callable[[list[str], str, Mapping[str, object]], Mapping[str, object]]
BUILT_IN = ("game", "players", "seed")  # the settings every game's script has
WORD = re.compile(r"""(["'])(.*?)\1(?=\s|$)|(\S+)""")


class ScriptError(Refusal):
    """A line the headless player cannot read (not a rule's refusal: no rule id)."""


def split_words(text: str) -> list[str]:
    """A line's words: split at spaces; a word that starts with a quote runs to its closing
    quote (a name of two words), a quote inside a word (O'Neil) is a letter."""
    found: list[str] = []
    for match in WORD.finditer(text):
        quoted, word = match.group(2), match.group(3)
        if quoted is None and word[0] in "\"'":
            raise ScriptError("script_unreadable", detail="No closing quotation")
        found.append(word if quoted is None else quoted)
    return found


def words_of(line: str) -> list[str]:
    """A line's words before any comment (a JSON event is one word: it is no setting)."""
    text = line.strip()
    return [text] if text.startswith("{") else text.split("#", 1)[0].split()


def one(args: Sequence[str], verb: str) -> str:
    """The one word a verb takes."""
    if len(args) != 1:
        raise ScriptError("script_args", verb=verb, count=1)
    return args[0]


def whole_number(word: str, verb: str, signed: bool = False) -> int:
    """A whole number as written (``signed``: "-3" and "+3" too)."""
    digits = word[1:] if signed and word[:1] in "+-" else word
    if not (digits.isascii() and digits.isdigit()):
        raise ScriptError("script_number", verb=verb)
    return int(word)


def number_option(option: str, signed: bool = False) -> Setting:
    """A setting of one whole number, kept as ``option``."""
    return lambda args, verb, _: {option: whole_number(one(args, verb), verb, signed)}


def word_option(option: str) -> Setting:
    """A setting of one word (lower case), kept as ``option``: the rules refuse a wrong one."""
    return lambda args, verb, _: {option: one(args, verb).lower()}


def choice_option(options: type, option: str) -> Setting:
    """A ruling that is one of the ``Literal`` values of the game's ``options`` dataclass,
    written with a hyphen or an underscore; any other word is refused as the setup form would."""
    values = typing.get_args(typing.get_type_hints(options)[option])

    def read(args: list[str], verb: str, _: object) -> dict[str, object]:
        value = one(args, verb).lower().replace("-", "_")
        if value not in values:
            shown = Either(v.replace("_", "-") for v in values)
            raise ScriptError("option_choice", option=verb, choices=shown)
        return {option: value}

    return read


YES_NO = {"no": False, "yes": True}


def yes_no_option(option: str) -> Setting:
    """A ruling that is yes or no, kept as ``option`` (True or False)."""

    def read(args: list[str], verb: str, _: object) -> dict[str, object]:
        value = one(args, verb).lower()
        if value not in YES_NO:
            raise ScriptError("option_choice", option=verb, choices=Either(YES_NO))
        return {option: YES_NO[value]}

    return read


@dataclass(frozen=True)
class Verb:
    """What one verb enters: ``read`` makes it from the line; ``steps`` (None: any) are the
    steps it is entered at, checked before its words are read (the rules' ``not_now``);
    ``words``, how many words it takes (None: ``read`` checks them)."""

    read: Callable[[Line], Made]
    steps: Collection[Hashable] | None = None
    words: int | None = None


@dataclass(frozen=True)
class Line:
    """One entry line, read against the state reached so far (``position``: how many events
    came before it, which seeds the app's own moves)."""

    reader: ScriptReader
    verb: str
    args: list[str]
    state: Any
    position: int

    def seat(self, word: str) -> int:
        """A seat by its player's name (any case) or its number from 1; a number that is no
        seat is left for the rules to refuse, with their rule."""
        if word.isascii() and word.isdigit():
            return int(word) - 1
        for seat, name in enumerate(self.state.players):
            if name.casefold() == word.casefold():
                return seat
        raise ScriptError("script_no_player", word=word)

    def one(self) -> str:
        return one(self.args, self.verb)

    def app_move(self, move: Any = None) -> Event | None:
        """The app's own move here (a deal, a draw, a roll), seeded by the position; ``move``:
        an ``AppMove`` with what it is about (the die, the Citizen)."""
        return self.reader.game.app_move(self.state, self.position, move)


class ScriptReader:
    """Turns lines into events, one at a time, against the state reached so far; keeps the
    settings read until ``game_created``. See the module for what a game fills in."""

    name: ClassVar[str]  # the script's ``game`` line
    verbs: ClassVar[Mapping[str, Verb]]
    settings: ClassVar[Mapping[str, Setting]] = {}
    codec: ClassVar[EventCodec]
    setup_step: ClassVar[Hashable]  # settings are read only before the game is created

    def __init__(self, game: Any = None) -> None:
        self.game = game  # the game's ``app_move`` and ``describe``
        self.players: tuple[str, ...] | None = None
        self.seed = 0
        self.options: dict[str, object] = {}

    # --- what a game fills in ---------------------------------------------------------
    @staticmethod
    def not_now(state: Any) -> Refusal:
        """The rules' refusal of an entry out of order (what the game waits for, its rule)."""
        raise NotImplementedError

    def created(self, players: tuple[str, ...], options: dict[str, object], seed: int) -> Event:
        """The game's GameCreated event."""
        raise NotImplementedError

    def report(self, before: Any, event: Event, after: Any, lang: str) -> list[str]:
        """The public lines the headless player prints for an entry."""
        return [self.game.describe(before, event, after, lang)]

    def read_seed(self, args: list[str]) -> int:
        return whole_number(one(args, "seed"), "seed")

    def decode(self, text: str) -> Event:
        """One event in the journal's JSON form."""
        try:
            return self.codec.decode(json.loads(text))
        except (ValueError, RecursionError) as err:
            raise ScriptError("script_not_event", detail=str(err)) from None

    # --- the reading ------------------------------------------------------------------
    @classmethod
    def is_setting(cls, line: str) -> bool:
        found = words_of(line)
        return bool(found) and found[0].lower() in (*BUILT_IN, *cls.settings)

    def event(self, line: str, state: Any, position: int) -> Made:
        """What ``line`` enters (None: a setting, a comment or a blank line)."""
        text = line.strip() if line.lstrip().startswith("{") else line.split("#", 1)[0].strip()
        if not text:
            return None
        if text.startswith("{"):
            return self.decode(text)
        found = split_words(text)
        verb, args = found[0].lower(), found[1:]
        if verb in BUILT_IN or verb in self.settings:
            if state.step != self.setup_step:
                raise self.not_now(state)
            self.setting(verb, args)
            return None
        entry = self.verbs.get(verb)
        if entry is None:
            raise ScriptError("script_unknown", verb=verb)
        if entry.steps is not None and state.step not in entry.steps:
            raise self.not_now(state)
        if entry.words is not None and len(args) != entry.words:
            raise ScriptError("script_args", verb=verb, count=entry.words)
        return entry.read(Line(self, verb, args, state, position))

    def setting(self, verb: str, args: list[str]) -> None:
        if verb == "game":  # chosen by the headless player: it can only be this game
            if [word.lower() for word in args] != [self.name]:
                raise ScriptError("script_unknown", verb=" ".join([verb, *args]))
        elif verb == "players":
            self.players = tuple(args)
        elif verb == "seed":
            self.seed = self.read_seed(args)
        else:  # kept only if the whole line is taken
            self.options = {**self.options, **self.settings[verb](args, verb, self.options)}

    def game_created(self) -> Event | None:
        """The GameCreated event, once ``players`` (and any settings) were read."""
        if self.players is None:
            return None
        return self.created(self.players, dict(self.options), self.seed)
