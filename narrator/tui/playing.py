"""The game's journal as the app plays it: opened to be played (held: one game, one
narrator), put down, and what the app offers when it cannot be played as it is: a game open in
another narrator can be looked at (its record), a damaged one resumed up to its last good
entry (its damaged file kept aside)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from narrator.journal import Journal, JournalError


class PlayingMixin:
    """Mixed into ``NarratorApp``: every journal it plays goes through ``play_journal``."""

    def play_journal(self, journal: Journal | None) -> None:
        """Play ``journal`` from now on (None: none); the one played before is put down: its
        lock let go for the next narrator."""
        before, self.journal = self.journal, journal
        if before is not None and before is not journal:
            before.close()

    def open_journal(self, path: Path) -> bool:
        """Resume the game of the journal at ``path``, held. Refused: the reason shown, and
        what can be done instead offered (a look at its record, a resume from its last good
        entry); False."""
        from narrator.journal import Journal, JournalError, JournalInUse

        journal = None
        try:
            journal = Journal.open(path, hold=True)
            if not journal.events:
                raise JournalError("empty_journal", file=Path(path).name)
        except JournalInUse as err:
            self.call_later(self.offer_record, Path(path), err)  # over the screen shown next
            return False
        except JournalError as err:
            if journal is not None:
                journal.close()
            why, title = err.text(self.language), self.words("game.cannot_resume")
            self.notify(why, title=title, severity="error", timeout=10)
            if err.kept is not None:  # damaged after a good entry: the game before it
                self.call_later(self.offer_mend, Path(path), err)
            return False
        self.resume_game(journal)
        return True

    def offer_record(self, path: Path, refusal: JournalError) -> None:
        """The game is played by another narrator: say where, and offer its record."""
        from narrator.tui.modals import ConfirmScreen

        question = self.words("home.record_question", problem=refusal.text(self.language))
        self.push_screen(
            ConfirmScreen(question), lambda yes: self.show_record_of(path) if yes else None
        )

    def show_record_of(self, path: Path) -> None:
        """The record of the game at ``path``, read (never locked), on its own screen."""
        from narrator.history.reading import record
        from narrator.history.screen import PastRecordScreen
        from narrator.journal import JournalError

        try:
            markdown = record(path, self.language)
        except JournalError as err:
            self.notify(err.text(self.language), severity="error", timeout=10)
            return
        self.push_screen(PastRecordScreen(markdown))

    def offer_mend(self, path: Path, damage: JournalError) -> None:
        """A damaged journal: resume from the entry before its damaged line, asked first."""
        from narrator.history.reading import resume_words
        from narrator.prompts import in_game
        from narrator.tui.modals import ConfirmScreen

        kept = damage.kept
        assert kept is not None
        game, state = kept.game, kept.state
        summary = in_game(game.words_dir, resume_words(game, state).text).words(self.language)
        question = self.words(
            "home.mend_question", line=damage.params["line"], file=path.name, summary=summary
        )
        self.push_screen(ConfirmScreen(question), lambda yes: self.mend(path) if yes else None)

    def mend(self, path: Path) -> bool:
        """Resume the damaged journal at ``path`` from its last good entry (``mending``)."""
        from narrator.journal import JournalError, JournalInUse
        from narrator.journal.mending import mend

        try:
            journal, aside = mend(path)
        except JournalInUse as err:
            self.offer_record(path, err)
            return False
        except (JournalError, OSError) as err:
            error = err.text(self.language) if isinstance(err, JournalError) else err.strerror
            self.notify(self.words("home.cannot_mend", error=error), severity="error", timeout=10)
            return False
        self.clear_notifications()  # "cannot resume" is no longer so
        self.resume_game(journal)
        if aside is not None:
            self.notify(self.words("home.mended", file=aside.name), timeout=10)
        return True

    def resume_game(self, journal: Journal) -> None:
        """Play the game of ``journal`` (held) from where it stands."""
        for warning in journal.warnings:
            why, title = warning.text(self.language), self.words("game.journal")
            self.notify(why, title=title, severity="warning", timeout=10)
        from narrator.prompts import LANGUAGES

        played_in = journal.language
        if not self.keep_language and played_in in LANGUAGES and played_in != self.language:
            self.use_language(played_in)  # a game resumes in the language it was played in
        self.play_journal(journal)
        self.choose_game(journal.game)
        self.countdown = None
        self.captions = []  # the lines said in another game are not this game's
        self.forget_announcements()
        self.resume_announcements(journal)
        self.route()
        self.display_follows_game()  # a game keeps its display's address (and turns it on)
        from narrator.games import registry

        title = registry.title(journal.game.name, self.language)
        self.caption(self.words("game.resumed", game=title))  # never a file's name
        self.say_where_we_are()
        self.call_after_refresh(self.render_ahead)
