"""Where the narrator keeps its files: the user's data, config and cache folders.

Each can be moved with an environment variable (tests point them at a temporary folder).
"""

from __future__ import annotations

import os
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
