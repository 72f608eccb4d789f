"""The die (P15): the app's seeded roll, the comparison shown and spoken ("4 against defence
3: 4 ≥ 3, success"), and the warning before an action the die cannot win."""

from __future__ import annotations

import random
from dataclasses import dataclass

from narrator.games.entries import Refusal
from narrator.games.pyre import events as ev
from narrator.games.pyre.events import Options
from narrator.games.pyre.state import Kind, Roll, State


def succeeds(kind: Kind, value: int, defence: int) -> bool:
    """P11: an accusation needs the die equal to or higher than the defence; P12: an
    exoneration higher than it."""
    return value >= defence if kind == "accuse" else value > defence


def out_of_reach(options: Options, kind: Kind, defence: int) -> bool:
    """P15: only an automatic success can work: above the top face for an accusation, at or
    above it for an exoneration (a d6 may accuse a 6, never exonerate one)."""
    top = options.die_faces
    return defence > top if kind == "accuse" else defence >= top


@dataclass(frozen=True)
class Comparison:
    """What the screen and the voice say of a roll: value, defence, the sign between them
    (≥ or < for an accusation, > or ≤ for an exoneration) and the outcome."""

    kind: Kind
    value: int
    defence: int
    sign: str
    success: bool


def comparison(roll: Roll) -> Comparison:
    success = succeeds(roll.kind, roll.value, roll.defence)
    signs = {"accuse": ("≥", "<"), "exonerate": (">", "≤")}[roll.kind]
    sign = signs[0] if success else signs[1]
    return Comparison(roll.kind, roll.value, roll.defence, sign, success)


def face(s: State, value: object, rule: str) -> int:
    """A face of the die: 1…its faces (P15)."""
    top = s.options.die_faces
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= top:
        raise Refusal("py_no_face", rule, value=value, faces=top)
    return value


def roll_die(s: State, rng: random.Random) -> ev.Rolled:
    """P15: the app's roll (seeded by the game's seed and the journal's length)."""
    return ev.Rolled(rng.randint(1, s.options.die_faces), drawn=True)
