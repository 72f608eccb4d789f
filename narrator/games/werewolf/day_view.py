"""Werewolf's day as the shell draws it: whose hut turn and which huts are left (W12), each
hut's targets keyed fast (a hut by letter, then a spot like "b2", W17), the vote (W18), the
Grand Inquisitor's tie pick (W19) and the lynched resident's identity (W20, W34)."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.base import Refusal, refusal_of
from narrator.games.shell_data import Choice, Seats, StepView, Timer
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import village
from narrator.games.werewolf.day import (
    TARGETS,
    action_refused,
    hut_gone,
    hut_taken,
    votes_counted,
)
from narrator.games.werewolf.keys import (
    kind_choices,
    letters,
    line_choices,
    refused,
    seat_choices,
    seat_keys_words,
    spot_choices,
)
from narrator.games.werewolf.residents import HUT_KINDS, KEY, KINDS, resident
from narrator.games.werewolf.state import State, Step
from narrator.prompts import Either, Words

PASS_KEY = "p"


def hut_list(s: State) -> Words:
    left = s.huts_left
    huts = tuple(
        Words(
            "ww.hut_key_many" if left[k] > 1 else "ww.hut_key",
            {"key": KEY[k], "hut": resident(k), "n": left[k]},
        )
        for k in HUT_KINDS
        if left[k]
    )
    return Words("ww.huts.left", {"huts": huts})


def holding(s: State, seat: int) -> Words:
    return Words("ww.holds", {"player": s.players[seat], "votes": s.held[seat], "supply": s.supply})


def huts_view(s: State, path: tuple[str, ...]) -> StepView:
    seat = s.hut_seat
    name = s.players[seat]
    turn = {"player": name, "turn": s.turn + 1, "turns": len(s.order)}
    if not s.huts_left:
        return StepView(
            "choose",
            None,
            title=Words("ww.huts.title", turn),
            body=(Words("ww.huts.none_left", {"player": name}), holding(s, seat)),
            keys=Words("ww.huts.none_keys"),
            primary=Choice("enter", event=ev.NoHutLeft(seat)),
        )
    if path:
        return hut_action_view(s, seat, path)
    taken = tuple(resident(k) for k in s.huts_taken)
    body = [hut_list(s), holding(s, seat)]
    if taken:
        body.append(Words("ww.huts.taken", {"huts": taken}))
    return StepView(
        "choose",
        None,
        title=Words("ww.huts.title", turn),
        body=tuple(body),
        keys=Words("ww.huts.keys", {"player": name}),
        choices=(
            *(Choice(KEY[k], resident(k), **hut_goto(s, k)) for k in HUT_KINDS),
            # W12: a pass is of a hut taken: p first says so, as the key line does
            Choice(PASS_KEY, refusal=Words("ww.huts.pass_first", {"player": name}), listed=False),
        ),
        unkeyed=Words("ww.huts.unkeyed", {"keys": letters(k for k in HUT_KINDS if s.huts_left[k])}),
    )


def hut_goto(s: State, hut: str) -> dict:
    gone = hut_gone(s, hut)
    if gone is not None:
        return {"refusal": refused(gone), "listed": False}
    return {"goto": (hut,)}


def hut_action_view(s: State, seat: int, path: tuple[str, ...]) -> StepView:
    """The hut's action: its targets one by one (the Witch: X, then Y), or a pass."""
    hut = path[0]
    wanted = TARGETS[hut]
    passing = Choice(PASS_KEY, Words("ww.pass_label"), ev.HutTaken(seat, hut, passed=True))
    primary = None
    if not wanted:
        choices: tuple = ()
        primary = Choice("enter", event=ev.HutTaken(seat, hut))
        ask = Words("ww.ask.enter")
    elif wanted[0] == "spot" and len(wanted) == 2 and len(path) == 2:
        choices = spot_choices(lambda y: ev.HutTaken(seat, hut, (path[1], y)))
        ask = Words("ww.ask.spot_to", {"spot": path[1]})
    elif wanted[0] == "spot" and len(wanted) == 2:
        choices = spot_choices(lambda x: witch_from(s, hut, x))
        ask = Words("ww.ask.spot_from")
    elif wanted[0] == "spot":
        choices = spot_choices(lambda x: ev.HutTaken(seat, hut, (x,)))
        ask = Words("ww.ask.spot")
    elif wanted[0] == "seat":
        choices = seat_choices(s, lambda t: ev.HutTaken(seat, hut, seat_target=t))
        ask = Words("ww.ask.seat", {"keys": seat_keys_words(s)})
    else:
        choices = line_choices(lambda line: ev.HutTaken(seat, hut, line=line))
        ask = Words("ww.ask.line")
    body: list = [Words(f"ww.action.{hut}"), holding(s, seat)]
    if wanted and wanted[0] == "seat":
        body.append(Seats(tuple(s.seats)))
    view = StepView(
        "choose",
        None,
        title=Words("ww.huts.action_title", {"player": s.players[seat], "hut": resident(hut)}),
        body=tuple(body),
        keys=Words("ww.ask.keys", {"ask": ask}),
        choices=(*choices, passing),
        primary=primary,
        refusal=Words("ww.ask.no_enter"),
        unkeyed=Words("ww.ask.unkeyed", {"ask": ask}),  # a key that is no target says why
    )
    cannot = action_refused(s, seat, hut)
    if cannot is not None:  # every target's key says it too: whatever the target, not now
        why = refused(cannot)
        choices = tuple(replace(c, event=None, goto=None, refusal=why) for c in choices)
        return pass_only(view, why, (*choices, passing))
    cannot = no_target(s, hut, choices)  # each target's key keeps its own reason
    return view if cannot is None else pass_only(view, refused(cannot), view.choices)


