"""The narrator's script as data: one prompt catalogue per language, keyed by prompt id.

`prompt("time_up", "ru")` formats one line; `prompt("time_added", "en", seconds=30)` fills its
placeholders. A catalogue is the common lines and the current game's on top of them:

- the common ones live beside this file, `en.toml` / `ru.toml`: what the shell says in any
  game (the discussion clock, a refused entry, the language switch, the sound notices);
- a game's own live in its words folder (`Game.words_dir`, e.g.
  ``narrator/games/ravnica/words/``), ``<lang>.toml``. `use_game(words_dir)` adds them (the
  app calls it when a game is chosen or resumed, ``narrator play`` when it reads a script's
  game); `use_game(None)` goes back to the common lines alone. A game's line may have the id
  of a common one: it wins, so two games may each say ``time_up`` their own way;
- a user may override any line in `config_dir()/prompts.<lang>.toml` (same ids, same
  placeholders), on top of both.

`prompt_ids()` is every id that may be said now. Every catalogue (the common one alone, and
each game's with it) has the same ids and placeholders in every language.

Placeholders are `{name}`. A placeholder may carry plural forms for a number:
`{minutes:minute|minutes}` (English: one|other) or `{minutes:минута|минуты|минут}`
(Russian: one|few|many); it formats as "5 minutes" / "5 минут".
Nested TOML tables flatten to dotted ids: `[colour] white = "White"` is `colour.white`.

The screens' own words are a second catalogue of the same form, `words(lang)`: the common
files `ui/<lang>/*.toml` beside this file (one per part of the app: the game screen, the keys,
the dialogs, the set-up form, the user's files) and the current game's
``<words_dir>/ui/<lang>/*.toml`` (its steps, its refusals, its story), the game's winning over
the common ones. ``[refusal] no_seat = …`` is ``refusal.no_seat``; no two files of one folder
may hold the same id. The terms shared with the voice (``colour.``, ``team.``, ``list.``) are
taken from the speech catalogue, common and game's alike. A parameter that is a `Term` (a
colour, a team, a step) is looked up in the catalogue, so every word on screen comes in the
chosen language.

What the app says about the user's own files (a journal, settings.toml, prompts.<lang>.toml) is
a `Problem`: a words id ``files.<key>`` with its parameters, the English text as a string and
``text(lang)`` for the screens; `reason` words the system's or the parser's error in it.
"""

from __future__ import annotations

import string
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Self

from narrator import paths
from narrator.prompts import sources

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


class Term(str):
    """A word a catalogue translates (its id, e.g. ``Term("colour.white")``), passed as a
    parameter where a name would stay as it is. Rules use it for colours, roles and steps."""

    __slots__ = ()


class Localized:
    """A parameter worded in the catalogue's own language when the line is formatted:
    ``Localized(refusal.text)`` or ``Localized(lambda lang: reason(state, result, lang))``."""

    __slots__ = ("words",)

    def __init__(self, words: Callable[[str], str]) -> None:
        self.words = words

    def __repr__(self) -> str:
        return f"Localized({self.words('en')!r})"


@dataclass(frozen=True)
class Words:
    """A text of the screens: a words id and its parameters, worded in a language when it is
    shown (``text(lang)``); as a parameter of another line it is worded in that line's."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return words(lang).format(self.key, **self.params)


class Either(tuple):
    """Alternatives, joined as "a, b or c" (a plain list reads "a, b and c")."""

    __slots__ = ()


class Problem(str):
    """What is wrong with one of the user's files: the words id ``files.<key>`` and its
    parameters. It is the English text (``str``), for logs, scripts, tests and any caller that
    wants a string; a screen words it in its own language with ``text(lang)``."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, /, **params: Any) -> Self:
        try:
            english = words(DEFAULT_LANGUAGE).format(f"files.{key}", **params)
        except ValueError:  # the screens' own words are what is wrong
            english = f"{key}: {params}"
        problem = super().__new__(cls, english)
        problem.key, problem.params = key, params
        return problem

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Any]]:  # copy, pickle
        return (self.key,), self.params

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return words(lang).format(f"files.{self.key}", **self.params)

    def part(self) -> Localized:
        """This problem as a parameter of another line, worded in that line's language."""
        return Localized(self.text)


class PromptError(KeyError):
    """A prompt id that does not exist, or a placeholder left without a value."""

    def __str__(self) -> str:  # KeyError quotes its message; this one reads as a sentence
        return str(self.args[0]) if self.args else ""


_PARSER = string.Formatter()


def placeholders(template: str) -> frozenset[str]:
    """The placeholder names of one line (raises ValueError on a malformed line)."""
    names = set()
    for _literal, name, spec, conversion in _PARSER.parse(template):
        if name is None:
            continue
        if not name.isidentifier():
            raise ValueError(Problem("placeholder_not_plain", field=name))
        if conversion:
            raise ValueError(Problem("placeholder_conversion", field=name, conversion=conversion))
        if spec and "|" not in spec:
            raise ValueError(Problem("placeholder_spec", field=name, spec=spec))
        names.add(name)
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


def use_game(words_dir: Path | None) -> None:
    """Speak and show the words of the game whose folder is ``words_dir`` on top of the common
    ones: its ``<lang>.toml`` (what is said) and ``ui/<lang>/*.toml`` (the screens'). A game's
    line may have the id of a common one (two games may both say ``time_up``): it wins."""
    if sources.choose(words_dir):
        reload()


