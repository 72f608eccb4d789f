"""The game as the shell drives it: the `narrator.games.base.Game` of X1–X5, a
`GameOfParts` (its modules do the work) drawn by the generic shell alone (no screens of
its own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from narrator.games.base import Event
from narrator.games.common.parts import GameOfParts, Parts
from narrator.games.shell_data import Field, Text
from narrator.prompts import Words, prompt, worded
from tests.games.skeleton import events as ev
from tests.games.skeleton import narration, public, rules, script, steps, story
from tests.games.skeleton.rules import OVER, PLAYERS, ROUNDS, State


class SkeletonGame(GameOfParts):
    name = "skeleton"
    title = Words("about.title")
    players = PLAYERS  # X1
    players_rule = "X1"
    codec = ev.CODEC
    words_dir = Path(__file__).parent / "words"
    example_script = str(Path(__file__).parent / "example.txt")  # the house's checks play it
    parts = Parts(
        rules=rules, steps=steps, narration=narration, public=public, story=story, script=script
    )

    def initial(self) -> State:
        return State()

    # --- setting up ----------------------------------------------------------------------
    def setup_fields(self) -> tuple[Field, ...]:
        counts = {"low": PLAYERS[0], "high": PLAYERS[-1]}
        low, high, default = ROUNDS
        return (
            Field(
                "count",
                Words("skeleton.setup.count", counts),
                "count",
                4,
                PLAYERS[0],
                PLAYERS[-1],
                hint=Words("skeleton.setup.count_hint", counts),
                digits=1,
                rule="X1",
            ),
            Field(
                "rounds",
                Words("skeleton.setup.rounds"),
                "int",
                default,
                low,
                high,
                hint=Words("skeleton.setup.rounds_hint", {"low": low, "high": high}),
                digits=1,
                rule="X1",
            ),
        )

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        created = ev.GameCreated(tuple(names), int(values.get("rounds", ROUNDS[2])), seed)
        rules.apply(State(), created)  # refused here, naming what is wrong (X1)
        return created

    # --- the step ------------------------------------------------------------------------
    def after_private(self, state: State, session: Any) -> Words | None:
        """The privacy screen's last page: only the first player sees the seat picked."""
        if state.secret is None:
            return None
        return Words("skeleton.privacy.done", {"player": state.players[state.secret]})

    # --- what anyone may know ------------------------------------------------------------
    def summary(self, state: State) -> Words:
        where = Words(f"skeleton.home.{state.step}", {"round": state.round})
        return Words("home.resume", {"players": state.count, "where": where})

    def is_over(self, state: State) -> bool:
        return state.step == OVER

    def secrets(self, state: State, lang: str) -> Sequence[str]:
        """X2 until X5: whose seat is the secret one, as its reveal and the picker's own page
        would say it (no public screen, line or page may say it before)."""
        if state.secret is None or state.step == OVER:
            return ()
        player = state.players[state.secret]
        return (
            prompt("skeleton_secret_is", lang, player=player),
            worded(Words("skeleton.secret_was", {"player": player}), lang),
            *(worded(text, lang) for text in self.seen_by(state, 0)),  # the picker's own page
        )

    def seen_by(self, state: State, seat: int) -> Sequence[Text]:
        """X2: the secret seat, on the page of the first player alone, who picked it."""
        if state.secret is None or seat != 0:
            return ()
        return (Words("skeleton.seen.picked", {"player": state.players[state.secret]}),)

    def winners(self, state: State) -> tuple[int, ...] | None:
        return state.winners() if state.step == OVER else None


GAME = SkeletonGame()
__all__ = ["GAME", "SkeletonGame"]
