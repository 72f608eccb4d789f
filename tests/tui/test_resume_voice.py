"""A resumed game says whose turn it is, as an undo does (a tester resumed a Werewolf vote and
heard only "Game resumed"): the voice follows the screen from the first moment."""

from __future__ import annotations

from narrator.games.werewolf import events as ev
from narrator.games.werewolf.state import Step
from tests.tui.werewolf_driver import DAY_ONE, make_app, on_step, set_up, wait_for

SIZE = (100, 30)


async def test_a_resumed_vote_names_the_voter_W18(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await set_up(pilot, app, keys=False)
        for kind, fields in DAY_ONE:
            assert app.enter(ev.CODEC.decode({"type": kind, **fields}))
        assert app.enter(ev.VoteCast(app.state.voter, "D1"))
        app.route()
        await wait_for(pilot, lambda: on_step(app, Step.VOTE))
        path = app.journal.path
    again = make_app(tmp_path, resume=path)  # nothing saved on the way out: the journal only
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: on_step(again, Step.VOTE))
        await wait_for(pilot, lambda: again.voice.spoken == ["Bob, place a vote."])
        assert again.captions[-2:] == [
            "Game resumed: Ultimate Werewolf: Inquisition.",
            "Bob, place a vote.",
        ]
