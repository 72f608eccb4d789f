"""scripts/bench's measure of a tap on a seat's page (issue 38): from a phone's POST of a key
to the entry's line in the journal on disk, to the phone's next page, and (the step's last
tap) to the laptop's screen on the game's next step.

The app runs in a child process (``--child``: App.run_test, headless, the table display on
127.0.0.1), so that this process's readers (the journal file, each seat's event stream) take
nothing from its interpreter. Both processes time with ``time.perf_counter``, the system's
monotonic clock on Linux: the child's readings and ours are comparable.

The game: Ravnica, the app's decks, at its first secret step (the Green leader's draw), three
seats joined by their links as a phone joins (the leader's and the two after it: the others'
pages are decoys). Each round: Enter on the laptop (the phone session), the leader's draw
tapped (timed), its choice tapped, Done tapped (timed to the laptop's frame: the minimum time
is 0 s here, else it would measure the 8 s), then undone on the laptop back to the step."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import queue
import sys
import tempfile
import threading
import time
from pathlib import Path

top = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(top))

ROUNDS = 20
NAMES = ("Anna", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina")
JOINED = 3  # the leader's seat and the next two
POLL = 0.0002  # seconds between looks at the journal's size


# --- the child: the app ------------------------------------------------------------------------
def tell(what: dict) -> None:
    print(json.dumps(what), flush=True)


async def heard() -> str:
    """The parent's next command (read in a thread: the app's loop runs on)."""
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    return line.strip()


async def child() -> None:
    from narrator.display.seatserver import RateLimit
    from narrator.display.server import TableDisplay
    from narrator.games.ravnica import Options
    from narrator.games.ravnica.private_view import needs_privacy
    from narrator.settings import Settings
    from narrator.tui.app import NarratorApp
    from narrator.tui.game import GameScreen
    from narrator.tui.seatsview import PhoneStepScreen
    from narrator.tui.speech import CaptionsOnly
    from tests.tui.driver import journal_until, wait_for

    with tempfile.TemporaryDirectory() as folder:
        games = Path(folder) / "games"
        options = Options(deck_mode="app")
        journal = journal_until(games, needs_privacy, seed=1, names=NAMES, options=options)
        journal.close()
        app = NarratorApp(
            data_dir=games, voice=CaptionsOnly(), pace=0.001, new=False, resume=journal.path
        )
        frames: list[float] = []  # the laptop's frames once watched, as they are composed

        def displayed(screen, renderable, shown=app._display) -> None:
            if frames and renderable is not None and not isinstance(screen, PhoneStepScreen):
                frames.append(time.perf_counter())
            shown(screen, renderable)

        app._display = displayed  # headless: the frame is composed, then not written
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            app.settings = Settings(private_seconds=0)  # Done ends the session at once
            display = TableDisplay(lan=False, layout=app.display_layout)
            display.seat_server.limit = RateLimit(burst=10_000)  # every phone here: one address
            await display.start()
            app.display = display
            app.publish_display()  # its seat door: this game's
            while app.pages:  # the step's public announcement
                await pilot.press("enter")
            start = len(app.journal.events)
            actor = app.game.step(app.state).private.seat
            seats = [(actor + n) % len(NAMES) for n in range(JOINED)]
            links = {seat: display.seat_link(seat) for seat in seats}
            tell({"port": display.port, "journal": str(journal.path), "links": links})
            while (command := await heard()) != "quit":
                if command == "enter":  # the laptop's Enter: the step goes to the phone
                    await pilot.press("enter")
                    await wait_for(pilot, lambda: isinstance(app.screen, PhoneStepScreen))
                    tell({"ok": True})
                elif command == "watch":  # the next frame of another screen is timed
                    frames[:] = [0.0]
                    tell({"ok": True})
                    await wait_for(pilot, lambda: len(frames) > 1)
                    tell({"laptop": frames[1]})
                    frames.clear()
                elif command == "undo":  # back to the secret step, on the laptop
                    while len(app.journal.events) > start:
                        count = len(app.journal.events)
                        await pilot.press("ctrl+z")
                        asked = lambda: "y" in app.screen._bindings.key_to_bindings  # noqa: E731
                        await wait_for(pilot, asked)  # the question: yes
                        await pilot.press("y")
                        await wait_for(pilot, lambda n=count: len(app.journal.events) < n)
                    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
                    while app.pages:
                        await pilot.press("enter")
                    tell({"ok": True})
            await display.stop()


# --- this process: the phones --------------------------------------------------------------
class Phone:
    """A seat's phone: its cookie (from its link, as a browser follows it) and its event
    stream read in a thread, each page kept with the time it was read."""

    def __init__(self, port: int, link: str) -> None:
        from narrator.display.seatserver import COOKIE

        self.port = port
        answer = self.request("GET", link.split(str(port), 1)[1])
        self.cookie = answer.getheader("Set-Cookie", "").split(";", 1)[0]
        assert self.cookie.startswith(COOKIE + "="), f"the link did not join: {answer.status}"
        self.pages: queue.Queue[tuple[float, dict]] = queue.Queue()
        self.page: dict = {}
        threading.Thread(target=self.read, daemon=True).start()

    def request(self, method: str, path: str, body: str | None = None, headers=None):
        link = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        link.request(method, path, body, headers or {})
        return link.getresponse()

    def read(self) -> None:
        stream = self.request("GET", "/seat/events", headers={"Cookie": self.cookie})
        for line in stream:
            if line.startswith(b"data: {"):
                self.pages.put((time.perf_counter(), json.loads(line[6:])))

    def next_page(self, after: int = -1, timeout: float = 10) -> tuple[float, dict]:
        """The first page read with a rev above ``after`` (and when it was read)."""
        while True:
            read, page = self.pages.get(timeout=timeout)
            self.page = page
            if page.get("rev", 0) > after:
                return read, page

    def settled(self, quiet: float = 0.2) -> dict:
        """The last page, once none has come for ``quiet`` seconds (an entry may publish twice:
        its route, then the tap's answer; a tap is taken on the page last shown)."""
        try:
            while True:
                self.next_page(timeout=quiet)
        except queue.Empty:
            return self.page

    def until(self, mode: str) -> dict:
        while self.page.get("mode") != mode:
            self.next_page()
        return self.page

    def tap(self, key: str) -> tuple[float, dict]:
        """The POST seat.js sends (its header, Origin and cookie); when it was sent."""
        headers = {"X-Narrator-Seat": "1", "Origin": f"http://127.0.0.1:{self.port}",
                   "Cookie": self.cookie, "Content-Type": "application/json"}  # fmt: skip
        body = json.dumps({"key": key, "rev": self.page["rev"]})
        sent = time.perf_counter()
        answer = self.request("POST", "/seat/entry", body, headers)
        return sent, json.loads(answer.read())


def line_written(path: Path, size: int, found: list[float], stop: threading.Event) -> None:
    """Watch the journal from ``size`` on until a whole new line from a phone is in it."""
    while not stop.is_set():
        if os.stat(path).st_size > size:
            with path.open("rb") as file:
                file.seek(size)
                more = file.read()
            if more.endswith(b"\n") and b'"from":"phone"' in more:
                found.append(time.perf_counter())
                return
        time.sleep(POLL)


def timed_tap(phone: Phone, key: str, journal: Path) -> dict[str, float]:
    """A tap that makes an entry: to its journal line on disk, to the POST's answer (the app
    answers once the entry is fsynced) and to the phone's next page."""
    found: list[float] = []
    stop = threading.Event()
    watcher = threading.Thread(target=line_written, args=(journal, os.stat(journal).st_size,
                                                          found, stop), daemon=True)  # fmt: skip
    watcher.start()
    rev = phone.page["rev"]
    try:
        sent, answer = phone.tap(key)
        answered = time.perf_counter()
        assert answer["ok"], answer
        shown, _ = phone.next_page(after=rev)
        watcher.join(10)
    finally:
        stop.set()
    assert found, "the entry's line never reached the journal"
    return {"disk": found[0] - sent, "answer": answered - sent, "page": shown - sent}


def tap_times(rounds: int = ROUNDS) -> dict[str, list[float]]:
    """Each measure's seconds, one per round."""
    import subprocess

    with tempfile.TemporaryDirectory() as folder:
        kinds = ("DATA", "CONFIG", "CACHE")  # fresh folders, as scripts/bench's other children
        env = {**os.environ, **{f"NARRATOR_{k}_DIR": str(Path(folder) / k.lower()) for k in kinds}}
        app = subprocess.Popen([sys.executable, __file__, "--child"], env=env, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)  # fmt: skip

        def ask(command: str) -> dict:
            app.stdin.write(command + "\n")
            app.stdin.flush()
            return answered()

        def answered() -> dict:
            line = app.stdout.readline()
            if not line:
                raise RuntimeError(f"the app stopped:\n{app.stderr.read()[-2000:]}")
            return json.loads(line)

        times: dict[str, list[float]] = {"disk": [], "answer": [], "page": [], "laptop": []}
        try:
            ready = answered()
            port, journal = ready["port"], Path(ready["journal"])
            phones = [Phone(port, link) for link in ready["links"].values()]
            leader = phones[0]
            for _ in range(rounds):
                ask("enter")
                leader.until("step")
                leader.settled()
                for measure, value in timed_tap(leader, "enter", journal).items():  # the draw
                    times[measure].append(value)
                while leader.settled()["prompt"]["choices"]:  # the choice the card allows
                    leader.tap(leader.page["prompt"]["choices"][0]["key"])
                ask("watch")
                sent, answer = leader.tap("enter")  # Done: the laptop goes on at once
                assert answer["ok"], answer
                times["laptop"].append(answered()["laptop"] - sent)
                ask("undo")
            app.stdin.write("quit\n")
            app.stdin.close()
            app.wait(30)
        finally:
            if app.poll() is None:
                app.kill()
            app.wait()
    return times


if __name__ == "__main__":
    if sys.argv[1:] == ["--child"]:
        asyncio.run(child())
    else:
        print(json.dumps(tap_times(int(sys.argv[1]) if sys.argv[1:] else ROUNDS), indent=1))
