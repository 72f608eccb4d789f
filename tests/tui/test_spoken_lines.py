"""Each step's opening lines are said once, including steps reached from the privacy screen."""

from __future__ import annotations

from narrator.games.ravnica.state import Step
from tests.tui.driver import play_step, setup_game, tie_planner


async def test_election_announced_once_and_white_ability_said_after_privacy_R14_R20(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await setup_game(pilot, app, 5, seed=3, names=["Ann", "Bob", "Cid", "Dee", "Eve"])
        while not (app.state.step is Step.TURN_LEADER_CARD and app.state.round == 1):
            await play_step(pilot, app, tie_planner)  # the first leader card is White
        spoken = app.voice.spoken
        assert sum(line.startswith("Election of the White leader") for line in spoken) == 1
        leader = app.state.players[app.state.leader_of("W")]
        chosen = app.state.players[app.state.chosen_by("W")]
        assert any(leader in line and chosen in line and "role card" in line for line in spoken)
