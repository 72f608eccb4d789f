"""The residents and their huts (W5–W8), the Inquisitor mix (W3): the game's public tables.

A resident kind is named by its id ("apprentice_seer"); its key on screen is one letter
(``KEY``), its balance number the one printed on the card (W5). Choosing the 12 residents
(W8) is checked and completed here.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from narrator.games.base import Refusal

MIN_PLAYERS, MAX_PLAYERS = 3, 12  # W2
START_VOTES, SUPPLY = 2, 50  # W4
VILLAGE_SIZE = 12  # W8: exactly 12 residents

# W3: players -> (villager, werewolf) Inquisitor cards
INQUISITORS = {
    3: (2, 1),
    4: (3, 1),
    5: (3, 2),
    6: (4, 2),
    7: (4, 3),
    8: (5, 3),
    9: (5, 4),
    10: (6, 4),
    11: (6, 5),
    12: (7, 5),
}

# W5: each kind, its balance number and its copies in the box (⚖ Werewolf 4, Villager 2)
BALANCE = {
    "apprentice_seer": 5,
    "bodyguard": 2,
    "cursed": -1,
    "hunter": 1,
    "mason": 3,
    "mayor": 1,
    "minion": 3,
    "prince": 3,
    "seer": 8,
    "sorcerer": 5,
    "troublemaker": -5,
    "villager": 0,
    "werewolf": -6,
    "witch": 1,
    "wolf_cub": -2,
}
KINDS = tuple(BALANCE)
COPIES = {kind: 1 for kind in KINDS} | {"werewolf": 4, "villager": 2}
ANY_COPIES = dict.fromkeys(KINDS, 12)  # ⚖ W5 "any": several boxes, or cards of your own


def copies_of(rule: str) -> dict[str, int]:
    """W5 ⚖ (configurable): the box's copies, or any number of each kind."""
    return ANY_COPIES if rule == "any" else COPIES


# The key of each kind on screen (no key of the game screen's own: e t x h m v)
KEY = {
    "apprentice_seer": "a",
    "bodyguard": "b",
    "cursed": "c",
    "hunter": "n",
    "mason": "o",
    "mayor": "y",
    "minion": "i",
    "prince": "r",
    "seer": "s",
    "sorcerer": "z",
    "troublemaker": "u",
    "villager": "l",
    "werewolf": "w",
    "witch": "k",
    "wolf_cub": "f",
}
KIND_OF_KEY = {key: kind for kind, key in KEY.items()}

# W8 (a): the first-game sets, both summing to 0
FIRST_GAME_SMALL = ("werewolf",) * 4 + (
    "apprentice_seer",
    "seer",
    "witch",
    "mayor",
    "hunter",
    "bodyguard",
    "minion",
    "prince",
)
FIRST_GAME = ("werewolf",) * 4 + (
    "apprentice_seer",
    "seer",
    "witch",
    "mayor",
    "hunter",
    "sorcerer",
    "villager",
    "mason",
)


def hut_of(kind: str) -> str:
    """W6: every resident's hut is of its kind, but a Werewolf's is a Villager hut."""
    return "villager" if kind == "werewolf" else kind


HUT_KINDS = tuple(k for k in KINDS if k != "werewolf")  # W6: 14 kinds


def inquisitors(count: int) -> tuple[int, int]:
    """W3: the villager and werewolf Inquisitor cards dealt to ``count`` players."""
    check_player_count(count)
    return INQUISITORS[count]


def check_player_count(count: int) -> None:
    if count < MIN_PLAYERS:
        raise Refusal("too_few_players", "W2", low=MIN_PLAYERS, count=count)
    if count > MAX_PLAYERS:
        raise Refusal("too_many_players", "W2", high=MAX_PLAYERS, count=count)


def first_game_set(count: int) -> tuple[str, ...]:
    """W8 (a): the set for a first game at ``count`` players."""
    return FIRST_GAME_SMALL if count <= 4 else FIRST_GAME


def balance(kinds: Iterable[str]) -> int:
    """W8: the running sum of the balance numbers."""
    return sum(BALANCE[k] for k in kinds)


def check_kind(kind: str, rule: str = "W5") -> str:
    if kind not in BALANCE:
        raise Refusal("ww_no_such_resident", rule, kind=kind)
    return kind


def check_can_add(picked: Sequence[str], kind: str, copies: dict[str, int] = COPIES) -> None:
    """W8: a 13th resident, or one more than the box holds, is refused."""
    check_kind(kind, "W8")
    if len(picked) >= VILLAGE_SIZE:
        raise Refusal("ww_village_full", "W8", size=VILLAGE_SIZE)
    if Counter(picked)[kind] >= copies[kind]:
        raise Refusal("ww_no_more_copies", "W5", kind=resident(kind), copies=copies[kind])


