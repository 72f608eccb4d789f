"""The Pyre as the shell drives it: the `narrator.games.base.Game` of P1–P24. No narrator and
no eyes-closed phase: the app is the table's referee and scorekeeper. It holds no secret and
knows no card in a hand, only each hand's size (P1)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.games.base import Event, Game
from narrator.games.pyre import events as ev
from narrator.games.pyre import narration, public, rules, story, view
from narrator.games.pyre.state import COUNTS, OVER, SETUP, State, target_of
from narrator.games.views import Field, PublicView, StepView, Words

CHOICES = (  # (option, values, rule): the ⚖ rulings chosen before the game
    ("variant", ("standard", "quick", "long", "tutorial"), "P4"),
    ("shift", ("1", "2"), "P4"),
    ("first_player", ("drawn", "picked"), "P6"),
    ("roll", ("app", "physical"), "P15"),
    ("exonerated_to", ("exonerator", "former_owner"), "P12"),
    ("reminder", ("on", "off"), "P19"),
)
NUMBERS = (  # (option, default, low, high, rule)
    ("die_faces", 6, 2, 20, "P15"),
    ("influence_max", 20, 1, 99, "P10"),
    ("turn_timer", 0, 0, 600, "P7"),
)


def _fields() -> tuple[Field, ...]:
    counts = {"low": COUNTS[0], "high": COUNTS[-1]}
    out = [
        Field(
            "count",
            Words("py.setup.count", counts),
            "count",
            4,
            COUNTS[0],
            COUNTS[-1],
            hint=Words("py.setup.count_hint", counts),
            digits=1,
            rule="P2",
        )
    ]
    for name, values, rule in CHOICES:
        options = tuple((v, Words(f"py.setup.{name}.{v}")) for v in values)
        label = Words(f"py.setup.{name}.label")
        out.append(Field(name, label, "choice", values[0], options=options, rule=rule))
    for name, default, low, high, rule in NUMBERS:
        hint = Words(f"py.setup.{name}_hint", {"low": low, "high": high})
        label = Words(f"py.setup.{name}")
        out.append(Field(name, label, "int", default, low, high, hint=hint, digits=3, rule=rule))
    return tuple(out)


class PyreGame(Game):
    name = "pyre"
    title = Words("about.title")
    players = COUNTS  # P2
    players_rule = "P2"
    codec = ev.CODEC
    words_dir = Path(__file__).parent / "words"

    def initial(self) -> State:
        return State()

    def apply(self, state: State, event: Event) -> State:
        return rules.apply(state, event)

    def legal_moves(self, state: State) -> list[Event]:
        return rules.legal_moves(state)

    # --- setting up ----------------------------------------------------------------------
    def setup_fields(self) -> tuple[Field, ...]:
        return _fields()

    def setup_note(self, count: int) -> Words | None:
        if count not in COUNTS:  # P2
            return None
        return Words("py.setup.note", {"target": target_of(count, ev.Options())})

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        chosen: dict[str, Any] = {k: values[k] for k, _, _ in CHOICES if k in values}
        chosen |= {k: int(values[k]) for k, *_ in NUMBERS if k in values}
        if "shift" in chosen:
            chosen["shift"] = int(chosen["shift"])
        if "reminder" in chosen:
            chosen["reminder"] = chosen["reminder"] == "on"
        created = ev.GameCreated(tuple(names), ev.Options(**chosen), seed)
        rules.apply(State(), created)  # refused here, naming what is wrong (P2)
        return created

    # --- the step ------------------------------------------------------------------------
    def step(self, state: State, path: tuple[str, ...] = ()) -> StepView:
        return view.step_view(state, path)

    def app_move(self, state: State, position: int, move=None) -> Event | None:
        """The starting player (P6), the die (P15), a card picked (P22): seeded by the game
        and the journal's length, so a resumed game makes the same."""
        return rules.app_move(state, random.Random(f"pyre:{state.seed}:{position}"))

    def step_lines(self, state: State):
        return narration.step_lines(state)

    def again_lines(self, state: State):
        return narration.again_lines(state)

    def event_lines(self, before: State, event: Event, after: State):
        return narration.event_lines(before, event, after)

    def announcements(self, before: State, event: Event, after: State):
        return narration.announcements(before, event, after)

    # --- what anyone may know ------------------------------------------------------------
    def public_view(self, state: State, unannounced: frozenset[int] = frozenset()) -> PublicView:
        """Everything is public but the hands' cards, which the app never knows (P1)."""
        return public.public_view(self.title, state)

    def summary(self, state: State) -> Words:
        if state.step == SETUP or state.current is None:
            where = Words("py.home.setup")
        else:
            where = Words("py.home.turn", {"player": state.players[state.current]})
        return Words("home.resume", {"players": state.count, "where": where})

    def describe(self, before: State, event: Event, after: State, lang: str) -> str:
        return story.describe(before, event, after, lang)

    def record(self, state: State, events: Sequence[Event], lang: str) -> str:
        return story.record(state, events, lang)

    def is_over(self, state: State) -> bool:
        return state.step == OVER

    def waiting_for(self, state: State):
        return rules.waiting_for(state)

    def script(self):
        from narrator.games.pyre.script import ScriptReader

        return ScriptReader(self)


GAME = PyreGame()
__all__ = ["GAME", "PyreGame"]
