"""When the terminal goes away without a hang-up signal (the app is not its controlling
process: started by another program, or its session leader ignored SIGHUP), the app quits
instead of spinning for ever: found by the pty tests, whose orphans ran at 60 % CPU for
minutes. The game is on disk; Resume finds it."""

from __future__ import annotations

import fcntl
import os
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from narrator.tui.keyboard import TERMINAL_GONE

TOP = Path(__file__).resolve().parents[1]


def test_the_app_quits_when_its_terminal_is_gone(tmp_path):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = dict(
        os.environ,
        TERM="xterm-256color",
        HOME=str(tmp_path),
        NARRATOR_DATA_DIR=str(tmp_path / "data"),
        NARRATOR_CONFIG_DIR=str(tmp_path / "config"),
        NARRATOR_CACHE_DIR=str(tmp_path / "cache"),
    )
    app = subprocess.Popen(
        [sys.executable, "-m", "narrator", "--mute"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=TOP,
        start_new_session=True,  # a session without a controlling terminal: no SIGHUP comes
    )
    os.close(slave)
    try:
        seen = b""
        deadline = time.monotonic() + 20
        while b"INQUISITION" not in seen and time.monotonic() < deadline:
            seen += os.read(master, 65536)
        assert b"INQUISITION" in seen, "the home screen was never drawn"
        os.close(master)  # the terminal window is closed
        assert app.wait(timeout=10) == TERMINAL_GONE  # a clean exit, not a crash
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