class Catalogue:
    """All lines of one language: the packaged ones with the user's overrides on top.

    A broken override never stops the app: the file (or the one line) is skipped and a
    `Problem` saying why is added to `warnings`.
    """

    def __init__(
        self,
        lang: str = DEFAULT_LANGUAGE,
        config_dir: Path | None = None,
        ui: bool = False,
        others: bool = True,
    ) -> None:
        """``others=False``: the common lines and the current game's only, without the other
        games' (which are looked up otherwise)."""
        if lang not in LANGUAGES:
            raise ValueError(f"no prompts for language {lang!r}; choose one of {LANGUAGES}")
        self.lang = lang
        self.warnings: list[Problem] = []
        self.ui = ui
        self._others = others  # the other games' lines: read at the first miss (quicker start)
        self.lines: dict[str, str] = sources.load(lang, ui)
        self._fields = {key: placeholders(line) for key, line in self.lines.items()}
        self._formatter = _LineFormatter(lang)
        folder = paths.config_dir() if config_dir is None else config_dir
        self.override_path = folder / f"prompts.{lang}.toml"
        if not ui:  # the user may reword what is said; the screens' words are the app's
            self._apply_overrides(self.override_path)

    def _widen(self) -> bool:
        """Add the other games' lines (once); False if they were added already."""
        if not self._others:
            return False
        self._others = False
        for key, line in sources.other_lines(self.lang, self.ui).items():
            if key not in self.lines:
                self.lines[key] = line
                self._fields[key] = placeholders(line)
        return True

    def has(self, prompt_id: str) -> bool:
        return prompt_id in self.lines or (self._widen() and prompt_id in self.lines)

    def _apply_overrides(self, path: Path) -> None:
        from narrator.prompts.reasons import reason  # it words with this module's catalogues

        warn = self.warnings.append
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as error:
            warn(Problem("prompts_unreadable", file=str(path), reason=reason(error)))
            return
        self._widen()  # an override may reword any game's line
        try:
            table = sources.flatten(tomllib.loads(text))
        except (ValueError, RecursionError) as error:  # as in settings.parse
            why = (
                reason(error)
                if isinstance(error, tomllib.TOMLDecodeError)
                else Term("files.reason.too_deep")
            )
            warn(Problem("prompts_not_toml", file=str(path), reason=why))
            return
        for key, value in table.items():
            where = {"file": str(path), "id": key}
            if key not in self.lines:
                warn(Problem("prompts_no_such_id", **where))
                continue
            if not isinstance(value, str):
                warn(Problem("prompts_not_text", **where))
                continue
            if any(ch != "\n" and unicodedata.category(ch) == "Cc" for ch in value):
                warn(Problem("prompts_control", **where))
                continue
            try:
                fields = placeholders(value)
            except ValueError as error:
                warn(Problem("prompts_bad_line", **where, reason=reason(error, other="braces")))
                continue
            expected = self._fields[key]
            if fields != expected:
                want = ", ".join(f"{{{name}}}" for name in sorted(expected))
                want = want or Term("files.placeholders_none")
                warn(Problem("prompts_placeholders", **where, want=want))
                continue
            self.lines[key] = value

    @property
    def ids(self) -> frozenset[str]:
        self._widen()
        return frozenset(self.lines)

    def placeholders(self, prompt_id: str) -> frozenset[str]:
        return self._fields[self._check_id(prompt_id)]

    def _check_id(self, prompt_id: str) -> str:
        if not self.has(prompt_id):
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
        if isinstance(value, Term):
            return self.lines.get(str(value), str(value)) if self.has(str(value)) else str(value)
        if isinstance(value, Localized):
            return value.words(self.lang)
        if isinstance(value, Words):
            return value.text(self.lang)
        if isinstance(value, Enum):
            for candidate in (f"colour.{value.name.lower()}", f"team.{value.name.lower()}"):
                if self.has(candidate):
                    return self.lines[candidate]
            if isinstance(value.value, str) and value.value in COLOUR_IDS:
                return self.lines[self._check_id(COLOUR_IDS[value.value])]
            return str(value.value)
        if isinstance(value, Either):
            return self.join([str(self.text_of(item)) for item in value], "list.last_or")
        if isinstance(value, (list, tuple, set, frozenset)):
            return self.join([str(self.text_of(item)) for item in value])
        return value

    def join(self, items: Iterable[str], last: str = "list.last") -> str:
        """Join names as a sentence does: "A, B and C" (or "A, B и C")."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self.lines["list.separator"].join(items[:-1]) + self.lines[last] + items[-1]

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


_words: dict[str, Catalogue] = {}


_loading: set[str] = set()


def words(lang: str = DEFAULT_LANGUAGE) -> Catalogue:
    """The screens' words in one language, loaded once (a malformed line among them is said
    in plain words: they cannot word their own problem)."""
    if lang not in _words:
        if lang in _loading:
            raise ValueError(f"the screens' words in {lang!r} cannot be read")
        _loading.add(lang)
        try:
            _words[lang] = Catalogue(lang, ui=True)
        finally:
            _loading.discard(lang)
    return _words[lang]


def worded(text: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """A text of the screens in ``lang``: ``Words``, a ``Localized``, a ``Term`` or a name."""
    return str(words(lang).text_of(text))


def reload() -> None:
    """Forget loaded catalogues, so edited override files are read again."""
    _catalogues.clear()
    _words.clear()


def prompt(prompt_id: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """One line of the script, formatted: `prompt("time_added", "en", seconds=30)`."""
    return catalogue(lang).format(prompt_id, **params)


def colour_name(colour: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    return catalogue(lang).colour(colour)


def prompt_ids() -> frozenset[str]:
    """Every id of what may be said: the common lines and the current game's."""
    return catalogue(DEFAULT_LANGUAGE).ids
