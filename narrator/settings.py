"""The user's settings: language, mute, and how each language is spoken (voice, rate, volume).

Stored in `config_dir()/settings.toml`: ``voice``, ``rate`` and ``volume`` at the top are for
every language; a ``[speech.en]`` or ``[speech.ru]`` table sets that language's own (what the
Settings screen saves), its missing keys taken from the top. A broken file never stops the app:
each bad value falls back to its default and `load()` returns a message saying what was wrong
(a `Problem`: the English text, worded in the screen's language with ``text(lang)``).
"""

from __future__ import annotations

import json
import os
import tempfile
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path

from narrator import paths
from narrator.prompts import Problem, Term, reason

LANGUAGES = ("en", "ru")
RATE_RANGE = (80, 400)  # words a minute; eSpeak NG is intelligible across this range
PRIVATE_RANGE = (0, 120)  # seconds a secret step lasts at least on every phone (issue 38)
SPEECH_KEYS = ("voice", "rate", "volume")  # what a language may set for itself
NATURAL = "natural"  # the voice that asks for Piper (the optional extra [natural])
NATURAL_LANGUAGES = ("en",)  # the languages it speaks; the others are eSpeak NG's only
NATURAL_COMMAND = "scripts/setup --natural-voice"  # how to install it (the README says so too)


@dataclass(frozen=True)
class Speech:
    """How one language is spoken."""

    voice: str | None = None  # None: eSpeak NG's voice for the language; "natural": Piper
    rate: int = 165
    volume: float = 1.0  # 0.0 (silent) .. 1.0 (as synthesized)


@dataclass(frozen=True)
class Settings:
    """What the user chose in ``settings.toml`` (or the settings dialog), each value checked
    (``parse``); a language may have its own voice, rate and volume (``own_speech``)."""

    language: str = "en"
    voice: str | None = None  # these three: for each language without its own Speech
    rate: int = 165
    volume: float = 1.0
    muted: bool = False
    # Each secret step taken on the phones lasts at least this long on every one of them, so
    # a quick chooser is no tell (issue 38).
    private_seconds: int = 8
    own_speech: tuple[tuple[str, Speech], ...] = ()  # (language, Speech), by language

    def speech(self, language: str | None = None) -> Speech:
        """How ``language`` (default: the one in use) is spoken."""
        own = dict(self.own_speech).get(language or self.language)
        return own if own is not None else Speech(self.voice, self.rate, self.volume)

    def with_speech(self, language: str | None = None, **changes: object) -> Settings:
        """These settings with ``language``'s voice, rate or volume changed (that language only)."""
        language = language or self.language
        speech = replace(self.speech(language), **changes)
        others = tuple(item for item in self.own_speech if item[0] != language)
        return replace(self, own_speech=tuple(sorted((*others, (language, speech)))))


def settings_path() -> Path:
    return paths.config_dir() / "settings.toml"


def _check(name: str, value: object) -> tuple[object, Problem | None]:
    """The value to keep for one key, or None and why it was refused."""
    refused = {"name": name, "value": repr(value)}
    if name == "language":
        if isinstance(value, str) and value in LANGUAGES:
            return value, None
        return None, Problem("setting_language", choices=", ".join(LANGUAGES), **refused)
    if name == "voice":
        if isinstance(value, str):
            return (value.strip() or None), None
        return None, Problem("setting_voice", **refused)
    if name == "rate":
        low, high = RATE_RANGE
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value, None
        return None, Problem("setting_rate", low=low, high=high, **refused)
    if name == "volume":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if ok and 0.0 <= value <= 1.0:
            return float(value), None
        return None, Problem("setting_volume", low="0.0", high="1.0", **refused)
    if name == "muted":
        if isinstance(value, bool):
            return value, None
        return None, Problem("setting_muted", yes="true", no="false", **refused)
    if name == "private_seconds":
        low, high = PRIVATE_RANGE
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value, None
        return None, Problem("setting_seconds", low=low, high=high, **refused)
    return None, Problem("setting_unknown", value=repr(name))


