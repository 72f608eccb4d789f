"""A game written as text, one entry a line, for ``narrator play --script FILE``.

    players Ann Bob Cid Dee Eve        # seat order; names without spaces
    option election_tie=revote         # any ⚖ option (see events.Options)
    seed 7                             # seed for the app's deal and draws
    guilds deal                        # or: guilds Azorius Rakdos Gruul Simic Orzhov
    opening
    leader W                           # or: leader draw   (the app turns the card)
    end discussion
    vote Ann Bob                       # voter, candidate (names or seat numbers from 1)
    close votes
    tie Bob                            # the narrator picks among the tied
    draw U                             # or: draw          (the app draws)
    choose Cid                         # White, Blue or Green leader's choice
    ultimate-price Dee                 # the Black leader's secret note
    done                               # the leader did the ability at the table
    ablaze Eve
    reveal                             # the Ultimate Price is revealed
    role Ann agent                     # agent / loyalist
    confirm roles

A line that starts with ``{`` is one event as JSON (the journal's form). ``#`` starts a comment.
"""

from __future__ import annotations

import json
import random
import shlex

from narrator.games.base import Event, Refusal
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import State
from narrator.games.ravnica.tables import AGENTS, LOYALISTS, deal_guilds


class ScriptError(ValueError):
    pass


def app_rng(state: State, events_so_far: int) -> random.Random:
    """The app's shuffles are seeded by the game's seed and the entry's position, so a
    resumed game draws what the same game would have drawn."""
    return random.Random(f"{state.seed}:{events_so_far}")


def seat_of(state: State, word: str) -> int:
    if word.isdigit():
        seat = int(word) - 1
        if not 0 <= seat < state.count:
            raise Refusal(f"There is no seat {word}: seats go from 1 to {state.count}.")
        return seat
    for i, p in enumerate(state.players):
        if p.casefold() == word.casefold():
            return i
    raise Refusal(f"There is no player called {word!r}.")


class ScriptReader:
    """Turns lines into events, one at a time, against the state reached so far."""

    def __init__(self) -> None:
        self.players: tuple[str, ...] | None = None
        self.options: dict[str, object] = {}
        self.seed = 0

    @staticmethod
    def is_setting(line: str) -> bool:
        words = line.split("#", 1)[0].split()
        return bool(words) and words[0].lower() in ("players", "option", "seed")

    def event(self, line: str, state: State, position: int) -> Event | None:
        text = line.split("#", 1)[0].strip() if not line.lstrip().startswith("{") else line.strip()
        if not text:
            return None
        if text.startswith("{"):
            try:
                return ev.CODEC.decode(json.loads(text))
            except (json.JSONDecodeError, ValueError) as err:
                raise ScriptError(f"not an event: {err}") from None
        try:
            words = shlex.split(text)
        except ValueError as err:  # e.g. an unclosed quotation
            raise ScriptError(str(err)) from None
        verb, args = words[0].lower(), words[1:]
        if verb == "players":
            self.players = tuple(args)
            return None
        if verb == "option":
            for arg in args:
                key, _, value = arg.partition("=")
                self.options[key] = int(value) if value.isdigit() else value
            return None
        if verb == "seed":
            word = _one(args, verb)
            if not word.isdigit():
                raise ScriptError(f"the seed must be a whole number, not {word!r}")
            self.seed = int(word)
            return None
        if verb == "guilds":
            if args == ["deal"]:
                return ev.GuildsDealt(deal_guilds(state.count, app_rng(state, position)))
            return ev.GuildsDealt(tuple(args))
        if verb == "opening":
            return ev.OpeningDone()
        if verb == "leader":
            if args == ["draw"]:
                return ev.LeaderCardTurned(
                    app_rng(state, position).choice(state.leader_cards_left())
                )
            return ev.LeaderCardTurned(_one(args, verb).upper())
        if verb == "end":
            return ev.DiscussionEnded()
        if verb == "vote":
            if len(args) != 2:
                raise ScriptError("vote takes a voter and a candidate")
            return ev.VoteCast(seat_of(state, args[0]), seat_of(state, args[1]))
        if verb == "close":
            return ev.VotesClosed()
        if verb == "tie":
            return ev.TieBroken(seat_of(state, _one(args, verb)))
        if verb == "draw":
            if not args:
                left = state.targeting_cards_left()
                if not left:
                    raise Refusal("The targeting deck is empty.", "R18")
                return ev.TargetDrawn(app_rng(state, position).choice(left))
            return ev.TargetDrawn(_one(args, verb).upper())
        if verb == "choose":
            return ev.PlayerChosen(seat_of(state, _one(args, verb)))
        if verb == "ultimate-price":
            return ev.UltimatePriceNoted(seat_of(state, _one(args, verb)))
        if verb == "done":
            return ev.AbilityDone()
        if verb == "ablaze":
            return ev.AblazeGiven(seat_of(state, _one(args, verb)))
        if verb == "reveal":
            return ev.UltimatePriceRevealed()
        if verb == "role":
            if len(args) != 2:
                raise ScriptError("role takes a player and agent/loyalist")
            role = {
                "agent": AGENTS,
                "agents": AGENTS,
                "loyalist": LOYALISTS,
                "loyalists": LOYALISTS,
            }
            if args[1].lower() not in role:
                raise ScriptError(f"{args[1]!r} is not a role: agent or loyalist")
            return ev.RoleRevealed(seat_of(state, args[0]), role[args[1].lower()])
        if verb == "confirm":
            return ev.RolesConfirmed()
        raise ScriptError(f"unknown entry {verb!r}")

    def game_created(self) -> Event | None:
        """The GameCreated event, once ``players`` (and any options and seed) were read."""
        if self.players is None:
            return None
        try:
            options = ev.CODEC.decode(
                {"type": "game_created", "players": [], "options": self.options}
            ).options
        except ValueError as err:
            raise ScriptError(str(err)) from None
        return ev.GameCreated(self.players, options, self.seed)


def _one(args: list[str], verb: str) -> str:
    if len(args) != 1:
        raise ScriptError(f"{verb} takes one word")
    return args[0]
