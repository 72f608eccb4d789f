"""What the app keeps is its user's only: every folder it makes is 0700 and every file of a
game or of speech 0600, whatever the umask it was started with (issue 37, item 7). The speech
cache's own files are checked in tests/voice/test_synth.py."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from narrator import paths, settings
from narrator.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "werewolf-six-players.txt"


def open_to_others(root: Path) -> dict[str, str]:
    """Every folder and file under ``root`` that its group or other users may use."""
    return {
        str(path.relative_to(root)): oct(stat.S_IMODE(path.lstat().st_mode))
        for path in root.rglob("*")
        if path.lstat().st_mode & 0o077  # group and others
    }


def test_a_game_played_under_umask_000_leaves_nothing_open_to_others(tmp_path):
    folders = {name: tmp_path / name for name in ("data", "config", "cache")}
    env = os.environ | {f"NARRATOR_{name.upper()}_DIR": str(p) for name, p in folders.items()}
    journals = tmp_path / "games" / "kept" / "here"  # its folders are the app's to make
    done = subprocess.run(
        [sys.executable, "-m", "narrator", "play", "--script", str(EXAMPLE)]
        + ["--journal", str(journals)],
        cwd=ROOT,
        env=env,
        umask=0,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert len(list(journals.glob("*.jsonl"))) == 1
    assert open_to_others(tmp_path) == {}


def test_keep_private_takes_the_others_bits_from_any_umask():
    started_with = os.umask(0o002)
    try:
        assert paths.keep_private() == 0o002
        assert os.umask(0o022) == 0o077
    finally:
        os.umask(started_with)


@pytest.mark.parametrize("umask", [0o000, 0o777])
def test_a_folder_made_is_the_user_s_only_whatever_the_umask(tmp_path, umask):
    started_with = os.umask(umask)
    try:
        made = paths.private_dir(tmp_path / "a" / "b" / "c")
    finally:
        os.umask(started_with)
    assert made.is_dir()
    for folder in (made, made.parent, made.parent.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_a_folder_that_was_there_is_left_as_it_was_unless_it_is_the_app_s_own(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)  # the user's own, or /tmp: not the app's to change
    paths.private_dir(shared / "games")
    assert stat.S_IMODE(shared.stat().st_mode) == 0o755
    speech = tmp_path / "speech"
    speech.mkdir()
    speech.chmod(0o777)  # made by an older version at umask 000
    paths.private_dir(speech, ours=True)
    assert stat.S_IMODE(speech.stat().st_mode) == 0o700


def test_a_file_where_a_folder_is_wanted_is_refused_as_mkdir_refuses_it(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(FileExistsError):
        paths.private_dir(tmp_path / "file")
    with pytest.raises(NotADirectoryError):
        paths.private_dir(tmp_path / "file" / "below")


def test_settings_are_saved_private_under_umask_000(open_umask):
    path = settings.save(Settings(language="ru"))
    assert path.parent == paths.config_dir()
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temp file left
