"""Russian is the whole app (issue 9 item 5): a whole game by keys in Russian, every screen
after every key (privacy pages, announcements, dialogs, help, the record) holds no English
word but card names, key names and rule ids, and the voice speaks no English fragment."""

from __future__ import annotations

import re

import pytest

from narrator.games.ravnica.state import Step
from narrator.games.ravnica.tables import GUILD_ORDER
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import (
    play_step,
    settled_text,
    setup_game,
    tie_planner,
    wait_for,
)
from tests.tui.russian import english_words as all_english_words

NAMES = ["Аня", "Боря", "Вика", "Гена", "Даша", "Егор"]
SIZE = (100, 30)


def english_words(text: str, names) -> list[str]:
    """As tests.tui.russian's, less file names (the journal's) and a guild name cut short by a
    narrow column ("Selesn…")."""
    text = re.sub(r"[\w/.-]+\.(jsonl|md)\b", "", text)
    words = all_english_words(text, [*names, "Markdown"])  # a file format, named as such
    return [w for w in words if not any(g.startswith(w) and f"{w}…" in text for g in GUILD_ORDER)]


def recording(pilot, app, seen: list[str]):
    """Every key the narrator presses, then the screen it leads to."""
    press = pilot.press

    async def press_and_look(*keys: str) -> None:
        await press(*keys)
        seen.append(await settled_text(pilot))

    pilot.press = press_and_look


@pytest.mark.long
async def test_a_whole_game_in_russian_shows_no_english_word(make_app):
    """Physical decks and every tie the votes can make (the app's own deck words are checked
    line by line in tests/prompts/test_words.py)."""
    voice = CaptionsOnly("ru")
    app = make_app(voice=voice, language="ru")
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await setup_game(pilot, app, 6, seed=4, names=NAMES)
        recording(pilot, app, seen)
        pick = tie_planner
        for _ in range(400):
            if app.state.step is Step.OVER:
                break
            if (
                app.state.step is Step.ELECTION
                and app.state.round == 2
                and not app.state.ballot.votes
            ):
                for key in ("question_mark", "escape", "ctrl+z", "n", "ctrl+q", "n", "9"):
                    await pilot.press(key)  # help, undo and quit dialogs, a refused seat
            if app.state.step is Step.DISCUSSION and app.state.round == 3:
                await pilot.press("space")  # the paused clock
                await pilot.press("enter")  # Enter asks first
                await pilot.press("n")
            await play_step(pilot, app, pick)
        assert app.state.step is Step.OVER
        await pilot.press("t")  # the game record
        await wait_for(pilot, lambda: "Markdown" not in type(app.screen).__name__)
        await pilot.press("escape")
    assert len(seen) > 60
    for text in seen:
        assert english_words(text, NAMES) == [], text
    for line in voice.spoken:
        assert english_words(line, NAMES) == [], line
    assert any("ПАУЗА" in text for text in seen)
    assert any("Итог выборов" in text for text in seen)
    assert any(re.search(r"ПОБЕДА", text) for text in seen)
