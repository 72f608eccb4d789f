"""A game's rules tests say and show its lines in its own words, as the app does once the game
is chosen (``use_game``): a line or a refusal of the game is never found in another game's."""

from __future__ import annotations

import pytest

from narrator.games import registry
from narrator.prompts import use_game


@pytest.fixture(autouse=True)
def own_words(request, common_words):
    """``test_<game>_*.py`` reads that game's words; any other test, the common ones."""
    module = request.module.__name__.rpartition(".")[2]
    for name in registry.names():
        if module.startswith(f"test_{name}_"):
            use_game(registry.get(name).words_dir)
    yield
    use_game(None)
