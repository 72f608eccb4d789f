"""A game keeps its language (issue 26, item 9): started in Russian, it resumes in Russian
unless ``--lang`` says otherwise; a language chosen during the game is the one it resumes in."""

from __future__ import annotations

from argparse import Namespace

from narrator.games.pyre.state import ACTION
from narrator.journal import Journal
from narrator.tui.game import GameScreen
from narrator.tui.speech import CaptionsOnly
from tests.storm import example_journal_until
from tests.tui.driver import wait_for, wait_for_text

SIZE = (100, 30)


def russian_pyre(tmp_path) -> Journal:
    english = example_journal_until("pyre", tmp_path / "made", lambda s: s.step == ACTION)
    journal = Journal.create("pyre", tmp_path / "games", stem="ru-game", language="ru")
    for event in english.events:
        journal.append(event)
    return journal


async def test_a_game_started_in_russian_resumes_in_russian(make_app, tmp_path):
    journal = russian_pyre(tmp_path)
    app = make_app(resume=journal.path, new=False, voice=CaptionsOnly("en"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_for_text(pilot, "Костёр")
        assert app.language == "ru" and app.voice.language == "ru"


async def test_the_voice_opened_after_the_first_frame_speaks_the_game_s_language(
    make_app, tmp_path
):
    """The real voice is opened once the first frame is drawn, from the settings read at
    start (English); a Russian game resumed before that is said in Russian too."""
    from narrator.settings import Settings
    from narrator.voice import SilentVoice

    opened = []

    def factory():
        opened.append(SilentVoice(Settings(language="en")))
        return opened[-1]

    journal = russian_pyre(tmp_path)
    app = make_app(resume=journal.path, new=False, voice=CaptionsOnly("en"), voice_factory=factory)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and opened)
        assert app.voice is opened[0] and app.voice.settings.language == "ru"
        assert app.voice.say("py_turn", player="Вика") == "Вика, ваш ход."


async def test_lang_given_on_the_command_line_wins(make_app, tmp_path):
    journal = russian_pyre(tmp_path)
    app = make_app(resume=journal.path, new=False, keep_language=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_for_text(pilot, "The Pyre")
        assert app.language == "en"


async def test_a_new_game_notes_its_language_and_a_change_during_it_is_kept(make_app, tmp_path):
    journal = russian_pyre(tmp_path)
    app = make_app(resume=journal.path, new=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        app.set_language("en")  # as the Settings dialog does
        await wait_for_text(pilot, "The narrator now speaks English.")
    assert Journal.open(journal.path).language == "en"  # chosen during the game
    assert Journal.open(journal.path).header["language"] == "ru"  # started in


def recorded(monkeypatch, tmp_path) -> dict:
    """What ``start.run`` gives the app it makes (the app itself is not run)."""
    import narrator.tui.start as start

    made: dict = {}

    class Recorder:
        def __init__(self, **kwargs):
            made.update(kwargs)
            self.language, self.return_code = kwargs["language"], 0

        def call_later(self, *args, **kwargs):
            pass

        def run(self):
            pass

    monkeypatch.setattr(start, "NarratorApp", Recorder)
    monkeypatch.setenv("NARRATOR_CONFIG_DIR", str(tmp_path))
    return made


def test_the_command_line_s_lang_is_kept_for_a_resumed_game(monkeypatch, tmp_path):
    import narrator.tui.start as start

    made = recorded(monkeypatch, tmp_path)
    args = dict(resume=None, new=False, mute=False, game=None, table_display=False)
    start.run(Namespace(lang="ru", **args))
    assert made["keep_language"] is True
    start.run(Namespace(lang=None, **args))
    assert made["keep_language"] is False


def test_voice_on_the_command_line_sets_english_s_voice_for_this_run(monkeypatch, tmp_path):
    import narrator.tui.start as start
    from narrator.cli import parser

    made = recorded(monkeypatch, tmp_path)
    start.run(parser().parse_args(["--voice", "natural"]))
    settings = made["settings"]
    assert settings.speech("en").voice == "natural"  # for English only: Russian is eSpeak
    assert settings.speech("ru").voice != "natural"
    start.run(parser().parse_args([]))
    assert made["settings"].speech("en").voice != "natural"  # not saved: this run only