def check_village(kinds: Sequence[str], copies: dict[str, int] = COPIES) -> None:
    """W8: exactly 12, within the box's copies, at least one Werewolf."""
    for kind in kinds:
        check_kind(kind, "W8")
    if len(kinds) != VILLAGE_SIZE:
        raise Refusal("ww_village_size", "W8", size=VILLAGE_SIZE, count=len(kinds))
    for kind, n in Counter(kinds).items():
        if n > copies[kind]:
            raise Refusal("ww_no_more_copies", "W5", kind=resident(kind), copies=copies[kind])
    if "werewolf" not in kinds:
        raise Refusal("ww_no_werewolf", "W8")


def warnings(kinds: Sequence[str], count: int, target: int = 0) -> tuple[tuple[str, dict], ...]:
    """W8: what is warned, not refused: a sum off the target, a Mason with fewer than 5
    players, a Sorcerer with neither Seer nor Apprentice Seer (it could never act)."""
    out: list[tuple[str, dict]] = []
    total = balance(kinds)
    if len(kinds) == VILLAGE_SIZE and total != target:
        out.append(("ww.warn.sum", {"sum": total, "target": target}))
    if "mason" in kinds and count < 5:
        out.append(("ww.warn.mason", {"players": count}))
    if "sorcerer" in kinds and not {"seer", "apprentice_seer"} & set(kinds):
        out.append(("ww.warn.sorcerer", {}))
    return tuple(out)


def complete(
    picked: Sequence[str],
    rng: random.Random,
    target: int = 0,
    copies: dict[str, int] = COPIES,
) -> tuple[str, ...]:
    """W8 (b): the narrator's picks, with the open slots filled from the box so that the sum
    is as near ``target`` as it can be; among the fills that are as near, one at random
    (every such set of cards alike). ⚖ With no Werewolf picked, one is put in first (W8)."""
    picks = list(picked)
    for kind in picks:
        check_kind(kind, "W8")
    if "werewolf" not in picks and len(picks) < VILLAGE_SIZE:
        picks.append("werewolf")
    have = Counter(picks)
    left = tuple(copies[k] - have[k] for k in KINDS)
    if any(n < 0 for n in left):
        check_village(picks, copies)  # says which kind has too many
    slots = VILLAGE_SIZE - len(picks)
    if slots < 0:
        raise Refusal("ww_village_size", "W8", size=VILLAGE_SIZE, count=len(picks))
    sums = _reachable(left, 0, slots)
    want = target - balance(picks)
    best = min(sums, key=lambda s: (abs(s - want), s))
    nearest = sorted(s for s in sums if abs(s - want) == abs(best - want))
    weights = [_ways(left, 0, slots, s) for s in nearest]  # every nearest set alike
    goal = rng.choices(nearest, weights=weights)[0]
    return tuple(picks) + _sample(left, 0, slots, goal, rng)


@cache
def _reachable(left: tuple[int, ...], i: int, slots: int) -> frozenset[int]:
    """The sums that ``slots`` cards from kinds i… (``left`` copies each) can make."""
    if slots == 0:
        return frozenset({0})
    if i == len(KINDS):
        return frozenset()
    out: set[int] = set()
    for n in range(min(left[i], slots) + 1):
        out |= {n * BALANCE[KINDS[i]] + s for s in _reachable(left, i + 1, slots - n)}
    return frozenset(out)


@cache
def _ways(left: tuple[int, ...], i: int, slots: int, goal: int) -> int:
    """How many sets of ``slots`` cards from kinds i… sum to ``goal``."""
    if slots == 0:
        return 1 if goal == 0 else 0
    if i == len(KINDS):
        return 0
    value = BALANCE[KINDS[i]]
    return sum(
        _ways(left, i + 1, slots - n, goal - n * value) for n in range(min(left[i], slots) + 1)
    )


def _sample(left: tuple[int, ...], i: int, slots: int, goal: int, rng: random.Random):
    """One of the sets ``_ways`` counts, each as likely."""
    out: list[str] = []
    while slots:
        value = BALANCE[KINDS[i]]
        options = [
            (n, _ways(left, i + 1, slots - n, goal - n * value))
            for n in range(min(left[i], slots) + 1)
        ]
        counts, weights = zip(*options, strict=True)
        n = rng.choices(counts, weights=weights)[0]
        out += [KINDS[i]] * n
        slots, goal, i = slots - n, goal - n * value, i + 1
    return tuple(out)


def resident(kind: str):
    """A kind as words: the catalogue's ``ww.kind.<id>`` (worded in the screen's language)."""
    from narrator.prompts import Term

    return Term(f"term.kind.{kind}")
