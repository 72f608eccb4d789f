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
``residents werewolf seer nobody`` adds no Werewolf.
"""

from __future__ import annotations

import json

from narrator.games.base import Event, Refusal
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import residents, rules
from narrator.games.werewolf.state import State, Step

SETTINGS = (
    "game",
    "players",
    "seed",
    "supply",
    "first-night",
    "copies",
    "target",
    "look",
    "pass-seconds",
    "discussion",
)
NUMBERS = {
    "seed": "seed",
    "look": "look_seconds",
    "pass-seconds": "pass_seconds",
    "discussion": "discussion_seconds",
}
SIMPLE = {
    "confirm": ev.ResidentsConfirmed,
    "dealt": ev.VillageDealt,
    "night": ev.FirstNightDone,
    "talked": ev.DiscussionEnded,
    "count": ev.VotesCounted,
}


class ScriptError(Refusal):
    """A line the headless player cannot read (not a rule's refusal: no rule id)."""


def seat_of(s: State, word: str) -> int:
    if word.isascii() and word.isdigit():
        return int(word) - 1  # the rules refuse a seat that is not there
    for i, name in enumerate(s.players):
        if name.casefold() == word.casefold():
            return i
    raise ScriptError("ww_script_no_player", word=word)


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


def one_kind(args: list[str], verb: str) -> str:
    found = kinds_of(args)
    if len(found) != 1:
        raise ScriptError("ww_script_args", verb=verb, count=1)
    return found[0]


class ScriptReader:
    def __init__(self) -> None:
        self.players: tuple[str, ...] | None = None
        self.seed = 0
        self.options: dict[str, object] = {}

    @staticmethod
    def _words(line: str) -> list[str]:
        return line.split("#", 1)[0].split()

    def is_setting(self, line: str) -> bool:
        found = self._words(line)
        return bool(found) and found[0].lower() in SETTINGS

    def setting(self, verb: str, args: list[str]) -> None:
        if verb == "game":
            return
        if verb == "players":
            self.players = tuple(args)
            return
        if len(args) != 1:
            raise ScriptError("ww_script_args", verb=verb, count=1)
        if verb == "target":
            try:
                self.options["target"] = int(args[0])
            except ValueError:
                raise ScriptError("ww_script_number", verb=verb) from None
            return
        if verb in ("supply", "first-night", "copies"):
            self.options[verb.replace("-", "_")] = args[0].lower()
            return
        if not (args[0].isascii() and args[0].isdigit()):
            raise ScriptError("ww_script_number", verb=verb)
        if verb == "seed":
            self.seed = int(args[0])
        else:
            self.options[NUMBERS[verb]] = int(args[0])

    def game_created(self) -> Event | None:
        if self.players is None:
            return None
        return ev.GameCreated(self.players, ev.Options(**self.options), self.seed)

    def event(self, line: str, state: State, position: int) -> Event | None:
        if line.lstrip().startswith("{"):
            try:
                return ev.CODEC.decode(json.loads(line))
            except (ValueError, RecursionError) as err:
                raise ScriptError("script_not_event", detail=str(err)) from None
        found = self._words(line)
        if not found:
            return None
        verb, args = found[0].lower(), found[1:]
        if verb in SETTINGS:
            if state.step != Step.SETUP:
                raise rules.not_now(state)
            self.setting(verb, args)
            return None
        if verb in SIMPLE:
            return SIMPLE[verb]()
        return self.entry(verb, args, state, position)

    def entry(self, verb: str, args: list[str], s: State, position: int):  # noqa: C901
        if verb == "residents":
            if args in (["first-game"], ["first_game"]):
                return ev.ResidentsSet(residents.first_game_set(s.count))
            if args == ["complete"]:
                from narrator.games.werewolf.game import GAME

                return GAME.app_move(s, position)
            return [ev.ResidentAdded(kind) for kind in kinds_of(args)]
        if verb == "take-out":
            return ev.ResidentRemoved(one_kind(args, verb))
        if verb == "gi":
            word = _one(args, verb)
            if word.lower() == "random":
                from narrator.games.werewolf.game import GAME

                return GAME.app_move(s, position)
            return ev.GrandInquisitorChosen(seat_of(s, word))
        if verb == "hut":
            return self.hut(args, s)
        if verb == "vote":
            if len(args) != 2:
                raise ScriptError("ww_script_args", verb=verb, count=2)
            return ev.VoteCast(seat_of(s, args[0]), args[1].upper())
        if verb == "pick":
            return ev.LynchChosen(_one(args, verb).upper())
        if verb == "reveal":
            return ev.Revealed(one_kind(args, verb))
        if verb == "column":
            return ev.ColumnChosen(_one(args, verb).upper())
        if verb == "pass":
            return [ev.PassTurned() for _ in range(s.count - s.passes)]
        if verb == "card":
            if len(args) != 2:
                raise ScriptError("ww_script_args", verb=verb, count=2)
            return ev.InquisitorKeyed(seat_of(s, args[0]), args[1].lower())
        raise ScriptError("ww_script_unknown", verb=verb)

    def hut(self, args: list[str], s: State) -> Event:
        if len(args) < 2:
            raise ScriptError("ww_script_args", verb="hut", count=2)
        seat, rest = seat_of(s, args[0]), args[1:]
        two = kind_of("_".join(rest[:2]))
        hut, targets = (two, rest[2:]) if two in residents.KINDS else (kind_of(rest[0]), rest[1:])
        if hut == "none":
            return ev.NoHutLeft(seat)
        if targets == ["pass"]:
            return ev.HutTaken(seat, hut, passed=True)
        if hut in ("mason", "mayor"):
            return ev.HutTaken(seat, hut, seat_target=seat_of(s, _one(targets, "hut")))
        if hut == "troublemaker":
            return ev.HutTaken(seat, hut, line=_one(targets, "hut").upper())
        return ev.HutTaken(seat, hut, tuple(t.upper() for t in targets))

    @staticmethod
    def report(before: State, event: Event, after: State, lang: str) -> list[str]:
        from narrator.games.werewolf.story import describe

        return [describe(before, event, after, lang)]


def _one(args: list[str], verb: str) -> str:
    if len(args) != 1:
        raise ScriptError("ww_script_args", verb=verb, count=1)
    return args[0]
