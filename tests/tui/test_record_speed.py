"""The record opens at once (issue 17 item 9): a long game's record comes on screen with its key
line in the same frame, reads as the Markdown it is (the table, the headings, the lists),
scrolls with the keys and closes with Esc, t or q. How fast is the bench's ("record on screen"
in scripts/bench, docs/performance.md): no test here is timed."""

from __future__ import annotations

import random

from narrator.games.ravnica.state import Step
from narrator.games.werewolf import events as wev
from narrator.games.werewolf.moves import legal_moves
from narrator.games.werewolf.residents import first_game_set
from narrator.games.werewolf.state import Step as WStep
from narrator.journal import Journal
from narrator.tui.game import GameScreen
from narrator.tui.record import RecordScreen, record_text
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import journal_until, screen_text, wait_for, wait_for_text

SIZE = (100, 30)
NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Igor", "Katya", "Lev")
RU_NAMES = ("Аня", "Боря", "Вика", "Гена", "Даша", "Егор", "Женя", "Зоя", "Илья", "Катя", "Лёва")


def long_ravnica(tmp_path):
    """Ten players to the end, by random legal moves (138 entries)."""
    over = lambda s: s.step is Step.OVER  # noqa: E731
    return journal_until(tmp_path / "games", over, seed=3, names=NAMES).path


def long_werewolf(tmp_path, names=RU_NAMES, seed: int = 7):
    """Eleven players to the end, by random legal moves (the first-game set of residents)."""
    journal = Journal.create("werewolf", tmp_path / "games")
    journal.append(wev.GameCreated(names, wev.Options(), seed=seed))
    journal.append(wev.ResidentsSet(first_game_set(len(names))))
    journal.append(wev.ResidentsConfirmed())
    rng = random.Random(seed)
    while journal.state.step is not WStep.OVER:
        journal.append(rng.choice(legal_moves(journal.state)))
    return journal.path


def frames_of_the_record(app) -> list[str]:
    """The text of each frame the app draws of the record screen, as it draws it (Textual
    hands each frame to ``App._display``; headless, it writes it nowhere)."""
    frames: list[str] = []
    display = app._display

    def spy(screen, update) -> None:
        if isinstance(screen, RecordScreen) and update is not None:
            frames.append("\n".join(strip.text for strip in screen._compositor.render_strips()))
        display(screen, update)

    app._display = spy
    return frames


def last_line(text: str) -> str:
    return text.rstrip("\n").splitlines()[-1]


async def test_a_long_record_comes_with_its_keys_in_one_frame_and_scrolls(make_app, tmp_path):
    app = make_app(resume=long_ravnica(tmp_path), new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.journal)
        assert app.state.step is Step.OVER
        frames = frames_of_the_record(app)
        await pilot.press("t")
        await wait_for(pilot, lambda: frames)
        first = frames[0]  # the record and its keys together: not the keys later
        assert "Ravnica: Inquisition — game record" in first
        assert "Close" in last_line(first) and "Export" in last_line(first)
        # The table of seats, as a table: its header and a row on one line each.
        assert any(
            all(w in line for w in ("seat", "player", "guild")) for line in first.split("\n")
        )
        assert any("10" in line and "Lev" in line and "Simic" in line for line in first.split("\n"))
        # The end of the record is one key away, and the keys stay.
        winner = record_text(app).rstrip().splitlines()[-1].strip("*")
        assert winner not in screen_text(app)
        await pilot.press("end")
        text = await wait_for_text(pilot, winner)
        assert "Close" in last_line(text) and "game record" not in text
        await pilot.press("home")
        await wait_for_text(pilot, "Ravnica: Inquisition — game record")
        for close in ("escape", "t", "q"):
            await pilot.press(close)
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("t")
            await wait_for(pilot, lambda: isinstance(app.screen, RecordScreen))
        await pilot.press("x")  # the export, as before
        await wait_for(pilot, lambda: app.journal.path.with_suffix(".md").exists())


async def test_a_long_werewolf_record_in_russian(make_app, tmp_path):
    app = make_app(
        resume=long_werewolf(tmp_path), new=False, language="ru", voice=CaptionsOnly("ru")
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.journal)
        await pilot.press("t")
        text = await wait_for_text(pilot, "Ультимативный оборотень: Инквизиция — запись партии")
        assert "Закрыть" in last_line(text) and "Экспорт" in last_line(text)
        assert "Места" in text and "Аня: ?" in text  # the seats, a list
        await pilot.press("end")
        last = record_text(app).rstrip().splitlines()[-1].strip("*").removeprefix("- ")
        await wait_for_text(pilot, last)  # the end of the record, scrolled to
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
