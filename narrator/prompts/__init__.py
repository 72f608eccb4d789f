"""The narrator's script as data: one prompt catalogue per language, keyed by prompt id.

`prompt("time_up", "ru")` formats one line; `prompt("time_added", "en", seconds=30)` fills its
placeholders. A catalogue is the common lines and the current game's on top of them:

- the common ones live beside this file, `en.toml` / `ru.toml`: what the shell says in any
  game (the discussion clock, a refused entry, the language switch, the sound notices);
- a game's own live in its words folder (`Game.words_dir`, e.g.
  ``narrator/games/ravnica/words/``), ``<lang>.toml``. `use_game(words_dir)` adds them (the
  app calls it when a game is chosen or resumed, ``narrator play`` when it reads a script's
  game); `use_game(None)` goes back to the common lines alone. A game's line may have the id
  of a common one: it wins, so two games may each say ``time_up`` their own way. A catalogue
  never falls back to another game's lines: an id missing from the game's words and the
  common ones is a `PromptError` (the common words are the shell's own, no game's);
- a user may override any line in `config_dir()/prompts.<lang>.toml` (same ids, same
  placeholders), on top of both.

`catalogue(lang, game)` and `words(lang, game)` are one game's whatever game is played (the
home screen words an unfinished game's summary so). `prompt_ids()` is every id that may be
said now. Every catalogue has the same ids and placeholders in every language. Placeholders
are `{name}`, or plural forms for a number (`plurals`). Nested TOML tables flatten to dotted
ids: ``[list] last = " and "`` is ``list.last``.

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

import errno
import functools
import re
import string
import threading
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from narrator import paths
from narrator.prompts import sources
from narrator.prompts.plurals import LineFormatter
from narrator.prompts.terms import Term

if TYPE_CHECKING:
    from narrator.prompts import overrides

LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"

CURRENT: Any = object()  # the game being played (``use_game``), as a default argument


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

    def text(self, lang: str = DEFAULT_LANGUAGE, game: Path | None = CURRENT) -> str:
        return words(lang, game).format(self.key, **self.params)


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


@functools.lru_cache(maxsize=16384)  # each catalogue made asks again for every line's
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
        if "{" in spec or "}" in spec:  # a field there would be looked up when it is said
            raise ValueError(Problem("placeholder_nested", field=name))
        names.add(name)
    return frozenset(names)


def use_game(words_dir: Path | None) -> None:
    """Speak and show the words of the game whose folder is ``words_dir`` on top of the common
    ones: its ``<lang>.toml`` (what is said) and ``ui/<lang>/*.toml`` (the screens'). A game's
    line may have the id of a common one (two games may both say ``time_up``): it wins."""
    sources.choose(words_dir)


def in_game(words_dir: Path | None, text: Callable[[str], str]) -> Localized:
    """``text`` worded in one game's words whatever game is played: a journal's refusal read
    on the home screen, before its game is chosen."""

    def worded_there(lang: str) -> str:
        played = sources.current()
        sources.choose(words_dir)
        try:
            return text(lang)
        finally:
            sources.choose(played)

    return Localized(worded_there)


class Catalogue:
    """All lines of one language: the packaged ones with the user's overrides on top.

    A broken override never stops the app: the file (or the one line) is skipped and a
    `Problem` saying why is added to `warnings` (`overrides` checks it when it is read); a
    line of it that still fails when said is the built-in line from then on, with one more.
    """

    def __init__(
        self,
        lang: str = DEFAULT_LANGUAGE,
        config_dir: Path | None = None,
        ui: bool = False,
        game: Path | None = CURRENT,
    ) -> None:
        """The common lines and one game's (``game``: its words folder; by default the game
        being played), never another game's."""
        if lang not in LANGUAGES:
            raise ValueError(f"no prompts for language {lang!r}; choose one of {LANGUAGES}")
        self.lang = lang
        self.warnings: list[Problem] = []
        self.ui = ui
        self.game = sources.current() if game is CURRENT else game
        self.lines: dict[str, str] = sources.load(lang, ui, self.game)
        self._fields = {key: placeholders(line) for key, line in self.lines.items()}
        self._formatter = LineFormatter(lang)
        self._built_in: dict[str, str] = {}  # the app's line of each id a user rewords
        self._falling_back = threading.Lock()
        folder = paths.config_dir() if config_dir is None else config_dir
        self.override_path = folder / f"prompts.{lang}.toml"
        if not ui:  # the user may reword what is said; the screens' words are the app's
            self._apply_overrides(self.override_path)

    def has(self, prompt_id: str) -> bool:
        return prompt_id in self.lines

    def _apply_overrides(self, path: Path) -> None:
        others: dict[str, frozenset[str]] | None = None

        def fields_of(key: str) -> frozenset[str] | None:
            nonlocal others
            if key in self._fields:
                return self._fields[key]
            if others is None:  # another game's line: checked here, said in its game
                lines = sources.other_lines(self.lang, self.ui, self.game)
                others = {k: placeholders(line) for k, line in lines.items()}
            return others.get(key)

        from narrator.prompts import overrides  # read with the first spoken line, not before

        lines, faults = overrides.read(path, self.lang, fields_of, placeholders)
        self.warnings.extend(_problem(fault) for fault in faults)
        for key, line in lines.items():
            if key in self.lines:
                self._built_in[key] = self.lines[key]
                self.lines[key] = line

    @property
    def ids(self) -> frozenset[str]:
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
        try:
            return self._formatter.format(template, **values)
        except Exception as error:  # noqa: BLE001 - a user's line must never stop the game
            built_in = self._built_in.get(prompt_id)
            if built_in is None or built_in == template:
                raise  # the app's own line: a bug to see, not to hide
            with self._falling_back:  # one warning, whichever thread says it first
                if self.lines[prompt_id] == template:
                    self.lines[prompt_id] = built_in
                    where = {"file": str(self.override_path), "id": prompt_id}
                    self.warnings.append(Problem("prompts_not_said", **where, reason=reason(error)))
            return self._formatter.format(built_in, **values)

    def text_of(self, value: Any) -> Any:
        """How a placeholder value reads aloud: colours, teams and lists are translated."""
        if isinstance(value, Term):
            return self.lines.get(str(value), str(value)) if self.has(str(value)) else str(value)
        if isinstance(value, Localized):
            return value.words(self.lang)
        if isinstance(value, Words):  # in this catalogue's game, whatever game is played
            return words(self.lang, self.game).format(value.key, **value.params)
        if isinstance(value, Enum):
            for candidate in (f"colour.{value.name.lower()}", f"team.{value.name.lower()}"):
                if self.has(candidate):
                    return self.lines[candidate]
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


_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def reason(error: BaseException, english: str | None = None, other: str = "unknown") -> Localized:
    """Why a file could not be read or a line used, as a parameter of a `Problem`. In English it
    is the message the system or the parser gave (``english``, else ``str(error)``); in another
    language, ``files.reason.*``: the system's error by its errno, the line and column where
    the TOML breaks, a placeholder's problem, or ``files.reason.<other>``."""
    said = str(error) if english is None else english

    def worded(lang: str) -> str:
        if lang == DEFAULT_LANGUAGE:
            return said
        first = error.args[0] if error.args else None
        if isinstance(first, Problem):
            return first.text(lang)
        key, params = other, {}
        if isinstance(error, UnicodeDecodeError):
            key = "not_utf8"
        elif isinstance(error, tomllib.TOMLDecodeError):
            at = _TOML_AT.search(str(error))
            if at:
                key, params = "toml_at", {"line": at[1], "column": at[2]}
            else:
                key = "toml_end" if "(at end of document)" in str(error) else "toml"
        elif isinstance(error, OSError) and error.errno is not None:
            key = errno.errorcode.get(error.errno, "").lower()
            if f"files.reason.{key}" not in words(lang).lines:
                key, params = "os_error", {"number": error.errno}
        return words(lang).format(f"files.reason.{key}", **params)

    return Localized(worded)


def _problem(fault: overrides.Fault) -> Problem:
    """What the override checker found, worded: an error it gives as a parameter is the
    system's or the parser's `reason`, a fault within it a part of the sentence."""

    from narrator.prompts import overrides

    def part(value: Any) -> Any:
        if isinstance(value, overrides.Fault):
            return _problem(value).part()
        if isinstance(value, BaseException):
            return reason(value, other=fault.other)
        return value

    return Problem(fault.key, **{name: part(value) for name, value in fault.params.items()})


_Key = tuple[str, "Path | None"]
_catalogues: dict[_Key, Catalogue] = {}


def catalogue(lang: str = DEFAULT_LANGUAGE, game: Path | None = CURRENT) -> Catalogue:
    """What is said in one language: the common lines and one game's (by default the game
    being played), loaded once (see `reload`)."""
    if sources.games_changed():  # a game registered since: the overrides are checked again
        reload()
    key = (lang, sources.current() if game is CURRENT else game)
    if key not in _catalogues:
        _catalogues[key] = Catalogue(lang, game=key[1])
    return _catalogues[key]


_words: dict[_Key, Catalogue] = {}


_loading: set[_Key] = set()


def words(lang: str = DEFAULT_LANGUAGE, game: Path | None = CURRENT) -> Catalogue:
    """The screens' words in one language (the common ones and one game's, by default the
    game being played), loaded once (a malformed line among them is said in plain words: they
    cannot word their own problem)."""
    key = (lang, sources.current() if game is CURRENT else game)
    if key not in _words:
        if key in _loading:
            raise ValueError(f"the screens' words in {lang!r} cannot be read")
        _loading.add(key)
        try:
            _words[key] = Catalogue(lang, ui=True, game=key[1])
        finally:
            _loading.discard(key)
    return _words[key]


def worded(text: Any, lang: str = DEFAULT_LANGUAGE, game: Path | None = CURRENT) -> str:
    """A text of the screens in ``lang``: ``Words``, a ``Localized``, a ``Term`` or a name;
    in one game's words (``game``), by default the game being played's."""
    return str(words(lang, game).text_of(text))


def reload() -> None:
    """Forget loaded catalogues, so edited override files are read again."""
    _catalogues.clear()
    _words.clear()


def prompt(prompt_id: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """One line of the script, formatted: `prompt("time_added", "en", seconds=30)`."""
    return catalogue(lang).format(prompt_id, **params)


def prompt_ids() -> frozenset[str]:
    """Every id of what may be said: the common lines and the current game's."""
    return catalogue(DEFAULT_LANGUAGE).ids
