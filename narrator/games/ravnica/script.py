"""A game written as text, one entry a line, for ``narrator play --script FILE``.

    game ravnica                       # the game, on the first line (without it: the first
                                       # game there is, Ravnica)
    players Ann Bob Cid Dee Eve        # seat order; names without spaces
    option election_tie=revote         # any ⚖ option (see events.Options), refused as the
                                       # set-up form refuses it
    seed 7                             # seed for the app's deal and draws
    guilds deal                        # or: guilds Azorius Rakdos Gruul Simic Orzhov
    opening
    leader W                           # physical decks; with deck_mode=app: leader draw
    end discussion
    vote Ann Bob                       # voter, candidate (names or seat numbers from 1)
    close votes
    tie Bob                            # the narrator picks among the tied
    draw U                             # physical decks; with deck_mode=app: draw
                                       # (and the Red leader's last card: draw, R22)
    choose Cid                         # White, Blue or Green leader's choice
    ultimate-price Dee                 # the Black leader's secret note
    done                               # the leader did the ability at the table
    ablaze Eve
    reveal                             # the Ultimate Price is revealed
    role Ann agent                     # agent / loyalist
    confirm roles

The ``game`` line is the headless player's (``narrator.play``): it chooses the game, whose
reader then reads the rest; here a ``game`` line is a setting naming this game, nothing more.
A line that starts with ``{`` is one event as JSON (the journal's form). ``#`` starts a comment.
An entry out of order is refused with what the game waits for and that step's rule; the
decks are the app's or the table's (R9), never both. The lines are read by the common reader
(`narrator.games.common.script`); this module gives Ravnica's verbs and its ``option`` line.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable

from narrator.games.base import Event, Refusal
from narrator.games.common import script as common
from narrator.games.common.script import Line, ScriptError, Verb
from narrator.games.ravnica import events as ev
from narrator.games.ravnica import rules, setup_rules, story
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.tables import AGENTS, LOYALISTS, deal_guilds

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(ev.Options))
GAME_NAME = "ravnica"  # the script's ``game`` line
ROLE_WORDS = {"agent": AGENTS, "agents": AGENTS, "loyalist": LOYALISTS, "loyalists": LOYALISTS}


def app_rng(state: State, events_so_far: int) -> random.Random:
    """The app's shuffles are seeded by the game's seed and the entry's position, so a
    resumed game draws what the same game would have drawn."""
    return random.Random(f"{state.seed}:{events_so_far}")


def app_leader_card(state: State, events_so_far: int) -> ev.LeaderCardTurned:
    """R9: the app turns the top card of the leader deck it holds (R12)."""
    return ev.LeaderCardTurned(app_rng(state, events_so_far).choice(state.leader_cards_left()))


def app_targeting_card(state: State, events_so_far: int) -> ev.TargetDrawn:
    """R9: the app draws from the targeting deck it holds (R18)."""
    left = state.targeting_cards_left()
    if not left:
        raise Refusal("deck_empty", "R18")
    return ev.TargetDrawn(app_rng(state, events_so_far).choice(left))


def not_now(state: State) -> Refusal:
    """An entry out of order is refused as the rules refuse it: with what the game is waiting
    for and the rule of that step, before its words are read."""
    wants, rule = rules.waiting_for(state)
    return Refusal("not_now", rule, wants=wants)


def option_value(option: str, value: str) -> object:
    """An ``option NAME=VALUE`` as the set-up form would take it: a timer is a whole number
    of seconds (anything else is left as typed, for the rules to refuse in their words)."""
    if option not in OPTION_NAMES:
        raise Refusal("option_unknown", option=option, options=OPTION_NAMES)
    if option in setup_rules.OPTION_BOUNDS and value.isascii() and value.isdigit():
        return int(value)
    return value


def options_of(args: list[str], verb: str, chosen: dict[str, object]) -> dict[str, object]:
    """The options of an ``option`` line, each checked with those before it as the set-up
    form checks them (R9, R10, R11, R15, R26, R27c)."""
    chosen = dict(chosen)
    for arg in args:
        option, _, value = arg.partition("=")
        parsed = option_value(option, value)
        setup_rules.check_options(ev.Options(**{**chosen, option: parsed}))  # type: ignore[arg-type]
        chosen[option] = parsed
    return chosen


def decode(text: str) -> Event:
    """One event in the journal's JSON form; a game's options are refused by the rules, in
    the words of the set-up form, never by the decoder's field names."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise ScriptError("script_not_event", detail=str(err)) from None
    options = None
    if isinstance(data, dict) and data.get("type") == "game_created":
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise Refusal("option_unknown", option=str(options), options=OPTION_NAMES)
        for option in options:
            option_value(str(option), "")
        data = {**data, "options": {}}  # decoded as the defaults, then replaced below
    try:
        event = ev.CODEC.decode(data)
    except ValueError as err:
        raise ScriptError("script_not_event", detail=str(err)) from None
    if options is not None:
        event = dataclasses.replace(event, options=ev.Options(**options))
    return event


