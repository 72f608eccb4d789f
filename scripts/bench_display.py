"""scripts/bench's measures of the table display: an entry to an open page, twelve seats'
pages and the table's, a tap on a seat's page in the app, and the display flooded."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.bench_common import (
    COLUMNS,
    NAMES,
    ROWS,
    Row,
    cpu_seconds,
    met,
    ms,
    narrator_dirs,
    rss_mib,
    top,
)


# --- the table display (issue 12) ---------------------------------------------------------
@contextlib.asynccontextmanager
async def at_the_picker():
    """The app (Pilot) with the table display on, a Werewolf game at its residents' picker:
    yields the app and its pilot."""
    from narrator.games.werewolf.state import Step
    from tests.tui.werewolf_driver import make_app, on_step, wait_for

    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder), table_display=True)
        async with app.run_test(size=(COLUMNS, ROWS)) as pilot:
            await wait_for(pilot, lambda: app.display is not None and app.screen.query("#count"))
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: on_step(app, Step.RESIDENTS))
            yield app, pilot


async def display_latency(entries: int = 20) -> list[float]:
    """Seconds from an entry made in the app (Pilot) to its page read by an open page's
    stream in another thread (as a browser reads it: not from the app's own event loop),
    for ``entries`` entries of the Werewolf picker."""
    import queue
    import threading
    import urllib.request

    from narrator.games.werewolf import events as wev

    arrived: queue.Queue[float] = queue.Queue()

    def read(url: str) -> None:
        with urllib.request.urlopen(url, timeout=30) as stream:
            for line in stream:
                if line.startswith(b"data: {"):
                    arrived.put(time.perf_counter())

    times: list[float] = []
    async with at_the_picker() as (app, pilot):
        reader = threading.Thread(target=read, args=(app.display.url + "events",), daemon=True)
        reader.start()
        arrived.get(timeout=10)  # the current page
        for i in range(entries):  # a resident added, then taken out again
            kind = ("seer", "witch", "mayor", "hunter")[i // 2 % 4]
            event = wev.ResidentAdded(kind) if i % 2 == 0 else wev.ResidentRemoved(kind)
            began = time.perf_counter()
            assert app.enter(event)
            times.append(arrived.get(timeout=5) - began)
            await pilot.pause()
    return times


# --- twelve seats' pages and the table's (issue 38) ---------------------------------------
SEATS, PUSHES, IDLE_SECONDS = 12, 20, 5.0


def seat_page(seat: int, rev: int, table: dict) -> dict:
    """A seat's page as the app makes one mid-step: the actor's step, the others' decoys."""
    acting = seat == 0
    prompt = {
        "title": "The White leader's draw" if acting else "A secret step",
        "lines": ["Draw a leader card" if acting else "Tap when you are ready", ""],
        "choices": [{"key": k, "label": k} for k in "WUBRG"] if acting else [],
        "primary": {"key": "enter" if acting else "ready", "label": "Draw" if acting else "Ready"},
        "back": False,
        "message": "",
    }
    return {"seat": seat, "name": NAMES[seat % len(NAMES)], "lang": "en", "words": {},
            "mode": "step" if acting else "decoy", "prompt": prompt, "ends_at": None,
            "seen": [f"You drew GREEN (round {rev})"], "table": table, "rev": rev}  # fmt: skip


async def seats_load() -> dict:
    """Measure ``SEATS`` joined seats' streams and the public one on 127.0.0.1."""
    import http.client
    import queue
    import threading

    from narrator.display.seats import SeatDoor
    from narrator.display.seatserver import COOKIE, RateLimit
    from narrator.display.server import TableDisplay

    table = {"game": None, "lang": "en", "title": "Ravnica: Inquisition", "step": "Round 2",
             "seats": [{"name": n, "marks": ["U"], "dead": False} for n in NAMES]}  # fmt: skip
    rss_before = rss_mib()
    display = TableDisplay(lan=False)
    display.seats = SeatDoor("bench", [NAMES[i % len(NAMES)] for i in range(SEATS)])
    display.seat_server.limit = RateLimit(burst=10_000)  # every phone here has one address
    await display.start()
    display.publish(table)
    arrived: queue.Queue[float] = queue.Queue()

    def read(path: str, cookie: str | None) -> None:
        link = http.client.HTTPConnection("127.0.0.1", display.port, timeout=60)
        link.request("GET", path, headers={"Cookie": f"{COOKIE}={cookie}"} if cookie else {})
        stream = link.getresponse()
        for line in stream:
            if line.startswith(b"data: {"):
                arrived.put(time.perf_counter())

    def join(seat: int) -> str:
        link = http.client.HTTPConnection("127.0.0.1", display.port, timeout=10)
        link.request("GET", display.seat_link(seat).split(str(display.port), 1)[1])
        answer = link.getresponse()
        answer_cookie = answer.getheader("Set-Cookie", "").split(";", 1)[0].split("=", 1)[1]
        link.close()
        return answer_cookie

    readers = [(f"/{display.token}/events", None)]
    readers += [("/seat/events", join(seat)) for seat in range(SEATS)]
    cookie = readers[-1][1]
    for path, cookie in readers:
        threading.Thread(target=read, args=(path, cookie), daemon=True).start()
    for _ in readers:
        arrived.get(timeout=10)  # each page's current page
    rss_open = rss_mib()
    cpu_began = cpu_seconds()
    await asyncio.sleep(IDLE_SECONDS)  # idle: only the streams' heartbeats
    cpu_idle = (cpu_seconds() - cpu_began) / IDLE_SECONDS
    times = []
    for rev in range(1, PUSHES + 1):
        began = time.perf_counter()
        display.publish_seats({seat: seat_page(seat, rev, table) for seat in range(SEATS)})
        display.publish({**table, "step": f"Round {rev}"})
        times.append(max(arrived.get(timeout=5) for _ in readers) - began)
        await asyncio.sleep(0.05)  # the next push after this one is read: one at a time
    taps = await asyncio.get_running_loop().run_in_executor(None, seat_taps, display, cookie)
    await display.stop()
    return {"rss": rss_open - rss_before, "cpu": cpu_idle, "times": times, "taps": taps}


def seat_taps(display, cookie: str) -> list[float]:
    """Seconds from a phone's tap sent (its POST, as seat.js sends it) to the app's answer
    read back, with an app that answers at once: the server's share of a tap's time."""
    import http.client
    from concurrent.futures import Future

    from narrator.display.seatserver import COOKIE

    def answer(seat: int, body: dict) -> Future:
        done: Future = Future()
        done.set_result({"ok": True, "message": ""})
        return done

    display.on_seat_entry = answer
    link = http.client.HTTPConnection("127.0.0.1", display.port, timeout=10)
    headers = {"X-Narrator-Seat": "1", "Origin": f"http://127.0.0.1:{display.port}",
               "Cookie": f"{COOKIE}={cookie}", "Content-Type": "application/json"}  # fmt: skip
    times = []
    for rev in range(PUSHES):
        began = time.perf_counter()
        link.request("POST", "/seat/entry", json.dumps({"key": "ready", "rev": rev}), headers)
        assert link.getresponse().read() == b'{"ok": true, "message": ""}'
        times.append(time.perf_counter() - began)
    link.close()
    return times


# --- the display flooded (issue 37) ----------------------------------------------------
FLOOD = 1100  # connections, as in the issue: more than a 1,024-file limit
FLOOD_KEYS = 40
CHILD_FILES = 1024  # a common desktop's soft limit


async def flood_game() -> dict:
    """Run in the child: the picker's keys timed to their entries, the display on; its port
    is written first, then the parent's "go" (a flood or none) is awaited."""
    from tests.tui.werewolf_driver import press, wait_for

    async with at_the_picker() as (app, pilot):
        before = rss_mib()
        print(f"port {app.display.port}", flush=True)
        flooded = sys.stdin.readline().strip() == "flood"
        doors = app.display.doors
        if flooded:  # the flood has reached the display: it holds its cap
            await wait_for(pilot, lambda: doors.open >= doors.cap, timeout=30)
        cpu, began = cpu_seconds(), time.perf_counter()
        times = []
        for i in range(FLOOD_KEYS):  # the Seer added (s), then taken out (- s)
            count = len(app.journal.events)
            pressed = time.perf_counter()
            await press(pilot, *(("s",) if i % 2 == 0 else ("-", "s")))
            await wait_for(pilot, lambda n=count: len(app.journal.events) != n)
            times.append(time.perf_counter() - pressed)
        busy = (cpu_seconds() - cpu) / (time.perf_counter() - began)
        return {"times": times, "rss": rss_mib() - before, "cpu": busy, "cap": doors.cap,
                "refused": doors.refused, "timed_out": doors.timed_out}  # fmt: skip


class Flood:
    """``count`` connections to ``port`` from this process, half idle, half a request's head
    never ended; each one closed is opened again every half second, until ``stop``."""

    def __init__(self, port: int, count: int) -> None:
        import threading

        self.port, self.count, self.opened = port, count, 0
        self.poll = select.poll()
        self.sockets: dict[int, object] = {}
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def connect(self, slow: bool) -> None:
        import socket

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.connect_ex(("127.0.0.1", self.port))
        if slow:
            with contextlib.suppress(OSError):
                sock.send(b"GET / HTTP/1.1\r\nHost: ")
        self.sockets[sock.fileno()] = sock
        self.poll.register(sock, select.POLLIN)
        self.opened += 1

    def run(self) -> None:
        for i in range(self.count):
            self.connect(slow=i % 2 == 1)
        while not self.done.is_set():
            for fd, _ in self.poll.poll(500):  # closed by the display (or reset)
                self.poll.unregister(fd)
                self.sockets.pop(fd).close()
            self.done.wait(0.5)
            for i in range(self.count - len(self.sockets)):
                self.connect(slow=i % 2 == 1)

    def stop(self) -> None:
        self.done.set()
        self.thread.join(10)
        for sock in self.sockets.values():
            sock.close()


def flooded_game(flood: bool) -> dict:
    from narrator.reserve import raise_file_limit

    count = min(FLOOD, raise_file_limit() - 64)  # this process holds the flood's sockets
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, **narrator_dirs(Path(folder))}
        child = subprocess.Popen(
            [sys.executable, str(top / "scripts" / "bench"), "--flood-game"], env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            preexec_fn=lambda: resource.setrlimit(
                resource.RLIMIT_NOFILE, (CHILD_FILES, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
            ),
        )  # fmt: skip
        flooding = None
        try:
            port = int(child.stdout.readline().split()[1])
            if flood:
                flooding = Flood(port, count)
                flooding.thread.start()
            child.stdin.write("flood\n" if flood else "quiet\n")
            child.stdin.flush()
            out, err = child.communicate(timeout=300)
        finally:
            if flooding is not None:
                flooding.stop()
            if child.poll() is None:
                child.kill()
    if child.returncode != 0:
        raise RuntimeError(f"the flooded game failed:\n{err[-2000:]}")
    result = json.loads(out.strip().splitlines()[-1])
    result["flood"] = count if flood else 0
    result["opened"] = flooding.opened if flooding is not None else 0
    return result


def display_rows() -> tuple[list[Row], list[str]]:
    times = asyncio.run(display_latency())
    median, worst = statistics.median(times), max(times)
    rows = [
        [
            "entry -> table display page updated (median of 20)",
            ms(median),
            "",
            "",
            "<= 100 ms",
            met(median <= 0.1),
        ],
        [
            "entry -> table display page updated (worst of 20)",
            ms(worst),
            "",
            "",
            "<= 100 ms",
            met(worst <= 0.1),
        ],
    ]
    return rows, ["table display: " + ", ".join(ms(t) for t in times)]


def seats_rows() -> tuple[list[Row], list[str]]:
    load = asyncio.run(seats_load())
    times, pages = load["times"], SEATS + 1
    rows = [
        [f"one push -> all {pages} pages read (median of {PUSHES})",
         ms(statistics.median(times)), "", "", "<= 50 ms", met(statistics.median(times) <= 0.05)],
        [f"one push -> all {pages} pages read (worst of {PUSHES})",
         ms(max(times)), "", "", "<= 100 ms", met(max(times) <= 0.1)],
        [f"RSS of the display with {pages} pages open", f"{load['rss']:+.1f} MiB", "", "",
         "<= 20 MiB", met(load["rss"] <= 20)],
        [f"processor time, {pages} pages open and idle", f"{load['cpu']:.1%} of a core", "",
         "", "<= 2%", met(load["cpu"] <= 0.02)],
    ]  # fmt: skip
    taps = load["taps"]
    rows.append([f"a tap's POST -> the app's answer read (median of {PUSHES})",
                 ms(statistics.median(taps)), "", "", "<= 10 ms",
                 met(statistics.median(taps) <= 0.01)])  # fmt: skip
    note = f"seats: {SEATS} seats' streams and the table's, pushes " + ", ".join(map(ms, times))
    tapped, more = tap_rows()
    return rows + tapped, [note, "seats: taps " + ", ".join(map(ms, taps)), *more]


def tap_rows() -> tuple[list[Row], list[str]]:
    """A tap on a seat's page in the real app, to the disk, the phone and the laptop."""
    from scripts.bench_tap import ROUNDS, tap_times

    times = tap_times()
    rows = []
    for measure, what in (("disk", "its entry's line in the journal on disk"),
                          ("page", "the phone's next page read"),
                          ("laptop", "the laptop's next screen (the step's Done)")):  # fmt: skip
        for name, value in (("median", statistics.median(times[measure])),
                            ("worst", max(times[measure]))):  # fmt: skip
            rows.append([f"a tap on a seat's page -> {what} ({name} of {ROUNDS})",
                         ms(value), "", "", "< 50 ms", met(value < 0.05)])  # fmt: skip
    notes = [f"tap: {measure} " + ", ".join(map(ms, values)) for measure, values in times.items()]
    notes.append("tap: answer: the POST's answer read (sent once the entry is fsynced)")
    return rows, notes


def flood_rows() -> tuple[list[Row], list[str]]:
    quiet, flooded = flooded_game(flood=False), flooded_game(flood=True)
    what = f"with {flooded['flood']:,} connections on the display"

    def compared(name: str, measure, shown) -> Row:
        result, baseline = measure(flooded), measure(quiet)
        ratio = f"{result / baseline:.1f}x" if baseline > 0 else ""
        return [f"{name} {what}", shown(result), shown(baseline), ratio]

    rows = [
        compared(f"a key -> its entry saved (median of {FLOOD_KEYS})",
                 lambda r: statistics.median(r["times"]), ms),
        compared(f"a key -> its entry saved (worst of {FLOOD_KEYS})",
                 lambda r: max(r["times"]), ms),
        compared("the app's RSS growth, flood to last key", lambda r: r["rss"],
                 lambda v: f"{v:+.1f} MiB"),
        compared("the app's processor time during the keys", lambda r: r["cpu"],
                 lambda v: f"{v:.0%} of a core"),
    ]  # fmt: skip
    note = (
        f"flood: the display kept at most {flooded['cap']} connections (a quarter of a "
        f"{CHILD_FILES}-file limit), refused {flooded['refused']:,} at once and timed out "
        f"{flooded['timed_out']:,}; the flood opened {flooded['opened']:,} connections in all"
    )
    return rows, [note]
