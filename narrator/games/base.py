"""The interface a game gives the shell, as a base class to subclass: a guide for the next
game's author.

A game is two folders: ``narrator/games/<name>/`` (the rules: pure, no screen, sound, file,
clock or global random) and, if the shell's generic views are not enough,
``narrator/tui/<name>/`` (its screens). It is found through ``narrator.games.registry``; the
shell names no game and asks the game everything below. A state is plain data, never changed
in place: every method that takes one only reads it.

What to write, in order:

1. The events (``entries.Event`` dataclasses) and their ``EventCodec``; the state; a pure
   ``apply(state, event)`` raising ``Refusal`` (a words id and the rule's id) for an entry
   the rules do not allow. ``legal_moves`` lists what the rules allow now (the property tests
   and the headless player walk it).
2. The setup form (``setup_fields``, ``created``) and the allowed counts (``players``).
3. Each step as a ``shell_data.StepView`` (``step``): what is shown, what may be keyed (``Choice``:
   a key, a seat then a second key with ``goto``, a typed number or text with ``Typed``, a
   warning to confirm with ``warning``), what Enter does (``primary``), a countdown
   (``Timer``), a private step (``Privacy``), a window of claims (``Claims``). ``anytime``
   lists the choices valid at every step. The keys in ``shell_data.SHELL_KEYS`` are the shell's.
4. What is said (``step_lines``, ``event_lines``, ``announcements``) as prompt ids of the
   game's speech catalogue; what anyone may see (``public_view``: the one door for the table,
   the side panel and the page); the record (``describe``, ``record``).
5. The headless player's verbs (``script``), and a whole game in them (``example_script``).
6. For the house's checks of every game: what must not be on a public screen yet
   (``secrets``).

The methods with a body here are optional: override what the game needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from narrator.games.common.names import clean_name
from narrator.games.entries import Event, EventCodec, Refusal, refusal_of

if TYPE_CHECKING:  # the data is imported by the games that make it: a quicker start
    from narrator.games.shell_data import (
        Announcement,
        AppMove,
        Choice,
        Field,
        Line,
        PublicView,
        StepView,
        Text,
    )
    from narrator.prompts import Words

__all__ = ["EXAMPLES", "Event", "EventCodec", "Game", "Refusal", "fold", "refusal_of"]

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"  # the games' example scripts


class Game:
    """A game as the shell, the journal and the headless player drive it. See ``shell_data`` for
    the data it returns. Subclass it; the class attributes and the methods that raise
    ``NotImplementedError`` are required."""

    name: ClassVar[str]  # the journal's and the command line's name: "ravnica"
    title: ClassVar[Words]  # as printed on the box, in the game's words catalogue
    players: ClassVar[Sequence[int]]  # the player counts the rules allow: range(5, 9), (7, 9, 11)
    players_rule: ClassVar[str | None] = None  # the rule that allows them (B4): in refusals
    codec: ClassVar[EventCodec]  # the journal's events back from JSON
    words_dir: ClassVar[Path]  # <dir>/<lang>.toml: what is said; <dir>/ui/<lang>/*.toml: shown
    screens: ClassVar[str | None] = None  # the game's own screens (``narrator.tui.<name>``)
    # A whole game in the headless player's lines (``narrator play --script``), the name of
    # its file in the repository's ``examples/``: the checks of every game (the storm, the
    # torture, the walks at 80×24, the secrecy audit) play it. None: they have none to play.
    example_script: ClassVar[str | None] = None  # a file of ``EXAMPLES`` (a path elsewhere)

    # --- the rules --------------------------------------------------------------------------
    def initial(self) -> Any:
        """The state before the first entry."""
        raise NotImplementedError

    def apply(self, state: Any, event: Event) -> Any:
        """The next state; raises `Refusal` (a words id and the rule) for an entry the rules
        do not allow, and changes nothing then."""
        raise NotImplementedError

    def check(self, state: Any, event: Event) -> Refusal | None:
        """The refusal ``apply`` would raise, or None (asked quietly, on the privacy screen)."""
        return refusal_of(self.apply, state, event)

    def legal_moves(self, state: Any) -> list[Event]:
        """Every entry the rules allow now (tests and the headless player walk them)."""
        raise NotImplementedError

    # --- setting up -------------------------------------------------------------------------
    def setup_fields(self) -> Sequence[Field]:
        """The setup form: the player count, the game's options, their bounds and labels."""
        raise NotImplementedError

    def setup_note(self, count: int, values: Mapping[str, Any] | None = None) -> Words | None:
        """A line under the player count: what that count deals, with the options chosen so far
        on the form (``values``: a field's name to its value as typed or picked)."""
        return None

    def setup_off(self, values: Mapping[str, Any]) -> frozenset[str]:
        """The fields that do not apply with the options chosen so far (shown disabled)."""
        return frozenset()

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        """The first entry, from the form's values; raises `Refusal` naming the field."""
        raise NotImplementedError

    def clean_name(self, name: str) -> str:
        """A player's name as kept; raises `Refusal` for one the rules refuse. By default:
        trimmed, no control characters, at most 24 characters."""
        return clean_name(name)

    # --- the step ---------------------------------------------------------------------------
    def step(self, state: Any, path: tuple[str, ...] = ()) -> StepView:
        """The current step, and what may be keyed after the keys in ``path`` (the ones
        typed so far of a choice that has more: a seat, then its role)."""
        raise NotImplementedError

    def anytime(self, state: Any) -> Sequence[Choice]:
        """Choices valid whatever the step (a reaction window opened, a heal, a card's
        effect): the shell adds them to every step's, after the step's own (a step's key
        wins), and lists them in help. Their keys must not be the shell's (``SHELL_KEYS``)."""
        return ()

    def after_private(self, state: Any, session: Any) -> Words | None:
        """The privacy screen's last page once the private steps of ``session`` are done
        (what the player alone may still see: Green's look, R24); None: a cleared page."""
        return None

    def app_move(self, state: Any, position: int, move: AppMove | None = None) -> Event | None:
        """The app's own seeded move for the step (``AppMove``, with the move's ``args``: the
        Citizen an accusation rolls against): seeded by the game's seed and ``position`` (how
        many entries the journal holds), so a resumed game makes the same; None: nothing."""
        return None

    def step_lines(self, state: Any) -> Sequence[Line]:
        """What the narrator says as the step ``state`` is at begins (said once a step)."""
        return ()

    def again_lines(self, state: Any) -> Sequence[Line]:
        """What is said again after a take-back or an undo: the line of whoever acts now.
        By default the step's opening lines."""
        return self.step_lines(state)

    def event_lines(self, before: Any, event: Event, after: Any) -> Sequence[Line]:
        """What is said at once for an entry."""
        return ()

    def announcements(self, before: Any, event: Event, after: Any) -> Sequence[Announcement]:
        """The moments an entry brings, held on screen until Enter, in order."""
        return ()

    def prewarm(self, state: Any) -> Sequence[tuple[str, Mapping[str, Any]]]:
        """Lines worth rendering ahead once a game is created (the rounds' openings)."""
        return ()

    # --- what anyone may know ---------------------------------------------------------------
    def public_view(self, state: Any, unannounced: frozenset[int] = frozenset()) -> PublicView:
        """The public state: nothing secret; seats in ``unannounced`` not yet marked dead.
        Every public screen (the side panel, the terminal display, the page) draws this."""
        raise NotImplementedError

    def summary(self, state: Any) -> Words:
        """Where a game is, in a few words (the home screen's "Resume", 6 players, round 2)."""
        raise NotImplementedError

    def describe(self, before: Any, event: Event, after: Any, lang: str) -> str:
        """One public line for an entry (the undo dialog, the headless player, the record)."""
        raise NotImplementedError

    def record(self, state: Any, events: Sequence[Event], lang: str) -> str:
        """The game record, Markdown: public lines, and the secrets once revealed."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        """The game has ended (nothing to enter but an undo)."""
        raise NotImplementedError

    def winners(self, state: Any) -> tuple[int, ...] | None:
        """The seats that won a game that is over (the history counts each player's wins);
        None: the game does not tell (its Over step still names the winning side)."""
        return None

    def sides(self, state: Any) -> tuple[tuple[Words | None, bool | None], ...] | None:
        """Each seat of a game that is over as its end reveals it, in seat order: its side
        (a role, a card, a clan: words; the history adds up each player's wins by it) and
        whether it won, None for what the end leaves unknown (a role nobody keyed in). None
        (the default): a game without sides (each plays alone), which tells ``winners``."""
        return None

    def waiting_for(self, state: Any) -> tuple[Any, str | None]:
        """What the game waits for, worded, and that step's rule (a script that stops)."""
        raise NotImplementedError

    def example(self) -> Path | None:
        """The example script's file (``example_script`` in ``EXAMPLES``), or None."""
        return None if self.example_script is None else EXAMPLES / self.example_script

    def secrets(self, state: Any, lang: str) -> Sequence[str]:
        """What the app keeps secret at ``state``, worded in ``lang`` as its own screens and
        voice would tell it (the reveal's line, a private page's words tying a seat to the
        secret): none may be on a public screen, said or in the record before its reveal.
        The house's checks look for them; none by default (a game that holds no secret)."""
        return ()

    def seen_by(self, state: Any, seat: int) -> Sequence[Text]:
        """What ``seat`` alone has seen so far (its secret draws, what was shown to it, what it
        gave in secret), for that seat's own page, oldest first: never another seat's secret.
        None by default (a game with no private step)."""
        return ()

    def script(self) -> Any:
        """A reader of the headless player's script lines (``narrator play``): its
        ``event(line, state, position)``, ``is_setting(line)`` and ``game_created()``."""
        raise NotImplementedError


def fold(game: Game, events: Iterable[Event], state: Any = None) -> Any:
    """state = fold(apply, events, initial)."""
    state = game.initial() if state is None else state
    for event in events:
        state = game.apply(state, event)
    return state
