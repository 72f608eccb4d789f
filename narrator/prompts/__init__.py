"""The narrator's script as data: one prompt catalogue per language, keyed by prompt id.

`prompt("round_start", "ru", round=2, colour="синий")` formats one line. Lines live in
`en.toml` / `ru.toml` beside this file; a user may override any line in
`config_dir()/prompts.<lang>.toml` (same ids, same placeholders).

Placeholders are `{name}`. A placeholder may carry plural forms for a number:
`{minutes:minute|minutes}` (English: one|other) or `{minutes:минута|минуты|минут}`
(Russian: one|few|many); it formats as "5 minutes" / "5 минут".
Nested TOML tables flatten to dotted ids: `[colour] white = "White"` is `colour.white`.
"""

from __future__ import annotations

import string
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from enum import Enum
from importlib import resources
from pathlib import Path
from typing import Any

from narrator import paths

LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"

# Card letters of R1 -> catalogue ids; the game module owns the colours themselves.
COLOUR_IDS = {
    "W": "colour.white",
    "U": "colour.blue",
    "B": "colour.black",
    "R": "colour.red",
    "G": "colour.green",
}


class PromptError(KeyError):
    """A prompt id that does not exist, or a placeholder left without a value."""

    def __str__(self) -> str:  # KeyError quotes its message; this one reads as a sentence
        return str(self.args[0]) if self.args else ""


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, full + "."))
        else:
            flat[full] = value
    return flat


_PARSER = string.Formatter()


def placeholders(template: str) -> frozenset[str]:
    """The placeholder names of one line (raises ValueError on a malformed line)."""
    names = set()
    for _literal, field, spec, conversion in _PARSER.parse(template):
        if field is None:
            continue
        if not field.isidentifier():
            raise ValueError(f"placeholder {{{field}}} is not a plain name")
        if conversion:
            raise ValueError(f"placeholder {{{field}!{conversion}}}: conversions are not allowed")
        if spec and "|" not in spec:
            raise ValueError(
                f"placeholder {{{field}:{spec}}}: only plural forms a|b|c may follow ':'"
            )
        names.add(field)
    return frozenset(names)


def plural_form(n: int, forms: list[str], lang: str) -> str:
    """Pick the plural form of a word for n (Russian: one, few, many; others: one, other)."""
    if lang == "ru" and len(forms) >= 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


class _LineFormatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            try:
                n = int(value)
            except (TypeError, ValueError):  # an override gave plural forms to a name
                return str(value)
            return f"{n} {plural_form(n, format_spec.split('|'), self.lang)}"
        return format(value, format_spec)


def _load_packaged(lang: str) -> dict[str, str]:
    text = resources.files(__package__).joinpath(f"{lang}.toml").read_text(encoding="utf-8")
    return {key: str(value) for key, value in _flatten(tomllib.loads(text)).items()}


