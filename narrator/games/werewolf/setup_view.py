"""Werewolf's steps before the first day as the shell draws them: the resident picker with its
running sum (W8), the Grand Inquisitor (W10), the deal (W3, W4, W9), the first night (W11)."""

from __future__ import annotations

from collections import Counter

from narrator.games.shell_data import AppMove, Checklist, Choice, Paced, Seats, StepView
from narrator.games.werewolf import events as ev
from narrator.games.werewolf.keys import kind_choices, seat_choices, seat_keys_words
from narrator.games.werewolf.residents import (
    KINDS,
    START_VOTES,
    SUPPLY,
    VILLAGE_SIZE,
    balance,
    first_game_set,
    hut_of,
    inquisitors,
    resident,
    warnings,
)
from narrator.games.werewolf.state import State, Step
from narrator.prompts import Words


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)  # a balance number as printed on the card (W5)


def picked_line(s: State) -> Words:
    counts = Counter(s.residents)
    kinds = tuple(
        Words("ww.kind_times", {"kind": resident(k), "n": n}) if n > 1 else resident(k)
        for k, n in counts.items()
    )
    return Words("ww.picker.picked", {"kinds": kinds}) if kinds else Words("ww.picker.none")


TAKE_BACK_KEY = "backspace"  # the shell's Backspace: what it enters at this step


def take_back_one(s: State) -> Choice:
    """W8: Backspace takes back one resident, the last one in the village, even when a single
    entry brought in several (``2``, the app's completion; ``1``, the first-game set): it
    enters the removal of that one, not the undo of the whole entry (ctrl+z still undoes)."""
    last = s.residents[-1]
    return Choice(
        TAKE_BACK_KEY, Words("ww.picker.take_back"), ev.ResidentRemoved(last), listed=False
    )


def take_out(s: State) -> dict:
    """``-`` goes on to the resident taken out, or says at once that nobody is in (W8)."""
    if not s.residents:
        return {"refusal": Words("ww.picker.nobody_out")}
    return {"goto": ("-",)}


def residents_view(s: State, path: tuple[str, ...]) -> StepView:
    target = signed(s.options.target)
    removing = path == ("-",)
    if removing:
        choices = kind_choices(KINDS, ev.ResidentRemoved, listed=set(s.residents))
        keys = Words("ww.picker.remove_keys")
    else:
        choices = (
            *kind_choices(KINDS, ev.ResidentAdded),
            Choice("-", Words("ww.picker.remove"), **take_out(s)),
            Choice("1", Words("ww.picker.first_game"), ev.ResidentsSet(first_game_set(s.count))),
            Choice("2", Words("ww.picker.complete", {"target": target}), AppMove()),
        )
        keys = Words("ww.picker.keys", {"target": target})
    if s.residents:
        choices += (take_back_one(s),)
    status = Words(
        "ww.picker.status",
        {
            "picked": len(s.residents),
            "size": VILLAGE_SIZE,
            "sum": signed(balance(s.residents)),
            "target": target,
        },
    )
    found = warnings(s.residents, s.count, s.options.target)
    warned = tuple(Words(key, params) for key, params in found)
    return StepView(
        "choose",
        None,
        title=Words("ww.picker.title", {"size": VILLAGE_SIZE}),
        body=(status, picked_line(s), "", Words("ww.picker.box"), *warned),
        keys=keys,
        choices=choices,
        primary=Choice("enter", event=ev.ResidentsConfirmed()),
        take_back=Words("ww.picker.take_back") if s.residents else False,
        # A key that is no entry: where the keys are, not the key line again just above it.
        unkeyed=Words("ww.picker.unkeyed_out" if removing else "ww.picker.unkeyed"),
    )


def grand_inquisitor_view(s: State, path: tuple[str, ...]) -> StepView:
    return StepView(
        "choose",
        None,
        title=Words("ww.gi.title"),
        body=(Words("ww.gi.body"), Seats(tuple(s.seats))),
        keys=Words("ww.gi.keys", {"keys": seat_keys_words(s)}),
        choices=seat_choices(s, ev.GrandInquisitorChosen),
        primary=Choice("enter", event=AppMove()),
        unkeyed=Words("ww.gi.unkeyed", {"keys": seat_keys_words(s)}),
    )


def deal_items(s: State) -> tuple[Words, ...]:
    villagers, werewolves = inquisitors(s.count)
    huts = Counter(hut_of(k) for k in s.residents)
    return (
        Words("ww.deal.inquisitors", {"villagers": villagers, "werewolves": werewolves}),
        Words("ww.deal.votes", {"votes": START_VOTES, "supply": SUPPLY - START_VOTES * s.count}),
        Words("ww.deal.residents", {"size": VILLAGE_SIZE}),
        Words(
            "ww.deal.huts",
            {"huts": tuple(hut_count(k, n) for k, n in huts.items()), "player": s.players[s.gi]},
        ),
    )


def hut_count(kind: str, n: int) -> Words:
    return Words("ww.hut_count" if n > 1 else "ww.hut_one", {"hut": resident(kind), "n": n})


def deal_view(s: State, path: tuple[str, ...]) -> StepView:
    items = deal_items(s)
    return StepView(
        "info",
        None,
        title=Words("ww.deal.title"),
        body=(Checklist(items),),
        keys=Words("ww.deal.keys"),
        checks=items,
        primary=Choice("enter", event=ev.VillageDealt()),
    )


def first_night_view(s: State, path: tuple[str, ...]) -> StepView:
    """W11: said by the app, no key: the werewolves see each other."""
    look = float(s.options.look_seconds)
    paced = Paced(
        (
            ("ww_close_eyes", 3.0),
            ("ww_wolves_open", look),
            ("ww_wolves_close", 3.0),
            ("ww_all_open", 1.0),
        ),
        ev.FirstNightDone(),
        Words("ww.first_night.title"),
        Words("ww.eyes_closed"),
        auto=True,
    )
    return StepView(
        "info",
        None,
        title=Words("ww.first_night.title"),
        body=(Words("ww.eyes_closed"),),
        primary=Choice("enter", event=paced),
    )


SETUP_VIEWS = {
    Step.RESIDENTS: residents_view,  # W8
    Step.GRAND_INQUISITOR: grand_inquisitor_view,  # W10
    Step.DEAL: deal_view,  # W3, W4, W9
    Step.FIRST_NIGHT: first_night_view,  # W11
}
