"""Names that explain themselves (issue 39): ``Words`` and ``worded`` are imported from
``narrator.prompts``, where they are made, and from nowhere that passes them on; a game made of
parts names them once, as data, and its parts get what the ``Game`` interface gets."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType, SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
HOME = {"Words": "narrator.prompts", "worded": "narrator.prompts"}
# ``from module import names`` on one line or in parentheses (read as text: parsing every file
# would take most of a second)
FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.M)


def imports_elsewhere(path: Path) -> list[str]:
    """``module.name`` for each name of ``HOME`` the file imports from another module."""
    found = []
    for module, names in FROM_IMPORT.findall(path.read_text(encoding="utf-8")):
        for item in re.sub(r"#[^\n]*", "", names).strip("()").split(","):
            name = item.split()[0] if item.strip() else ""  # "Words as W": Words
            if name in HOME and module != HOME[name]:
                found.append(f"{module}.{name}")
    return found


def test_words_are_imported_from_their_one_home():
    found = {
        str(path.relative_to(ROOT)): wrong
        for folder in ("narrator", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (wrong := imports_elsewhere(path))
    }
    assert found == {}


def test_shell_data_does_not_pass_words_on():
    from narrator.games import shell_data

    assert not set(HOME) & set(shell_data.__all__)


def test_no_game_holds_a_module_as_a_class_attribute():
    """A game's parts are one ``Parts`` (``rules, view, … = rules, view, …`` named each module
    twice): every registered game and the toy."""
    from narrator.games import registry
    from tests.games.toy.game import GAME as TOY

    games = [registry.get(name) for name in registry.names()] + [TOY]
    found = [
        f"{cls.__name__}.{name}"
        for game in games
        for cls in type(game).__mro__
        for name, value in vars(cls).items()
        if isinstance(value, ModuleType)
    ]
    assert found == []


def test_a_game_of_parts_passes_unannounced_and_says_its_opening_again():
    """``public_view`` hands on the seats whose death is still to be announced; a narration
    with no ``again_lines`` says the step's opening lines again, as ``base.Game`` does."""
    from narrator.games.common.parts import GameOfParts, Parts
    from narrator.games.shell_data import Line

    opening = [Line("opening")]
    narration = SimpleNamespace(step_lines=lambda state: opening)
    public = SimpleNamespace(public_view=lambda title, state, unannounced: unannounced)
    none = SimpleNamespace()

    class Made(GameOfParts):
        title = "made"
        parts = Parts(none, none, narration, public, none, none)  # type: ignore[arg-type]

    assert Made().public_view("state", frozenset({2})) == frozenset({2})
    assert Made().again_lines("state") == opening
