"""The game's steps as the shell draws them (``StepView``): what is shown, what may be keyed.
The step's key changes each round, so the shell knows a new step began (and says it)."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.common.seats import seat_choices
from narrator.games.shell_data import Ballot, Choice, Line, Over, Privacy, StepView, upper
from narrator.prompts import Words
from tests.games.skeleton import events as ev
from tests.games.skeleton.rules import REVEAL, SECRET, SETUP, VOTE, State

WIN_TONE = "#e0b400"


def seats(s: State, make=None, refusal: Words | None = None):
    return seat_choices(s.players, make, refusal, no_seat="game.no_seat")


def step_view(s: State, path: tuple[str, ...] = ()) -> StepView:
    view = _view(s)
    return replace(view, key=(s.step, s.round), name=Words(f"skeleton.step.{s.step}"))


def _view(s: State) -> StepView:
    if s.step == SETUP:
        return StepView("info", None)
    if s.step == SECRET:
        return _secret_view(s)
    if s.step == VOTE:
        return _vote_view(s)
    if s.step == REVEAL:
        return StepView(
            "info",
            None,
            title=Words("skeleton.reveal_title"),
            body=(Words("skeleton.reveal_body"),),
            keys=Words("skeleton.reveal_keys"),
            primary=Choice("enter", event=ev.Revealed()),
        )
    return _over_view(s)


def _secret_view(s: State) -> StepView:
    """X2: the privacy screen draws ``body`` and takes ``choices``; the table sees ``public``."""
    picker = s.players[0]
    return StepView(
        "private",
        None,
        body=(
            Words("skeleton.privacy.ask", {"player": picker}),
            "",
            Words("skeleton.privacy.keys", {"last": s.count}),
        ),
        choices=seats(s, ev.SecretChosen),
        private=Privacy(
            session=("secret",),
            cover=Words("skeleton.privacy.cover", {"player": picker}),
            close_eyes=Line("skeleton_close_eyes", {"player": picker}),
            seat=0,  # the seat that takes it: on its own phone when joined
        ),
        public=(
            Words("skeleton.secret_title"),
            (Words("skeleton.secret_public", {"player": picker}),),
            Words("skeleton.secret_keys"),
        ),
    )


def _vote_view(s: State) -> StepView:
    counted = {"voted": len(s.votes), "voters": s.count}
    if s.waiting:
        voter = s.waiting[0]
        choices = seats(s, lambda seat: ev.VoteCast(voter, seat))
        keys = Words("skeleton.vote_keys", {"player": s.players[voter], **counted})
    else:
        choices = seats(s, refusal=Words("skeleton.everyone_voted"))
        keys = Words("skeleton.all_voted", counted)
    everyone = tuple(range(s.count))
    heading = Words("skeleton.vote_head", {"round": s.round, "rounds": s.rounds})
    ballot = Ballot(heading, everyone, s.tally(), everyone, s.votes, s.waiting)
    return StepView(
        "vote",
        None,
        title=Words("skeleton.vote_title", {"round": s.round}),
        body=(ballot,),
        keys=keys,
        choices=choices,
        primary=Choice("enter", event=ev.VotesCounted()),
        take_back=bool(s.votes),
    )


def winners_words(s: State) -> Words:
    return Words("skeleton.winners", {"players": tuple(s.players[p] for p in s.winners())})


def _over_view(s: State) -> StepView:
    names = tuple(s.players[p] for p in s.winners())
    secret = s.players[s.secret] if s.secret is not None else ""
    over = Over(
        upper(Words("skeleton.win_banner", {"players": names})),
        winners_words(s),
        (Words("skeleton.secret_was", {"player": secret}),),
        WIN_TONE,
        Words("skeleton.over_keys"),
    )
    return StepView("over", None, body=(over,))
