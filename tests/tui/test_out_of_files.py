"""No descriptor left (issue 37, item 1): the entry's refusal names the real cause (not a full
disk), in English and Russian, and the crash report is still written, with the reserve the
app holds from its start. The file limit is lowered in a child process only."""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.prompts import worded
from narrator.tui.entering import save_failed

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("number", [errno.EMFILE, errno.ENFILE])
def test_no_descriptor_left_is_not_called_a_full_disk(number):
    words = save_failed("save_failed", OSError(number, "Too many open files"))
    english, russian = worded(words, "en"), worded(words, "ru")
    assert "too many files are open" in english and "disk space" not in english
    assert "слишком много файлов" in russian and "Освободите место" not in russian
    assert "Too many" not in russian  # the system's English is not shown in Russian


def test_a_full_disk_still_asks_for_space():
    words = save_failed("save_failed", OSError(errno.ENOSPC, "No space left on device"))
    assert "Free some disk space" in worded(words, "en")


CHILD = """
import os, resource, sys
from pathlib import Path
from narrator import reserve
from narrator.tui.crash import CrashMixin

class App(CrashMixin):
    journal = None
    data_dir = Path(sys.argv[1])

used = len(os.listdir("/proc/self/fd"))
resource.setrlimit(resource.RLIMIT_NOFILE, (used + 16, used + 16))
assert reserve.hold() == reserve.SPARE
taken = []
while True:  # every descriptor left taken, as a flood of connections would
    try:
        taken.append(os.open(os.devnull, os.O_RDONLY))
    except OSError:
        break
path = App().write_crash_report(RuntimeError("boom"), hidden=False)
print(path.name if path else "none")
print(reserve.hold())  # held again as far as it can be
"""


def test_the_crash_report_is_written_with_no_descriptor_left(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    name, held = done.stdout.split()
    assert name.startswith("crash-") and (tmp_path / name).read_text().count("boom") == 1
    assert int(held) >= 1  # the report closed: its descriptor is the reserve's again
