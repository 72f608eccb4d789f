"""Ultimate Werewolf: Inquisition written as text, one entry a line, for
``narrator play --script FILE`` (an example: ``examples/werewolf-six-players.txt``):

    game werewolf                  # the first line names the game
    players Ann Bob Cid Dee Eve Fay   # seats clockwise; names without spaces (W2)
    seed 3                         # seed of the app's own moves (W8 complete, W10 draw)
    supply strict                  # W14: partial (default) or strict
    first-night always             # W11: auto (default), always or never
    copies any                     # W5: box (default) or any
    target 3                       # W8: the balance "complete" aims at: 0, ±3, ±6
    look 10                        # seconds: the werewolves' look (W11), each turn of the
    pass-seconds 6                 #   night pass (W24), the discussion before the vote
    discussion 0                   #   (W18, 0: none); each on its own line
    residents first-game           # W8: the first-game set, or "complete" (the app fills
    residents seer werewolf …      #   the open slots), or kinds added one by one
    take-out werewolf              # W8: one resident taken out again
    confirm                        # W8: the 12 are chosen
    gi Ann | gi random             # W10: the Grand Inquisitor, by name or seat number
    dealt                          # W3, W4, W9: the table is set
    night                          # W11: the first night is over
    hut Ann hunter C1              # W12, W17: a seat, its hut and the targets: a spot,
    hut Bob witch B2 C1            #   two spots, a seat (mason, mayor), a row or column
    hut Cid mason Dee              #   (troublemaker); "pass" instead of the targets
    hut Dee troublemaker B         #   passes; "hut Eve none": no hut is left (+2)
    hut Eve seer pass
    talked                         # W18: the discussion is over (when it is on)
    vote Ann B2                    # W18: a seat's vote on a spot
    count                          # W19: count the votes
    pick B2                        # W19: the Grand Inquisitor's pick among the tied
    reveal werewolf                # W20, W25: the identity turned face up
    column B                       # W23: the night's column
    pass                           # W24: the whole pass (every seat's turn)
    card Ann werewolf              # W38: at the end, for the record

A kind of two words is written with a hyphen or as two words: ``apprentice-seer`` or
``apprentice seer``, ``wolf-cub`` or ``wolf cub``. A line that starts with ``{`` is one event as
JSON (the journal's form); ``#`` starts a comment. An entry the rules refuse stops the script
with the rule's refusal, and a line is entered whole or not at all (``narrator.play``):
``residents werewolf seer nobody`` adds no Werewolf. The lines are read by the common reader
(`narrator.games.common.script`); this module gives Werewolf's verbs and settings, and the app's
own moves (``residents complete``, ``gi random``) are the game's ``app_move``.
"""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.common import script as common
from narrator.games.common.script import (
    BUILT_IN,
    Line,
    Made,
    ScriptError,
    Verb,
    number_option,
    one,
    word_option,
)
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import residents, rules
from narrator.games.werewolf.state import Step

OPTIONS = {  # the settings beyond game, players and seed: each the option it sets
    "supply": word_option("supply"),  # W14
    "first-night": word_option("first_night"),  # W11
    "copies": word_option("copies"),  # W5
    "target": number_option("target", signed=True),  # W8
    "look": number_option("look_seconds"),  # W11
    "pass-seconds": number_option("pass_seconds"),  # W24
    "discussion": number_option("discussion_seconds"),  # W18
}
SETTINGS = (*BUILT_IN, *OPTIONS)


def kind_of(word: str) -> str:
    kind = word.lower().replace("-", "_")
    return kind if kind in residents.KINDS else word


def kinds_of(words: list[str]) -> list[str]:
    """The kinds named by ``words``: "apprentice-seer", or "apprentice seer" in two words (no
    two kinds' names make a third). A word that names none is kept, for the rules to refuse."""
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = kind_of("_".join(words[i : i + 2]))
        if i + 1 < len(words) and pair in residents.KINDS:
            out.append(pair)
            i += 2
        else:
            out.append(kind_of(words[i]))
            i += 1
    return out


