"""Setup shows what it will be (issue 26, item 8): the Pyre's points to win follow the count,
the variant and its shift (P3, P4) and the shift is off where it does not apply; Blood Bound's
curse cards follow the count and the curse ruling (B7)."""

from __future__ import annotations

from textual.widgets import Input, Select

from narrator.tui.setup import SetupScreen
from tests.tui.driver import wait_for, wait_for_text

SIZE = (100, 40)


def set_value(app, name: str, value) -> None:
    widget = app.screen.query_one(f"#{name}")
    widget.value = value


async def test_the_pyre_s_target_follows_the_count_and_the_variant_P3_P4(make_app):
    app = make_app(game="pyre")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        shift = app.screen.query_one("#shift", Select)
        await wait_for_text(pilot, "Points to win: 11 (P3)")  # 4 players, Standard
        assert shift.disabled  # P4: only quick and long shift the target
        app.screen.query_one("#count", Input).value = "6"
        await wait_for_text(pilot, "Points to win: 7 (P3)")
        set_value(app, "variant", "long")
        await wait_for(pilot, lambda: not shift.disabled)
        set_value(app, "shift", "2")
        await wait_for_text(pilot, "Points to win: 9 (P4)")
        set_value(app, "variant", "tutorial")
        await wait_for_text(pilot, "Points to win: 5 (P4)")
        await wait_for(pilot, lambda: shift.disabled)


async def test_blood_bound_s_curse_cards_follow_the_count_and_the_ruling_B7(make_app):
    from narrator.games.blood_bound.events import Options
    from narrator.games.blood_bound.state import curse_cards

    def said(count: int, curses: str) -> str:
        true, false = curse_cards(count, Options(curses=curses))
        return f"curse cards: {true} True, {false} False (B5, B7)"

    assert said(9, "by_count") != said(9, "one_each")  # the ruling changes what is dealt
    app = make_app(game="blood_bound")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#count", Input).value = "9"
        await wait_for_text(pilot, said(9, "by_count"))
        set_value(app, "curses", "one_each")
        await wait_for_text(pilot, said(9, "one_each"))
