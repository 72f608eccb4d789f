"""What the app tells the screen on top, as Textual messages (a screen that shows none of
them simply does not handle them)."""

from __future__ import annotations

from textual.message import Message


class Refused(Message):
    """An entry or a key was refused: ``text`` is why, in the user's language."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class Captioned(Message):
    """The narrator said ``text`` (or it was captioned with the voice off)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
