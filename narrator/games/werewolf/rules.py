"""The rules of Ultimate Werewolf: Inquisition as a pure fold over its events (W1–W38 in
``shared/design/werewolf-inquisition.md``). Setting up here; the day in ``day``, the night in
``night``. Every refusal names its rule.
"""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

from narrator.games.base import Event, Refusal, refusal_of
from narrator.games.common.dispatch import Dispatch
from narrator.games.common.names import clean_names
from narrator.games.werewolf import day, night, village
from narrator.games.werewolf import events as ev
from narrator.games.werewolf.residents import (
    START_VOTES,
    SUPPLY,
    check_can_add,
    check_kind,
    check_player_count,
    check_village,
    copies_of,
    inquisitors,
    resident,
)
from narrator.games.werewolf.state import RULE_OF_STEP, State, Step
from narrator.prompts import Term

OPTION_BOUNDS = {  # seconds: (low, high, rule)
    "look_seconds": (1, 120, "W11"),
    "pass_seconds": (2, 60, "W24"),
    "discussion_seconds": (0, 3600, "W18"),
}
TARGETS = (-6, -3, 0, 3, 6)  # W8: the balances the picker may aim at
OPTION_CHOICES = {
    "supply": (get_args(ev.SupplyRule), "W14"),
    "first_night": (get_args(ev.FirstNight), "W11"),
    "copies": (get_args(ev.Copies), "W5"),
    "target": (TARGETS, "W8"),
}


def waiting_for(s: State) -> tuple[Term, str]:
    """What the game waits for, worded, and the rule of that step."""
    return Term(f"term.wants.{s.step}"), RULE_OF_STEP[s.step]


def not_now(s: State) -> Refusal:
    """The refusal of an entry out of order: what the game waits for, and that step's rule."""
    wants, rule = waiting_for(s)
    return Refusal("ww_not_now", rule, wants=wants)


