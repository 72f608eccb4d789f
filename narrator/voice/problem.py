"""What the sound device and the speech engine share: the problem they have now, if any."""

from __future__ import annotations

from collections.abc import Callable


class ReportsProblems:
    """Keeps the current problem (kind, detail) and calls ``on_problem`` when it changes."""

    on_problem: Callable[[str | None, str | None], None] | None = None
    problem: tuple[str, str] | None = None

    def _set_problem(self, kind: str | None, detail: str | None) -> None:
        problem = (kind, detail) if kind else None
        if problem == self.problem:
            return
        self.problem = problem  # type: ignore[assignment]
        if self.on_problem is not None:
            self.on_problem(kind, detail)
