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
comment. An entry out of order is refused with what the game waits for and its rule. The
lines are read by the common reader (`narrator.games.common.script`): this is Coin Call's verbs.
"""

from __future__ import annotations

from typing import Any

from narrator.games.base import Event
from narrator.games.common import script as common
from narrator.games.common.script import Line, Verb, number_option
from tests.games.toy import events as ev
from tests.games.toy import rules
from tests.games.toy.rules import CALL, DISCUSSION, FLIP, SETUP, VOTE


def vote(line: Line) -> Event:
    return ev.VoteCast(line.seat(line.args[0]), line.seat(line.args[1]))  # C3: the rules check


def call(line: Line) -> Event:
    return ev.CoinCalled(line.state.elected, line.args[0].lower())  # C5: heads or tails


VERBS = {
    "end": Verb(lambda _: ev.DiscussionEnded(), (DISCUSSION,), words=0),  # C2
    "vote": Verb(vote, (VOTE,), words=2),
    "count": Verb(lambda _: ev.VotesClosed(), (VOTE,), words=0),  # C4
    "call": Verb(call, (CALL,), words=1),
    "flip": Verb(Line.app_move, (FLIP,), words=0),  # C6: the app's own flip
}


class ScriptReader(common.ScriptReader):
    name = "toy"
    verbs = VERBS
    settings = {"seconds": number_option("seconds")}
    codec = ev.CODEC
    setup_step = SETUP
    not_now = staticmethod(rules.not_now)

    def __init__(self, game: Any = None) -> None:
        if game is None:  # the toy's Game.script() gives no game: its flip and lines are GAME's
            from tests.games.toy.game import GAME as game
        super().__init__(game)

    def created(self, players: tuple[str, ...], options: dict[str, object], seed: int) -> Event:
        return ev.GameCreated(players, options.get("seconds", 60), seed)  # type: ignore[arg-type]
