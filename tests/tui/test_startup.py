"""Start-up defers what the first screen does not need (bench: cold start): the real voice is
opened once the first frame is drawn, and then renders the fixed lines ahead."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from narrator.tui.app import NarratorApp
from narrator.tui.home import HomeScreen
from narrator.tui.speech import CaptionsOnly
from tests.test_import_contract import probe
from tests.tui.driver import until, wait_for


class OpenedVoice(CaptionsOnly):
    def __init__(self) -> None:
        super().__init__("en", notice="No sound device (test): captions only.")
        self.prewarmed: list = []

    def prewarm(self, items, soon: bool = False) -> None:
        self.prewarmed.extend(items)


async def test_the_real_voice_is_opened_after_the_first_frame(tmp_path):
    opened: list[OpenedVoice] = []

    def factory() -> OpenedVoice:
        opened.append(OpenedVoice())
        return opened[-1]

    gc.disable()  # as cli.main leaves it
    try:
        app = NarratorApp(data_dir=tmp_path / "games", voice=CaptionsOnly(), voice_factory=factory)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and opened)

            def voice_in_use() -> None:
                assert app.voice is opened[0]
                assert "time_up" in opened[0].prewarmed  # the fixed lines, rendered ahead
                assert any("No sound device" in n.message for n in app._notifications)
                assert gc.isenabled()

            await until(pilot, voice_in_use)
            assert len(opened) == 1
    finally:
        gc.enable()


FIRST_FRAME_PROBE = """
import asyncio, json, sys
from narrator.tui.app import NarratorApp
from narrator.tui.home import HomeScreen

async def main():
    app = NarratorApp(data_dir=DATA)
    async with app.run_test(size=(100, 30)) as pilot:
        while not isinstance(app.screen, HomeScreen) or not app.screen.query("FooterKey"):
            await pilot.pause(0.01)
        await pilot.pause()
        print(json.dumps(sorted(sys.modules)))

asyncio.run(main())
"""
NOT_AT_START = (
    "narrator.games.base",  # the rules' interface: a game is chosen first
    "narrator.games.shell_data",
    "narrator.journal",
    "narrator.timer",
    "narrator.tui.game",  # the game screen, its dialogs, the setup form
    "narrator.tui.modals",
    "narrator.tui.setup",
    "narrator.history.reading",  # a journal is read only when it changed
    "narrator.voice",  # the real voice, opened once the first frame is drawn
    "narrator.display",  # the table display's server, when it is turned on
    "narrator.tui.privacy",
    "narrator.tui.record",
    "narrator.tui.drawing",
    "narrator.history.screen",
    "csv",  # the history's export
)


def test_the_home_screen_is_drawn_without_the_games_modules(tmp_path):
    """The home screen's first frame loads no game's interface, journal, timer or game screen
    (bench: cold start): they are imported once a game is opened or set up."""
    loaded = probe(FIRST_FRAME_PROBE.replace("DATA", repr(str(tmp_path))))
    assert "narrator.tui.home" in loaded and "narrator.history.store" in loaded
    assert [m for m in NOT_AT_START if m in loaded] == []


REGISTRY_PROBE = """
import json, sys
from narrator.games import registry
names = registry.names()
print(json.dumps(sorted(m for m in sys.modules if m.startswith("narrator."))))
"""


def test_the_registry_names_the_games_and_reads_nothing_at_import():
    """Importing the registry has no side effect: it names the games without importing a
    game, the rules' interface or the catalogues (which read it when they need the list)."""
    loaded = probe(REGISTRY_PROBE)
    assert loaded == ["narrator.games", "narrator.games.registry"]


def test_an_override_of_a_game_registered_later_is_no_mistake(tmp_path, monkeypatch):
    """The catalogues follow the registry: a game registered after they were made has its lines
    known, so a user's override of one is checked, not refused as an unknown id."""
    from narrator import prompts
    from narrator.games import registry

    monkeypatch.setenv("NARRATOR_CONFIG_DIR", str(tmp_path))
    (tmp_path / "prompts.en.toml").write_text('toy_welcome = "Hello, {players}."\n')
    prompts.reload()
    try:
        unknown = prompts.catalogue("en", None).warnings  # no toy game yet: an unknown id
        assert [w.key for w in unknown] == ["prompts_no_such_id"], unknown
        registry.register(
            "toy", "tests.games.toy.game", Path(__file__).parents[1] / "games/toy/words"
        )
        try:
            assert prompts.catalogue("en", None).warnings == []
        finally:
            registry.unregister("toy")
        assert prompts.catalogue("en", None).warnings != []
    finally:
        prompts.reload()


