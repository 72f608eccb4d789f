"""``scripts/new-game NAME``: a new game's folder, copied from the template game
(tests/games/skeleton/, itself a whole game its own tests check) with its names changed.

Into the repo (the default): ``narrator/games/NAME/`` (the rules, the screens' data, the words,
example.txt), ``tests/games/test_NAME_rules.py`` and one line in the registry. With
``--into DIR``: the package ``DIR/NAME/`` (its test inside it), no registry line; the tests
register it (``registry.register``) with ``DIR`` on ``sys.path``.
"""

from __future__ import annotations

import argparse
import keyword
import re
import subprocess
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
TEMPLATE = TOP / "tests" / "games" / "skeleton"
PACKAGE = "tests.games.skeleton"
REGISTRY = TOP / "narrator" / "games" / "registry.py"
NAME = re.compile(r"[a-z][a-z0-9_]{1,19}")
LATIN = "abcdefghijklmnopqrstuvwxyz"  # a Russian title until one is given: the same sounds
CYRILLIC = ("а", "б", "к", "д", "е", "ф", "г", "х", "и", "ж", "к", "л", "м", "н", "о", "п", "к")
CYRILLIC += ("р", "с", "т", "у", "в", "в", "кс", "й", "з")


class Refused(Exception):
    """What stops the generator, said in one line."""


def russian(title: str) -> str:
    letters = dict(zip(LATIN, CYRILLIC, strict=True))
    sounds = (letters.get(ch.lower(), ch) for ch in title)
    return "".join(s.upper() if ch.isupper() else s for ch, s in zip(title, sounds, strict=True))


def renamed(text: str, name: str, package: str, title: str, title_ru: str, letter: str) -> str:
    """The template's text with the new game's names: its package, name, titles, rule ids."""
    text = text.replace(PACKAGE, package).replace(
        PACKAGE.replace(".", "/"), package.replace(".", "/")
    )
    camel = "".join(part.title() for part in name.split("_"))
    text = text.replace("SkeletonGame", f"{camel}Game")
    text = text.replace("SKELETON", title.upper()).replace("СКЕЛЕТ", title_ru.upper())
    text = text.replace("Skeleton", title).replace("«Скелет»", f"«{title_ru}»")
    text = text.replace('"Скелет"', f'"{title_ru}"')
    text = re.sub(r"\bskeleton", name, text)
    return re.sub(r"\bX(?=[1-9]\b)", letter, text)  # X1–X5 are the rule ids


def template_files() -> list[Path]:
    return sorted(
        p
        for p in TEMPLATE.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".toml", ".txt")
    )


def registry_line(name: str) -> str:
    """The registry entry, as ``ruff format`` writes it."""
    args = f'"{name}", "narrator.games.{name}.game", GAMES_DIR / "{name}" / "words"'
    one = f'    "{name}": Entry({args}),'
    if len(one) <= 100:
        return one + "\n"
    return f'    "{name}": Entry(\n        {args}\n    ),\n'


def register_in_repo(name: str) -> bool:
    """One line added to the registry's ``_ENTRIES``, before the closing brace; False when the
    file's shape is not the one expected (then the line is printed to add by hand)."""
    text = REGISTRY.read_text(encoding="utf-8")
    match = re.search(r"^_ENTRIES\b.*?\{\n(.*?)^\}\n", text, flags=re.M | re.S)
    if match is None:
        return False
    at = match.end(1)
    REGISTRY.write_text(text[:at] + registry_line(name) + text[at:], encoding="utf-8")
    return True


def tidy(paths: list[Path]) -> bool:
    """The written modules as ``ruff`` sorts their imports and formats them (a longer name
    makes longer lines); False when ruff is not installed (``scripts/setup --test``)."""
    code = [str(p) for p in paths if p.suffix == ".py"]
    config = ["--config", str(TOP / "pyproject.toml")]
    for command in (["check", "--fix-only", *config], ["format", *config]):
        try:
            subprocess.run(
                [sys.executable, "-m", "ruff", *command, "--quiet", *code],
                check=True,
                capture_output=True,
            )
        except (OSError, subprocess.CalledProcessError):
            return False
    return True


def generate(
    name: str,
    into: Path | None = None,
    title: str | None = None,
    title_ru: str | None = None,
    letter: str | None = None,
) -> list[Path]:
    """Write the new game; the files written, in order. Raises `Refused`."""
    if not NAME.fullmatch(name) or keyword.iskeyword(name) or name == "skeleton":
        raise Refused(f"{name!r}: a game's name is 2-20 lower-case letters, digits or _")
    title = title or name.replace("_", " ").title()
    title_ru = title_ru or russian(title)
    letter = (letter or name[0]).upper()
    if not re.fullmatch("[A-Z]", letter):
        raise Refused(f"{letter!r}: the rules' letter is one letter, A to Z")
    if into is None:
        folder, package = TOP / "narrator" / "games" / name, f"narrator.games.{name}"
        test = TOP / "tests" / "games" / f"test_{name}_rules.py"
    else:
        folder, package = into / name, name
        test = folder / "test_rules.py"
    if folder.exists() or test.exists():
        raise Refused(f"{folder if folder.exists() else test} exists already: nothing written")
    written = []
    for source in template_files():
        relative = source.relative_to(TEMPLATE)
        target = test if relative == Path("test_rules.py") else folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text(encoding="utf-8")
        target.write_text(renamed(text, name, package, title, title_ru, letter), encoding="utf-8")
        written.append(target)
    if not tidy(written):
        print("new-game: ruff is not installed: run ruff format on the new game", file=sys.stderr)
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="scripts/new-game", description=__doc__.splitlines()[0])
    p.add_argument("name", help="the game's name: the journal's and --game's (lower_case)")
    p.add_argument("--title", help="the title as printed on the box (English)")
    p.add_argument("--title-ru", help="the title in Russian")
    p.add_argument("--rules", help="the rule ids' letter (default: the name's first)")
    p.add_argument("--into", type=Path, help="a folder to write the game into, not the repo")
    args = p.parse_args(argv)
    try:
        written = generate(args.name, args.into, args.title, args.title_ru, args.rules)
    except (Refused, OSError) as error:
        print(f"new-game: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(path.relative_to(TOP) if path.is_relative_to(TOP) else path)
    if args.into is None:
        if register_in_repo(args.name):
            print(f"{REGISTRY.relative_to(TOP)}: {args.name} added to _ENTRIES")
        else:
            print(f"add to _ENTRIES in {REGISTRY.relative_to(TOP)}:\n{registry_line(args.name)}")
        print(f"then: .venv/bin/narrator play --script narrator/games/{args.name}/example.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