def parse(text: str, where: str = "settings.toml") -> tuple[Settings, list[Problem]]:
    """Settings from TOML text, with a warning for each value that had to be replaced."""
    try:
        table = tomllib.loads(text)
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, a 5000-digit number, nesting
        why = (
            reason(error)
            if isinstance(error, tomllib.TOMLDecodeError)
            else Term("files.reason.too_deep")
        )
        return Settings(), [Problem("settings_not_toml", file=where, reason=why)]
    values: dict[str, object] = {}
    warnings = []
    known = {field.name for field in fields(Settings)} - {"own_speech"}
    own = table.pop("speech", {})
    for name, value in table.items():
        kept, problem = _check(name, value)
        if problem:
            outcome = Term(
                "files.setting_ignored" if name not in known else "files.setting_default"
            )
            warnings.append(
                Problem("settings_value", file=where, problem=problem.part(), outcome=outcome)
            )
        else:
            values[name] = kept
    settings = Settings(**values)
    speech, more = _own_speech(own, settings, where)
    return replace(settings, own_speech=speech), warnings + more


def _own_speech(
    own: object, settings: Settings, where: str
) -> tuple[tuple[tuple[str, Speech], ...], list[Problem]]:
    """Each ``[speech.<language>]`` table, its missing or bad keys taken from the top."""
    found, warnings = [], []

    def warn(problem: Problem, outcome: str) -> None:
        part = problem.part()
        warnings.append(Problem("settings_value", file=where, problem=part, outcome=Term(outcome)))

    tables = own if isinstance(own, dict) else {}
    if not isinstance(own, dict):
        warn(Problem("setting_unknown", value="speech"), "files.setting_ignored")
    for language, table in tables.items():
        if language not in LANGUAGES or not isinstance(table, dict):
            warn(
                Problem("setting_unknown", value=repr(f"speech.{language}")),
                "files.setting_ignored",
            )
            continue
        speech = settings.speech(language)
        for name, value in table.items():
            kept, problem = _check(name, value) if name in SPEECH_KEYS else (None, None)
            if name not in SPEECH_KEYS:
                problem = Problem("setting_unknown", value=repr(f"speech.{language}.{name}"))
                warn(problem, "files.setting_ignored")
            elif problem:
                warn(problem, "files.setting_default")
            else:
                speech = replace(speech, **{name: kept})
        found.append((language, speech))
    return tuple(sorted(found)), warnings


def load(path: Path | None = None) -> tuple[Settings, list[Problem]]:
    """The saved settings (defaults when there are none) and any warnings about the file."""
    path = settings_path() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as error:
        return Settings(), [Problem("settings_unreadable", file=str(path), reason=reason(error))]
    return parse(text, str(path))


def dumps(settings: Settings) -> str:
    """TOML text for the settings (written by hand: the standard library only reads TOML)."""
    lines = ["# Inquisition Narrator settings. Delete this file to go back to the defaults."]
    lines.append(f"language = {json.dumps(settings.language, ensure_ascii=False)}")
    if settings.voice is None:
        lines.append('# voice = "gmw/en"  # unset: picked automatically for the language')
    else:
        lines.append(f"voice = {json.dumps(settings.voice, ensure_ascii=False)}")
    lines.append(f"rate = {int(settings.rate)}")
    lines.append(f"volume = {float(settings.volume)!r}")
    lines.append(f"muted = {'true' if settings.muted else 'false'}")
    seconds = int(settings.private_seconds)
    lines.append(f"private_seconds = {seconds}  # a secret step on the phones lasts at least")
    for language, speech in settings.own_speech:
        lines.append(f"\n[speech.{language}]  # how {language} is spoken: voice, rate, volume")
        if speech.voice is not None:
            lines.append(f"voice = {json.dumps(speech.voice, ensure_ascii=False)}")
        lines.append(f"rate = {int(speech.rate)}")
        lines.append(f"volume = {float(speech.volume)!r}")
    return "\n".join(lines) + "\n"


def save(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically (a half-written file is never left behind)."""
    path = settings_path() if path is None else path
    paths.private_dir(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".toml", dir=path.parent)  # 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(dumps(settings))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
