"""Coin Call written as text, one entry a line, for ``narrator play --script FILE``:

    game toy                 # chosen by the headless player
    players Ann Bob Cid      # seat order; names without spaces
    seconds 30               # the discussion's length (C2)
    seed 5                   # seed of the app's flip
    end                      # the discussion is over (C2)
    vote Ann Bob             # voter, candidate: names or seat numbers from 1 (C3)
    count                    # count the votes (C4)
    call heads               # the elected player's secret call (C5)
    flip                     # the app flips the coin (C6)

A line that starts with ``{`` is one event as JSON (the journal's form); ``#`` starts a
comment. An entry out of order is refused with what the game waits for and its rule.
"""

from __future__ import annotations

import json

from narrator.games.base import Event, Refusal
from tests.games.toy import events as ev
from tests.games.toy import rules
from tests.games.toy.rules import CALL, DISCUSSION, FLIP, SETUP, VOTE, State

SETTINGS = ("game", "players", "seconds", "seed")
STEP_OF = {"end": DISCUSSION, "vote": VOTE, "count": VOTE, "call": CALL, "flip": FLIP}
ARGS = {"end": 0, "vote": 2, "count": 0, "call": 1, "flip": 0}


class ScriptError(Refusal):
    """A line the headless player cannot read (no rule's refusal: no rule id)."""


def seat_of(s: State, word: str) -> int:
    if word.isascii() and word.isdigit():
        return int(word) - 1  # the rules refuse a seat that is not there (C3)
    for i, name in enumerate(s.players):
        if name.casefold() == word.casefold():
            return i
    raise ScriptError("toy_script_no_player", word=word)


class ScriptReader:
    def __init__(self) -> None:
        self.players: tuple[str, ...] | None = None
        self.seconds = 60
        self.seed = 0

    @staticmethod
    def _words(line: str) -> list[str]:
        return line.split("#", 1)[0].split()

    def is_setting(self, line: str) -> bool:
        found = self._words(line)
        return bool(found) and found[0].lower() in SETTINGS

    def event(self, line: str, state: State, position: int) -> Event | None:
        if line.lstrip().startswith("{"):
            try:
                return ev.CODEC.decode(json.loads(line))
            except (ValueError, RecursionError) as err:
                raise ScriptError("toy_script_not_event", detail=str(err)) from None
        found = self._words(line)
        if not found:
            return None
        verb, args = found[0].lower(), found[1:]
        if verb in SETTINGS:
            if state.step != SETUP:
                raise rules.not_now(state)
            self.setting(verb, args)
            return None
        if verb not in STEP_OF:
            raise ScriptError("toy_script_unknown", verb=verb)
        if state.step != STEP_OF[verb]:
            raise rules.not_now(state)
        if len(args) != ARGS[verb]:
            raise ScriptError("toy_script_args", verb=verb, count=ARGS[verb])
        if verb == "end":
            return ev.DiscussionEnded()
        if verb == "vote":
            return ev.VoteCast(seat_of(state, args[0]), seat_of(state, args[1]))
        if verb == "count":
            return ev.VotesClosed()
        if verb == "call":
            return ev.CoinCalled(state.elected, args[0].lower())
        from tests.games.toy.game import GAME

        return GAME.app_move(state, position)

    def setting(self, verb: str, args: list[str]) -> None:
        if verb == "game":
            if args != ["toy"]:
                raise ScriptError("toy_script_unknown", verb=" ".join([verb, *args]))
        elif verb == "players":
            self.players = tuple(args)
        else:
            if len(args) != 1 or not (args[0].isascii() and args[0].isdigit()):
                raise ScriptError("toy_script_number", verb=verb)
            setattr(self, verb, int(args[0]))

    def game_created(self) -> Event | None:
        if self.players is None:
            return None
        return ev.GameCreated(self.players, self.seconds, self.seed)

    @staticmethod
    def report(before: State, event: Event, after: State, lang: str) -> list[str]:
        from tests.games.toy.game import describe

        return [describe(before, event, after, lang)]
