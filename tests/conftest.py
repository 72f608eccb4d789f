"""Every test runs with its own data, config and cache folders: nothing touches the user's."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def narrator_dirs(tmp_path_factory, monkeypatch):
    root = tmp_path_factory.mktemp("narrator-home")
    for name in ("DATA", "CONFIG", "CACHE"):
        folder = root / name.lower()
        folder.mkdir()
        monkeypatch.setenv(f"NARRATOR_{name}_DIR", str(folder))
    return root
