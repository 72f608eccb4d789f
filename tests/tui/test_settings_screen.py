"""The settings screen switches the narrator's language for this run and the next one."""

from __future__ import annotations

from textual.widgets import Select

from narrator.settings import Settings, load, save, settings_path
from narrator.tui.app import NarratorApp
from narrator.tui.home import HomeScreen
from narrator.tui.modals import SettingsScreen
from narrator.voice import FakeSink, Voice
from tests.tui.driver import play_step, random_picker, setup_game, wait_for
from tests.voice.fakes import FakeSynth


async def choose_russian(pilot, app) -> None:
    """Home → s → Русский → ctrl+s, by keys."""
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    await pilot.press("s")
    await wait_for(
        pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen.query("#language")
    )
    app.screen.query_one("#language", Select).value = "ru"
    await pilot.press("ctrl+s")


async def test_switching_to_russian_speaks_russian_and_is_kept_for_next_time(tmp_path):
    save(Settings(language="en", volume=0.6))
    stored, _ = load()
    run_settings = Settings(language="en", volume=0.6, muted=True)  # as with --mute
    synth = FakeSynth(tmp_path / "speech-cache")
    (tmp_path / "speech-cache").mkdir()
    voice = Voice(run_settings, sink=FakeSink(), synthesizer=synth)
    app = NarratorApp(data_dir=tmp_path / "games", voice=voice, settings=run_settings, pace=0.001)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await choose_russian(pilot, app)
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert voice.settings.language == "ru" and app.language == "ru"
            assert voice.captions[-1] == "Теперь ведущий говорит по-русски."
            # The game that follows is narrated in Russian, colour names included.
            await pilot.press("n", "enter")  # New game: the first game of the picker
            await setup_game(pilot, app, 5, seed=3)
            pick = random_picker(3)
            while app.state.round == 0 or app.state.step.value != "discussion":
                await play_step(pilot, app, pick)
            said = " ".join(voice.captions)
            assert "Все закрывают глаза." in said and "Цвет раунда" in said
            assert "Round" not in said and "Раунд" in said
    finally:
        voice.close()
    kept, warnings = load()
    assert kept.language == "ru" and not warnings
    assert kept.volume == stored.volume and kept.muted is False  # --mute was for that run only
    assert settings_path().exists()


async def switch_to_russian_with_a_bad_settings_file(tmp_path) -> list[str]:
    """Settings → Русский → ctrl+s; the language applies to this run; the notifications, once
    the file's problem is said ("… оставлен как есть": the file is left as it is)."""
    app = NarratorApp(data_dir=tmp_path / "games", settings=Settings(), pace=0.001)
    async with app.run_test(size=(100, 30)) as pilot:
        await choose_russian(pilot, app)
        await wait_for(
            pilot, lambda: any("оставлен как есть" in n.message for n in app._notifications)
        )
        assert app.language == "ru"  # applies to this run all the same
        return [n.message for n in app._notifications]


async def test_a_settings_file_that_cannot_be_read_is_said_on_screen(tmp_path):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().mkdir()  # a folder where the file should be
    texts = await switch_to_russian_with_a_bad_settings_file(tmp_path)
    # Said in the language just chosen, the settings file's own problem too.
    assert any("не читается" in t and "оставлен как есть" in t for t in texts), texts


async def test_a_settings_file_with_mistakes_is_not_overwritten_by_the_language(tmp_path):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('rate = 150\nvolume = "loud"\n')  # one value of the wrong type
    texts = await switch_to_russian_with_a_bad_settings_file(tmp_path)
    assert settings_path().read_text() == 'rate = 150\nvolume = "loud"\n'
    assert any("оставлен как есть" in t for t in texts), texts


async def test_the_dialog_speaks_the_language_chosen_before_it_is_saved(tmp_path):
    app = NarratorApp(data_dir=tmp_path / "games", pace=0.001)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("s")
        await wait_for(
            pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen.query("#language")
        )
        app.screen.query_one("#language", Select).value = "ru"
        hint = app.screen.query_one("#s-hint")
        await wait_for(pilot, lambda: "ctrl+s: сохранить" in str(hint.render()))
        assert app.language == "en"  # nothing changed until it is saved
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        assert app.language == "en"
