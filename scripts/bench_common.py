"""What scripts/bench's measures share: the data folders, a child in a pseudo-terminal and
its first frame, the processor time and memory used, and the table's cells."""

from __future__ import annotations

import contextlib
import fcntl
import os
import resource
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import NamedTuple

top = Path(__file__).resolve().parents[1]

COLUMNS, ROWS = 100, 30

NAMES = ["Anna", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Igor", "Katya", "Lev"]


def narrator_dirs(folder: Path) -> dict[str, str]:
    return {
        f"NARRATOR_{kind}_DIR": str(folder / kind.lower()) for kind in ("DATA", "CONFIG", "CACHE")
    }


# --- a child in a pseudo-terminal, to its first frame --------------------------------------
def quit_app(child: subprocess.Popen, fd: int) -> None:
    """Press ctrl+q, reading the terminal while the app quits (a full pty would block it)."""
    os.write(fd, b"\x11")
    deadline = time.monotonic() + 10
    while child.poll() is None and time.monotonic() < deadline:
        try:
            if select.select([fd], [], [], 0.1)[0]:
                os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break


def processor_time(pid: int) -> float | None:
    """Seconds of processor time process `pid` has used so far, all its threads (Linux's
    schedstat, in nanoseconds; None where there is none)."""
    total = 0
    try:
        for thread in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError):  # a thread that has just ended
                total += int(Path(f"/proc/{pid}/task/{thread}/schedstat").read_text().split()[0])
    except OSError:
        return None
    return total / 1e9


class Frame(NamedTuple):
    """Seconds from spawning a command to its first frame read."""

    wall: float
    cpu: float | None  # the processor time it used by then


@contextlib.contextmanager
def in_terminal(command: list[str], data: Path | None = None):
    """`command` spawned in a pseudo-terminal of COLUMNS x ROWS (TERM=xterm-256color, fresh
    NARRATOR_* folders; with `data`: that data folder, its games and history): yields the
    child, its terminal and when it was spawned (perf_counter); quits it (ctrl+q) when done,
    and kills it if it is still running."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, **narrator_dirs(Path(folder)), "TERM": "xterm-256color"}
        if data is not None:
            env["NARRATOR_DATA_DIR"] = str(data)
        env.update(COLUMNS=str(COLUMNS), LINES=str(ROWS))
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        started = time.perf_counter()
        child = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        try:
            yield child, master, started
            quit_app(child, master)
        finally:
            if child.poll() is None:
                child.kill()
            child.wait()
            os.close(master)


def first_frame(command: list[str], marker: bytes, data: Path | None = None) -> Frame:
    """Seconds from spawning `command` in a pseudo-terminal (``in_terminal``) until it has
    written `marker`: wall time, and the processor time it has used by then (read with the
    child stopped, so what it does once drawn is not counted)."""
    with in_terminal(command, data) as (child, master, started):
        elapsed = written_until(master, (marker,), timeout=30) - started
        child.send_signal(signal.SIGSTOP)
        used = processor_time(child.pid)
        child.send_signal(signal.SIGCONT)
    return Frame(elapsed, used)


def screen_times(
    master: int, runs: int, key: bytes, shown: tuple[bytes, ...], close: bytes, back: bytes
) -> list[float]:
    """Seconds from writing `key` to the app's terminal to every one of `shown` written back,
    `runs` times in one app: its first screen (`back`) drawn and its start-up done (the
    voice's) first; `close` written in between, back to that screen."""
    written_until(master, (back,))
    drain(master, quiet=1.0)
    times = []
    for _ in range(runs):
        pressed = time.perf_counter()
        os.write(master, key)
        times.append(written_until(master, shown) - pressed)
        drain(master)
        os.write(master, close)
        written_until(master, (back,))
        drain(master)
    return times


def compiled() -> None:
    """The narrator's modules and its libraries' compiled to bytecode (__pycache__), as an
    install has them (``scripts/setup --test`` installs without compiling: the suite writes
    the bytecode of what it imports). Each file is compiled once: later runs find it done."""
    import compileall
    import importlib.util
    import py_compile

    compileall.compile_dir(top / "narrator", quiet=1)
    for library in ("textual", "rich", "aiohttp"):
        spec = importlib.util.find_spec(library)
        if spec is not None and spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                compileall.compile_dir(folder, quiet=1)
    probe = "import narrator.cli, narrator.tui.start, narrator.tui.home, sys\n" + (
        "print('\\n'.join(getattr(m, '__file__', None) or '' for m in list(sys.modules.values())))"
    )
    started = subprocess.run(  # what the start imports beyond these (platformdirs, …)
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    for source in started.stdout.splitlines():
        cached = importlib.util.cache_from_source(source) if source.endswith(".py") else ""
        if cached and not Path(cached).exists():
            py_compile.compile(source, cfile=cached, quiet=1)


def rss_mib() -> float:
    """The resident memory now (not the peak), in MiB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def written_until(fd: int, markers: tuple[bytes, ...], timeout: float = 60) -> float:
    """Read the terminal until every one of `markers` has been written; the perf_counter time
    of the read that completed them."""
    written = b""
    while not all(marker in written for marker in markers):
        try:
            chunk = os.read(fd, 65536) if select.select([fd], [], [], timeout)[0] else b""
        except OSError:  # EIO: the child closed the terminal
            chunk = b""
        if not chunk:
            raise RuntimeError(f"no {markers!r} on the screen; last output {written[-300:]!r}")
        written += chunk
    return time.perf_counter()


def drain(fd: int, quiet: float = 0.5, timeout: float = 30) -> None:
    """Read the terminal until the app has written nothing for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and select.select([fd], [], [], quiet)[0]:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds * 1000:.0f} ms"


def spread(values: list[float]) -> str:
    return f"min {ms(min(values))}, max {ms(max(values))}"


def met(ok: bool) -> str:
    return "yes" if ok else "NO"


Row = list[str]  # measure, result, baseline, ratio, goal, met