def no_target(s: State, hut: str, targets: tuple[Choice, ...]) -> Refusal | None:
    """W17: a hut with targets none of which its action may take now (the Seer with every card
    horizontal, the Minion or the Witch with no vote on any card): said at the hut's key."""
    if not targets:
        return None
    for c in targets:
        if c.refusal is None and (c.goto is not None or refusal_of(hut_taken, s, c.event) is None):
            return None
    return Refusal("ww_no_target", "W17", hut=resident(hut))


def pass_only(view: StepView, why, choices: tuple[Choice, ...]) -> StepView:
    """A hut whose action cannot be done now (W13, W14, W17): said as soon as the hut's key is
    pressed, and by Enter; its pass stays open (W12: a hut may be taken to pass with it)."""
    return replace(
        view,
        body=(*view.body, why),
        keys=Words("ww.ask.pass_only"),
        choices=choices,
        primary=None,
        refusal=why,
        unkeyed=why,
    )


def witch_from(s: State, hut: str, x: str):
    """The Witch's first spot: refused at once when it holds no vote (W17), not after Y."""
    found = village.spot(s.spots, x)
    if not found.occupied:
        return Refusal("ww_empty_spot", "W15", spot=x)
    if found.votes == 0:
        return Refusal("ww_no_votes_there", "W17", spot=x)
    return (hut, x)


def discussion_view(s: State, path: tuple[str, ...]) -> StepView:
    seconds = s.options.discussion_seconds
    return StepView(
        "timed",
        None,
        title=Words("ww.discussion.title", {"day": s.day}),
        body=(Words("ww.discussion.body"),),
        keys=Words("ww.discussion.keys"),
        timer=Timer(seconds, ev.DiscussionEnded(), f"ww-discussion-{s.day}"),
    )


def cast_line(s: State) -> Words | str:
    if not s.cast:
        return ""
    return Words("ww.vote.cast", {"votes": tuple(f"{s.players[p]}→{spot}" for p, spot in s.cast)})


