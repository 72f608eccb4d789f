"""Blood Bound with the Inquisitor as the shell drives it: the `narrator.games.base.Game` of
B1–B30. The app is the table's referee: no eyes-closed phase; the one secret it holds is where
the True Curse went (B19), given on the privacy screen and shown nowhere before B26."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.games.base import Event, Game
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import narration, public, rules, story, view
from narrator.games.blood_bound.flow import DAGGER, END, SETUP, TURN
from narrator.games.blood_bound.state import COUNTS, State, curse_cards
from narrator.games.views import Field, PublicView, StepView, Words

CHOICES = (  # (option, values, rule): the ⚖ rulings chosen before the game
    ("curses", ("by_count", "one_each"), "B7"),
    ("first_dagger", ("drawn", "picked"), "B9"),
    ("abilities", ("any_wound", "attack_wounds"), "B17"),
    ("curse_to_self", ("no", "yes"), "B19"),
    ("clans", ("rose_beast", "gargoyle_phoenix"), "B1"),
)


def _fields() -> tuple[Field, ...]:
    counts = {"counts": ", ".join(map(str, COUNTS))}
    out = [
        Field(
            "count",
            Words("bb.setup.count", counts),
            "count",
            COUNTS[1],
            COUNTS[0],
            COUNTS[-1],
            hint=Words("bb.setup.count_hint", counts),
            digits=2,
            rule="B4",
        )
    ]
    for name, values, rule in CHOICES:
        options = tuple((v, Words(f"bb.setup.{name}.{v}")) for v in values)
        label = Words(f"bb.setup.{name}.label")
        out.append(Field(name, label, "choice", values[0], options=options, rule=rule))
    return tuple(out)


class BloodBoundGame(Game):
    name = "blood_bound"
    title = Words("about.title")
    players = COUNTS  # B4
    players_rule = "B4"
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
        if count not in COUNTS:  # B4
            return None
        true, false = curse_cards(count, ev.Options())
        clan = count // 2  # B5
        return Words("bb.setup.note", {"clan": clan, "true": true, "false": false})

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        chosen: dict[str, Any] = {k: values[k] for k, _, _ in CHOICES if k in values}
        if "curse_to_self" in chosen:
            chosen["curse_to_self"] = chosen["curse_to_self"] == "yes"
        created = ev.GameCreated(tuple(names), ev.Options(**chosen), seed)
        rules.apply(State(), created)  # refused here, naming what is wrong (B4)
        return created

    # --- the step ------------------------------------------------------------------------
    def step(self, state: State, path: tuple[str, ...] = ()) -> StepView:
        return view.step_view(state, path)

    def after_private(self, state: State, session: Any) -> Words:
        return Words("bb.curses.after")  # B19: "Look back" once the screen is clear

    def app_move(self, state: State, position: int, move=None) -> Event | None:
        """B9: the first dagger holder, drawn (seeded by the game and the journal's length)."""
        if state.step == DAGGER:
            rng = random.Random(f"blood_bound:{state.seed}:{position}")
            return rules.draw_first_dagger(state, rng)
        return None

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
        """All but the True Curse's seat is public (B14, B19): the tracker."""
        return public.public_view(self.title, state)

    def summary(self, state: State) -> Words:
        if state.step in (SETUP, END) or state.dagger is None:
            where = Words("bb.home.setup")
        else:
            where = Words("bb.home.dagger", {"player": state.players[state.dagger]})
        return Words("home.resume", {"players": state.count, "where": where})

    def describe(self, before: State, event: Event, after: State, lang: str) -> str:
        return story.describe(before, event, after, lang)

    def record(self, state: State, events: Sequence[Event], lang: str) -> str:
        return story.record(state, events, lang)

    def is_over(self, state: State) -> bool:
        return state.step == END

    def waiting_for(self, state: State):
        return rules.waiting_for(state)

    def script(self):
        from narrator.games.blood_bound.script import ScriptReader

        return ScriptReader(self)


GAME = BloodBoundGame()
__all__ = ["GAME", "BloodBoundGame", "TURN"]
