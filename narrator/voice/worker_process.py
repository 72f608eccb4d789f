"""The speech worker's process: started, spoken to in JSON lines, killed (synth.py drives it),
and the half-rendered files a killed one leaves behind."""

from __future__ import annotations

import contextlib
import json
import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

from narrator import paths


class WorkerError(RuntimeError):
    pass


class Worker:
    """One child process speaking the JSON-lines protocol of synth_worker.py."""

    def __init__(self, command: list[str], env: dict[str, str], log: Path) -> None:
        paths.private_dir(log.parent)
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # it may hold lines
        with open(fd, "wb") as stderr:  # the child keeps its own copy of the descriptor
            os.fchmod(fd, 0o600)  # a log made before may be open to others
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                env=env,
                close_fds=True,
                start_new_session=True,  # no terminal: Ctrl+C in the TUI does not reach it
                umask=paths.OTHERS,  # what it writes (a line's WAV, Piper's model) is ours only
            )
        self._buffer = b""
        self.log = log
        self.yields = False  # it gives up a line when asked (its hello says so: Piper's does)
        self._write = threading.Lock()  # a "yield" is sent from another thread than the lines

    def send(self, message: dict) -> None:
        stdin: IO[bytes] = self.process.stdin  # type: ignore[assignment]
        try:
            with self._write:
                stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
                stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise WorkerError(f"the speech worker exited ({self.exit_detail()})") from error

    def receive(self, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        fd = self.process.stdout.fileno()  # type: ignore[union-attr]
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise WorkerError(f"no answer within {timeout:g} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise WorkerError(f"the speech worker exited ({self.exit_detail()})")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            return json.loads(line)
        except ValueError as error:
            raise WorkerError(f"garbled answer from the speech worker: {line[:80]!r}") from error

    def exit_detail(self) -> str:
        try:
            code = self.process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return "still running"
        tail = ""
        try:
            lines = self.log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
            tail = f": {lines[-1][:120]}" if lines else ""
        except OSError:
            pass
        return f"exit code {code}{tail}"

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=2.0)
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]

    def close(self) -> None:
        try:
            self.process.stdin.close()  # type: ignore[union-attr]  # EOF: the worker ends itself
            self.process.wait(timeout=1.0)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


def default_command() -> list[str]:
    return [sys.executable, "-m", "narrator.voice.synth_worker"]


def sweep_stale_renders(cache_dir: Path) -> int:
    """Delete half-rendered files (``<key>.<pid>.<n>.tmp.wav``) left by a process that was
    killed mid-line; a living process's files are left alone. Returns how many went."""
    gone = 0
    for tmp in cache_dir.glob("*.tmp.wav"):
        try:
            pid = int(tmp.name.split(".")[1])
        except (IndexError, ValueError):
            continue
        if pid == os.getpid() or _alive(pid):
            continue
        try:
            tmp.unlink()
            gone += 1
        except OSError:
            pass
    return gone


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True
