import pytest

from narrator.tui.app import NarratorApp
from narrator.tui.speech import CaptionsOnly


@pytest.fixture
def make_app(tmp_path):
    def make(**kwargs):
        kwargs.setdefault("data_dir", tmp_path / "games")
        kwargs.setdefault("voice", CaptionsOnly())
        kwargs.setdefault("pace", 0.001)
        kwargs.setdefault("new", True)
        return NarratorApp(**kwargs)

    return make
