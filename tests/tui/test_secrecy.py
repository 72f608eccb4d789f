"""Secrets stay secret: the public screen and every spoken line are the same whoever the
Ultimate Price targets, and whatever the secret draws were, until the reveal (R23, R29)."""

from __future__ import annotations

from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import Step
from narrator.tui.game import GameScreen
from tests.tui.driver import play_step, screen_text, setup_game, tie_planner

SIZE = (100, 30)


async def public_frames(make_app, target_index: int, tmp_path) -> tuple[list[str], list[str], int]:
    app = make_app(clock=lambda: 0.0, data_dir=tmp_path / f"g{target_index}")
    frames: list[str] = []
    target = -1
    async with app.run_test(size=SIZE) as pilot:
        await setup_game(pilot, app, 6, seed=8, options={"deck": "app"})

        def pick(s, moves):
            nonlocal target
            if moves and isinstance(moves[0], ev.UltimatePriceNoted):
                chosen = moves[target_index]
                target = chosen.player
                return chosen
            return tie_planner(s, moves)

        while not app.state.ultimate_price_revealed:
            await play_step(pilot, app, pick)
            if isinstance(app.screen, GameScreen) and app.state.step is not Step.ROLES:
                frames.append(screen_text(app))
        spoken = list(app.voice.spoken)
        # the reveal itself names the target, and only then
        reveal_at = next(
            i
            for i, line in enumerate(spoken)
            if "Ultimate Price" in line and app.state.players[target] in line
        )
        return frames, spoken[:reveal_at], target


async def test_ultimate_price_target_never_shown_or_spoken_before_reveal_R23_R29(
    make_app, tmp_path
):
    frames_a, spoken_a, target_a = await public_frames(make_app, 0, tmp_path)
    frames_b, spoken_b, target_b = await public_frames(make_app, -1, tmp_path)
    assert target_a != target_b
    assert len(frames_a) == len(frames_b) > 50
    for a, b in zip(frames_a, frames_b):
        assert a == b
    assert spoken_a == spoken_b
