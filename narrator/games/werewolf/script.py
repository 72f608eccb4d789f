"""Ultimate Werewolf: Inquisition written as text, one entry a line, for
``narrator play --script FILE`` (an example: ``examples/werewolf-six-players.txt``):

    game werewolf                  # the first line names the game
    players Ann Bob Cid Dee Eve Fay   # seats clockwise; names without spaces (W2)
    seed 3                         # seed of the app's own moves (W8 complete, W10 draw)
    supply strict                  # W14: partial (default) or strict
    first-night always             # W11: auto (default), always or never
    look 10 · pass 6 · discussion 0   # seconds (W11, W24, W18), each on its own line
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

A line that starts with ``{`` is one event as JSON (the journal's form); ``#`` starts a
comment. An entry the rules refuse stops the script with the rule's refusal.
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
            return [ev.ResidentAdded(kind_of(a)) for a in args]
        if verb == "take-out":
            return ev.ResidentRemoved(kind_of(_one(args, verb)))
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
            return ev.Revealed(kind_of(_one(args, verb)))
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
        seat, hut, targets = seat_of(s, args[0]), kind_of(args[1]), args[2:]
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
