"""Every test runs with its own data, config and cache folders: nothing touches the user's."""

from __future__ import annotations

import pytest

from narrator import prompts


@pytest.fixture(autouse=True)
def narrator_dirs(tmp_path, monkeypatch):
    """Folders under the test's tmp_path, not yet made (no user prompt overrides, a cold
    speech cache); the code makes them when it writes."""
    for name in ("data", "config", "cache"):
        monkeypatch.setenv(f"NARRATOR_{name.upper()}_DIR", str(tmp_path / name))
    prompts.reload()  # forget catalogues loaded with another test's overrides
    yield tmp_path
    prompts.reload()
