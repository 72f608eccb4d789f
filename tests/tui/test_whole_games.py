"""Whole games played through the screen with the narrator's keys (Pilot)."""

from __future__ import annotations

from itertools import permutations

import pytest

from narrator.games.ravnica import events as ev
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
    wait_for_text,
)

SIZE = (100, 30)


@pytest.mark.long
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
        text = await wait_for_text(pilot, "WIN")
        assert ("LOYALISTS WIN" in text) == (s.winner == "loyalists")


@pytest.mark.long
async def test_seven_players_tied_election_revote_and_undo_mid_vote_R15(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await setup_game(pilot, app, 7, seed=5, options={"election_tie": "revote", "deck": "app"})
        # Up to the first vote.
        await play_until(pilot, app, Step.ELECTION, tie_planner)
        s = app.state
        assert len(s.ballot.candidates) >= 3, s.ballot  # room for a 3–3–1 tie
        first, second = s.ballot.candidates[:2]
        await pilot.press(key_of(first))
        await pilot.press(key_of(second))
        await wait_for_text(pilot, "2/7 voted")
        # Undo the last vote with ctrl+z, confirmed on screen.
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: "Undo the last entry?" in screen_text(app))
        await pilot.press("y")
        await wait_for(pilot, lambda: len(app.state.ballot.votes) == 1)
        await wait_for_text(pilot, "1/7 voted")
        # A vote for a player not of the round's colour is refused, and says why (R14).
        outsider = next(p for p in s.seats if p not in s.ballot.candidates)
        await pilot.press(key_of(outsider))
        await wait_for_text(pilot, f"{s.players[outsider]} is not")
        assert len(app.state.ballot.votes) == 1

        def tie_the_first_election(s, moves):
            """3–3–1 in the first election (the last voter for a third candidate): the two
            first candidates tie, and the table's ruling is a re-vote among them (R15)."""
            b = s.ballot
            if not s.results and b is not None and moves and isinstance(moves[0], ev.VoteCast):
                index = b.voters.index(moves[0].voter)
                last = index == len(b.voters) - 1
                want = b.candidates[2] if last else b.candidates[index % 2]
                return next(m for m in moves if m.candidate == want)
            return tie_planner(s, moves)

        await play_to_end(pilot, app, tie_the_first_election)
        election, revote = app.state.results[:2]
        assert (election.stage, election.decided_by) == (Stage.ELECTION, "next_vote")
        assert election.winner is None and set(election.tied) == {first, second}
        assert revote.stage is Stage.REVOTE and revote.round == election.round
        assert revote.decided_by == "majority" and revote.winner in (first, second)
        await wait_for_text(pilot, "WIN")


@pytest.mark.long
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
        held = ("Election result", "in the guild order", f"{winner} is the White leader")
        await wait_for_text(pilot, *held)
        for _ in range(3):  # still there a while later: a pause to watch it stay, not to catch up
            await pilot.pause(0.05)
            text = screen_text(app)
            assert all(part in text for part in held), text
        while app.state.step is not Step.DISCUSSION or app.state.round < 2:
            await play_step(pilot, app, tie_planner)
        await play_to_end(pilot, app, tie_planner)
        s = app.state
        # A double leader: one player led two colours, and still has one vote in the final (R27).
        assert any(len(s.colours_led_by(p)) > 1 for p in s.seats), s.results
        assert len(s.distinct_leaders()) < 5
        final = [r for r in s.results if r.round == 6]
        assert final[0].stage is Stage.LEADERS and len(final[0].votes) == len(s.distinct_leaders())
        # The whole cascade: the leaders tie, the vote-off ties (R27a), the non-leaders tie
        # (R27b), and the narrator picks (the table's "narrator" ruling where R27c applies).
        assert [r.stage for r in final] == [Stage.LEADERS, Stage.VOTEOFF, Stage.NON_LEADERS]
        assert final[-1].decided_by == "narrator"
        await wait_for_text(pilot, "WIN")


@pytest.mark.long
async def test_random_games_end_with_the_winner_on_screen_R31(make_app):
    for seed, count in ((21, 6),):
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await setup_game(pilot, app, count, seed=seed, options={"deck": "app"})
            await play_to_end(pilot, app, random_picker(seed))
            dead_agents = sum(1 for p in app.state.dead() if app.state.role_of(p) == "agents")
            expected = "LOYALISTS WIN" if dead_agents >= 2 else "AGENTS OF BOLAS WIN"
            assert expected in await wait_for_text(pilot, "WIN")
