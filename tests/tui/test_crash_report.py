"""A crash still loses nothing and says so (issue 31, item 3): an exception that escapes is
written to a report beside the journals (the traceback and the last 50 keys, never a privacy
screen's key nor the values of variables), and the next start says the game can be resumed and
where the report is."""

from __future__ import annotations

import stat

import pytest

from narrator.games.ravnica.private_view import needs_privacy
from narrator.games.ravnica.state import Step
from narrator.tui.crash import HIDDEN, reports
from narrator.tui.game import GameScreen
from narrator.tui.home import HomeScreen
from narrator.tui.privacy import PrivacyScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import journal_until, open_privacy_screen, wait_for

SIZE = (100, 30)


class Injected(RuntimeError):
    pass


def toasts(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_crash_writes_a_report_and_the_next_start_offers_the_game(
    make_app, tmp_path, monkeypatch, capsys
):
    games = tmp_path / "games"
    journal = journal_until(games, lambda s: s.step is Step.DISCUSSION)
    entries = journal.path.read_bytes()

    def broken(self):
        raise Injected("the record broke")

    monkeypatch.setattr(GameScreen, "action_record", broken)
    app = make_app(resume=journal.path, new=False)
    with pytest.raises(Injected):
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("space", "space", "m", "t")
            await wait_for(pilot, lambda: not app.is_running)
    assert app.return_code == 1
    (report,) = reports(games)
    assert stat.S_IMODE(report.stat().st_mode) == 0o600
    text = report.read_text()
    assert "space space m t" in text and journal.path.name in text
    assert "Injected: the record broke" in text and ", in broken" in text
    printed = " ".join(capsys.readouterr().err.split())  # one line instead of a traceback
    assert printed.startswith("The narrator stopped on an error. Your game is saved")
    assert "Traceback" not in printed and "locals" not in printed
    assert journal.path.read_bytes() == entries  # nothing lost

    monkeypatch.undo()
    again = make_app(new=False)
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, HomeScreen))
        told = report.with_name(report.stem + ".told.txt")
        said = f"Your game is saved and can be resumed (r). The report of the error: {told}"
        await wait_for(pilot, lambda: said in toasts(again))
    assert told.exists() and reports(games) == []  # said once
    third = make_app(new=False)
    async with third.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(third.screen, HomeScreen))
        assert not [t for t in toasts(third) if "report" in t]


async def test_a_crash_on_a_privacy_screen_keeps_its_keys_and_its_message_out_of_the_report(
    make_app, tmp_path, monkeypatch, capsys
):
    games = tmp_path / "games"
    journal = journal_until(games, needs_privacy, seed=7)

    def broken(self):
        raise Injected("a secret card: " + "Rak" + "dos")  # no card in its source line

    monkeypatch.setattr(PrivacyScreen, "action_leave", broken)
    app = make_app(resume=journal.path, new=False, voice=CaptionsOnly("ru"))
    with pytest.raises(Injected):
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: app.journal is not None)
            await open_privacy_screen(pilot)
            await pilot.press("r", "w", "3", "escape")
            await wait_for(pilot, lambda: not app.is_running)
    (report,) = reports(games)
    text = report.read_text()
    lines = text.split("\n")
    keys = lines[lines.index(next(x for x in lines if x.startswith("Last keys"))) + 1].split()
    assert keys[-4:] == [HIDDEN] * 4
    assert "Rakdos" not in text and "Injected" in text
    printed = capsys.readouterr().err
    assert "Рассказчик остановился из-за ошибки" in printed and "Rakdos" not in printed
