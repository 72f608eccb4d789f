"""The games scripts/torture plays, one ``Spec`` each, under their registry names: the game
written beforehand (its reference entries), the keys of each step (a planner), the table that
presses them in a pty, and where kills are sought more.

Every game of the registry with an example script (``Game.example_script``, played headless
by tests/storm.py) is its example, keyed as the screen journals it, the keys found in each
step's view by tests/ptygame.py; kills are kept and sought more where the shell's screens
hold what is easiest to lose (a window of claims, the privacy screen, a running discussion,
an announcement), and where a game's own steps do (``SOUGHT``). Ravnica is a seeded 7-player
game over the legal moves, its keys planned by tests/ptynarrator.py (the setup form and the
opening by keys when started from nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from narrator.games import registry
from narrator.games.base import Event, Game
from narrator.games.ravnica import events as ravnica_events
from tests.ptyapp import Folders, PtyApp
from tests.ptygame import GameTable, Planner, as_keyed
from tests.ptynarrator import Action, planner_of, reference_game, seeded_picker
from tests.ptytable import Table, fill_setup
from tests.storm import example_events

NAMES = ["Aurelia", "Borborygmos", "Chulane", "Dovin", "Emmara", "Feather", "Gideon"]
OPTIONS = ravnica_events.Options(deck_mode="physical", opening_pause=1)  # the form's, pause 1 s


@dataclass
class Spec:
    """One game to torture. ``reserved``: places where one kill is kept each (at the first such
    key from a seeded entry on; "opening" only when the game starts from the setup form);
    ``weights``: how much more a key there is drawn for a kill than another."""

    game: Game
    events: list[Event]
    planner: Callable[[Any, int], list[Action]]
    table: Callable[[Folders], Table]
    reserved: tuple[str, ...]
    weights: dict[str, float] = field(default_factory=dict)
    setup: Callable[[PtyApp], None] | None = None  # the setup form by keys, from nothing
    players: int = 0
    first: int = 1  # the entries a run starts from by default (after the setup form)

    @property
    def name(self) -> str:
        return self.game.name


def ravnica(seed: int, directory: Path) -> Spec:
    """A 7-player game, seeded choices over the legal moves; the app deals and times."""
    pick = seeded_picker(seed)
    created = ravnica_events.GameCreated(tuple(NAMES), OPTIONS, seed)
    game = registry.get("ravnica")

    def setup(term: PtyApp) -> None:
        fill_setup(term, NAMES, seed, opening_pause=OPTIONS.opening_pause)

    return Spec(
        game,
        reference_game(created, pick).events,
        planner_of(pick),
        lambda folders: Table(folders, pick),
        ("privacy", "discussion", "page", "opening"),
        # an announcement's Enter is a "page" key
        {"privacy": 2.0, "discussion": 4.0, "page": 1.5, "opening": 0.2},
        setup,
        len(NAMES),
        first=0,
    )


# Where kills are kept (one each, where the run reaches them) and sought more (weights), in
# any game: the shell's window of claims (B12, P16), privacy screen, running discussion and
# announcement held on screen.
RESERVED = ("window", "privacy", "discussion", "page")
WEIGHTS = {"window": 2.0, "privacy": 3.0, "discussion": 2.0, "page": 1.5}
# A game's own steps where kills are sought too (its steps' names, ``ptygame.place_of``):
# Werewolf's night pass, said by the app with nobody at the keys (W24), and its first night
# (W11); the Pyre's keyed roll (P15).
SOUGHT = {
    "werewolf": {"night_pass": 3.0, "first_night": 1.0},
    "pyre": {"roll": 3.0},
}


# Options changed from the example's (the same for the game killed and the one it is
# compared with): the seconds the app waits by itself made the rules' shortest, Werewolf's
# night pass 2 s a turn (W24) and the werewolves' look 1 s (W11); and a discussion before
# each vote (W18 ⚖), ended by e, to kill while its clock runs.
QUICKER = {"werewolf": {"pass_seconds": 2, "look_seconds": 1, "discussion_seconds": 300}}


def example(name: str, directory: Path) -> Spec:
    game = registry.get(name)
    created, *rest = example_events(name, directory)
    if name in QUICKER:
        created = replace(created, options=replace(created.options, **QUICKER[name]))
    events = as_keyed(game, [created, *rest])
    planner = Planner(game, events)
    sought = SOUGHT.get(name, {})
    return Spec(
        game,
        events,
        planner,
        lambda folders: GameTable(folders, game, planner),
        (*sought, *RESERVED),
        {**WEIGHTS, **sought},
        players=len(game.apply(game.initial(), events[0]).players),
    )


def spec(name: str, seed: int, directory: Path) -> Spec:
    return ravnica(seed, directory) if name == "ravnica" else example(name, directory)


# The games scripts/torture plays: the app's with an example script (a game only the tests
# register is not in the app the torture starts in a pty).
GAMES = tuple(name for name in registry.names() if registry.get(name).example() is not None)
