"""Each name has one home: ``Words`` and ``worded`` are imported from ``narrator.prompts``,
where they are made, and from nowhere that passes them on (issue 39)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOME = {"Words": "narrator.prompts", "worded": "narrator.prompts"}
# ``from module import names`` on one line or in parentheses (read as text: parsing every file
# would take most of a second)
FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.M)


def imports_elsewhere(path: Path) -> list[str]:
    """``module.name`` for each name of ``HOME`` the file imports from another module."""
    found = []
    for module, names in FROM_IMPORT.findall(path.read_text(encoding="utf-8")):
        for item in re.sub(r"#[^\n]*", "", names).strip("()").split(","):
            name = item.split()[0] if item.strip() else ""  # "Words as W": Words
            if name in HOME and module != HOME[name]:
                found.append(f"{module}.{name}")
    return found


def test_words_are_imported_from_their_one_home():
    found = {
        str(path.relative_to(ROOT)): wrong
        for folder in ("narrator", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (wrong := imports_elsewhere(path))
    }
    assert found == {}


def test_shell_data_does_not_pass_words_on():
    from narrator.games import shell_data

    assert not set(HOME) & set(shell_data.__all__)
