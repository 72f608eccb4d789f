"""Speech never blocks a keypress: with the real speech engine rendering a long line and a
sink playing it in real time, a key is handled while the line is still being spoken (issue 4).
How fast a key is handled is scripts/bench's "keypress" row, not a timed test."""

from __future__ import annotations

import pytest
from textual import events

from narrator.settings import Settings
from narrator.tui.app import NarratorApp
from narrator.tui.home import HomeScreen
from narrator.voice import FakeSink, Voice
from tests.tui.driver import until, wait_for


def _engine_available() -> bool:
    try:
        import espeakng_loader  # noqa: F401
        import pyttsx3  # noqa: F401
    except Exception:
        return False
    return True


@pytest.mark.skipif(not _engine_available(), reason="pyttsx3 / eSpeak NG not installed")
async def test_a_keypress_is_handled_while_a_long_line_is_spoken(tmp_path):
    sink = FakeSink(speed=1.0)  # real-time playback: the line below lasts about half a minute
    voice = Voice(Settings(), sink=sink)  # the real synthesizer
    app = NarratorApp(data_dir=tmp_path / "games", voice=voice, new=False)
    long_line = " ".join(["The Agents of Bolas acknowledge each other in silence."] * 12)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            voice.say_text(long_line)  # synthesis starts in the child process
            for press in range(1, 7):  # m: mute, unmute, mute…
                before = voice.muted
                app.post_message(events.Key("m", "m"))

                def toggled(before: bool = before, press: int = press) -> None:
                    assert voice.muted != before, f"the mute key, pressed {press} times, not taken"

                await until(pilot, toggled)
            # The order of events, not their timing: the first m muted the line while it was
            # still rendering (it never reached the sink) or playing (the mute cut it off). A
            # key taken only once the speech was over would find the line played to its end.
            played_out = [p for p in sink.plays if p.ended is not None and not p.stopped]
            assert played_out == [], "the line was spoken to its end before the key was taken"
    finally:
        voice.close()
