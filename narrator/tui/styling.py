"""The app's styles in two parts: ``app.tcss`` (the home screen's and every screen's) styles
the first frame; ``screens.tcss`` (the other screens') is read once it is drawn, or first when
another screen is shown before it."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen


class StylesMixin:
    """Mixed into ``NarratorApp``."""

    SCREENS_CSS = Path(__file__).with_name("screens.tcss")

    def style_every_screen(self) -> None:
        """The styles of the screens but the home (``screens.tcss``), read once: the home
        screen's first frame does without them (their parse, and a longer list of rules to
        match each of its widgets against: 1.7% of it, bench: cold start)."""
        if not self.stylesheet.has_source(str(self.SCREENS_CSS)):
            self.stylesheet.read(self.SCREENS_CSS)
            self.refresh_css(animate=False)

    def _load_screen_css(self, screen: Screen) -> None:
        """Textual's, as a screen is shown: one but the home shown before the first frame is
        drawn reads the other screens' styles first."""
        from narrator.tui.home import HomeScreen

        if not isinstance(screen, HomeScreen):
            self.style_every_screen()
        super()._load_screen_css(screen)