# --- the verbs ------------------------------------------------------------------------------


def _one(line: Line) -> str:
    if len(line.args) != 1:
        raise ScriptError("script_one_word", verb=line.verb)
    return line.args[0]


def _seat(line: Line, word: str) -> int:
    seat = line.seat(word)
    if not 0 <= seat < line.state.count:
        raise Refusal("no_seat", seat=seat + 1, count=line.state.count)
    return seat


def _app(line: Line) -> bool:
    return line.state.options.deck_mode == "app"  # R9: the decks are the app's or the table's


def guilds(line: Line) -> Event:
    if line.args == ["deal"]:
        return ev.GuildsDealt(deal_guilds(line.state.count, app_rng(line.state, line.position)))
    return ev.GuildsDealt(tuple(line.args))


def leader(line: Line) -> Event:
    if line.args in ([], ["draw"]):
        if not _app(line):
            raise Refusal("table_holds_leader_deck", "R9")
        return app_leader_card(line.state, line.position)
    if _app(line):
        raise Refusal("app_holds_leader_deck", "R9")
    return ev.LeaderCardTurned(_one(line).upper())


def draw(line: Line) -> Event:
    left = line.state.targeting_cards_left()
    # R22: the Red leader's last draw is the one card left; the app knows which it is.
    last = line.state.step is Step.ABLAZE_DRAW and len(left) == 1
    if not line.args:
        if not (_app(line) or last):
            raise Refusal("table_holds_targeting_deck", "R9")
        return app_targeting_card(line.state, line.position)
    if _app(line):
        raise Refusal("app_holds_targeting_deck", "R9")
    return ev.TargetDrawn(_one(line).upper())  # a wrong card: the rules refuse it


def vote(line: Line) -> Event:
    if len(line.args) != 2:
        raise ScriptError("script_vote")
    return ev.VoteCast(_seat(line, line.args[0]), _seat(line, line.args[1]))


def role(line: Line) -> Event:
    if len(line.args) != 2:
        raise ScriptError("script_role")
    kind = ROLE_WORDS.get(line.args[1].lower(), line.args[1])  # the rules refuse a non-role (R30)
    return ev.RoleRevealed(_seat(line, line.args[0]), kind)


def _of(kind: type[Event], read: Callable[[Line], Event] | None = None) -> Verb:
    """A verb making an event of ``kind`` at the steps the rules take it in (its words are
    read only then); without ``read``, a kind with no fields (any words after it are a
    note: "close votes")."""
    return Verb(read or (lambda _: kind()), rules.HANDLERS[kind][0])


def _player(kind: type[Event]) -> Verb:
    """A verb naming one player: the tie's pick, a leader's choice, the Ultimate Price."""
    return _of(kind, lambda line: kind(_seat(line, _one(line))))  # type: ignore[call-arg]


VERBS = {  # each entry and the event it makes
    "guilds": _of(ev.GuildsDealt, guilds),
    "opening": _of(ev.OpeningDone),
    "leader": _of(ev.LeaderCardTurned, leader),
    "end": _of(ev.DiscussionEnded),
    "vote": _of(ev.VoteCast, vote),
    "close": _of(ev.VotesClosed),
    "tie": _player(ev.TieBroken),
    "draw": _of(ev.TargetDrawn, draw),
    "choose": _player(ev.PlayerChosen),
    "ultimate-price": _player(ev.UltimatePriceNoted),
    "done": _of(ev.AbilityDone),
    "ablaze": _player(ev.AblazeGiven),
    "reveal": _of(ev.UltimatePriceRevealed),
    "role": _of(ev.RoleRevealed, role),
    "confirm": _of(ev.RolesConfirmed),
}


class ScriptReader(common.ScriptReader):
    """Ravnica's verbs and its ``option`` setting, read by the common reader."""

    name = GAME_NAME
    verbs = VERBS
    settings = {"option": options_of}
    codec = ev.CODEC
    setup_step = Step.SETUP
    not_now = staticmethod(not_now)

    def read_seed(self, args: list[str]) -> int:
        if len(args) != 1:
            raise ScriptError("script_one_word", verb="seed")
        if not (args[0].isascii() and args[0].isdigit()):
            raise ScriptError("script_seed", word=args[0])
        return int(args[0])

    def decode(self, text: str) -> Event:
        return decode(text)

    def created(self, players: tuple[str, ...], options: dict[str, object], seed: int) -> Event:
        """Its options are checked by the rules (R9, R10, R11, R15, R26, R27c)."""
        return ev.GameCreated(players, ev.Options(**options), seed)  # type: ignore[arg-type]

    def report(self, before: State, event: Event, after: State, lang: str) -> list[str]:
        """The public lines the headless player prints for an entry: its line (if it has
        one), and once the Ultimate Price is revealed, who died and why (R27–R29)."""
        lines = [text] if (text := story.describe(before, event, after, lang)) else []
        if after.step is Step.ROLES and before.step is Step.REVEAL:
            lines += story.death_lines(after, lang)
        return lines
