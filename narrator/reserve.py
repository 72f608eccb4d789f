"""Files the app can always open (issue 37, item 1).

Every open file and every connection costs the process a descriptor, and a desktop's default
soft limit is 1,024 when the hard one is far higher: at start the soft limit is raised to the
hard one (``raise_file_limit``). A few descriptors are then held in reserve (``hold``); when
a file that must be written (the crash report, a journal) cannot be opened because none is
left, the reserve is given back and the open tried once more (``spare``), then held again.
"""

from __future__ import annotations

import contextlib
import errno
import os
import resource
from collections.abc import Callable
from typing import TypeVar

SPARE = 4  # descriptors held back: a report or a journal, and what opening it may need
CEILING = 1 << 16  # the soft limit asked for when the hard one is unlimited
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE)  # the process's limit, or the system's

T = TypeVar("T")
_held: list[int] = []


def out_of_files(error: BaseException) -> bool:
    """The error is "no descriptor left", not a disk's: more space would not help."""
    return isinstance(error, OSError) and error.errno in OUT_OF_FILES


def raise_file_limit() -> int:
    """The soft limit on open files raised to the hard one; the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = CEILING if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):  # a system that refuses: as it was
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def hold(count: int = SPARE) -> int:
    """Hold up to ``count`` descriptors in reserve (as many as can be had); how many are."""
    while len(_held) < count:
        try:
            _held.append(os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC))
        except OSError:
            break
    return len(_held)


def release() -> None:
    """Give every reserved descriptor back."""
    while _held:
        with contextlib.suppress(OSError):
            os.close(_held.pop())


def spare(opener: Callable[[], T]) -> T:
    """``opener()``; if no descriptor is left, once more with the reserve given back (which
    is then held again, as far as it can be)."""
    try:
        return opener()
    except OSError as error:
        if not out_of_files(error) or not _held:
            raise
    count = len(_held)
    release()
    try:
        return opener()
    finally:
        hold(count)
