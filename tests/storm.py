"""A seeded storm of keys, as fast as a narrator's fingers (issue 31): the suite's storm
(tests/tui/test_storm.py, 2,000 keys a game) and ``scripts/storm`` (10,000 a game) share it.

Keys go in bursts straight to the driver's queue (as a terminal sends them: nobody waits for
the app between two keys), then the storm waits until the app has caught up and checks:

- no exception escaped and the app still runs;
- what the app holds is what the journal on disk replays to, and the game screen shows the
  step of that replay;
- no secret on a public screen: what the game says it keeps secret now (``Game.secrets``:
  the Ultimate Price, R23, until its reveal, R29; the True Curse, B19, until it is flipped,
  B26…); a privacy screen counts as public until its leader opens it.

ctrl+q is sent only where it asks (a game under way on screen) and is answered n at once; q
and h are left out (at home q quits, and h goes home: the home screen has a storm of its own).
"""

from __future__ import annotations

import io
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.games import registry
from narrator.journal import Journal
from narrator.play import play_script
from tests.tui.driver import send_key

SIZE = (100, 30)
# scripts/storm's games: the app's with an example script (the tests' own: tests/every_game.py)
EXAMPLES = tuple(name for name in registry.names() if registry.get(name).example() is not None)
LETTERS = [c for c in "abcdefgijklmnoprstuvwxyz"]  # not h (home) nor q (quits at home)
KEYS = (
    LETTERS
    + list("0123456789")
    + ["enter"] * 4
    + ["escape", "tab", "shift+tab", "backspace", "space", "up", "down", "left", "right"]
    + ["question_mark", "plus", "minus", "left_square_bracket", "right_square_bracket"]
    + ["ctrl+z", "ctrl+s", "ctrl+p", "f2", "f5"]
)


def example_events(name: str, directory: Path) -> list:
    """The entries of the game's example (``Game.example_script``), played headless (as
    ``narrator play`` does)."""
    example = registry.get(name).example()
    assert example is not None, f"{name} has no example script"
    lines = example.read_text(encoding="utf-8").splitlines(keepends=True)
    played = directory / "played"
    assert play_script(lines, io.StringIO(), played) == 0
    (path,) = played.glob("*.jsonl")
    return Journal.open(path).events


def example_journal_until(name: str, directory: Path, reached: Callable[[Any], bool]) -> Journal:
    """A journal of the game's example up to its first state where ``reached`` holds."""
    journal = Journal.create(name, directory, stem=f"until-{name}")
    for event in example_events(name, directory):
        if journal.events and reached(journal.state):
            return journal
        journal.append(event)
    if reached(journal.state):  # the example's last entry
        return journal
    raise AssertionError(f"the {name} example never reaches the state asked for")


def mid_game_journal(name: str, directory: Path, seed: int) -> Journal:
    """The game's example played headless, cut at a seeded point past its first third: a
    journal as a killed app leaves it, to resume."""
    whole = example_events(name, directory)
    cut = random.Random(seed).randrange(len(whole) // 3, 2 * len(whole) // 3)
    journal = Journal.create(name, directory, stem=f"storm-{name}")
    for event in whole[:cut]:
        journal.append(event)
    return journal


def secrets_shown(app, text: str) -> list[str]:
    """The game's secrets (``Game.secrets``) in ``text`` (a public screen's) before their
    reveal."""
    if app.journal is None:
        return []
    flat = " ".join(text.split())
    secrets = app.game.secrets(app.journal.state, app.language)
    return [secret for secret in secrets if " ".join(secret.split()) in flat]


@dataclass
class Storm:
    """``keys`` keys in bursts of ``burst`` from ``seed``; counts what it did. Quitting on
    purpose (the home menu's Quit) is no crash: the narrator starts the app again and the storm
    goes on (``quits``)."""

    keys: int
    seed: int
    burst: int = 24
    sent: int = 0
    bursts: int = 0
    quits: int = 0
    entries: list[int] = field(default_factory=list)

    async def play(self, make: Callable[[], Any], ready: Callable[[Any], Any], size=SIZE) -> None:
        """Storm the apps ``make`` starts (again after a quit) once ``ready(app)`` holds."""
        from tests.tui.driver import wait_for

        rng = random.Random(self.seed)
        while self.sent < self.keys:
            app = make()
            async with app.run_test(size=size) as pilot:
                await wait_for(pilot, lambda: ready(app))  # noqa: B023 - awaited here
                quit_ = await self.run(pilot, rng)
            if not quit_:
                return
            self.quits += 1

    async def run(self, pilot, rng: random.Random) -> bool:
        """Bursts until the keys are sent (False) or the app quit on purpose (True)."""
        app = pilot.app
        while self.sent < self.keys:
            keys = rng.choices(KEYS, k=min(self.burst, self.keys - self.sent))
            if under_way(app) and rng.random() < 0.2:
                keys = ["ctrl+q", "n", *keys]  # asked, and answered no
            for key in keys:
                send_key(app, key)
            self.sent += len(keys)
            self.bursts += 1
            text = await settled(pilot)
            if text is None:
                assert app._exception is None, app._exception
                assert app.return_code in (0, None), f"exit status {app.return_code}"
                return True
            check(app, text)
            self.entries.append(len(app.journal.events) if app.journal else 0)
        return False


async def settled(pilot, timeout: float = 30.0) -> str | None:
    """The screen's text once the app has caught up (the same on two reads in a row), or None
    when it quit."""
    from tests.tui.driver import screen_text

    app, previous = pilot.app, None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await pilot.pause(0.01)
        if not app.is_running or app._exit_renderables or app._exception is not None:
            return None if app._exception is None else ""
        text = screen_text(app)
        if text == previous:
            return text
        previous = text
    raise AssertionError(f"the app never settled after {timeout:g} s")


def under_way(app) -> bool:
    from narrator.tui.game import GameScreen

    return (
        app.journal is not None
        and not app.game.is_over(app.journal.state)
        and isinstance(app.screen, GameScreen)
    )


_opened: dict[Path, tuple[bytes, Journal]] = {}


def on_disk(path: Path) -> Journal:
    """The journal file opened as a resume opens it, read again only when its bytes have
    changed: most bursts are refused key by key and write nothing, and replaying the same
    bytes gives the same entries and state (the replay is pure); it was a quarter of a
    storm's time."""
    data = path.read_bytes()
    seen = _opened.get(path)
    if seen is None or seen[0] != data:
        seen = _opened[path] = (data, Journal.open(path))
    return seen[1]


def check(app, text: str) -> None:
    from narrator.tui.game import GameScreen
    from narrator.tui.privacy import PrivacyScreen

    assert app._exception is None, app._exception
    assert app.is_running, "the app stopped"
    if app.journal is not None:
        disk = on_disk(app.journal.path)
        assert disk.warnings == [] and disk.events == app.journal.events
        replayed = disk.state  # the journal's own replay of the file, as a resume does
        assert replayed == app.journal.state, "the app holds what the journal does not"
        screen = app.screen
        if isinstance(screen, GameScreen) and not app.pages:
            assert screen.view.key == app.game.step(replayed, screen.path).key
    private = isinstance(app.screen, PrivacyScreen) and app.screen.phase != "cover"
    if not private:
        assert secrets_shown(app, text) == [], text
