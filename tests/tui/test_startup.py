"""Start-up defers what the first screen does not need (bench: cold start): the real voice is
opened once the first frame is drawn, and then renders the fixed lines ahead."""

from __future__ import annotations

import gc

from narrator.tui.app import NarratorApp
from narrator.tui.home import HomeScreen
from narrator.tui.speech import CaptionsOnly
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
