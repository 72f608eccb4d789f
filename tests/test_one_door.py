"""Secrets have one door: every public screen is drawn from ``Game.public_view``. Read from the
source: outside a game's own screens folder, the shell (``narrator/tui``) and the table display
(``narrator/display``) hand a game's state only back to the game (``game.step(state)``,
``game.public_view(state)``, …), never read a field of it nor give it to a side panel; the
table display gives it to ``public_view`` and nothing else; and the games' side panels
(Ravnica's table, Werewolf's village) are given a ``PublicView``, never a state.

The grep it stands for: ``grep -rn "shown_state\\|app.state" narrator/tui narrator/display``
lists only states handed to the game's own methods."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from narrator.games import registry
from narrator.games.shell_data import PublicView

NARRATOR = Path(__file__).resolve().parents[1] / "narrator"
# The games' own screens folders (``Game.screens``): they may know their rules.
SCREENS = tuple(
    game.screens.rsplit(".", 1)[-1]
    for game in map(registry.get, registry.names())
    if game.screens is not None
)
STATE_ATTRIBUTES = ("state", "shown_state")


def shell_modules() -> list[Path]:
    """Every module of the shell and the display but the games' own screens."""
    tui = [p for p in (NARRATOR / "tui").rglob("*.py") if p.parent.name not in SCREENS]
    return sorted(tui + list((NARRATOR / "display").rglob("*.py")))


def is_state(node: ast.AST, names: tuple[str, ...] = ("state",)) -> bool:
    """``state`` (or another of ``names``), ``app.state``, ``app.shown_state``."""
    if isinstance(node, ast.Name):
        return node.id in names
    return isinstance(node, ast.Attribute) and node.attr in STATE_ATTRIBUTES


def reads_of_state(path: Path) -> list[str]:
    """Where ``path`` reads into a state (``state.step``, ``app.state.players[0]``) or gives
    one to a side panel (``table.show(s)``: ``s`` is the shell's name for a state)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        args = [*node.args, *(k.value for k in node.keywords)] if isinstance(node, ast.Call) else []
        reads = isinstance(node, ast.Attribute | ast.Subscript) and is_state(node.value)
        shows = (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "show"
            and any(is_state(a, ("state", "s")) for a in args)
        )
        if reads or shows:
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_shell_and_the_display_read_no_state_and_give_none_to_a_side_panel():
    modules = shell_modules()
    assert any(p.name == "game.py" for p in modules) and any(p.name == "feed.py" for p in modules)
    assert [read for path in modules for read in reads_of_state(path)] == []


def test_the_checker_finds_a_side_panel_given_the_state(tmp_path):
    """The test above can fail: the drawing of issue 17 (``table.show(s, ...)``) is caught."""
    old = tmp_path / "game.py"
    old.write_text("table.show(s, unannounced=self.app.unannounced)\nx = app.state.step\n")
    assert len(reads_of_state(old)) == 2


def test_the_display_gives_a_state_to_public_view_only():
    for path in sorted((NARRATOR / "display").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        calls = {id(a): n for n in ast.walk(tree) if isinstance(n, ast.Call) for a in n.args}
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "state" and isinstance(node.ctx, ast.Load):
                call = calls.get(id(node))
                assert call is not None and ast.unparse(call.func).endswith(".public_view"), (
                    f"{path.name}:{node.lineno}"
                )


@pytest.mark.parametrize(
    ("module", "widget"),
    [("narrator.tui.ravnica.table", "TableView"), ("narrator.tui.werewolf.village", "VillageView")],
)
def test_a_games_side_panel_takes_a_public_view_not_a_state(module, widget):
    import importlib

    mod = importlib.import_module(module)
    show = inspect.signature(getattr(mod, widget).show, eval_str=True)
    assert [p.annotation for p in show.parameters.values()][1:] == [PublicView]
    tree = ast.parse(Path(mod.__file__).read_text("utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    names |= {a.asname or a.name for n in imports for a in n.names}
    assert not names & {"state", "State", "shown_state"}
