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
decks are the app's or the table's (R9), never both.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shlex

from narrator.games.base import Event, Refusal
from narrator.games.ravnica import events as ev
from narrator.games.ravnica import rules, setup_rules, story
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.tables import AGENTS, LOYALISTS, deal_guilds

OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(ev.Options))
GAME_NAME = "ravnica"  # the script's ``game`` line
SETTINGS = ("game", "players", "option", "seed")
ENTRIES: dict[str, type[Event]] = {  # each entry and the event it makes
    "guilds": ev.GuildsDealt,
    "opening": ev.OpeningDone,
    "leader": ev.LeaderCardTurned,
    "end": ev.DiscussionEnded,
    "vote": ev.VoteCast,
    "close": ev.VotesClosed,
    "tie": ev.TieBroken,
    "draw": ev.TargetDrawn,
    "choose": ev.PlayerChosen,
    "ultimate-price": ev.UltimatePriceNoted,
    "done": ev.AbilityDone,
    "ablaze": ev.AblazeGiven,
    "reveal": ev.UltimatePriceRevealed,
    "role": ev.RoleRevealed,
    "confirm": ev.RolesConfirmed,
}
ROLE_WORDS = {"agent": AGENTS, "agents": AGENTS, "loyalist": LOYALISTS, "loyalists": LOYALISTS}


class ScriptError(Refusal):
    """A line the headless player cannot read (not a rule's refusal: no rule id)."""


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


def seat_of(state: State, word: str) -> int:
    if word.isascii() and word.isdigit():
        seat = int(word) - 1
        if not 0 <= seat < state.count:
            raise Refusal("no_seat", seat=int(word), count=state.count)
        return seat
    for i, p in enumerate(state.players):
        if p.casefold() == word.casefold():
            return i
    raise Refusal("no_player", word=word)


def in_order(state: State, steps: tuple[Step, ...]) -> None:
    """An entry out of order is refused as the rules refuse it: with what the game is waiting
    for and the rule of that step, before its words are read."""
    if state.step not in steps:
        wants, rule = rules.waiting_for(state)
        raise Refusal("not_now", rule, wants=wants)


def option_value(option: str, value: str) -> object:
    """An ``option NAME=VALUE`` as the set-up form would take it: a timer is a whole number
    of seconds (anything else is left as typed, for the rules to refuse in their words)."""
    if option not in OPTION_NAMES:
        raise Refusal("option_unknown", option=option, options=OPTION_NAMES)
    if option in setup_rules.OPTION_BOUNDS and value.isascii() and value.isdigit():
        return int(value)
    return value


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


class ScriptReader:
    """Turns lines into events, one at a time, against the state reached so far."""

    def __init__(self) -> None:
        self.players: tuple[str, ...] | None = None
        self.options: dict[str, object] = {}
        self.seed = 0

    @staticmethod
    def is_setting(line: str) -> bool:
        words = line.split("#", 1)[0].split()
        return bool(words) and words[0].lower() in SETTINGS

    def event(self, line: str, state: State, position: int) -> Event | None:
        text = line.strip() if line.lstrip().startswith("{") else line.split("#", 1)[0].strip()
        if not text:
            return None
        if text.startswith("{"):
            return decode(text)
        try:
            words = shlex.split(text)
        except ValueError as err:  # e.g. an unclosed quotation
            raise ScriptError("script_unreadable", detail=str(err)) from None
        verb, args = words[0].lower(), words[1:]
        if verb in SETTINGS:
            in_order(state, (Step.SETUP,))
            self.setting(verb, args)
            return None
        kind = ENTRIES.get(verb)
        if kind is None:
            raise ScriptError("script_unknown", verb=verb)
        in_order(state, rules.HANDLERS[kind][0])
        return self.entry(verb, args, state, position)

    def setting(self, verb: str, args: list[str]) -> None:
        if verb == "game":  # chosen by the headless player: it can only be this game
            if _one(args, verb).lower() != GAME_NAME:
                raise ScriptError("script_unknown", verb=" ".join([verb, *args]))
        elif verb == "players":
            self.players = tuple(args)
        elif verb == "option":
            chosen = dict(self.options)  # kept only if every option of the line is taken
            for arg in args:
                option, _, value = arg.partition("=")
                parsed = option_value(option, value)
                options = ev.Options(**{**chosen, option: parsed})
                setup_rules.check_options(options)  # R9, R10, R11, R15, R26, R27c
                chosen[option] = parsed
            self.options = chosen
        else:
            word = _one(args, verb)
            if not (word.isascii() and word.isdigit()):
                raise ScriptError("script_seed", word=word)
            self.seed = int(word)

    def entry(self, verb: str, args: list[str], state: State, position: int) -> Event:
        app = state.options.deck_mode == "app"  # R9: the decks are the app's or the table's
        if verb == "guilds":
            if args == ["deal"]:
                return ev.GuildsDealt(deal_guilds(state.count, app_rng(state, position)))
            return ev.GuildsDealt(tuple(args))
        if verb == "leader":
            if args in ([], ["draw"]):
                if not app:
                    raise Refusal("table_holds_leader_deck", "R9")
                return app_leader_card(state, position)
            if app:
                raise Refusal("app_holds_leader_deck", "R9")
            return ev.LeaderCardTurned(_one(args, verb).upper())
        if verb == "draw":
            return self.draw(args, state, position, app)
        if verb == "vote":
            if len(args) != 2:
                raise ScriptError("script_vote")
            return ev.VoteCast(seat_of(state, args[0]), seat_of(state, args[1]))
        if verb == "role":
            if len(args) != 2:
                raise ScriptError("script_role")
            role = ROLE_WORDS.get(args[1].lower(), args[1])  # the rules refuse a non-role (R30)
            return ev.RoleRevealed(seat_of(state, args[0]), role)
        if verb in ("tie", "choose", "ultimate-price", "ablaze"):
            return ENTRIES[verb](seat_of(state, _one(args, verb)))  # type: ignore[call-arg]
        return ENTRIES[verb]()

    @staticmethod
    def draw(args: list[str], state: State, position: int, app: bool) -> Event:
        left = state.targeting_cards_left()
        # R22: the Red leader's last draw is the one card left; the app knows which it is.
        last = state.step is Step.ABLAZE_DRAW and len(left) == 1
        if not args:
            if not (app or last):
                raise Refusal("table_holds_targeting_deck", "R9")
            return app_targeting_card(state, position)
        if app:
            raise Refusal("app_holds_targeting_deck", "R9")
        return ev.TargetDrawn(_one(args, "draw").upper())  # a wrong card: the rules refuse it

    @staticmethod
    def report(before: State, event: Event, after: State, lang: str) -> list[str]:
        """The public lines the headless player prints for an entry: its line (if it has
        one), and once the Ultimate Price is revealed, who died and why (R27–R29)."""
        lines = [text] if (text := story.describe(before, event, after, lang)) else []
        if after.step is Step.ROLES and before.step is Step.REVEAL:
            lines += story.death_lines(after, lang)
        return lines

    def game_created(self) -> Event | None:
        """The GameCreated event, once ``players`` (and any options and seed) were read; its
        options are checked by the rules (R9, R10, R11, R15, R26, R27c)."""
        if self.players is None:
            return None
        options = ev.Options(**self.options)  # type: ignore[arg-type]
        return ev.GameCreated(self.players, options, self.seed)


def _one(args: list[str], verb: str) -> str:
    if len(args) != 1:
        raise ScriptError("script_one_word", verb=verb)
    return args[0]
