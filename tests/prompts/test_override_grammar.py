"""A user's prompts.<lang>.toml is checked whole when it is read: each line's plural forms as
``plurals`` reads them, only the built-in line's placeholders, a bounded size. A line refused
is named with why, and the built-in line is said; a line that still fails when it is said
falls back to the built-in line with one warning, and is never an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrator import paths, prompts
from narrator.prompts import Catalogue
from narrator.tui.voice_mixin import VoiceMixin
from narrator.voice import SilentVoice
from tests.prompts.scopes import game_words, lines, scopes

BUILT_IN_ADDED = "30 seconds added."


def catalogue(tmp_path: Path, text: str, lang: str = "en") -> Catalogue:
    (tmp_path / f"prompts.{lang}.toml").write_text(text, encoding="utf-8")
    return Catalogue(lang, config_dir=tmp_path)


def the_warning(cat: Catalogue, prompt_id: str) -> prompts.Problem:
    [warning] = [w for w in cat.warnings if f": {prompt_id}: " in w]
    return warning


def test_a_placeholder_inside_plural_forms_is_refused_when_read(tmp_path):
    """The issue's lines: one raised KeyError at every saying, one said "30 s"."""
    cat = catalogue(
        tmp_path,
        'vote_refused = "{reason:{__import__}|x}"\ntime_added = "{seconds:{seconds}|s} added."\n',
    )
    assert cat.format("vote_refused", reason="R1") == "That vote is refused: R1."
    assert cat.format("time_added", seconds=30) == BUILT_IN_ADDED
    assert len(cat.warnings) == 2
    for prompt_id in ("vote_refused", "time_added"):
        warning = the_warning(cat, prompt_id)
        assert "inside its plural forms" in warning and warning.endswith("line ignored.")
        assert "внутри форм числа" in warning.text("ru")


def test_the_issue_s_line_of_a_game_is_refused_too(tmp_path, ravnica_words):
    cat = catalogue(tmp_path, 'election_result = "{player:{__import__}|x} leads {colour}."\n')
    said = cat.format("election_result", player="Ann", colour="blue")
    assert said == "Ann is the blue leader, and takes the blue leader card."
    assert "election_result" in the_warning(cat, "election_result")


@pytest.mark.parametrize(
    ("lang", "line", "given", "wanted"),
    [
        ("en", 'time_added = "{seconds:a|b|c|d|e} added."', 5, "2: one|other"),
        ("ru", 'time_added = "Добавлено: {seconds:секунда|секунды}."', 2, "3: 1|2–4|5"),
    ],
)
def test_plural_forms_are_as_many_as_the_language_has(tmp_path, lang, line, given, wanted):
    cat = catalogue(tmp_path, line + "\n", lang)
    assert cat.format("time_added", seconds=5) == prompts.Catalogue(lang).format(
        "time_added", seconds=5
    )
    warning = the_warning(cat, "time_added")
    assert f"{{seconds}} has {given} plural form" in warning
    assert wanted in warning.text("ru") or wanted in warning


def test_a_hundred_thousand_plural_forms_are_refused(tmp_path):
    cat = catalogue(tmp_path, 'time_added = "{seconds:' + "s|" * 100_000 + 's} added."\n')
    assert cat.format("time_added", seconds=30) == BUILT_IN_ADDED
    warning = the_warning(cat, "time_added")
    assert "200018 characters long, more than a line may be (2000)" in warning
    assert "длина 200018 символов" in warning.text("ru")


def test_a_line_longer_than_a_line_may_be_is_refused_and_the_rest_kept(tmp_path):
    cat = catalogue(tmp_path, f'time_up = "{"Stop. " * 400}"\nlanguage_set = "English."\n')
    assert cat.format("time_up") == "Time is up."
    assert cat.format("language_set") == "English."
    assert "2400 characters" in the_warning(cat, "time_up")


def test_a_file_larger_than_a_prompts_file_may_be_is_refused_unread(tmp_path, monkeypatch):
    """50 MB (sparse here: nothing is written) is refused by its size, never parsed."""
    path = tmp_path / "prompts.en.toml"
    with path.open("wb") as file:
        file.write(b'time_up = "')
        file.truncate(50 * 1024 * 1024)
    read_text = Path.read_text  # the app's own words files are read as ever

    def read_whole(self: Path, *args, **kwargs) -> str:
        if self == path:
            pytest.fail("read whole")
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", read_whole)
    cat = Catalogue("en", config_dir=tmp_path)
    assert cat.format("time_up") == "Time is up."
    [warning] = cat.warnings
    assert warning.key == "prompts_too_large"
    assert "51200 KB, more than a prompts file may be (256 KB)" in warning
    assert "51200 КБ" in warning.text("ru")


def test_a_line_that_fails_when_said_falls_back_with_one_warning(tmp_path):
    """A line that passed the check at read and still fails when said (put there by hand:
    the check lets none through) is the built-in line from then on, with one warning."""
    cat = catalogue(tmp_path, 'time_added = "{seconds:second|seconds} more."\n')
    assert cat.format("time_added", seconds=2) == "2 seconds more."
    cat.lines["time_added"] = "{seconds:{__import__}|x} more."
    said = [cat.format("time_added", seconds=30) for _ in range(3)]
    assert said == [BUILT_IN_ADDED] * 3
    [warning] = cat.warnings
    assert "time_added" in warning and "built-in line" in warning
    assert "встроенная реплика" in warning.text("ru")


def test_a_built_in_line_that_fails_is_still_an_error(tmp_path):
    """Only a user's line falls back: the app's own broken line is a bug to see."""
    cat = Catalogue("en", config_dir=tmp_path)
    cat.lines["time_added"] = "{seconds:{__import__}|x} more."
    with pytest.raises(KeyError):
        cat.format("time_added", seconds=30)


@pytest.mark.parametrize("scope", scopes())
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_built_in_line_passes_the_check_of_an_override(scope, lang, tmp_path):
    """The rules a user's line is held to are the ones the app's own lines keep."""
    built_in = lines(scope, lang)
    text = "\n".join(f"{json.dumps(key)} = {json.dumps(line)}" for key, line in built_in.items())
    (tmp_path / f"prompts.{lang}.toml").write_text(text, encoding="utf-8")
    with game_words(scope):
        assert Catalogue(lang, config_dir=tmp_path).warnings == []


class Shell(VoiceMixin):
    """The app's part that says lines and shows their warnings, without a screen."""

    language = "en"

    def __init__(self) -> None:
        self.voice = SilentVoice()
        self.toasts: list[tuple[str, str]] = []

    def notify(self, message: str, *, title: str, **_options: object) -> None:
        self.toasts.append((title, message))

    def words(self, key: str, **_params: object) -> str:
        return key

    def caption(self, text: str) -> None:
        pass


def test_a_line_that_fails_when_said_is_one_toast_where_the_file_s_warnings_are():
    folder = paths.config_dir()
    folder.mkdir(parents=True)
    (folder / "prompts.en.toml").write_text('time_added = "{seconds:second|seconds} more."\n')
    prompts.reload()
    shell = Shell()
    shell.show_prompt_warnings()  # at start: nothing wrong with the file
    prompts.catalogue("en").lines["time_added"] = "{seconds:{__import__}|x} more."
    said = [shell.say("time_added", seconds=30) for _ in range(3)]
    assert said == [BUILT_IN_ADDED] * 3
    [(title, message)] = shell.toasts
    assert title == "game.prompts" and "time_added: could not be said" in message
