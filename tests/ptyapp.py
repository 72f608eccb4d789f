"""The real app in a pseudo-terminal, driven as a terminal would drive it.

    with PtyApp(["--new", "--mute"], folders) as term:
        term.wait_text("New game")
        term.press("7", "tab")
        term.type("Zebulon")
        print(term.screen_text())

``PtyApp`` starts ``python -m narrator …`` on the slave side of a pty of a fixed size
(TERM=xterm-256color), sends keys as the bytes a terminal sends (Enter is ``\\r``, ctrl+s is
``\\x13``), keeps every byte the app writes (``raw``) and renders them with pyte, a terminal
emulator in pure Python, to read the screen. It answers one query the way a modern terminal
does: synchronized output (DEC mode 2026) is supported, so Textual brackets each update
between ``ESC[?2026h`` and ``ESC[?2026l`` and every ``frames`` entry is one whole update as
the user saw it. Nothing waits a fixed time: ``wait_for`` polls the output with a timeout.

``Folders`` is a private set of folders for one app: data, config and cache (through the
NARRATOR_*_DIR variables) and a HOME whose ``.asoundrc`` makes ALSA's default device the
null device: the app finds "a sound card", so no "no sound device" toast depends on timing,
and speech really is rendered and played (to nowhere) unless the app runs muted.

``speech_spy`` writes a ``sitecustomize`` that, inside the app's process only, logs every
line handed to the voice (``Voice.say_text``, ``Voice._speak``, the captions-only voice) and
every line sent to the speech synthesizer, one JSON line each, flushed at once.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyte

ROOT = Path(__file__).resolve().parents[1]

# What a terminal sends for the keys the narrator uses (xterm, legacy keyboard mode).
KEYS = {
    "enter": b"\r",
    "tab": b"\t",
    "shift+tab": b"\x1b[Z",
    "backspace": b"\x7f",
    "ctrl+s": b"\x13",
    "ctrl+z": b"\x1a",
    "ctrl+q": b"\x11",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "home": b"\x1b[H",
    "end": b"\x1b[F",
    "space": b" ",
    "escape": b"\x1b",  # alone: Textual takes it as Escape after its short wait
}

# Colours and text styles (SGR): the screen is read as text only, so pyte is spared them.
_SGR = re.compile(rb"\x1b\[[0-9;:]*m")

SYNC_START = b"\x1b[?2026h"
SYNC_END = b"\x1b[?2026l"
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"  # "mode 2026 is known and reset": Textual then uses it

# Escape sequences, to read the raw stream as text: CSI, OSC (ended by BEL or ST), DCS/APC/PM
# strings, two-byte escapes, and lone control characters other than newline.
_ANSI = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
    r"|\x1b[PX^_][^\x1b]*\x1b\\"
    r"|\x1b[@-Z\\-_]|\x1b[ -/][@-~]|\x1b[=>]"
    r"|[\x00-\x09\x0b-\x1f\x7f]"
)


def strip_ansi(text: str) -> str:
    """The printable characters of a terminal stream, escape sequences removed."""
    return _ANSI.sub("", text)


class PtyTimeout(AssertionError):
    """The app did not show what was expected in time (the message holds the screen)."""


@dataclass(frozen=True)
class Folders:
    """The app's folders: journals, settings, speech cache, and a HOME with a null sound card."""

    root: Path

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def config(self) -> Path:
        return self.root / "config"

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    @property
    def home(self) -> Path:
        return self.root / "home"

    def env(self) -> dict[str, str]:
        self.home.mkdir(parents=True, exist_ok=True)
        asoundrc = self.home / ".asoundrc"
        if not asoundrc.exists():
            asoundrc.write_text("pcm.!default { type null }\nctl.!default { type hw card 0 }\n")
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("NARRATOR_", "TEXTUAL")) and k not in ("COLORTERM", "NO_COLOR")
        }
        env.update(
            TERM="xterm-256color",
            LANG="C.UTF-8",
            LC_ALL="C.UTF-8",
            HOME=str(self.home),
            NARRATOR_DATA_DIR=str(self.data),
            NARRATOR_CONFIG_DIR=str(self.config),
            NARRATOR_CACHE_DIR=str(self.cache),
        )
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        return env


