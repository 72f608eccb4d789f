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

With stakes (C7-C12):

    stakes on                # a setting: Coin Call with stakes
    stake 12 | stake roll    # the caller's stake, typed or the app's d20 (C7)
    call heads Cid           # the side, then the partner by name or number (C8)
    claim Ann                # a seat claims to double, or takes it back (C9)
    close                    # the claim window is closed (C9)
    note Bob bluffs          # a public note, at any step (C12)

A line that starts with ``{`` is one event as JSON (the journal's form); ``#`` starts a
comment. An entry out of order is refused with what the game waits for and its rule. The
lines are read by the common reader (`narrator.games.common.script`): this is Coin Call's verbs.
"""

from __future__ import annotations

from typing import Any

from narrator.games.base import Event
from narrator.games.common import script as common
from narrator.games.common.script import Line, Verb, number_option, word_option
from narrator.games.shell_data import AppMove
from tests.games.toy import events as ev
from tests.games.toy import rules, stakes
from tests.games.toy.rules import CALL, CLAIMS, DISCUSSION, FLIP, SETUP, STAKE, VOTE


def vote(line: Line) -> Event:
    return ev.VoteCast(line.seat(line.args[0]), line.seat(line.args[1]))  # C3: the rules check


def call(line: Line) -> Event:
    """C5: heads or tails; C8: then the partner, with stakes."""
    words = 2 if line.state.stakes else 1
    if len(line.args) != words:
        raise common.ScriptError("script_args", verb=line.verb, count=words)
    partner = line.seat(line.args[1]) if len(line.args) == 2 else None
    return ev.CoinCalled(line.state.elected, line.args[0].lower(), partner)


def stake(line: Line) -> Event | None:
    """C7: a number, or "roll": the app's d20."""
    word = line.one()
    if word.lower() == "roll":
        return line.app_move(AppMove(args=stakes.DIE))
    return ev.StakeSet(common.whole_number(word, line.verb))


VERBS = {
    "end": Verb(lambda _: ev.DiscussionEnded(), (DISCUSSION,), words=0),  # C2
    "vote": Verb(vote, (VOTE,), words=2),
    "count": Verb(lambda _: ev.VotesClosed(), (VOTE,), words=0),  # C4
    "call": Verb(call, (CALL,)),  # one word, or two with stakes (C8)
    "flip": Verb(lambda line: line.app_move(AppMove()), (FLIP,), words=0),  # C6: the app's
    "stake": Verb(stake, (STAKE,), words=1),
    "claim": Verb(lambda line: ev.ClaimToggled(line.seat(line.one())), (CLAIMS,), words=1),
    "close": Verb(lambda _: ev.ClaimsClosed(), (CLAIMS,), words=0),  # C9
    "note": Verb(lambda line: ev.NoteWritten(" ".join(line.args))),  # C12: any step
}


class ScriptReader(common.ScriptReader):
    name = "toy"
    verbs = VERBS
    settings = {"seconds": number_option("seconds"), "stakes": word_option("stakes")}
    codec = ev.CODEC
    setup_step = SETUP
    not_now = staticmethod(rules.not_now)

    def __init__(self, game: Any = None) -> None:
        if game is None:  # the toy's Game.script() gives no game: its flip and lines are GAME's
            from tests.games.toy.game import GAME as game
        super().__init__(game)

    def created(self, players: tuple[str, ...], options: dict[str, object], seed: int) -> Event:
        seconds = options.get("seconds", 60)
        with_stakes = options.get("stakes", "off") == "on"
        return ev.GameCreated(players, seconds, seed, with_stakes)  # type: ignore[arg-type]