def one_kind(line: Line) -> str:
    found = kinds_of(line.args)
    if len(found) != 1:
        raise ScriptError("script_args", verb=line.verb, count=1)
    return found[0]


# --- the verbs ------------------------------------------------------------------------------


def chosen_residents(line: Line) -> Made:
    """W8: the first-game set, the app's completion, or kinds added one by one."""
    if line.args in (["first-game"], ["first_game"]):
        return ev.ResidentsSet(residents.first_game_set(line.state.count))
    if line.args == ["complete"]:
        return line.app_move()
    return [ev.ResidentAdded(kind) for kind in kinds_of(line.args)]


def grand_inquisitor(line: Line) -> Made:
    """W10: by name or seat number, or drawn by the app."""
    word = line.one()
    return (
        line.app_move() if word.lower() == "random" else ev.GrandInquisitorChosen(line.seat(word))
    )


def hut(line: Line) -> Event:
    """W12, W17: a seat, its hut and the targets the hut takes."""
    if len(line.args) < 2:
        raise ScriptError("script_args", verb="hut", count=2)
    seat, rest = line.seat(line.args[0]), line.args[1:]
    two = kind_of("_".join(rest[:2]))
    kind, targets = (two, rest[2:]) if two in residents.KINDS else (kind_of(rest[0]), rest[1:])
    if kind == "none":
        return ev.NoHutLeft(seat)
    if targets == ["pass"]:
        return ev.HutTaken(seat, kind, passed=True)
    if kind in ("mason", "mayor"):
        return ev.HutTaken(seat, kind, seat_target=line.seat(one(targets, "hut")))
    if kind == "troublemaker":
        return ev.HutTaken(seat, kind, line=one(targets, "hut").upper())
    return ev.HutTaken(seat, kind, tuple(t.upper() for t in targets))


def vote(line: Line) -> Event:
    voter, spot = line.args
    return ev.VoteCast(line.seat(voter), spot.upper())


def inquisitor_card(line: Line) -> Event:
    seat, card = line.args
    return ev.InquisitorKeyed(line.seat(seat), card.lower())


def _plain(kind: type[Event]) -> Verb:
    """A verb of no words (any after it are a note)."""
    return Verb(lambda _: kind())


VERBS = {  # the rules refuse an entry out of order, with the step's rule
    "residents": Verb(chosen_residents),
    "take-out": Verb(lambda line: ev.ResidentRemoved(one_kind(line))),
    "confirm": _plain(ev.ResidentsConfirmed),
    "gi": Verb(grand_inquisitor),
    "dealt": _plain(ev.VillageDealt),
    "night": _plain(ev.FirstNightDone),
    "hut": Verb(hut),
    "talked": _plain(ev.DiscussionEnded),
    "vote": Verb(vote, words=2),
    "count": _plain(ev.VotesCounted),
    "pick": Verb(lambda line: ev.LynchChosen(line.one().upper())),
    "reveal": Verb(lambda line: ev.Revealed(one_kind(line))),
    "column": Verb(lambda line: ev.ColumnChosen(line.one().upper())),
    "pass": Verb(
        lambda line: [ev.PassTurned() for _ in range(line.state.count - line.state.passes)]
    ),
    "card": Verb(inquisitor_card, words=2),
}


class ScriptReader(common.ScriptReader):
    """Werewolf's verbs and settings, read by the common reader; ``game`` gives the app's own
    moves and the lines printed."""

    name = "werewolf"
    verbs = VERBS
    settings = OPTIONS
    codec = ev.CODEC
    setup_step = Step.SETUP
    not_now = staticmethod(rules.not_now)

    def created(self, players: tuple[str, ...], options: dict[str, object], seed: int) -> Event:
        return ev.GameCreated(players, ev.Options(**options), seed)  # type: ignore[arg-type]
