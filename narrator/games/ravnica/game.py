"""Ravnica: Inquisition as the shell drives it: the `narrator.games.base.Game` of R1–R31."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.games.base import Event, Game
from narrator.games.ravnica import events as ev
from narrator.games.ravnica import (
    narration,
    private_view,
    public,
    rules,
    script,
    seen,
    setup_rules,
    steps,
    story,
    tables,
)
from narrator.games.ravnica.moves import legal_moves
from narrator.games.ravnica.state import State, Step
from narrator.games.shell_data import Field, PublicView, StepView, Text
from narrator.prompts import Words, prompt, worded

# The setup form (R4, R6, R9–R11, R15, R26, R27c): (option, label words, values) of each choice
CHOICES = (  # (field, label, values, rule)
    ("deal", "setup.deal", ("app", "physical"), "R6"),
    ("deck", "setup.decks", ("physical", "app"), "R9"),
)
OPTION_OF_FIELD = {"deal": "deal_mode", "deck": "deck_mode"}
TONES = {"death": "#e5534b", "ultimate_price": "#b58ad8", "ablaze": "#ff8c1a"}  # frames
TIES = (
    ("election_tie", ("guild_order", "revote", "narrator"), "R15"),
    ("final_tie", ("guild_order", "nobody", "narrator"), "R27c"),
)
TIMERS = (("round_seconds", 120), ("final_seconds", 300), ("opening_pause", 10))


def _fields() -> tuple[Field, ...]:
    count = {"low": tables.MIN_PLAYERS, "high": tables.MAX_PLAYERS}
    out = [
        Field(
            "count",
            Words("setup.count", count),
            "count",
            5,
            tables.MIN_PLAYERS,
            tables.MAX_PLAYERS,
            hint=Words("setup.count_hint", count),
            digits=2,
            rule="R4",
        )
    ]
    lists = {"deal": "deal_mode", "deck": "deck_mode"}
    for name, label, values, rule in CHOICES:
        options = tuple((v, Words(f"setup.{lists[name]}.{v}")) for v in values)
        out.append(Field(name, Words(label), "choice", values[0], options=options, rule=rule))
    for name, default in TIMERS:
        low, high, rule = setup_rules.OPTION_BOUNDS[name]
        what = Words(f"setup.what.{name}")
        out.append(
            Field(
                name,
                Words(f"setup.timer.{name}"),
                "int",
                default,
                low,
                high,
                hint=Words("setup.seconds_hint", {"what": what}),
                digits=4 if name != "opening_pause" else 3,
                rule=rule,
            )
        )
    for name, values, rule in TIES:
        options = tuple((v, Words(f"setup.{name}s.{v}")) for v in values)
        out.append(
            Field(name, Words(f"setup.{name}"), "choice", values[0], options=options, rule=rule)
        )
    return tuple(out)


class RavnicaGame(Game):
    name = "ravnica"
    title = Words("about.title")
    players = range(tables.MIN_PLAYERS, tables.MAX_PLAYERS + 1)
    codec = ev.CODEC
    words_dir = Path(__file__).parent / "words"
    screens = "narrator.tui.ravnica"

    def initial(self) -> State:
        return State()

    def apply(self, state: State, event: Event) -> State:
        return rules.apply(state, event)

    def legal_moves(self, state: State) -> list[Event]:
        return legal_moves(state)

    # --- setting up ----------------------------------------------------------------------
    def setup_fields(self) -> tuple[Field, ...]:
        return _fields()

    def setup_note(self, count: int, values: Mapping[str, Any] | None = None) -> Words | None:
        agents = tables.agents_for(count)
        return Words("setup.roles", {"agents": agents, "loyalists": count - agents})

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        known = {f.name for f in dataclasses.fields(ev.Options)}
        named = {OPTION_OF_FIELD.get(k, k): v for k, v in values.items()}
        options = ev.Options(**{k: v for k, v in named.items() if k in known})
        return ev.GameCreated(tuple(names), options, seed)

    # --- the step ------------------------------------------------------------------------
    def step(self, state: State, path: tuple[str, ...] = ()) -> StepView:
        return steps.step_view(state, path)

    def after_private(self, state: State, session) -> Words:
        return private_view.after_private(state, session)

    def app_move(self, state: State, position: int, move=None) -> Event | None:
        if state.step is Step.TURN_LEADER_CARD:
            return script.app_leader_card(state, position)
        if state.step in private_view.DRAW_STEPS:
            return script.app_targeting_card(state, position)
        return None

    def step_lines(self, state: State):
        return narration.step_lines(state)

    def again_lines(self, state: State):
        """After a take-back: a vote under way names no voter aloud (the screen does), so
        nothing is said again; any other step says its line again."""
        if state.ballot is not None and state.ballot.votes:
            return []
        return narration.step_lines(state)

    def event_lines(self, before: State, event: Event, after: State):
        return narration.event_lines(before, event, after)

    def announcements(self, before: State, event: Event, after: State):
        return [
            dataclasses.replace(page, tone=TONES.get(page.kind))
            for page in narration.announcements(before, event, after)
        ]

    def prewarm(self, state: State):
        """The round openings, with the colours' names, rendered ahead of the game."""
        return [("turn_leader_card", {"round": n}) for n in range(1, 6)] + [
            ("round_start", {"round": n, "colour": tables.colour_term(c)})
            for n in range(1, 6)
            for c in tables.COLOURS
        ]

    # --- what anyone may know ------------------------------------------------------------
    def public_view(self, state: State, unannounced: frozenset[int] = frozenset()) -> PublicView:
        return public.public_view(self.title, state, unannounced)

    def summary(self, state: State) -> Words:
        where = (
            Words("home.round", {"round": state.round})
            if 1 <= state.round <= 5
            else Words(f"home.step.{state.step.value}")
        )
        return Words("home.resume", {"players": state.count, "where": where})

    def describe(self, before: State, event: Event, after: State, lang: str) -> str:
        return story.describe(before, event, after, lang)

    def record(self, state: State, events: Sequence[Event], lang: str) -> str:
        return story.record_markdown(state, list(events), lang=lang)

    def is_over(self, state: State) -> bool:
        return state.winner is not None

    def sides(self, state: State) -> tuple[tuple[Words | None, bool | None], ...] | None:
        """R30, R31: a seat whose role was keyed in at the end, its role and whether its team
        won; the others unknown (a living player may keep the role card face down)."""
        if state.winner is None:
            return None
        roles = (state.role_of(seat) for seat in range(state.count))
        return tuple(
            (None, None) if role is None else (Words(f"role.{role}"), role == state.winner)
            for role in roles
        )

    def waiting_for(self, state: State):
        return rules.waiting_for(state)

    def script(self) -> script.ScriptReader:
        return script.ScriptReader(self)

    # --- for the house's checks ------------------------------------------------------------
    example_script = "five-players.txt"

    def secrets(self, state: State, lang: str) -> Sequence[str]:
        """R23 until R29: the Ultimate Price's reveal, naming the player it falls on, and the
        Black leader's own page's line for it."""
        if state.ultimate_price is None or state.ultimate_price_revealed:
            return ()
        player = state.players[state.ultimate_price]
        return (
            prompt("ultimate_price_reveal", lang, player=player),
            worded(seen.price_seen(state), lang),
        )

    def seen_by(self, state: State, seat: int) -> Sequence[Text]:
        return seen.seen_by(state, seat)


GAME = RavnicaGame()
