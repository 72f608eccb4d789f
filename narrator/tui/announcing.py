"""Announcements held on screen until Enter (R15, R22, R27–R29): the app keeps them in order,
says each when the game screen first shows it, and says the next step's lines only when the
last one is gone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the rules are imported when a game is opened, not at start-up
    from narrator.games.shell_data import Announcement, Line
    from narrator.journal import Journal


def shown_again(journal: Journal, clock) -> tuple[list[Announcement], Any]:
    """What a game resumed from ``journal`` shows again: the last entry's announcements (they
    may not have been seen), unless the discussion they led to had started (its clock was
    saved beside the journal); and the state before that entry."""
    from narrator.games.base import fold
    from narrator.tui.clock import discussion_started

    if len(journal.events) < 2 or discussion_started(journal, clock):
        return [], None
    before = fold(journal.game, journal.events[:-1])
    return list(journal.game.announcements(before, journal.events[-1], journal.state)), before


class AnnouncementsMixin:
    """Mixed into ``NarratorApp``."""

    @property
    def unannounced(self) -> frozenset[int]:
        """Seats whose death an announcement still to come tells: not yet marked dead (the
        one on screen is being told now)."""
        return frozenset(seat for later in self.pages[1:] for seat in later.dies)

    @property
    def shown_state(self) -> Any:
        """The state every view shows: the one the announcement on screen tells of."""
        shows = self.page_shows[0] if self.page_shows else None
        return shows[0] if shows is not None else self.state

    @property
    def shown_events(self) -> list:
        """The entries behind ``shown_state`` (the record's)."""
        events = list(self.journal.events) if self.journal else []
        shows = self.page_shows[0] if self.page_shows else None
        return events[: shows[1]] if shows is not None else events

    def hold_pages(self, pages: list[Announcement], before: Any) -> None:
        """An entry's announcements, each with the state it shows while on screen."""
        entries = len(self.journal.events) - 1
        shows = [(before, entries) if page.shows_before else None for page in pages]
        self.pages = self.pages + pages
        self.page_shows = self.page_shows + shows

    def forget_announcements(self) -> None:
        self.pages: list[Announcement] = []  # held on screen until Enter, oldest first
        self.page_shows: list[tuple[Any, int] | None] = []  # the state each page shows
        self.page_said = False  # the first one's lines were said
        self.page_caption = ""  # its headline, as said
        self.lines_after_pages: list[Line] = []  # the next step's lines wait for the last one
        self.held_lines: list[Line] = []  # lines held back while the privacy screen is up

    def resume_announcements(self, journal: Journal) -> None:
        """Resumed: the announcements ``shown_again``, and the next step's lines after them."""
        pages, before = shown_again(journal, self.clock)
        self.forget_announcements()
        self.hold_pages(pages, before)
        opening = journal.game.step_lines(journal.state) if self.pages else []
        self.lines_after_pages = list(opening)

    def say_page(self) -> None:
        """Say the announcement on screen, once (the screen calls it when it draws it)."""
        if self.pages and not self.page_said:
            self.page_said = True
            page = self.pages[0]
            said = self.say_lines(list(page.lines))
            self.page_caption = "\n".join(said[i] for i in page.headline)

    def next_page(self) -> None:
        """Enter on an announcement: the next one, or the step it led to (and its lines)."""
        if not self.pages:
            return
        self.pages = self.pages[1:]
        self.page_shows = self.page_shows[1:]
        self.page_said = False
        if not self.pages:
            lines, self.lines_after_pages = self.lines_after_pages, []
            self.say_lines(lines)
        self.route()
