"""Settings: saved and loaded; a broken file gives defaults and a warning, never a traceback."""

from __future__ import annotations

import pytest

from narrator import settings as settings_module
from narrator.settings import Settings, Speech, load, save
from tests.tui.russian import english_words


def test_defaults_when_there_is_no_file():
    assert load() == (Settings(), [])
    assert Settings() == Settings(language="en", voice=None, rate=165, volume=1.0, muted=False)


def test_saved_settings_load_back():
    for saved in (
        Settings(language="ru", voice='zle/ru "q" \\ Привет', rate=140, volume=0.25, muted=True),
        Settings(),
    ):
        path = save(saved)
        assert path == settings_module.settings_path()
        assert load() == (saved, [])


def test_settings_are_frozen():
    with pytest.raises(AttributeError):
        Settings().rate = 10  # type: ignore[misc]


def test_invalid_toml_gives_defaults_and_a_warning():
    path = settings_module.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("language = 'ru\n")
    loaded, [warning] = load()
    assert loaded == Settings()
    assert str(path) in warning and "not valid TOML" in warning
    assert warning.text("ru") == (
        f"{path}: ошибка в записи файла (в конце файла); взяты настройки по умолчанию."
    )


def test_each_wrong_value_falls_back_to_its_default_with_a_warning():
    path = settings_module.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        'language = "fr"\nvoice = 3\nrate = "fast"\nvolume = 2\nmuted = "yes"\nspeed = 1\n'
    )
    loaded, warnings = load()
    assert loaded == Settings()
    assert [w.split(": ", 1)[1].split(" ")[0] for w in warnings] == [
        "language",
        "voice",
        "rate",
        "volume",
        "muted",
        "unknown",
    ]
    assert "rate must be a whole number of words a minute, 80 to 400, not 'fast'" in warnings[2]
    assert {w.key for w in warnings} == {"settings_value"}
    assert warnings[2].text("ru") == (
        f"{path}: значение rate должно быть целым числом слов в минуту, от 80 до 400, "
        "а не 'fast'; взято значение по умолчанию."
    )
    assert warnings[5].text("ru") == f"{path}: неизвестная настройка 'speed'; строка пропущена."
    file_words = ["language", "fr", "voice", "rate", "fast", "volume", "muted", "yes", "speed"]
    for warning in warnings:
        russian = warning.text("ru").replace(str(path), "")
        assert english_words(russian, [*file_words, "en", "ru", "true", "false"]) == []


def test_good_values_are_kept_beside_bad_ones():
    path = settings_module.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('language = "ru"\nrate = true\nvolume = 0\n')
    loaded, warnings = load()
    assert loaded == Settings(language="ru", volume=0.0)
    assert len(warnings) == 1 and "rate" in warnings[0]


def test_an_unreadable_file_gives_defaults_and_a_warning():
    path = settings_module.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe\x00")
    loaded, [warning] = load()
    assert loaded == Settings() and "cannot be read" in warning
    assert "не читается (это не текст в кодировке юникод)" in warning.text("ru")


def test_each_language_keeps_its_own_voice_rate_and_volume():
    saved = (
        Settings(volume=0.6)
        .with_speech("en", voice="natural", rate=180)
        .with_speech("ru", volume=0.3)
    )
    assert saved.speech("en") == Speech("natural", 180, 0.6)
    assert saved.speech("ru") == Speech(None, 165, 0.3)
    assert Settings(language="ru", volume=0.6).speech() == Speech(None, 165, 0.6)  # the top's
    save(saved)
    assert load() == (saved, [])
    assert "[speech.en]" in settings_module.settings_path().read_text()


def test_a_language_table_takes_what_it_lacks_from_the_top_and_refuses_bad_values():
    path = settings_module.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        "rate = 150\nvolume = 0.5\n[speech.ru]\nrate = 500\nvolume = 0.25\nspeed = 1\n"
        "[speech.fr]\nrate = 100\n"
    )
    loaded, warnings = load()
    assert loaded.speech("ru") == Speech(None, 150, 0.25)  # the bad rate: the top's
    assert loaded.speech("en") == Speech(None, 150, 0.5)
    assert len(warnings) == 3
    assert "rate must be a whole number of words a minute, 80 to 400, not 500" in warnings[0]
    assert "unknown setting 'speech.ru.speed'" in warnings[1]
    assert "unknown setting 'speech.fr'" in warnings[2]
    for warning in warnings:
        russian = warning.text("ru").replace(str(path), "")
        assert english_words(russian, ["rate", "speech", "ru", "speed", "fr"]) == []
