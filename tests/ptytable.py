"""The real app in a pty, started and restarted at will, played by keys to the journal's
tune (``Table``), and its setup form filled by keys (``fill_setup``): the keys of each step
come from a planner, Ravnica's by default (tests/ptynarrator.py), any game's from its step
views (tests/ptygame.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from narrator.games import registry
from narrator.games.base import Game
from narrator.games.ravnica import GAME
from narrator.games.ravnica.state import State
from narrator.games.shell_data import Announcement as Page
from narrator.tui.words import say
from tests.ptyapp import Folders, PtyApp
from tests.ptynarrator import (
    PAGE_KEYS,
    Action,
    Picker,
    Snapshot,
    journal_files,
    markers,
    page_actions,
    page_headline,
    page_markers,
    pages_on_resume,
    planner_of,
    read_journal,
)


# --- the setup form, by keys --------------------------------------------------------------
def fill_setup(
    term: PtyApp,
    names: list[str],
    seed: int,
    *,
    opening_pause: int = 1,
    round_seconds: int | None = None,
    final_seconds: int | None = None,
) -> None:
    """Fill the new-game form as a narrator would: the count, each name, the timers and the
    seed, moving with Tab; then ctrl+s. Waits for the deal screen."""
    term.wait_text("Players (5–10)")
    term.type(str(len(names)))  # the count field has focus, its "5" selected
    term.wait_text(f"Seat {len(names)}")
    at = 0  # focus: 0 the count, 1.. the names, then the rest of the form in order
    for i, name in enumerate(names):
        term.press("tab")
        at += 1
        wait_cursor(term, f"Seat {i + 1}")
        term.type(name)
        term.wait_text(name)
    fields = [
        ("Colour round (s)", round_seconds),
        ("Final discussion (s)", final_seconds),
        ("Opening pause (s)", opening_pause),
    ]
    order = {"Colour round (s)": 3, "Final discussion (s)": 4, "Opening pause (s)": 5, "Seed": 8}
    for label, value in [*fields, ("Seed", seed)]:
        if value is None:
            continue
        target = len(names) + order[label]
        term.press(*["tab"] * (target - at))
        at = target
        wait_cursor(term, label)
        term.type(str(value))  # the field's text is selected on focus: typing replaces it
        term.wait_for(
            lambda label=label, value=value: _row_with(term, label).split()[-1] == str(value),
            what=f"{label} = {value}",
        )
    term.press("ctrl+s")
    term.wait_text("Guild deal (R6)", "The app dealt the guilds")


def _row_with(term: PtyApp, text: str) -> str:
    return next((row for row in term.screen_text().splitlines() if text in row), "")


def wait_cursor(term: PtyApp, text: str) -> None:
    """Until the terminal cursor (which Textual puts in the focused input) is on the row of
    ``text`` (a label, or an empty name field's placeholder)."""

    def there() -> bool:
        rows = term.screen_text().split("\n")
        y = term.screen.cursor.y
        return 0 <= y < len(rows) and text in rows[y]

    term.wait_for(there, what=f"the focus on {text!r}")


# --- the app at the table -----------------------------------------------------------------
class Table:
    """The app in a pty, started and restarted at will, played by keys to the journal's tune.

    ``runs`` keeps every run's PtyApp (its raw stream and frames) for audits. Another game
    than Ravnica comes with its ``planner`` (the keys of the step at a state with n entries).
    """

    def __init__(
        self,
        folders: Folders,
        pick: Picker,
        *,
        args: tuple[str, ...] = ("--mute",),
        extra_env: dict[str, str] | None = None,
        keep_frames: bool = False,
        size: tuple[int, int] = (100, 30),
        game: Game = GAME,
        planner: Callable[[State, int], list[Action]] | None = None,
    ) -> None:
        self.folders = folders
        self.pick = pick
        self.game = game
        self.planner = planner or planner_of(pick)
        self.args = args
        self.extra_env = extra_env
        self.keep_frames = keep_frames
        self.size = size
        self.runs: list[PtyApp] = []
        self.term: PtyApp | None = None
        self.home_line = ""  # what the home screen offered, when launched from it
        self._path: Path | None = None
        self._cache: tuple[Path, int, Snapshot] | None = None  # file, bytes read, game
        self.pending: list[Page] = []  # pages shown on resume that no plan has answered yet
        self.page: Page | None = None  # the announcement on the public screen now, if any

    # --- the process ----------------------------------------------------------------------
    def launch(self, how: str = "resume") -> PtyApp:
        """Start the app: ``new`` (--new), ``resume`` (--resume FILE) or ``home`` (plain
        ``narrator``; the home screen offers the unfinished game first: Enter)."""
        extra = {
            "new": ["--new"],
            "resume": ["--resume", str(self.path)] if how == "resume" else [],
            "home": [],
        }[how]
        # What the app will show again of the last entry (read before it starts: no app is
        # running, so neither the journal nor the discussion's clock file can change).
        snap = None if how == "new" else self.snapshot()
        self.pending = [] if snap is None else pages_on_resume(self.path, snap, self.game)
        self.page = self.pending[0] if self.pending else None
        self.term = PtyApp(
            [*self.args, *extra],
            self.folders,
            size=self.size,
            extra_env=self.extra_env,
            keep_frames=self.keep_frames,
        ).start()
        self.runs.append(self.term)
        self.home_line = ""
        if how == "home":
            game = registry.title(self.game.name, "en")  # "Resume <game> (7 players, …)"
            resume = say("en", "home.resume_of", game=game, players=1, where="").split(" (")[0]
            self.term.wait_text(resume, timeout=20)
            self.home_line = _row_with(self.term, resume).strip()
            self.term.press("enter")
        return self.term

    def kill(self) -> None:
        if self.term is not None:
            self.term.kill()
            self.term = None

    def close(self) -> None:
        for run in self.runs:
            run.close()
        self.term = None

    # --- the journal ----------------------------------------------------------------------
    @property
    def path(self) -> Path:
        """The game's journal (the only one in the data folder)."""
        if self._path is None:
            files = journal_files(self.folders)
            assert len(files) == 1, f"expected one journal, found {files}"
            self._path = files[0]
        return self._path

    def snapshot(self) -> Snapshot:
        """The journal now (only lines written since the last look are read)."""
        path = self.path
        size = path.stat().st_size
        cached = self._cache
        if cached is None or cached[0] != path or size < cached[1]:
            self._cache = (path, *read_journal(path, game=self.game))
        elif size > cached[1]:
            self._cache = (path, *read_journal(path, cached[1:], self.game))
        return self._cache[2]

    def plan(self) -> tuple[Snapshot, list[Action]]:
        """The keys from the screen now: Enter for the announcements a resumed app shows
        again (the first is up), then the step's keys (none: the game is over)."""
        snap = self.snapshot()
        actions = page_actions(self.pending, snap.state) if self.pending else []
        self.pending = []
        actions += self.planner(snap.state, snap.n)
        return snap, actions

    # --- keys -----------------------------------------------------------------------------
    def shows(self, state: State, *texts: str) -> None:
        """Until the screen shows ``state`` (and ``texts``): not the privacy screen, nor an
        announcement."""
        term = self.term
        wanted = [" ".join(t.split()) for t in (*markers(state), *texts)]

        def ok() -> bool:
            flat = term.flat_screen()
            return (
                "PRIVATE" not in flat and PAGE_KEYS not in flat and all(w in flat for w in wanted)
            )

        term.wait_for(ok, timeout=20, what=f"the {state.step} screen {wanted}")

    def shows_page(self, page: Page) -> None:
        """Until the public screen holds the announcement ``page`` (its headline too)."""
        term = self.term
        wanted, headline = page_markers(page), page_headline(page)

        def ok() -> bool:
            flat = term.flat_screen()
            return (
                "PRIVATE" not in flat
                and all(w in flat for w in wanted)
                and headline in main_text(term)
            )

        term.wait_for(ok, timeout=20, what=f"the {page.kind} page {headline!r}")

    def shows_resumed(self) -> None:
        """Until the app just started shows the game's step, or the announcement it shows again."""
        if self.page is not None:
            self.shows_page(self.page)
        else:
            self.shows(self.snapshot().state)

    def press(self, action: Action, snap: Snapshot, wait: bool = True) -> None:
        """Press the action's key (none: the app makes its entry by itself, W24's night pass);
        with ``wait``, until its entry is on disk and on screen."""
        if action.key:
            self.term.press(action.key)
        if wait:
            self.settled(action, snap)

    def settled(self, action: Action, snap: Snapshot) -> None:
        term = self.term
        if action.event is not None:
            term.wait_for(
                lambda: self.snapshot().n > snap.n,
                timeout=action.timeout,
                what=f"the journal entry {action.event}",
            )
            got = self.snapshot().events[snap.n]
            if got != action.event:
                raise AssertionError(f"key {action.key!r} wrote {got}, expected {action.event}")
            if action.place == "privacy":
                self.shows_texts(*action.texts)
            elif action.page is not None:
                self.shows_page(action.page)
            else:
                self.shows(action.after, *action.texts)
        elif action.page is not None:  # the next announcement, or one off the privacy screen
            self.shows_page(action.page)
        elif action.after is not None:  # leaving the privacy screen, or the last announcement
            self.shows(action.after)
        else:
            self.shows_texts(*action.texts)
        self.page = action.page

    def shows_texts(self, *texts: str) -> None:
        self.term.wait_text(*texts)


def main_text(term: PtyApp) -> str:
    """The game screen's left part (the step, an announcement's panel) as one line: the table
    view and any toast over it cut off, box borders dropped, whitespace runs made one space;
    a text the panel wraps reads whole again."""
    rows = term.screen_text().split("\n")
    cuts = [row.index("\u258a") for row in rows if "\u258a" in row]  # the table's left border
    cut = max(set(cuts), key=cuts.count) if cuts else None
    text = " ".join(row[:cut] for row in rows)
    return " ".join(text.translate(str.maketrans("", "", "│╭╮╰╯─")).split())
