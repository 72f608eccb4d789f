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


async def open_settings(pilot, app) -> SettingsScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    await pilot.press("s")
    await wait_for(
        pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen.query("#volume")
    )
    return app.screen


async def choose(pilot, screen, field: str, value) -> None:
    screen.query_one(f"#{field}", Select).value = value
    await pilot.pause()


async def test_each_language_keeps_its_own_voice_rate_and_volume_and_a_test_line_says_them(
    tmp_path,
):
    synth = FakeSynth(tmp_path / "speech-cache")
    (tmp_path / "speech-cache").mkdir()
    voice = Voice(Settings(), sink=FakeSink(), synthesizer=synth, gap=0)
    app = NarratorApp(data_dir=tmp_path / "games", voice=voice, settings=Settings(), pace=0.001)
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            screen = await open_settings(pilot, app)
            await choose(pilot, screen, "voice", "natural")
            await choose(pilot, screen, "rate", 200)
            await choose(pilot, screen, "volume", 50)
            await pilot.press("ctrl+t")  # said now, with what is chosen, before it is saved
            await wait_for(pilot, lambda: synth.requests)
            said, _ = synth.requests[-1]
            assert (said.lang, said.voice, said.rate) == ("en", "natural", 200)
            assert said.text.startswith("This is how the narrator sounds.")
            assert voice.volume == 0.5
            # Russian shows its own: eSpeak NG only, the defaults, in Russian words.
            await choose(pilot, screen, "language", "ru")
            voices = screen.query_one("#voice", Select)
            assert [value for _, value in voices._options if value != Select.BLANK] == ["espeak"]
            assert screen.query_one("#rate", Select).value == 165
            assert "Скорость речи" in str(screen.query_one("#s-rate").render())
            await choose(pilot, screen, "rate", 130)
            await pilot.press("ctrl+t")
            await wait_for(pilot, lambda: synth.requests[-1][0].lang == "ru")
            assert (synth.requests[-1][0].voice, synth.requests[-1][0].rate) == (None, 130)
            # Back to English: what was chosen for it is still there.
            await choose(pilot, screen, "language", "en")
            assert screen.query_one("#rate", Select).value == 200
            assert screen.query_one("#voice", Select).value == "natural"
            await choose(pilot, screen, "language", "ru")
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert voice.settings.language == "ru" and voice.settings.speech().rate == 130
    finally:
        voice.close()
    kept, warnings = load()
    assert not warnings and kept.language == "ru"
    assert (kept.speech("en").voice, kept.speech("en").rate, kept.speech("en").volume) == (
        "natural",
        200,
        0.5,
    )
    assert (kept.speech("ru").voice, kept.speech("ru").rate) == (None, 130)


async def test_closing_the_settings_puts_the_voice_back_as_it_was(tmp_path):
    synth = FakeSynth(tmp_path / "speech-cache")
    (tmp_path / "speech-cache").mkdir()
    before = Settings(volume=0.8, muted=True)
    voice = Voice(before, sink=FakeSink(), synthesizer=synth, gap=0)
    app = NarratorApp(data_dir=tmp_path / "games", voice=voice, settings=before, pace=0.001)
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            screen = await open_settings(pilot, app)
            await choose(pilot, screen, "volume", 30)
            await pilot.press("ctrl+t")  # heard even when muted: it was asked for
            await wait_for(pilot, lambda: voice.played)
            assert voice.played == [("speech", voice.captions[-1])]
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            assert voice.settings == before
    finally:
        voice.close()
    assert not settings_path().exists()  # nothing saved