def game_hook(directory: Path, package: Path) -> dict[str, str]:
    """Environment additions that register, inside the app's process, the game whose package
    folder is ``package`` (a game only a test knows: a skeleton of ``scripts/new-game``
    written into a temporary folder), as ``registry.register`` does in the test's own.

    The hook is a ``sitecustomize`` module in ``directory`` (first on PYTHONPATH, with the
    package's parent folder, so that the game imports); not to be used with ``speech_spy``."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "sitecustomize.py").write_text(
        textwrap.dedent(
            '''
            """Test hook (tests/ptyapp.py): a game registered that only a test knows."""
            import os
            from pathlib import Path

            from narrator.games import registry

            _package = Path(os.environ["TEST_GAME_PACKAGE"])
            registry.register(_package.name, f"{_package.name}.game", _package / "words")
            '''
        ),
        encoding="utf-8",
    )
    path = os.pathsep.join((str(directory), str(package.parent)))
    return {"PYTHONPATH": path, "TEST_GAME_PACKAGE": str(package)}


def speech_spy(directory: Path, log: Path) -> dict[str, str]:
    """Environment additions that make the app log every line it speaks into ``log``.

    The hook is a ``sitecustomize`` module in ``directory`` (first on PYTHONPATH). It patches
    the voice classes when, and only if, the app imports them: the speech worker, which never
    imports them, is left alone.
    """
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "sitecustomize.py").write_text(
        textwrap.dedent(
            '''
            """Test hook (tests/ptyapp.py): log every line the narrator speaks."""
            import importlib.abc
            import json
            import os
            import sys

            LOG = os.environ["NARRATOR_SPY_LOG"]


            def _log(kind, text, **more):
                entry = {"kind": kind, "pid": os.getpid(), "text": text, **more}
                with open(LOG, "a", encoding="utf-8") as f:
                    f.write(json.dumps(entry) + "\\n")


            def _patch(module):
                if module.__name__ == "narrator.voice":
                    say_text, speak = module.Voice.say_text, module.Voice._speak

                    def spy_say_text(self, text, urgent=False):
                        _log("say_text", text)
                        return say_text(self, text, urgent=urgent)

                    def spy_speak(self, text, mode):
                        _log("speak", text)
                        return speak(self, text, mode)

                    module.Voice.say_text, module.Voice._speak = spy_say_text, spy_speak
                elif module.__name__ == "narrator.voice.synth":
                    request = module.WorkerSynthesizer.request

                    def spy_request(self, req, priority=module.NOW):
                        _log("synth", req.text, file=self.path_for(req).name)
                        return request(self, req, priority)

                    module.WorkerSynthesizer.request = spy_request
                elif module.__name__ == "narrator.tui.speech":
                    cls = module.CaptionsOnly
                    say, say_text = cls.say, cls.say_text

                    def spy_say(self, prompt_id, urgent=False, **params):
                        text = say(self, prompt_id, urgent=urgent, **params)
                        _log("say_text", text)
                        return text

                    def spy_co_say_text(self, text, urgent=False):
                        _log("say_text", text)
                        return say_text(self, text, urgent=urgent)

                    cls.say, cls.say_text = spy_say, spy_co_say_text


            class _Finder(importlib.abc.MetaPathFinder):
                WATCH = ("narrator.voice", "narrator.voice.synth", "narrator.tui.speech")

                def find_spec(self, name, path, target=None):
                    if name not in self.WATCH:
                        return None
                    sys.meta_path.remove(self)
                    try:
                        import importlib.util

                        spec = importlib.util.find_spec(name)
                    finally:
                        sys.meta_path.insert(0, self)
                    if spec is None or spec.loader is None:
                        return spec
                    exec_module = spec.loader.exec_module

                    class Loader(importlib.abc.Loader):
                        def create_module(self, spec_):
                            return None

                        def exec_module(self, module):
                            exec_module(module)
                            _patch(module)

                    spec.loader = Loader()
                    return spec


            sys.meta_path.insert(0, _Finder())
            '''
        )
    )
    return {"PYTHONPATH": str(directory), "NARRATOR_SPY_LOG": str(log)}


def read_spy(log: Path) -> list[dict]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]


class PtyApp:
    """One run of the app in a pty. Use as a context manager (the app is killed on exit)."""

    def __init__(
        self,
        args: list[str],
        folders: Folders,
        *,
        size: tuple[int, int] = (100, 30),
        extra_env: dict[str, str] | None = None,
        keep_frames: bool = False,
    ) -> None:
        self.args = list(args)
        self.folders = folders
        self.columns, self.rows = size
        self.extra_env = extra_env or {}
        self.keep_frames = keep_frames
        self.raw = bytearray()  # every byte the app wrote
        self.frames: list[str] = []  # the screen after each synchronized update (keep_frames)
        self.frame_count = 0
        self.screen = pyte.Screen(self.columns, self.rows)
        self._stream = pyte.ByteStream(self.screen)
        self._pending = b""  # bytes not yet fed to pyte (a frame marker may be cut in two)
        self._rows: list[str] | None = None  # the rendered rows, kept between updates
        self._text = ""
        self.proc: subprocess.Popen | None = None
        self.master: int | None = None
        self.exit_code: int | None = None

    # --- the process ----------------------------------------------------------------------
    def start(self) -> PtyApp:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.columns, 0, 0))
        env = self.folders.env()
        for key, value in self.extra_env.items():
            env[key] = (
                value
                if key != "PYTHONPATH"
                else os.pathsep.join(p for p in (value, env.get("PYTHONPATH", "")) if p)
            )
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "narrator", *self.args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=ROOT,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        return self

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL the app (this process only, by its id) and read what it left in the pty."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.close()

    def close(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                os.kill(self.proc.pid, signal.SIGKILL)
            self.exit_code = self.proc.wait(timeout=10)
        if self.master is not None:
            while self.pump(0):
                pass
            os.close(self.master)
            self.master = None

    def __enter__(self) -> PtyApp:  # noqa: PYI034 - it is final in practice
        return self.start() if self.proc is None else self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- output ---------------------------------------------------------------------------
    def pump(self, timeout: float = 0.01) -> bool:
        """Read what the app wrote within ``timeout`` seconds; False when nothing came."""
        if self.master is None:
            return False
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:  # EIO: the app has gone and the pty is closed
            chunk = b""
        if not chunk:
            return False
        self.raw += chunk
        if SYNC_QUERY in self.raw[-(len(chunk) + len(SYNC_QUERY) - 1) :]:
            os.write(self.master, SYNC_REPLY)
        self._feed(chunk)
        return True

    def _feed(self, chunk: bytes) -> None:
        """Feed pyte whole updates only: once Textual brackets its updates (synchronized
        output), the screen is rendered at the end of each one, never half drawn."""
        data = self._pending + chunk
        while True:
            at = data.find(SYNC_END)
            if at < 0:
                break
            self._stream.feed(_SGR.sub(b"", data[: at + len(SYNC_END)]))
            data = data[at + len(SYNC_END) :]
            self.frame_count += 1
            if self.keep_frames:
                self.frames.append(self.screen_text())
        if self.frame_count or SYNC_START in data:
            self._pending = data  # the start of the next update: wait for its end
        else:  # before Textual knows the terminal brackets updates
            self._pending = b""
            self._stream.feed(_SGR.sub(b"", data))

    def screen_text(self) -> str:
        """The screen as text, one line a row (re-rendered only where pyte saw changes)."""
        screen = self.screen
        if self._rows is None:
            self._rows = [""] * self.rows
            screen.dirty.update(range(self.rows))
        if screen.dirty:
            for y in screen.dirty:
                if 0 <= y < self.rows:
                    line = screen.buffer[y]  # a wide character's second cell holds ""
                    self._rows[y] = "".join(line[x].data for x in range(self.columns)).rstrip()
            screen.dirty.clear()
            self._text = "\n".join(self._rows)
        return self._text

    def text(self) -> str:
        """The raw stream as text, escape sequences removed."""
        return strip_ansi(bytes(self.raw).decode("utf-8", "replace"))

    # --- waiting --------------------------------------------------------------------------
    def wait_for(
        self, predicate: Callable[[], bool], timeout: float = 10.0, what: str = "the screen"
    ) -> None:
        """Read output until ``predicate()`` holds; PtyTimeout (with the screen) if it never
        does."""
        deadline = time.monotonic() + timeout
        while True:
            if predicate():
                return
            if time.monotonic() > deadline:
                raise PtyTimeout(
                    f"timed out waiting for {what}; the screen shows:\n{self.screen_text()}"
                )
            if not self.pump(0.01) and not self.alive:
                while self.pump(0):
                    pass
                if predicate():
                    return
                raise PtyTimeout(
                    f"the app exited ({self.proc.returncode}) while waiting for {what}; "
                    f"its last output: {self.text()[-3000:]!r}; "
                    f"the screen shows:\n{self.screen_text()}"
                )

    def wait_text(self, *texts: str, timeout: float = 10.0) -> None:
        """Until every one of ``texts`` is on screen (whitespace runs count as one space)."""
        wanted = [" ".join(t.split()) for t in texts]
        self.wait_for(lambda: all(w in self.flat_screen() for w in wanted), timeout, f"{texts!r}")

    def flat_screen(self) -> str:
        """The screen as one line: rows joined, whitespace runs made one space."""
        text = self.screen_text()
        if getattr(self, "_flat_of", None) is not text:
            self._flat_of, self._flat = text, " ".join(text.split())
        return self._flat

    def settle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Until the app has written nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while self.pump(quiet) and time.monotonic() < deadline:
            pass

    # --- input ----------------------------------------------------------------------------
    def press(self, *keys: str) -> None:
        """Send keys: names from KEYS, or single characters."""
        for key in keys:
            data = KEYS.get(key)
            if data is None:
                if len(key) != 1:
                    raise KeyError(f"no key {key!r}")
                data = key.encode("utf-8")
            self._send(data)

    def type(self, text: str) -> None:
        for char in text:
            self._send(char.encode("utf-8"))

    def _send(self, data: bytes) -> None:
        assert self.master is not None
        os.write(self.master, data)
        self.pump(0)  # keep the app's output flowing: it must never block on a full pty
