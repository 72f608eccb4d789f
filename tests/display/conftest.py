"""The table display's server for a test, with each game's own layout (display.js)."""

from __future__ import annotations

import pytest

from narrator.display.server import TableDisplay
from tests.display.test_browser import layout


@pytest.fixture
async def display():
    shown = TableDisplay(lan=False, layout=layout)
    await shown.start()
    yield shown
    await shown.stop()