def vote_view(s: State, path: tuple[str, ...]) -> StepView:
    skipped = tuple(s.players[p] for p in s.seats if p not in s.voters)
    body: list = []
    if skipped:
        body.append(Words("ww.vote.skipped", {"players": skipped}))
    body.append(cast_line(s))
    voter = s.voter
    counts = {"voted": len(s.cast), "voters": len(s.voters)}
    # Enter counts once every vote is placed (W18): before, it is off the key line, and
    # pressed it names who is still to vote
    primary = refusal = None
    if voter is not None:
        body.insert(0, holding(s, voter))
        choices = spot_choices(lambda x: ev.VoteCast(voter, x), village.occupied(s.spots))
        keys = Words("ww.vote.keys", {"player": s.players[voter], **counts})
        unkeyed = Words("ww.vote.unkeyed")  # a seat's digit: a vote goes on a spot (W15)
        refusal = refusal_of(votes_counted, s, ev.VotesCounted())  # W18, as the rules say it
    else:
        choices = spot_choices(lambda x: Refusal("ww_everyone_voted", "W18"))
        keys = Words("ww.vote.all_voted", counts)
        unkeyed = Words("ww.vote.unkeyed_done")
        primary = Choice("enter", event=ev.VotesCounted())
    return StepView(
        "vote",
        None,
        title=Words("ww.vote.title", {"day": s.day}),
        body=tuple(body),
        keys=keys,
        choices=choices,
        primary=primary,
        refusal=refusal,
        unkeyed=unkeyed,
        take_back=bool(s.cast),
    )


def lynch_tie_view(s: State, path: tuple[str, ...]) -> StepView:
    votes = village.spot(s.spots, s.tied[0]).votes
    return StepView(
        "choose",
        None,
        title=Words("ww.tie.title"),
        body=(Words("ww.tie.body", {"spots": s.tied, "votes": votes, "player": s.players[s.gi]}),),
        keys=Words("ww.tie.keys", {"spots": Either(s.tied)}),
        choices=spot_choices(ev.LynchChosen, s.tied),
        unkeyed=Words("ww.tie.unkeyed", {"spots": Either(s.tied)}),
    )


def pool_line(s: State) -> Words:
    """W33: the hidden pool, each kind with its key (a converted Cursed marked)."""
    alive = s.alive
    kinds = tuple(
        Words(
            "ww.pool_kind_many" if alive.count(k) > 1 else "ww.pool_kind",
            {"key": KEY[k], "kind": resident(k), "n": alive.count(k)},
        )
        for k in KINDS
        if k in alive
    )
    key = "ww.pool_with_converted" if s.converted and "cursed" in alive else "ww.pool"
    return Words(key, {"kinds": kinds})


def reveal_view(s: State, spot: str, title: Words, body: Words) -> StepView:
    alive = s.alive
    return StepView(
        "choose",
        None,
        title=title,
        body=(body, "", pool_line(s)),
        keys=Words("ww.reveal.keys", {"spot": spot}),
        choices=kind_choices(KINDS, ev.Revealed, listed=alive),
        unkeyed=Words("ww.reveal.unkeyed", {"keys": letters(k for k in KINDS if k in alive)}),
    )


def lynch_reveal_view(s: State, path: tuple[str, ...]) -> StepView:
    spot = s.lynched
    votes = village.spot(s.spots, spot).votes
    return reveal_view(
        s,
        spot,
        Words("ww.lynch.title", {"spot": spot}),
        Words("ww.lynch.body", {"spot": spot, "votes": votes}),
    )


DAY_VIEWS = {
    Step.HUTS: huts_view,  # W12–W17
    Step.DISCUSSION: discussion_view,  # W18
    Step.VOTE: vote_view,  # W18
    Step.LYNCH_TIE: lynch_tie_view,  # W19
    Step.LYNCH_REVEAL: lynch_reveal_view,  # W20
}