def check_options(o: ev.Options) -> None:
    for name, (choices, rule) in OPTION_CHOICES.items():
        if getattr(o, name) not in choices:
            raise Refusal("option_choice", rule, option=name, choices=" / ".join(map(str, choices)))
    for name, (low, high, rule) in OPTION_BOUNDS.items():
        value = getattr(o, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Refusal("option_seconds", rule, option=name, low=low, high=high)


def first_night_on(s: State) -> bool:
    """W11 ⚖: skipped with 3–4 players unless the narrator chose otherwise."""
    if s.options.first_night == "auto":
        return s.count >= 5
    return s.options.first_night == "always"


# --- setting up -------------------------------------------------------------------------------
def game_created(s: State, e: ev.GameCreated) -> State:
    check_player_count(len(e.players))  # W2
    players = clean_names(e.players, "W2")
    check_options(e.options)
    return State(players=players, options=e.options, seed=e.seed, step=Step.RESIDENTS)


def resident_added(s: State, e: ev.ResidentAdded) -> State:
    check_can_add(s.residents, e.kind, copies_of(s.options.copies))  # W5, W8
    return replace(s, residents=s.residents + (e.kind,))


def resident_removed(s: State, e: ev.ResidentRemoved) -> State:
    check_kind(e.kind, "W8")
    if e.kind not in s.residents:
        raise Refusal("ww_not_picked", "W8", kind=resident(e.kind))
    i = len(s.residents) - 1 - s.residents[::-1].index(e.kind)  # the last one picked
    return replace(s, residents=s.residents[:i] + s.residents[i + 1 :])


def residents_set(s: State, e: ev.ResidentsSet) -> State:
    check_village(e.kinds, copies_of(s.options.copies))
    return replace(s, residents=tuple(e.kinds))


def residents_confirmed(s: State, e: ev.ResidentsConfirmed) -> State:
    check_village(s.residents, copies_of(s.options.copies))  # W8
    return replace(s, step=Step.GRAND_INQUISITOR)


def grand_inquisitor_chosen(s: State, e: ev.GrandInquisitorChosen) -> State:
    if not isinstance(e.seat, int) or isinstance(e.seat, bool) or not 0 <= e.seat < s.count:
        shown = e.seat + 1 if isinstance(e.seat, int) else e.seat
        raise Refusal("ww_no_seat", "W10", seat=shown, count=s.count)
    return replace(s, gi=e.seat, step=Step.DEAL)


def village_dealt(s: State, e: ev.VillageDealt) -> State:
    """W3, W4, W9: 2 votes each from the supply, the residents face down and vertical."""
    dealt = replace(
        s,
        held=(START_VOTES,) * s.count,
        supply=SUPPLY - START_VOTES * s.count,
        spots=village.fresh(),
    )
    if first_night_on(s):
        return replace(dealt, step=Step.FIRST_NIGHT)
    return day.new_day(dealt, first=True)


def first_night_done(s: State, e: ev.FirstNightDone) -> State:
    return day.new_day(s, first=True)


def inquisitor_keyed(s: State, e: ev.InquisitorKeyed) -> State:
    """W38: the Inquisitor cards, for the record only, once the game is over."""
    if not 0 <= e.seat < s.count:
        raise Refusal("ww_no_seat", "W38", seat=e.seat + 1, count=s.count)
    if e.card not in ("villager", "werewolf"):
        raise Refusal("ww_not_an_inquisitor", "W38", card=e.card)
    cards = list(s.inquisitors or (None,) * s.count)
    cards[e.seat] = e.card
    dealt = dict(zip(("villager", "werewolf"), inquisitors(s.count), strict=True))
    if cards.count(e.card) > dealt[e.card]:  # W3: no more cards of a kind than were dealt
        raise Refusal(f"ww_too_many_{e.card}_cards", "W3", n=dealt[e.card], players=s.count)
    return replace(s, inquisitors=tuple(cards))


def revealed(s: State, e: ev.Revealed) -> State:
    """The identity of the lynched resident (W20) by day, of the attacked one (W25) by night."""
    if s.step == Step.LYNCH_REVEAL:
        return day.lynch_revealed(s, e)
    return night.attack_revealed(s, e)


HANDLERS = {  # event type -> (the step or steps it is entered in, what it does)
    ev.GameCreated: (Step.SETUP, game_created),
    ev.ResidentAdded: (Step.RESIDENTS, resident_added),
    ev.ResidentRemoved: (Step.RESIDENTS, resident_removed),
    ev.ResidentsSet: (Step.RESIDENTS, residents_set),
    ev.ResidentsConfirmed: (Step.RESIDENTS, residents_confirmed),
    ev.GrandInquisitorChosen: (Step.GRAND_INQUISITOR, grand_inquisitor_chosen),
    ev.VillageDealt: (Step.DEAL, village_dealt),
    ev.FirstNightDone: (Step.FIRST_NIGHT, first_night_done),
    ev.HutTaken: (Step.HUTS, day.hut_taken),
    ev.NoHutLeft: (Step.HUTS, day.no_hut_left),
    ev.DiscussionEnded: (Step.DISCUSSION, day.discussion_ended),
    ev.VoteCast: (Step.VOTE, day.vote_cast),
    ev.VotesCounted: (Step.VOTE, day.votes_counted),
    ev.LynchChosen: (Step.LYNCH_TIE, day.lynch_chosen),
    ev.Revealed: ((Step.LYNCH_REVEAL, Step.ATTACK_REVEAL), revealed),
    ev.ColumnChosen: (Step.NIGHT_COLUMN, night.column_chosen),
    ev.PassTurned: (Step.NIGHT_PASS, night.pass_turned),
    ev.InquisitorKeyed: (Step.OVER, inquisitor_keyed),
}
RULES: Dispatch[State] = Dispatch(
    HANDLERS,
    not_now=not_now,
    not_this_game=lambda e: Refusal("ww_not_this_game", entry=getattr(e, "type", type(e).__name__)),
)


def fresh(s: State) -> State:
    """The state without what the last entry did to the table (said once, for that entry)."""
    if s.moves or s.shuffled or s.returned:
        return replace(s, moves=(), shuffled=(), returned=0)
    return s


def apply(s: State, e: Event) -> State:
    """The state after ``e``; `Refusal` (and nothing changed) for an entry the rules forbid.
    Every entry starts from the table as the last one left it, less what it did (``fresh``)."""
    return RULES.apply(fresh(s), e)


def check(state: State, event: Event) -> Refusal | None:
    """The refusal ``event`` would meet, or None when it is allowed."""
    return refusal_of(apply, state, event)
