from __future__ import annotations

import pytest

from narrator import prompts


@pytest.fixture(autouse=True)
def own_folders(tmp_path, monkeypatch):
    """Each test gets empty config and cache folders (no user overrides, a cold cache)."""
    monkeypatch.setenv("NARRATOR_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("NARRATOR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NARRATOR_DATA_DIR", str(tmp_path / "data"))
    prompts.reload()
    yield tmp_path
    prompts.reload()
