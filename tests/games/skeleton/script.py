"""The game written as text, one entry a line, for ``narrator play --script FILE`` (see
example.txt):

    game skeleton            # the game (first line)
    players Ann Bob Cid      # seat order (X1)
    rounds 2                 # how many rounds (X1)
    secret Bob               # the first player's secret seat (X2)
    vote Ann Bob             # voter, candidate: names or seat numbers from 1 (X3)
    count                    # count the votes (X4)
    reveal                   # reveal the secret seat (X5)

The common reader (`narrator.games.common.script`) reads seats, JSON lines and comments.
"""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.common import script as common
from narrator.games.common.script import Verb, number_option
from tests.games.skeleton import events as ev
from tests.games.skeleton import rules
from tests.games.skeleton.rules import REVEAL, SECRET, SETUP, VOTE

VERBS = {
    "secret": Verb(lambda line: ev.SecretChosen(line.seat(line.one())), (SECRET,), words=1),
    "vote": Verb(lambda line: ev.VoteCast(*map(line.seat, line.args)), (VOTE,), words=2),
    "count": Verb(lambda _: ev.VotesCounted(), (VOTE,), words=0),
    "reveal": Verb(lambda _: ev.Revealed(), (REVEAL,), words=0),
}


class ScriptReader(common.ScriptReader):
    name = "skeleton"
    verbs = VERBS
    settings = {"rounds": number_option("rounds")}
    codec = ev.CODEC
    setup_step = SETUP
    not_now = staticmethod(rules.not_now)

    def created(self, players: tuple[str, ...], options: dict[str, object], seed: int) -> Event:
        rounds = options.get("rounds", rules.ROUNDS[2])
        return ev.GameCreated(players, rounds, seed)  # type: ignore[arg-type]
