"""Every test runs with its own data, config and cache folders: nothing touches the user's."""

from __future__ import annotations

import gc
import os
import re
import tempfile
from pathlib import Path

import pytest

from narrator import prompts
from narrator.prompts import sources

# A test process holds many objects (hypothesis, Textual, every test module): the collector's
# young-generation passes over them cost more than a fifth of each app started. Fewer passes
# (as the app itself does at start-up: cli.main) make the screen tests faster; memory is freed
# all the same by reference counting.
gc.set_threshold(50_000, 20, 100)

_parse_words_file = sources._read
_parsed: dict[tuple[str, int, int], dict[str, str]] = {}
_SOURCES = str(Path(__file__).resolve().parents[1]) + os.sep  # the narrator, the toy game


def _read_once(entry) -> dict[str, str]:
    """A words file of the source tree (never one a test writes: those are under its
    tmp_path) parsed once a worker while unchanged (the same path, time and size): each test
    forgets the catalogues (``narrator_dirs``), and parsing the files again was about 8 ms of
    each test that says or shows a line. A copy: the caller adds to it."""
    path = os.fspath(entry)
    if not path.startswith(_SOURCES):
        return _parse_words_file(entry)
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    if key not in _parsed:
        _parsed[key] = _parse_words_file(entry)
    return dict(_parsed[key])


sources._read = _read_once


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``long`` are dealt out first, one at the head of each worker's share.

    ``--dist worksteal`` (scripts/test) gives each worker a run of the collection in its
    order, and an idle worker steals the back half of a busy one's queue: a long test left at
    the back of a queue starts last and holds the suite's end, with the other workers done
    (a whole game of 20 s starting at 230 s). Started first, the long ones run side by side
    while the short ones fill the ends of the queues and can be stolen. The shares are cut as
    the scheduler cuts them (``len(pending) // nodes_remaining``); run without workers, this
    only moves the long tests to the front."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    long = [item for item in items if item.get_closest_marker("long")]
    rest = [item for item in items if not item.get_closest_marker("long")]
    dealt: list[pytest.Item] = []
    left = len(items)
    for worker in range(workers):
        share = left // (workers - worker)
        left -= share
        heads = long[worker::workers]
        filler = max(0, share - len(heads))
        dealt += heads + rest[:filler]
        rest = rest[filler:]
    items[:] = dealt + rest


@pytest.fixture
def tmp_path(request, tmp_path_factory) -> Path:
    """A new empty folder for each test, under the session's base folder, as pytest's own
    ``tmp_path``, which finds its next number by reading every folder made before it: with
    every test taking one (``narrator_dirs``), that was quadratic, 7 s of a worker's time."""
    name = re.sub(r"\W", "_", request.node.name)[:30]
    return Path(tempfile.mkdtemp(prefix=name, dir=tmp_path_factory.getbasetemp()))


@pytest.fixture(autouse=True)
def narrator_dirs(tmp_path, monkeypatch):
    """Folders under the test's tmp_path, not yet made (no user prompt overrides, a cold
    speech cache); the code makes them when it writes."""
    for name in ("data", "config", "cache"):
        monkeypatch.setenv(f"NARRATOR_{name.upper()}_DIR", str(tmp_path / name))
    prompts.reload()  # forget catalogues loaded with another test's overrides
    yield tmp_path
    prompts.reload()


@pytest.fixture(autouse=True)
def common_words():
    """Every test starts and ends with the common words only: a test that plays a game (the
    app chooses it, ``narrator play`` reads its script) leaves no game's words to the next."""
    prompts.use_game(None)
    yield
    prompts.use_game(None)


@pytest.fixture
def ravnica_words(common_words):
    """Ravnica's words on top of the common ones, as when the app has chosen the game: for a
    test that builds catalogues itself and says or shows Ravnica's lines."""
    from narrator.games.registry import get

    words_dir = get("ravnica").words_dir
    prompts.use_game(words_dir)
    yield words_dir
    prompts.use_game(None)


@pytest.fixture
def toy():
    """Coin Call (tests/games/toy), a game only while a test that asks for it runs."""
    from pathlib import Path

    from narrator.games import registry
    from narrator.prompts import use_game

    registry.register("toy", "tests.games.toy.game", Path(__file__).parent / "games/toy/words")
    game = registry.get("toy")
    use_game(game.words_dir)  # a refusal worded outside the app is worded in its words
    yield game
    registry.unregister("toy")
    use_game(None)


@pytest.fixture
def open_umask():
    """The most permissive umask (000) while the test runs, as a user's shell may have it:
    what the app makes must be its user's only all the same."""
    started_with = os.umask(0)
    yield
    os.umask(started_with)


NEW_GAME = "hands_up"  # the name scripts/new-game's skeleton is written under for the tests


@pytest.fixture(scope="module")
def new_game(tmp_path_factory):
    """The game ``scripts/new-game`` writes (issue 39), into a temporary folder under the name
    ``NEW_GAME`` and registered, as the repo's would be: its package and the files written."""
    import sys

    from narrator.games import registry
    from tests.new_game import generate

    folder = tmp_path_factory.mktemp("new-game")
    written = generate(NEW_GAME, folder, title="Hands Up", letter="H")
    sys.path.insert(0, str(folder))
    registry.register(NEW_GAME, f"{NEW_GAME}.game", folder / NEW_GAME / "words")
    try:
        yield folder / NEW_GAME, written
    finally:
        registry.unregister(NEW_GAME)
        sys.path.remove(str(folder))
        for module in [m for m in sys.modules if m == NEW_GAME or m.startswith(f"{NEW_GAME}.")]:
            del sys.modules[module]
