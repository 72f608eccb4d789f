"""A hut whose action its seat cannot pay says so on screen at the hut's key, with its rule
(issue 40, item 2: W13), in a game resumed at 80×24 as the table plays it; the pass is still
keyed after it (W12)."""

from __future__ import annotations

from narrator.games.werewolf.day import action_refused
from narrator.games.werewolf.residents import KEY
from narrator.games.werewolf.state import Step
from narrator.tui.game import GameScreen
from tests.storm import example_journal_until
from tests.tui.driver import wait_for, wait_for_text


def shown(app, selector: str) -> str:
    return " ".join(str(app.screen.query_one(selector).render()).split())


def cannot_pay(s) -> bool:
    """A hut turn whose seat cannot pay the Apprentice Seer (1 vote, W13), still left."""
    return (
        s.step is Step.HUTS
        and s.huts_left.get("apprentice_seer", 0) > 0
        and getattr(action_refused(s, s.hut_seat, "apprentice_seer"), "rule", None) == "W13"
    )


async def test_the_refusal_of_an_action_the_seat_cannot_pay_is_on_screen_at_its_key_W13(
    make_app, tmp_path
):
    journal = example_journal_until("werewolf", tmp_path / "games", cannot_pay)
    seat = journal.state.hut_seat
    player = journal.state.players[seat]
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and not app.pages)
        await pilot.press(KEY["apprentice_seer"])
        why = f"{player} has 0 votes and cannot pay 1 (W13)"
        await wait_for_text(pilot, why)  # in the step, under what the hut does
        assert app.screen.path == ("apprentice_seer",)  # the hut is taken only with its pass
        assert "p: pass" in shown(app, "#step-keys")
        await pilot.press("1")  # a target's key: the same refusal, nothing entered
        await wait_for(pilot, lambda: why in shown(app, "#message"))
        entries = len(app.journal.events)
        await pilot.press("p")
        await wait_for(pilot, lambda: len(app.journal.events) == entries + 1)
        assert app.journal.events[-1].passed and app.state.held[seat] == 2
