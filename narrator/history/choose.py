"""Which players for a new game: the last players of that game, or of the last game played
(whatever game it was), in the same seats or with the first seat moved on one, or new ones.

Offered when "New game" is chosen for a game and the history holds players that game's rules
allow; each offer fills the setup form (``again``), which stays editable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from narrator.games import registry
from narrator.history import again
from narrator.history.rows import GameRow
from narrator.history.store import History
from narrator.tui.words import say, translate_bindings


@dataclass(frozen=True)
class Offer:
    """Players for the form: the words id that says whose they are, the names in seat order,
    the rulings to start from."""

    key: str
    names: tuple[str, ...]
    rulings: dict[str, Any]
    source: str  # the game they last played, its title in the words


def offers(history: History, game: str, last: GameRow | None) -> list[Offer]:
    """What to offer for a new game of ``game``: its own last players with its rulings, then
    the last game's players (another game: this game's last rulings), each also with the next
    seat starting. Players the rules of ``game`` do not allow are not offered."""
    own = next((r for r in history.games(game=game, limit=20) if r.seats), None)
    rulings = own.rulings if own else {}
    found: list[Offer] = []
    for row, key in ((own, "same"), (last, "last")):
        if row is None or (key == "last" and own is not None and row.journal == own.journal):
            continue
        names = tuple(seat.name for seat in row.seats)
        if not names or not again.fits(game, len(names)):
            continue
        found.append(Offer(f"choose.{key}", names, rulings, row.game))
        found.append(Offer(f"choose.{key}_next", again.next_seat(names), rulings, row.game))
    return found


class PlayersScreen(ModalScreen[None]):
    """The offers, then "New players"; Enter takes one, Esc goes back home."""

    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, game: str, choices: list[Offer], known: list[str]) -> None:
        super().__init__()
        self.game = game
        self.choices = choices
        self.known = known

    def tr(self, key: str, **params) -> str:
        return say(self.app.language, key, **params)

    def compose(self) -> ComposeResult:
        lang = self.app.language
        with Vertical(id="dialog"):
            title = registry.title(self.game, lang)
            yield Static(self.tr("choose.title", game=title), classes="screen-title")
            menu = OptionList(id="players-menu")
            for i, offer in enumerate(self.choices):
                source = registry.title(offer.source, lang)
                names = ", ".join(offer.names)
                label = self.tr(offer.key, game=source, count=len(offer.names), names=names)
                menu.add_option(Option(Text(label), id=str(i)))
            menu.add_option(Option(self.tr("choose.new"), id="new"))
            yield menu

    def on_mount(self) -> None:
        translate_bindings(self, self.app.language)
        self.refresh_bindings()
        menu = self.query_one("#players-menu", OptionList)
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        option = message.option.id or ""
        self.dismiss(None)
        if option == "new":
            again.start(self.app, self.game, known=self.known)
            return
        offer = self.choices[int(option)]
        again.start(self.app, self.game, offer.names, offer.rulings, self.known)

    def action_close(self) -> None:
        self.dismiss(None)
