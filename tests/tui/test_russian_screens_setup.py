"""In Russian, the home screen, the set-up form, the deal, settings, help and the confirm dialog
say everything in Russian: no English word but names, guilds, keys and rule ids."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input, Select

from narrator.games.ravnica.state import Step
from narrator.tui.home import HomeScreen
from narrator.tui.modals import ConfirmScreen, HelpScreen, SettingsScreen
from narrator.tui.ravnica.deal import DealScreen
from narrator.tui.setup import SetupScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import (
    journal_until,
    screen_text,
    settled_text,
    until,
    wait_for,
    wait_for_text,
)
from tests.tui.russian import english_words

SIZE = (100, 30)
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]


async def assert_russian(pilot, *expected: str) -> str:
    """The screen and its toasts hold ``expected`` (waited for) and no English word."""

    def shown() -> str:
        toasts = "\n".join(f"{n.title}: {n.message}" for n in pilot.app._notifications)
        text = screen_text(pilot.app) + "\n" + toasts
        for words in expected:
            assert words in text, (words, text)
        return text

    text = await until(pilot, shown)
    assert english_words(text, NAMES) == [], text
    return text


def russian_app(make_app, **kwargs):
    return make_app(voice=CaptionsOnly("ru"), language="ru", **kwargs)


async def test_home_help_settings_and_confirm_are_in_russian(make_app, tmp_path):
    journal_until(tmp_path / "games", lambda s: s.step is Step.DISCUSSION)
    app = russian_app(make_app, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await assert_russian(pilot, "НАРРАТОР ИНКВИЗИЦИИ", "(5 игроков, раунд 1)", "Новая игра")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await assert_russian(pilot, "Клавиши", "Новая игра")  # the keys that work here
        await pilot.press("end")
        await wait_for(pilot, lambda: "ctrl+q" in screen_text(app))
        await assert_russian(pilot, "палитра команд")
        await pilot.press("escape")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await assert_russian(pilot, "Настройки", "Русский", "ctrl+s: сохранить")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.push_screen(ConfirmScreen("Отменить последнюю запись?"))
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await assert_russian(pilot, "y: да · n / Enter / Esc: нет")  # only y says yes (issue 17)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_setup_and_its_refusals_and_the_deal_are_in_russian_R4_R6(make_app):
    app = russian_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        screen = app.screen
        await assert_russian(pilot, "Новая игра", "2 агента Боласа, 3 лоялиста (R5)", "№ 1")
        count = screen.query_one("#count", Input)
        count.value = "4"
        await assert_russian(pilot, "нужно не меньше 5 игроков, а не 4 (R4)")
        count.value = "5"
        await wait_for(pilot, lambda: len(screen.query("#names Input")) == 5)
        field = screen.query_one("#name-0", Input)
        field.focus()
        app.post_message(events.Paste("x" * 30))  # longer than a name may be
        await assert_russian(pilot, "Место 1: Имя игрока — не длиннее 24 символов")
        assert field.value == ""
        screen.query_one("#round_seconds", Input).value = ""
        await pilot.press("ctrl+s")
        await assert_russian(pilot, "Раунд цвета: нужно целое число секунд (R11)")
        screen.query_one("#round_seconds", Input).value = "5"
        await pilot.press("ctrl+s")
        await assert_russian(pilot, "Раунд цвета: от 10 до 3600 секунд (R11)")
        assert isinstance(app.screen, SetupScreen) and app.journal is None
        screen.query_one("#round_seconds", Input).value = "120"
        for i, name in enumerate(NAMES):
            screen.query_one(f"#name-{i}", Input).value = name
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, DealScreen))
        await assert_russian(pilot, "Приложение раздало гильдии", "гильдия", "Принять раздачу")
        await pilot.press("d")
        await assert_russian(pilot, "Раздать заново")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.state.step is Step.OPENING)


async def test_the_deal_keyed_in_at_the_table_is_in_russian_R6(make_app):
    app = russian_app(make_app)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#name-0")
        )
        app.screen.query_one("#deal", Select).value = "physical"
        await assert_russian(pilot, "Ввести раздачу со стола")
        await pilot.press("ctrl+s")  # the seats left blank are "№ 1" to "№ 5"
        await wait_for(
            pilot, lambda: isinstance(app.screen, DealScreen) and app.screen.query("#guild-4")
        )
        assert app.state.players == tuple(f"№ {i}" for i in range(1, 6))
        await pilot.press("ctrl+s")
        await assert_russian(pilot, "Введите карту гильдии", "ещё без гильдии: 1, 2, 3, 4 и 5.")
        assert app.state.step is Step.DEAL


async def test_choosing_russian_in_the_settings_turns_the_home_screen_russian(make_app):
    app = make_app(new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert english_words(await wait_for_text(pilot, "New game")) != []  # English at first
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await wait_for_text(pilot, "Settings")
        app.screen.query_one("#language", Select).value = "ru"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await assert_russian(
            pilot, "ведущий за вашим столом", "Новая игра", "Настройки сохранены.", "s Настройки"
        )  # the Footer too


def test_every_step_an_unfinished_game_can_stand_at_has_words_in_both_languages():
    from narrator.games.registry import get
    from narrator.prompts import words

    ravnica = get("ravnica").words_dir  # Ravnica's steps: its own words, not the shell's
    for lang in ("en", "ru"):
        assert {f"home.step.{step.value}" for step in Step} <= words(lang, ravnica).ids, lang


def key_line(app) -> str:
    """The Footer: the screen's last line."""
    return screen_text(app).rstrip("\n").splitlines()[-1]


async def key_lines_of_every_field(pilot, app) -> list[str]:
    """The key line with each field of the screen focused in turn, and each list open."""
    lines = []
    for widget in list(app.screen.focus_chain):
        app.screen.set_focus(widget)
        lines.append((await settled_text(pilot)).rstrip("\n").splitlines()[-1])
        if isinstance(widget, Select):
            await pilot.press("enter")
            await wait_for(pilot, lambda w=widget: w.expanded and "Закрыть список" in key_line(app))
            lines.append(key_line(app))
            await pilot.press("escape")
            await wait_for(pilot, lambda w=widget: not w.expanded)
    return lines


@pytest.mark.long
@pytest.mark.parametrize("game", ["ravnica", "werewolf"])
async def test_the_key_line_of_every_field_of_the_setup_screens_is_russian(make_app, game):
    """Whichever field of the set-up form has the focus, and with each list open (Textual's own
    "esc Dismiss menu" stayed English), then in Ravnica the deal keyed in at the table: the
    Footer holds no English word."""
    app = russian_app(make_app, game=game)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#name-0")
        )
        lines = await key_lines_of_every_field(pilot, app)
        if game == "ravnica":
            app.screen.query_one("#deal", Select).value = "physical"
            await pilot.press("ctrl+s")
            await wait_for(
                pilot, lambda: isinstance(app.screen, DealScreen) and app.screen.query("#guild-4")
            )
            lines += await key_lines_of_every_field(pilot, app)
        assert "esc Закрыть список" in "\n".join(lines)
        for line in lines:
            assert english_words(line) == [], line
