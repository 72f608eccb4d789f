"""The Pyre as the shell drives it: the `narrator.games.base.Game` of P1–P24. No narrator and
no eyes-closed phase: the app is the table's referee and scorekeeper. It holds no secret and
knows no card in a hand, only each hand's size (P1)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.games.base import Event
from narrator.games.common.parts import GameOfParts, Parts
from narrator.games.pyre import events as ev
from narrator.games.pyre import narration, public, rules, script, steps, story
from narrator.games.pyre.state import COUNTS, OVER, SETUP, State, target_of
from narrator.games.shell_data import Field
from narrator.prompts import Words

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


def form_options(values: Mapping[str, Any]) -> ev.Options:
    """The variant and its shift as the form has them so far (P3, P4)."""
    variant = values.get("variant", "standard")
    shift = str(values.get("shift", "1"))
    variants = CHOICES[0][1]
    return ev.Options(
        variant=variant if variant in variants else "standard",
        shift=int(shift) if shift in ("1", "2") else 1,
    )


class PyreGame(GameOfParts):
    name = "pyre"
    title = Words("about.title")
    players = COUNTS  # P2
    players_rule = "P2"
    codec = ev.CODEC
    words_dir = Path(__file__).parent / "words"
    parts = Parts(
        rules=rules, steps=steps, narration=narration, public=public, story=story, script=script
    )

    def initial(self) -> State:
        return State()

    # --- setting up ----------------------------------------------------------------------
    def setup_fields(self) -> tuple[Field, ...]:
        return _fields()

    def setup_note(self, count: int, values: Mapping[str, Any] | None = None) -> Words | None:
        if count not in COUNTS:  # P2
            return None
        options = form_options(values or {})
        rule = "P3" if options.variant == "standard" else "P4"
        return Words("py.setup.note", {"target": target_of(count, options), "rule": rule})

    def setup_off(self, values: Mapping[str, Any]) -> frozenset[str]:
        """P4: the shift is the quick and long variants' only."""
        variant = values.get("variant", "standard")
        return frozenset() if variant in ("quick", "long") else frozenset({"shift"})

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
    def app_move(self, state: State, position: int, move=None) -> Event | None:
        """The starting player (P6), the die (P15), a card picked (P22): seeded by the game
        and the journal's length, so a resumed game makes the same."""
        return rules.app_move(state, random.Random(f"pyre:{state.seed}:{position}"))

    # --- what anyone may know ------------------------------------------------------------
    def summary(self, state: State) -> Words:
        if state.step == SETUP or state.current is None:
            where = Words("py.home.setup")
        else:
            where = Words("py.home.turn", {"player": state.players[state.current]})
        return Words("home.resume", {"players": state.count, "where": where})

    def winners(self, state: State) -> tuple[int, ...] | None:
        """P21: the one seat whose Dominance won (the history counts it)."""
        return (state.winner,) if state.winner is not None else None

    def is_over(self, state: State) -> bool:
        return state.step == OVER

    # --- for the house's checks: the app holds no secret of this game -----------------------
    example_script = "pyre-four-players.txt"


GAME = PyreGame()
__all__ = ["GAME", "PyreGame"]
