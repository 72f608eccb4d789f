"""Coin Call with stakes (C7-C12) as the shell draws it: every affordance a game may use, each
in one place, for the next game's author to read.

- a typed number (C7's stake: "s", then the number and Enter) beside the app's move with an
  argument (C7: "r" rolls a d20, the die named in ``AppMove.args``);
- a two-key private choice (C8: a partner's seat, then the side, on the privacy screen);
- a claim window with priority (C9: seats toggle their claims, Enter closes);
- a warned choice (C10: a vote for oneself asks first);
- a turn timer across entries (C11: one clock for the whole vote);
- an entry valid at any step, typed as text (C12: "n", then the note);
- tracker cells and a pile in the public view (votes, the stake, claims; the notes).
"""

from __future__ import annotations

import random

from narrator.games.common.seats import seat_key, seat_of_key
from narrator.games.shell_data import (
    AppMove,
    Cell,
    Choice,
    Claims,
    Line,
    Pile,
    StepView,
    Timer,
    Typed,
)
from narrator.prompts import Words
from tests.games.toy import events as ev
from tests.games.toy.rules import MAX_STAKE, MIN_STAKE, NOTE_LIMIT, OVER, SETUP, VOTE, State

NOTE_KEY, STAKE_KEY, ROLL_KEY = "n", "s", "r"
DIE = ("d20", 20)


def stake_view(s: State, path: tuple[str, ...]) -> StepView:
    """C7: type the stake (after "s"), or let the app roll it ("r")."""
    name = s.players[s.elected]
    if path[:1] == (STAKE_KEY,):
        label = Words("toy.stake_label", {"low": MIN_STAKE, "high": MAX_STAKE})
        typed = Typed(label, ev.StakeSet, low=MIN_STAKE, high=MAX_STAKE, rule="C7")
        return StepView(
            "choose",
            None,
            title=Words("toy.stake_title"),
            body=(Words("toy.stake_typing", {"player": name}),),
            keys=Words("toy.stake_typing_keys"),
            typed=typed,
        )
    return StepView(
        "choose",
        None,
        title=Words("toy.stake_title"),
        body=(Words("toy.stake_body", {"player": name}),),
        keys=Words("toy.stake_keys"),
        choices=(
            Choice(STAKE_KEY, Words("toy.stake_type"), goto=(STAKE_KEY,)),
            Choice(ROLL_KEY, Words("toy.stake_roll"), AppMove(args=DIE)),
        ),
    )


def roll_stake(s: State, position: int, die: tuple[str, int]) -> ev.StakeSet:
    """C7: the app's d20, seeded by the game and the journal's length: a resumed game rolls
    the same."""
    name, faces = die
    face = random.Random(f"toy-stake:{s.seed}:{position}").randint(1, faces)
    return ev.StakeSet(face, (name, face))


def call_choices(s: State, path: tuple[str, ...], sides, seat_choices) -> tuple[Choice, ...]:
    """C8: a partner's seat first (its key leads to the second key), then the side: two keys
    on the privacy screen. The rules refuse the caller as a partner."""
    if not path:
        return seat_choices(s, lambda seat: (seat_key(seat, s.count),))
    partner = seat_of_key(path[0], s.count)
    return tuple(
        Choice(k, Words(f"coin.{n}"), ev.CoinCalled(s.elected, n, partner)) for k, n in sides
    )


def claims_view(s: State, seat_choices) -> StepView:
    """C9: the window: the seats that may claim, their claims in priority order."""
    caller = s.players[s.elected]
    window = Claims(
        Words("toy.claims_head", {"player": caller}),
        s.priority,
        s.claims,
        priority=True,
        note=Words("toy.claims_note"),
    )
    choices = seat_choices(s, ev.ClaimToggled)  # the caller's own claim: the rules refuse it
    return StepView(
        "choose",
        None,
        title=Words("toy.claims_title"),
        body=(window,),
        keys=Words("toy.claims_keys"),
        choices=choices,
        primary=Choice("enter", event=ev.ClaimsClosed()),
    )


def vote_extras(s: State, voter: int, choices: tuple[Choice, ...]) -> dict:
    """C10's warning on a vote for oneself and C11's turn timer, with stakes."""
    if not s.stakes:
        return {"choices": choices}
    warning = Words("toy.self_vote_warning", {"player": s.players[voter]})
    warned = tuple(
        Choice(c.key, c.label, c.event, warning=warning)
        if c.event == ev.VoteCast(voter, voter)
        else c
        for c in choices
    )
    return {"choices": warned, "timer": Timer(s.seconds, None, "toy-vote", turn=True)}


def note_view(s: State) -> StepView:
    """C12: a public note, typed as text, at any step before the end."""
    return StepView(
        "choose",
        None,
        title=Words("toy.note_title"),
        body=(Words("toy.note_body"),),
        keys=Words("toy.note_keys"),
        typed=Typed(Words("toy.note_label"), ev.NoteWritten, number=False, length=NOTE_LIMIT),
    )


def anytime(s: State) -> tuple[Choice, ...]:
    if s.step in (SETUP, OVER):
        return ()
    return (Choice(NOTE_KEY, Words("toy.note_key"), goto=(NOTE_KEY,)),)


def seat_cells(s: State, seat: int) -> tuple[Cell, ...]:
    """The tracker's cells of a seat: votes received once cast, the stake on the caller, a
    claim (C9) and the doubler."""
    cells: list[Cell] = []
    received = sum(1 for _, c in s.votes if c == seat)
    if s.step == VOTE or s.elected is not None:
        cells.append(Cell(Words("toy.table.votes"), received))
    if seat == s.elected and s.stake is not None:
        cells.append(Cell(Words("toy.table.stake"), s.stake, MAX_STAKE))
    if seat == s.doubler:
        cells.append(Cell(Words("toy.table.doubles")))
    elif seat in s.claims:
        cells.append(Cell(Words("toy.table.claims")))
    return tuple(cells)


def piles(s: State) -> tuple[Pile, ...]:
    if not s.notes:
        return ()
    return (Pile(Words("toy.table.notes"), (Cell(Words("toy.table.notes"), items=s.notes),)),)


def event_lines(after: State, e) -> list[Line]:
    if isinstance(e, ev.StakeSet):
        return [Line("toy_stake", {"player": after.players[after.elected], "stake": e.amount})]
    if isinstance(e, ev.ClaimsClosed):
        if after.doubler is None:
            return [Line("toy_nobody_doubles")]
        return [Line("toy_doubles", {"player": after.players[after.doubler]})]
    if isinstance(e, ev.NoteWritten):
        return [Line("toy_note")]
    return []


def story(after: State, e) -> Words | None:
    """The record's line of a stakes entry (the partner only once flipped: C8)."""
    if isinstance(e, ev.StakeSet):
        how = "toy.story.rolled" if e.roll else "toy.story.staked"
        return Words(how, {"player": after.players[after.elected], "stake": e.amount})
    if isinstance(e, ev.ClaimToggled):
        return Words("toy.story.claim", {"player": after.players[e.seat]})
    if isinstance(e, ev.ClaimsClosed):
        if after.doubler is None:
            return Words("toy.story.nobody_doubles")
        return Words("toy.story.doubles", {"player": after.players[after.doubler]})
    if isinstance(e, ev.NoteWritten):
        return Words("toy.story.note", {"text": e.text})
    return None
