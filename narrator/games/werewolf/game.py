"""Ultimate Werewolf: Inquisition as the shell drives it: the `narrator.games.base.Game` of
W1–W38. The app holds no secret (W36): no step is private; the eyes-closed steps are said by
the app with no key (W11, W24)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.games.base import Event
from narrator.games.common.parts import GameOfParts, Parts
from narrator.games.shell_data import Field
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import moves, narration, public, residents, rules, script, steps, story
from narrator.games.werewolf.state import State, Step
from narrator.prompts import Words

CHOICES = (  # (option, values, rule): the ⚖ rulings chosen before the game
    ("first_night", ("auto", "always", "never"), "W11"),
    ("supply", ("partial", "strict"), "W14"),
    ("copies", ("box", "any"), "W5"),
    ("target", ("0", "3", "-3", "6", "-6"), "W8"),  # the form's values are text
)
TIMERS = (("look_seconds", 10, 3), ("pass_seconds", 6, 2), ("discussion_seconds", 0, 4))


def _fields() -> tuple[Field, ...]:
    count = {"low": residents.MIN_PLAYERS, "high": residents.MAX_PLAYERS}
    out = [
        Field(
            "count",
            Words("ww.setup.count", count),
            "count",
            6,
            residents.MIN_PLAYERS,
            residents.MAX_PLAYERS,
            hint=Words("ww.setup.count_hint", count),
            digits=2,
            rule="W2",
        )
    ]
    for name, values, rule in CHOICES:
        options = tuple((v, Words(f"ww.setup.{name}.{v}")) for v in values)
        out.append(
            Field(
                name,
                Words(f"ww.setup.{name}.label"),
                "choice",
                values[0],
                options=options,
                rule=rule,
            )
        )
    for name, default, digits in TIMERS:
        low, high, rule = rules.OPTION_BOUNDS[name]
        what = Words(f"setup.what.{name}")
        out.append(
            Field(
                name,
                Words(f"ww.setup.{name}"),
                "int",
                default,
                low,
                high,
                hint=Words("setup.seconds_hint", {"what": what}),
                digits=digits,
                rule=rule,
            )
        )
    return tuple(out)


class WerewolfGame(GameOfParts):
    name = "werewolf"
    title = Words("about.title")
    players = range(residents.MIN_PLAYERS, residents.MAX_PLAYERS + 1)
    codec = ev.CODEC
    words_dir = Path(__file__).parent / "words"
    screens = "narrator.tui.werewolf"
    parts = Parts(
        rules=rules, steps=steps, narration=narration, public=public, story=story, script=script
    )

    def initial(self) -> State:
        return State()

    def legal_moves(self, state: State) -> list[Event]:
        return moves.legal_moves(state)

    # --- setting up ----------------------------------------------------------------------
    def setup_fields(self) -> tuple[Field, ...]:
        return _fields()

    def setup_note(self, count: int, values: Mapping[str, Any] | None = None) -> Words | None:
        if count not in residents.INQUISITORS:
            return None
        villagers, werewolves = residents.INQUISITORS[count]
        return Words("ww.setup.note", {"villagers": villagers, "werewolves": werewolves})

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        known = {name for name, _, _ in CHOICES} | {name for name, _, _ in TIMERS}
        chosen = {k: v for k, v in values.items() if k in known}
        if "target" in chosen:
            chosen["target"] = int(chosen["target"])
        options = ev.Options(**chosen)
        created = ev.GameCreated(tuple(names), options, seed)
        rules.apply(State(), created)  # refused here, naming what is wrong
        return created

    # --- the step ------------------------------------------------------------------------
    def after_private(self, state: State, session: Any) -> Words:
        return Words("ww.eyes_closed")  # W36: no step is private

    def app_move(self, state: State, position: int, move=None) -> Event | None:
        """The app's own: the picker's completion (W8 b) and the Grand Inquisitor (W10)."""
        rng = random.Random(f"werewolf:{state.seed}:{position}")
        if state.step == Step.RESIDENTS:
            copies = residents.copies_of(state.options.copies)
            done = residents.complete(state.residents, rng, state.options.target, copies)
            return ev.ResidentsSet(done, "complete")
        if state.step == Step.GRAND_INQUISITOR:
            return ev.GrandInquisitorChosen(rng.randrange(state.count), drawn=True)
        return None

    def prewarm(self, state: State) -> list:
        return [("ww_pass", {}), ("ww_pass_start", {}), ("ww_pass_end", {"spot": "A3"})]

    # --- what anyone may know ------------------------------------------------------------
    def summary(self, state: State) -> Words:
        where = Words("ww.home.day", {"day": state.day}) if state.day else Words("ww.home.setup")
        return Words("home.resume", {"players": state.count, "where": where})

    def is_over(self, state: State) -> bool:
        return state.step == Step.OVER

    def sides(self, state: State) -> tuple[tuple[Words | None, bool | None], ...] | None:
        """W31, W38: a seat whose Inquisitor card was keyed in at the end, its card and whether
        that side won (a werewolf card with the werewolves); the others unknown (W3: the app
        never learns a card in play)."""
        if state.step != Step.OVER or state.winner is None:
            return None
        winning = "werewolf" if state.winner == "werewolves" else "villager"
        cards = state.inquisitors or (None,) * state.count
        return tuple(
            (None, None) if card is None else (Words(f"term.card.{card}"), card == winning)
            for card in cards
        )

    # --- for the house's checks: the app holds no secret of this game (W36) -----------------
    example_script = "werewolf-six-players.txt"


GAME = WerewolfGame()
