"""The rules, the journal and the timer know nothing of the screen or the voice; the import
contracts cover every registered game; no module of narrator is part of an import cycle."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROBE = """
import importlib, json, pkgutil, sys
from narrator.games import registry

def package_modules(name):
    package = importlib.import_module(name)
    return [name, *(m.name for m in pkgutil.walk_packages(package.__path__, name + "."))]

core = ["narrator.games", "narrator.games.base", "narrator.games.shell_data", "narrator.journal",
        "narrator.play", "narrator.timer", *package_modules("narrator.games.common")]
games = {}
for game in registry.names():  # every game there is, and each module of it
    registry.get(game)  # its GAME, as the app opens it
    games[game] = package_modules(registry._ENTRIES[game].module.rpartition(".")[0])
    core += games[game]
for name in core:
    importlib.import_module(name)
forbidden = [m for m in sys.modules if m == "textual" or m.startswith(
    ("textual.", "narrator.tui", "narrator.voice", "narrator.display"))]
print(json.dumps({"core": core, "games": games, "forbidden": forbidden}))
"""


def probe(code: str):
    """What ``code`` prints as JSON, run in a fresh interpreter (nothing imported yet)."""
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_core_imports_no_screen_or_voice():
    """The rules of every game in the registry, each of their modules, the journal and the
    timer import no screen, voice or table display."""
    found = probe(PROBE)
    assert "narrator.journal" in found["core"] and "narrator.timer" in found["core"]
    assert {"ravnica", "werewolf"} <= set(found["games"])  # the walk reached the games
    assert all(len(modules) > 1 for modules in found["games"].values()), found["games"]
    assert found["forbidden"] == []


STARTUP_PROBE = """
import importlib, json, sys
for name in ("narrator.cli", "narrator.tui.start", "narrator.tui.home"):
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules if m.startswith("narrator.games."))))
"""


def test_the_home_screen_loads_no_game_until_one_is_opened():
    """Start-up does not grow with the games: the shell imports a game's rules only when a
    game is opened or started (bench: cold start)."""
    loaded = probe(STARTUP_PROBE)
    assert "narrator.games.registry" in loaded
    shared = ("base", "entries", "registry", "shell_data", "common")  # no game's own
    games = [m for m in loaded if m.split(".")[2] not in shared]
    assert games == [], games


# --- the contracts: every game in the registry, no line a game in pyproject.toml -------------


def contracts() -> list:
    """The per-game import contracts of pyproject.toml, built as lint-imports builds them."""
    from importlinter.api import read_configuration

    from tests.import_contracts import ForbiddenForEachGame, IndependenceOfEachGame

    root = Path(__file__).resolve().parents[1]
    config = read_configuration(str(root / "pyproject.toml"))
    types = {"forbidden_for_each_game": ForbiddenForEachGame}
    types["independence_of_each_game"] = IndependenceOfEachGame
    declared = config["session_options"]["contract_types"]
    assert {c.partition(": ")[0] for c in declared} == set(types)
    built = []
    for options in config["contracts_options"]:
        kind = types.get(options["type"])
        if kind is not None:
            rest = {k: v for k, v in options.items() if k not in ("name", "type")}
            built.append(kind(options["name"], config["session_options"], rest))
    return built


def covered() -> dict[str, set[str]]:
    """The modules each per-game contract names: independent, forbidden or allowed."""
    names: dict[str, set[str]] = {}
    for contract in contracts():
        modules = getattr(contract, "modules", None) or contract.forbidden_modules
        names[contract.name] = {str(m) for m in modules}
        names[contract.name] |= {str(i.importer) for i in contract.ignore_imports or ()}
    return names


def test_every_registered_game_is_in_every_per_game_contract(toy):
    """A game registered (here the test-only one) is in each contract without a line of its
    own in pyproject.toml: its rules, and its screens where it has them."""
    from narrator.games import registry

    named = covered()
    assert len(named) == 4, named  # the two forbidden, the two independence contracts
    for name in registry.names():
        game = registry.get(name)
        rules = type(game).__module__.rpartition(".")[0]
        packages = {rules} if game.screens is None else {rules, game.screens}
        assert any(rules in modules for modules in named.values()), name
        for package in packages:  # each game's package in a contract about its kind
            assert sum(package in modules for modules in named.values()) >= 2, (name, package)
    assert "tests.games.toy" in set().union(*named.values())
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    section = text[text.index("[tool.importlinter]") :]
    assert not [name for name in registry.names() if f".{name}" in section]  # no game by name


def test_no_import_cycles_within_narrator():
    """No module of narrator imports one that imports it back, directly or through others
    (games <-> prompts, tui.game <-> modals <-> clock, werewolf.game <-> script were)."""
    import grimp

    graph = grimp.build_graph("narrator", cache_dir=None)
    assert cycles(graph) == []


def cycles(graph) -> list[list[str]]:
    """The groups of modules that import each other round a loop (Tarjan's components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_the_cycle_finder_finds_a_cycle():
    """A test that cannot fail is a defect: two modules importing each other are found."""
    import grimp

    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.a", "pkg.b", "pkg.c"):
        graph.add_module(module)
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg.c")
    graph.add_import(importer="pkg.c", imported="pkg.a")
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