class Catalogue:
    """All lines of one language: the packaged ones with the user's overrides on top.

    A broken override never stops the app: the file (or the one line) is skipped and a
    message saying why is added to `warnings`.
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE, config_dir: Path | None = None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"no prompts for language {lang!r}; choose one of {LANGUAGES}")
        self.lang = lang
        self.warnings: list[str] = []
        self.lines: dict[str, str] = _load_packaged(lang)
        self._fields = {key: placeholders(line) for key, line in self.lines.items()}
        self._formatter = _LineFormatter(lang)
        folder = paths.config_dir() if config_dir is None else config_dir
        self.override_path = folder / f"prompts.{lang}.toml"
        self._apply_overrides(self.override_path)

    def _apply_overrides(self, path: Path) -> None:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as error:
            self.warnings.append(f"{path}: cannot be read ({error}); using the built-in lines.")
            return
        try:
            table = _flatten(tomllib.loads(text))
        except (ValueError, RecursionError) as error:  # as in settings.parse
            reason = (
                error
                if isinstance(error, tomllib.TOMLDecodeError)
                else "nested too deep or a number too long"
            )
            self.warnings.append(f"{path}: not valid TOML ({reason}); using the built-in lines.")
            return
        for key, value in table.items():
            where = f"{path}: {key}"
            if key not in self.lines:
                self.warnings.append(f"{where}: no such prompt id; line ignored.")
                continue
            if not isinstance(value, str):
                self.warnings.append(f"{where}: must be a text in quotes; line ignored.")
                continue
            if any(ch != "\n" and unicodedata.category(ch) == "Cc" for ch in value):
                self.warnings.append(f"{where}: holds a control character; line ignored.")
                continue
            try:
                fields = placeholders(value)
            except ValueError as error:
                self.warnings.append(f"{where}: {error}; line ignored.")
                continue
            expected = self._fields[key]
            if fields != expected:
                want = ", ".join(f"{{{name}}}" for name in sorted(expected)) or "none"
                self.warnings.append(f"{where}: placeholders must be exactly {want}; line ignored.")
                continue
            self.lines[key] = value

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(self.lines)

    def placeholders(self, prompt_id: str) -> frozenset[str]:
        return self._fields[self._check_id(prompt_id)]

    def _check_id(self, prompt_id: str) -> str:
        if prompt_id not in self.lines:
            raise PromptError(f"unknown prompt id {prompt_id!r} ({self.lang})")
        return prompt_id

    def format(self, prompt_id: str, **params: Any) -> str:
        """The line with its placeholders filled; extra params are ignored."""
        template = self.lines[self._check_id(prompt_id)]
        missing = self._fields[prompt_id] - params.keys()
        if missing:
            names = ", ".join(sorted(missing))
            raise PromptError(f"prompt {prompt_id!r} needs a value for: {names}")
        values = {name: self.text_of(params[name]) for name in self._fields[prompt_id]}
        return self._formatter.format(template, **values)

    def text_of(self, value: Any) -> Any:
        """How a placeholder value reads aloud: colours, teams and lists are translated."""
        if isinstance(value, Enum):
            for candidate in (f"colour.{value.name.lower()}", f"team.{value.name.lower()}"):
                if candidate in self.lines:
                    return self.lines[candidate]
            if isinstance(value.value, str) and value.value in COLOUR_IDS:
                return self.lines[COLOUR_IDS[value.value]]
            return str(value.value)
        if isinstance(value, (list, tuple, set, frozenset)):
            return self.join([str(self.text_of(item)) for item in value])
        return value

    def join(self, items: Iterable[str]) -> str:
        """Join names as a sentence does: "A, B and C" (or "A, B и C")."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self.lines["list.separator"].join(items[:-1]) + self.lines["list.last"] + items[-1]

    def colour(self, colour: Any) -> str:
        """A colour's name: from a card letter (W U B R G), an English name or an Enum."""
        if isinstance(colour, Enum):
            colour = colour.name
        key = str(colour)
        prompt_id = COLOUR_IDS.get(key.upper()) or f"colour.{key.lower()}"
        return self.lines[self._check_id(prompt_id)]


_catalogues: dict[str, Catalogue] = {}


def catalogue(lang: str = DEFAULT_LANGUAGE) -> Catalogue:
    """The catalogue of one language, loaded once (see `reload`)."""
    if lang not in _catalogues:
        _catalogues[lang] = Catalogue(lang)
    return _catalogues[lang]


def reload() -> None:
    """Forget loaded catalogues, so edited override files are read again."""
    _catalogues.clear()


def prompt(prompt_id: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """One line of the script, formatted: `prompt("time_added", "en", seconds=30)`."""
    return catalogue(lang).format(prompt_id, **params)


def colour_name(colour: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    return catalogue(lang).colour(colour)


PROMPT_IDS: frozenset[str] = frozenset(_load_packaged(DEFAULT_LANGUAGE))
