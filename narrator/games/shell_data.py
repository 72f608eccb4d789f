"""What a game tells the shell, as plain data: the step on screen and what may be keyed in it,
the lines to say, the moments held until Enter, the public view. No screen, no sound.

The shell (``narrator/tui``) draws every ``StepView`` with its generic views, one a kind; a
game's own screens folder (``narrator/tui/<game>``) may draw a ``Seat`` label, a side panel or
a theme beyond them. Text is never English built in code: it is ``Words`` (an id of the game's
or the common words catalogue, with parameters), worded in the screen's language, or a
player's name (``str``), shown as typed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from narrator.prompts import Localized, Words, worded

__all__ = [
    "Announcement",
    "AppMove",
    "Ballot",
    "Block",
    "Cell",
    "Checklist",
    "Choice",
    "Claims",
    "Field",
    "Line",
    "Over",
    "Paced",
    "Pile",
    "Privacy",
    "PublicView",
    "Rows",
    "SHELL_KEYS",
    "SeatView",
    "Seats",
    "StepView",
    "Text",
    "Timer",
    "Typed",
    "capital",
    "joined",
    "upper",
]

Text = Words | Localized | str  # a words id with parameters, worded text, or a name as typed

Kind = Literal["info", "timed", "vote", "choose", "private", "announce", "over"]

# The keys the shell takes on every game's screen, whatever the step: a game's choices, its
# ``anytime`` ones and its private steps never use them (a test checks every game against
# this, and the game screen's bindings against it). Printable keys as typed; named keys as
# Textual names them.
SHELL_KEYS: Mapping[str, str] = {
    "e": "end the discussion",
    "t": "the game record",
    "x": "export the record",
    "h": "home, once the game is over",
    "?": "help",
    "v": "say the last line again",
    "m": "mute",
    "[": "quieter",
    "]": "louder",
    "+": "thirty seconds more",
    "=": "thirty seconds more",
    "enter": "the step's own entry (Enter)",
    "space": "pause or resume",
    "backspace": "take back the last entry of the step",
    "escape": "back to a choice's first keys",
}


@dataclass(frozen=True)
class Line:
    """One line the narrator says: a prompt id of the speech catalogue and its parameters,
    with a chime played before it. ``urgent`` cuts what is being said."""

    prompt_id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    urgent: bool = False
    chime: str | None = None


@dataclass(frozen=True)
class Announcement:
    """A moment held large on screen until Enter, spoken when it is first shown (a vote's
    result, a death). ``headline`` picks the lines whose captions are shown large; ``detail``
    is what decided it, under them; ``dies`` the seats whose death it announces (the public
    view marks them only from this announcement on)."""

    kind: str
    lines: tuple[Line, ...]
    detail: Any = None  # a Localized or Words: worded in the screen's language
    headline: tuple[int, ...] = (-1,)
    dies: tuple[int, ...] = ()
    tone: str | None = None  # a colour for the frame (the game's own palette)
    # While it is on screen, every view (the header, the table, the display, the record)
    # shows the state before its entry: the moment it tells, before the table makes the
    # moves that entry brought (W21's combining, a new Grand Inquisitor).
    shows_before: bool = False


@dataclass(frozen=True)
class AppMove:
    """The app's own seeded move (a deal, a draw, a roll): ``Game.app_move(state, position,
    move)``. ``args`` say what the move is about ("accuse C2 and roll": the Citizen): one
    entry, the roll seeded and journaled in the event it makes."""

    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Typed:
    """A value typed into a field and entered with Enter: a whole number between ``low`` and
    ``high`` (an influence 0–20: "1" may still become "12") or a short text (a card's name, at
    most ``length`` characters). ``make(value)`` is the event it enters (or an ``AppMove``, or a
    tuple of keys to go to, the value among them: a card's name, then what its effect does);
    a number out of bounds is refused with ``rule`` before, and the rules refuse the event
    like any choice's. Escape goes back to the step's first keys."""

    label: Words
    make: Callable[[Any], Any]
    number: bool = True
    low: int = 0
    high: int = 99
    length: int = 24
    rule: str | None = None


@dataclass(frozen=True)
class Choice:
    """One thing that may be keyed now. ``key`` is typed as it is ("1", "w", "01", "B2": the
    shell waits while the keys typed are the start of a longer one). ``event`` is what it
    enters (an ``AppMove``: the app's own); ``goto``, the keys of the choices that follow it
    (a seat, then its role: ``Game.step(state, goto)``); ``refusal``, why it may be keyed but
    does nothing (R9: the app holds that deck), said on screen; ``quiet``: a refusal of its
    event is shown, not spoken.

    Choices are what may be keyed, not what is legal: listing only the cards left in a deck
    would tell the deck (R18). ``listed=False`` keeps a choice off the list drawn on screen."""

    key: str
    label: Text = ""
    event: Any = None
    goto: tuple[str, ...] | None = None
    refusal: Words | None = None
    quiet: bool = False
    listed: bool = True
    footer: bool = False  # also a binding in the Footer (a/l: the roles, R30)
    # Asked first (y to go on): B11's attack on a player who may be protected, P15's
    # accusation out of the die's reach. Confirmed, the choice goes on as if keyed.
    warning: Words | None = None


@dataclass(frozen=True)
class Paced:
    """Lines the app says by itself, each followed by its pause in seconds (the opening R10,
    a night pass), then ``then`` is entered. ``auto``: they start as soon as the step is
    shown, with no key (eyes are closed, W24); ``pausable``: space pauses them, and resuming
    says them again from line ``restart`` (the turn, not its opening); ``resumed``: said
    first when a screen takes them up that did not say the step's last ones (a resumed game:
    "keep your eyes closed")."""

    lines: tuple[tuple[str, float], ...]
    then: Any
    title: Words
    note: Words
    auto: bool = False
    pausable: bool = False
    restart: int = 0
    resumed: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class Timer:
    """A countdown on a deadline: ``then`` is entered when time is up (or it is ended)."""

    seconds: int
    then: Any
    key: str  # names this countdown: a saved one is resumed only for the same key
    warn_at: int = 30
    # A turn's timer (P7): it runs on across the entries of the turn (the steps that carry a
    # timer with the same ``key``) and never holds up Enter or a choice; ``then`` is entered
    # when time is up (None: it only says so).
    turn: bool = False
    # A game's own words for this clock (None: the common "Time is up.", "Discussion paused."
    # and the PAUSED caption): a turn's timer says whose turn ran out and what the table does.
    up: Line | None = None
    paused: Line | None = None
    resumed: Line | None = None
    paused_caption: Words | None = None


@dataclass(frozen=True)
class Privacy:
    """The private steps one player takes alone, on the privacy screen. Every step with the
    same ``session`` is taken on the same screen; once the game moves past them the screen
    shows ``Game.after_private`` until Enter and then a cleared page. ``on_open`` is entered as
    the cover page is left, with nothing to ask (R22: the last card of the deck)."""

    session: Hashable
    cover: Words
    close_eyes: Line | None = None
    on_open: Any = None
    # The seat that takes these steps: on its own phone when that seat's page is joined (the
    # laptop then shows only that a secret step is under way); None: the laptop's screen only.
    seat: int | None = None


# --- the body of a step: blocks, drawn one under another -------------------------------------


@dataclass(frozen=True)
class Seats:
    """Seats, one a line, each with its key and label (the game's screens may add more)."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class Checklist:
    """Lines the narrator ticks (digit keys) before Enter is taken (R6–R8)."""

    items: tuple[Words, ...]


@dataclass(frozen=True)
class Ballot:
    """A vote: the candidates with their votes, who votes now, what was cast."""

    heading: Words
    candidates: tuple[int, ...]
    tally: Mapping[int, int]
    voters: tuple[int, ...]
    cast: tuple[tuple[int, int], ...]
    waiting: tuple[int, ...]
    tone: str | None = None


@dataclass(frozen=True)
class Rows:
    """A list of seats with a value each (the roles revealed, R30): ``cursor`` is the seat the
    next key is for; ``strong`` the seats in bold (the dead)."""

    rows: tuple[tuple[int, Text | None], ...]
    cursor: int | None = None
    strong: frozenset[int] = frozenset()
    strong_note: Words | None = None


@dataclass(frozen=True)
class Claims:
    """A window any eligible seat may claim (B12's offers to intervene, P16's reactions): the
    ``seats`` that may claim, each keyed by its seat key (the step's choices toggle a claim);
    ``claimed`` in the game's order, the first with priority when ``priority`` (P16: the one
    whose turn comes soonest). Enter closes the window (the step's primary)."""

    heading: Words
    seats: tuple[int, ...]
    claimed: tuple[int, ...] = ()
    priority: bool = False
    note: Words | None = None
    mark: Words | None = None  # the game's word for a claim beside a seat ("offers", B12)


@dataclass(frozen=True)
class Over:
    """The winner, full screen."""

    banner: Words
    line: Text
    details: tuple[Text, ...] = ()
    tone: str | None = None
    note: Words | None = None


Block = Words | str | tuple | Seats | Checklist | Ballot | Rows | Claims | Over  # tuple: one line


@dataclass(frozen=True)
class StepView:
    """The current step, for the shell to draw and take keys for.

    ``key`` names the step: a new key is a new step (its opening lines are said once).
    ``primary`` is what Enter does (its event: an event, an ``AppMove`` or ``Paced`` lines),
    once every line of ``checks`` is ticked; without one, ``refusal`` says why. A
    ``private`` step is announced on the public screen by ``public`` (title, body, keys) and
    taken on the privacy screen."""

    kind: Kind
    key: Hashable
    name: Words | None = None  # the step's name, in the header
    title: Text = ""
    body: tuple[Block, ...] = ()
    keys: Words | str | None = None
    choices: tuple[Choice, ...] = ()
    primary: Choice | None = None
    refusal: Words | None = None
    unkeyed: Words | None = None  # a key that is no choice here: said on screen
    checks: tuple[Words, ...] = ()
    timer: Timer | None = None
    typed: Typed | None = None  # a field typed into, entered with Enter (then not ``primary``)
    private: Privacy | None = None
    public: tuple[Text, tuple[Block, ...], Words | str | None] | None = None
    banner: tuple[tuple[Text | None, str], ...] = ()  # (text, style); None: the step's name
    theme: str | None = None
    take_back: bool | Words = False  # Backspace takes back this step's last entry (a vote;
    # Words: its Footer label, "Take back the last resident")
    screen: str | None = None  # one of the game's own screens draws this step (Ravnica's deal)


# --- setup and the public view ---------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One field of the setup form. ``kind``: "count" (the players), "int" (digits, between
    ``low`` and ``high``), "choice" (one of ``options``: (value, label))."""

    name: str
    label: Words
    kind: Literal["count", "int", "choice"]
    default: Any = None
    low: int | None = None
    high: int | None = None
    options: tuple[tuple[str, Words], ...] = ()
    hint: Words | None = None
    digits: int = 4
    rule: str | None = None


@dataclass(frozen=True)
class Cell:
    """One public thing the tracker draws: a label with a count ("Rose", 2), a count out of a
    limit (wounds 3 of 4), a mark ("dagger"), or an ordered list (a City Council's
    influences, the Pyre's Citizens). ``tone``: a colour of the game's palette."""

    label: Text
    count: int | None = None
    limit: int | None = None
    items: tuple[Text, ...] = ()
    tone: str | None = None
    # Its label in a compacted side panel (a small terminal): "" shows the count alone; a
    # cell with no count nor items and a "" short is left out there (Dominance: inactive).
    short: Text | None = None


@dataclass(frozen=True)
class SeatView:
    """A seat as anyone may see it: its name, short marks beside it, the dead struck through,
    ``cells`` drawn by the tracker under it, ``turn``: the seat that acts now."""

    name: str
    marks: tuple[Text, ...] = ()
    dead: bool = False
    cells: tuple[Cell, ...] = ()
    turn: bool = False


@dataclass(frozen=True)
class Pile:
    """One of the table's piles (the Pyre) with its public cells."""

    name: Text
    cells: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class PublicView:
    """What anyone at the table may see now: nothing secret. The one door for every public
    screen: the side panel (the generic tracker, or a game's own widget given this view), the
    terminal display and the page draw it and nothing else. ``lines``: public lines under the
    seats (the candidates, a tally); ``board``: a game's own public data for its own widget
    (Werewolf's village grid); ``extra``: plain JSON-able data for the page."""

    title: Text
    step: Text
    seats: tuple[SeatView, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    piles: tuple[Pile, ...] = ()
    lines: tuple[Text, ...] = ()
    board: Any = None


# --- text made of texts (a name in capitals, two lines as one) -------------------------------


def upper(text: Any) -> Localized:
    return Localized(lambda lang: worded(text, lang).upper())


def capital(text: Any) -> Localized:
    return Localized(lambda lang: (lambda t: t[:1].upper() + t[1:])(worded(text, lang)))


def joined(separator: str, *parts: Any) -> Localized:
    """Texts one after another, ``separator`` between them: ``joined("\\n", a, b)``."""
    return Localized(lambda lang: separator.join(worded(p, lang) for p in parts))
