"""Blood Bound with the Inquisitor as the shell drives it: the `narrator.games.base.Game` of
B1–B30. The app is the table's referee: no eyes-closed phase; the one secret it holds is where
the True Curse went (B19), given on the privacy screen and shown nowhere before B26."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.games.base import Event
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import (
    keys,
    narration,
    private_view,
    public,
    rules,
    script,
    steps,
    story,
)
from narrator.games.blood_bound.flow import DAGGER, END, SETUP
from narrator.games.blood_bound.state import COUNTS, State, curse_cards
from narrator.games.common.parts import GameOfParts, Parts
from narrator.games.shell_data import Field, Text
from narrator.prompts import Words, prompt, worded

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


class BloodBoundGame(GameOfParts):
    name = "blood_bound"
    title = Words("about.title")
    players = COUNTS  # B4
    players_rule = "B4"
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
        if count not in COUNTS:  # B4
            return None
        curses = (values or {}).get("curses", "by_count")
        options = ev.Options(curses=curses if curses in ("by_count", "one_each") else "by_count")
        true, false = curse_cards(count, options)  # B7, as the form has it now
        clans = (values or {}).get("clans", "rose_beast")  # B1: the names the form has now
        clans = clans if clans in {n: v for n, v, _ in CHOICES}["clans"] else "rose_beast"
        names = {code: Words(f"bb.clan.{clans}.{code}") for code in ("rose", "beast")}
        return Words("bb.setup.note", {"clan": count // 2, **names, "true": true, "false": false})

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        chosen: dict[str, Any] = {k: values[k] for k, _, _ in CHOICES if k in values}
        if "curse_to_self" in chosen:
            chosen["curse_to_self"] = chosen["curse_to_self"] == "yes"
        created = ev.GameCreated(tuple(names), ev.Options(**chosen), seed)
        rules.apply(State(), created)  # refused here, naming what is wrong (B4)
        return created

    # --- the step ------------------------------------------------------------------------
    def after_private(self, state: State, session: Any) -> Words:
        return Words("bb.curses.after")  # B19: "Look back" once the screen is clear

    def app_move(self, state: State, position: int, move=None) -> Event | None:
        """B9: the first dagger holder, drawn (seeded by the game and the journal's length)."""
        if state.step == DAGGER:
            rng = random.Random(f"blood_bound:{state.seed}:{position}")
            return rules.draw_first_dagger(state, rng)
        return None

    # --- what anyone may know ------------------------------------------------------------
    def summary(self, state: State) -> Words:
        if state.step in (SETUP, END) or state.dagger is None:
            where = Words("bb.home.setup")
        else:
            where = Words("bb.home.dagger", {"player": state.players[state.dagger]})
        return Words("home.resume", {"players": state.count, "where": where})

    def winners(self, state: State) -> tuple[int, ...] | None:
        """B24–B26: the victorious clan's seats, or the Inquisitor alone (the history)."""
        return state.winners if state.winner is not None else None

    def is_over(self, state: State) -> bool:
        return state.step == END

    # --- for the house's checks ------------------------------------------------------------
    example_script = "blood-bound-nine-players.txt"

    def secrets(self, state: State, lang: str) -> Sequence[str]:
        """B19 until B26: where the True Curse went, as the flip, the privacy screen's curses
        and the table display would name its player."""
        if state.true_curse is None or state.true_curse in (s for s, _ in state.flipped):
            return ()
        player = state.players[state.true_curse]
        return (
            prompt("bb_flipped_true", lang, player=player),
            worded(Words("bb.curses.given_true", {"player": player}), lang),
            worded(Words("bb.display.flip.true", {"player": player}), lang),
            worded(private_view.gift_seen(state, state.fleur_shown, state.true_curse, True), lang),
        )

    def seen_by(self, state: State, seat: int) -> Sequence[Text]:
        return private_view.seen_by(state, seat)

    # --- for the history ------------------------------------------------------------------
    def sides(self, state: State) -> tuple[tuple[Words | None, bool | None], ...] | None:
        """B22–B26: each seat's side as keyed at the end, its clan or the Inquisitor (not its
        whole character: the history adds up wins by side), and whether it won."""
        if state.winner is None:
            return None
        won = set(state.winners)
        return tuple(
            (None, None) if character is None else (keys.clan(state, character[0]), p in won)
            for p, character in enumerate(state.characters)
        )


GAME = BloodBoundGame()
__all__ = ["GAME", "BloodBoundGame"]
