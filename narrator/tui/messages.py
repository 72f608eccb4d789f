"""What the app tells the screen on top, as Textual messages (a screen that shows none of
them simply does not handle them). The game and privacy screens are told at once instead
(``NarratorApp.refuse``, ``VoiceMixin.caption``): a posted message is drawn a frame late."""

from __future__ import annotations

from textual.message import Message


class Refused(Message):
    """An entry or a key was refused: ``text`` is why, in the user's language."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
