"""The narrator's mouth as the TUI sees it: say a line (caption + voice), play a chime.

The real voice lives in ``narrator.voice``; when it cannot be had the app still runs,
with captions only and one notice on screen.
"""

from __future__ import annotations

from typing import Any

from narrator.prompts import catalogue


class CaptionsOnly:
    """A voice that only writes captions: the app running silent, and the tests."""

    def __init__(self, language: str = "en", notice: str | None = None) -> None:
        self.language = language
        self.notice = notice
        self.muted = True
        self.spoken: list[str] = []
        self.chimes: list[str] = []

    def say(self, prompt_id: str, urgent: bool = False, **params: Any) -> str:
        text = catalogue(self.language).format(prompt_id, **params)
        self.spoken.append(text)
        return text

    def say_text(self, text: str, urgent: bool = False) -> str:
        self.spoken.append(text)
        return text

    def chime(self, name: str, urgent: bool = False) -> None:
        self.chimes.append(name)

    def toggle_mute(self) -> bool:
        return True

    def replay_last(self) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        pass

    def retry(self) -> None:
        pass

    def prewarm(self, items, soon: bool = False) -> None:
        pass

    def close(self) -> None:
        pass


def open_voice(settings: Any) -> Any:
    """The real voice, or captions only with a notice saying why."""
    try:
        from narrator.voice import Voice
    except Exception as err:  # noqa: BLE001 - any failure means: run silent
        return CaptionsOnly(
            getattr(settings, "language", "en"), f"Voice unavailable ({err}): captions only."
        )
    try:
        return Voice(settings)
    except Exception as err:  # noqa: BLE001
        return CaptionsOnly(
            getattr(settings, "language", "en"), f"Voice unavailable ({err}): captions only."
        )