async def test_the_home_screen_looks_at_the_history_after_its_first_frame(tmp_path, monkeypatch):
    """The database read whole and the journals looked at (``look_again``) wait until the
    first frame is written: while the app starts, Textual runs a screen's after-refresh
    callbacks at once, before anything is drawn (bench: cold start, 1,000 games)."""
    from narrator.history.store import History

    done: list[str] = []
    verify, display = History.verify, NarratorApp._display

    def drawn(app, screen, renderable) -> None:
        if renderable is not None and not app._batch_count and "frame" not in done:
            done.append("frame")
        display(app, screen, renderable)

    monkeypatch.setattr(History, "verify", lambda self: done.append("verify") or verify(self))
    monkeypatch.setattr(NarratorApp, "_display", drawn)
    (tmp_path / "games").mkdir()  # a history on disk, checked once drawn
    app = NarratorApp(data_dir=tmp_path / "games", voice=CaptionsOnly())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "verify" in done)
    assert done == ["frame", "verify"]


async def test_the_footer_counts_each_key_s_columns_as_it_draws_them(tmp_path):
    """The Footer fits its keys counting their columns without drawing them (``key_width``:
    drawing works out a key's styles, which the first frame waited for); the count is the
    drawn key's, with its label and without it (at 80 columns the home screen's keys give
    some labels up)."""
    from textual.widgets._footer import FooterKey

    from narrator.tui.keyline import key_width

    app = NarratorApp(data_dir=tmp_path / "games", voice=CaptionsOnly())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.looked)
        keys = list(app.screen.query(FooterKey))
        assert any(key.description for key in keys) and any(not key.description for key in keys)
        assert [key_width(key) for key in keys] == [key.render().cell_len for key in keys]


def test_narrator_alone_starts_with_the_options_its_parser_would_read():
    """``narrator`` with no option starts the app without building the parser: the options it
    starts with are the ones the parser reads from an empty command line."""
    from narrator import cli

    assert vars(cli.parser().parse_args([])) == cli.NO_OPTIONS


async def test_the_other_screens_styles_are_read_once_the_home_screen_is_drawn(
    tmp_path, monkeypatch
):
    """The home screen's first frame is styled by app.tcss alone; the other screens' styles
    (screens.tcss) are read once it is drawn, before any other screen is shown."""
    drawn_with: list[bool] = []
    display = NarratorApp._display

    def drawn(app, screen, renderable) -> None:
        if renderable is not None and not app._batch_count and not drawn_with:
            drawn_with.append(app.stylesheet.has_source(str(app.SCREENS_CSS)))
        display(app, screen, renderable)

    monkeypatch.setattr(NarratorApp, "_display", drawn)
    app = NarratorApp(data_dir=tmp_path / "games", voice=CaptionsOnly())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.looked)
        assert drawn_with == [False]
        assert app.stylesheet.has_source(str(app.SCREENS_CSS))


@pytest.mark.parametrize(
    ("size", "language", "unfinished"),
    [((100, 30), "en", False), ((80, 24), "ru", False), ((100, 30), "en", True)],
)
async def test_the_first_frame_is_the_home_screen_as_it_stays(
    tmp_path, monkeypatch, size, language, unfinished
):
    """The home screen's first frame is drawn with less than the screens after it: its keys by
    one widget (``FirstKeys``, then the Footer, a widget a key), its widgets styled once (not
    again as it is first shown), the other screens' styles not read yet. Once the app has
    done what waited for that frame (every widget styled again with every style), the screen
    is the same, cell by cell and style by style: with every key's label and with some given
    up (80 columns in Russian), and with an unfinished game's keys (r, and a for the game
    highlighted) in the first frame too."""
    if unfinished:
        from tests.history.games import unfinished as stopped

        stopped("pyre", tmp_path / "games")
    from textual.widgets._footer import FooterKey

    from narrator.tui.keyline import FirstKeys

    frames: list[list] = []
    display = NarratorApp._display

    def seen(app) -> list:
        # What is seen: each cell's character and style (its mouse offset is no look).
        return [
            [(c, style.clear_meta_and_links()) for text, style, _ in strip for c in text]
            for strip in app.screen._compositor.render_strips()
        ]

    def drawn(app, screen, renderable) -> None:
        display(app, screen, renderable)
        if renderable is not None and not app._batch_count and not frames:
            assert app.screen.query(FirstKeys)  # the first frame's keys: one widget
            frames.append(seen(app))

    monkeypatch.setattr(NarratorApp, "_display", drawn)
    voice = CaptionsOnly(language)
    app = NarratorApp(data_dir=tmp_path / "games", voice=voice, language=language)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: frames and not app.screen.query(FirstKeys))
        await wait_for(pilot, lambda: len(app.screen.query(FooterKey)) > 2)
        await wait_for(pilot, lambda: app.first_frame_waiting is None and app.screen.looked)
        await pilot.pause()
        assert app.stylesheet.has_source(str(app.SCREENS_CSS))  # restyled with every style
        later = seen(app)
        assert later[-1] == frames[0][-1]  # the key line first, as the most likely to differ
        assert later == frames[0]
