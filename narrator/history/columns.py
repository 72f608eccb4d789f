"""A table's columns fitted to a width: a table wider than it has its widest columns narrowed,
down to their longest word, and their cells wrapped, a row taking as many lines as its tallest
cell. The history screen's table and ``narrator history`` in a terminal both lay out with these
(at 80 columns a game's outcome and its nine players are read whole, not cut)."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size

GAP = "  "
LONGEST_WORD = 16  # a longer word is cut rather than keep its column that wide


def wrapped(text: str, width: int) -> list[str]:
    """``text`` on lines of at most ``width`` cells, broken between words (a word longer than
    a line, cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while cell_len(word) > width:
            if line:
                lines.append(line)
                line = ""
            cut = next(i for i in range(len(word), 0, -1) if cell_len(word[:i]) <= width)
            lines.append(word[:cut])
            word = word[cut:]
        if not line:
            line = word
        elif cell_len(line) + 1 + cell_len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    return [*lines, line] if line or not lines else lines


def narrowest(cells: list[str]) -> int:
    """The width a column's cells wrap to without cutting a word (a very long one is cut)."""
    longest = max((cell_len(word) for cell in cells for word in cell.split()), default=0)
    return max(4, min(LONGEST_WORD, longest))


def widths(head: list[str], body: list[list[str]], room: int) -> list[int]:
    """Each column as wide as its widest cell; while the table is wider than ``room``, the
    widest column that can be is narrowed by one, down to its longest word."""
    columns = [[line[i] for line in [head, *body]] for i in range(len(head))]
    sizes = [max(map(cell_len, cells)) for cells in columns]
    floors = [min(size, narrowest(cells)) for size, cells in zip(sizes, columns, strict=True)]
    spare = sum(sizes) + len(GAP) * (len(sizes) - 1) - room
    while spare > 0:
        narrowed = [i for i, size in enumerate(sizes) if size > floors[i]]
        if not narrowed:
            break  # no narrower: the table scrolls sideways, (on screen, its heading with it)
        sizes[max(narrowed, key=lambda i: sizes[i])] -= 1
        spare -= 1
    return sizes


def laid_out(cells: list[str], sizes: list[int]) -> list[str]:
    """One row as lines: each cell wrapped in its column, the columns side by side."""
    columns = [wrapped(cell, size) for cell, size in zip(cells, sizes, strict=True)]
    height = max(map(len, columns), default=1)
    return [
        GAP.join(
            set_cell_size(column[y] if y < len(column) else "", size)
            for column, size in zip(columns, sizes, strict=True)
        ).rstrip()
        for y in range(height)
    ]
