"""Where the narrator keeps its files: the user's data, config and cache folders.

Each can be moved with an environment variable (tests point them at a temporary folder).
What is kept there (games, settings, the lines the narrator speaks) is its owner's only: a
folder the app makes is made with `private_dir`, and `keep_private` (at start) makes every file
and folder of the process owner-only whatever the umask it was started with.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

import platformdirs

APP_NAME = "inquisition-narrator"
JOURNAL_SUFFIX = ".jsonl"  # a game's journal in the data folder (``narrator.journal``)


def _dir(env: str, default: str) -> Path:
    value = os.environ.get(env)
    return Path(value) if value else Path(default)


def data_dir() -> Path:
    """Journals of games (one JSON Lines file a game)."""
    return _dir("NARRATOR_DATA_DIR", platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    """settings.toml and prompts overrides (prompts.en.toml, prompts.ru.toml)."""
    return _dir("NARRATOR_CONFIG_DIR", platformdirs.user_config_dir(APP_NAME))


def cache_dir() -> Path:
    """Synthesized speech (WAV files keyed by engine, voice, rate and text)."""
    return _dir("NARRATOR_CACHE_DIR", platformdirs.user_cache_dir(APP_NAME))


PRIVATE_FOLDER = 0o700  # the owner reads, writes and enters; nobody else anything
OTHERS = 0o077  # the mode bits of the group and of other users


def keep_private() -> int:
    """From now on, files and folders this process and its children make are the owner's
    only, whatever the umask it was started with (a library's too: sqlite's, the speech
    engine's). Returns the umask it had."""
    started_with = os.umask(OTHERS)  # closed to others in between too
    os.umask(started_with | OTHERS)
    return started_with


def private_dir(path: Path, ours: bool = False) -> Path:
    """``path`` as a folder: each folder of it that is missing is made owner-only (0700),
    whatever the umask. One that was there is left as it is (it may be the user's own, or
    /tmp), unless ``ours``: ``path`` is a folder the app names itself (the speech cache's),
    and one of its own that an older version made open to others is closed."""
    missing = []
    folder = path
    while not folder.exists() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=PRIVATE_FOLDER)
        except FileExistsError:  # made at the same moment by another thread or process
            continue
        os.chmod(folder, PRIVATE_FOLDER)  # the umask may have taken more than it should
    found = path.stat()
    if not stat.S_ISDIR(found.st_mode):  # as mkdir(exist_ok=True) says it
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
    if ours and not missing and found.st_uid == os.getuid() and found.st_mode & OTHERS:
        os.chmod(path, PRIVATE_FOLDER)
    return path


def ours_only(path: Path) -> bool:
    """``path`` is a plain file (not a link) of this user that nobody else may write: what
    another user made or could change there may not say what the app made it to say."""
    try:
        found = path.lstat()
    except OSError:
        return False
    others_write = found.st_mode & 0o022
    return stat.S_ISREG(found.st_mode) and found.st_uid == os.getuid() and not others_write


def write_private(path: Path, data: str | bytes) -> bool:
    """Replace ``path`` with ``data`` at once (a reader never sees half of it), readable by
    its owner only whatever the umask or a temporary file left by a killed copy. False if it
    could not be written (a full or read-only disk): the temporary file is removed, and what
    the caller keeps there is a convenience (a clock, an address, a note), never an entry."""
    tmp = path.with_name(path.name + ".tmp")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "wb") as out:
            os.fchmod(fd, 0o600)
            out.write(raw)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        return False
    return True
