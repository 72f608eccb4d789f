"""Coin Call as the shell drives it: the `narrator.games.base.Game` of C1–C6, drawn by the
generic shell alone (no screens module)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from narrator.games.base import Event, Game
from narrator.games.common.seats import seat_choices as common_seat_choices
from narrator.games.shell_data import (
    Announcement,
    AppMove,
    Ballot,
    Choice,
    Field,
    Line,
    Over,
    Privacy,
    PublicView,
    Seats,
    SeatView,
    StepView,
    Timer,
    upper,
)
from narrator.prompts import Term, Words, worded, words
from tests.games.toy import events as ev
from tests.games.toy import rules, stakes
from tests.games.toy.rules import CALL, CLAIMS, DISCUSSION, FLIP, OVER, SETUP, STAKE, VOTE, State

CALLER_TONE, OTHERS_TONE = "#e0b400", "#4a8fe7"
CALL_KEYS = (("1", "heads"), ("2", "tails"))  # not "h": the game screen's Home key


def side(name: str) -> Term:
    """A side of the coin, worded by the catalogue that formats the line (speech or screen)."""
    return Term(f"coin.{name}")


def seat_choices(s: State, make=None, refusal: Words | None = None) -> tuple[Choice, ...]:
    """A choice for each digit key: a seat's (``make(seat)``), or past the last seat, that
    there is no such seat."""
    return common_seat_choices(s.players, make, refusal, no_seat="toy.no_seat")


def banner(s: State) -> tuple:
    where = Words("toy.banner", {"players": s.count})
    return ((" ", "bold"), (where, "bold"), (" · ", "bold"), (None, "bold"), (" ", "bold"))


def step_view(s: State, path: tuple[str, ...] = ()) -> StepView:
    if path[:1] == (stakes.NOTE_KEY,) and s.step not in (SETUP, OVER):  # C12, any step
        view = stakes.note_view(s)
    else:
        view = _view(s, path)
    return replace(view, key=(s.step,), name=Words(f"toy.step.{s.step}"), banner=banner(s))


def _view(s: State, path: tuple[str, ...] = ()) -> StepView:
    if s.step == STAKE:
        return stakes.stake_view(s, path)
    if s.step == CLAIMS:
        return stakes.claims_view(s, seat_choices)
    if s.step == SETUP:
        return StepView("info", None)
    if s.step == DISCUSSION:
        return StepView(
            "timed",
            None,
            title=Words("toy.discussion_title"),
            body=(Words("toy.discussion_body"), Seats(tuple(s.seats))),
            keys=Words("toy.discussion_keys"),
            timer=Timer(s.seconds, ev.DiscussionEnded(), "toy-discussion"),
            choices=seat_choices(s),
        )
    if s.step == VOTE:
        return _vote_view(s)
    if s.step == CALL:
        name = s.players[s.elected]
        privacy = Privacy(
            session=("call", s.elected),
            cover=Words("toy.privacy.cover", {"player": name}),
            close_eyes=Line("toy_close_eyes", {"player": name}),
        )
        options = Words("toy.privacy.keys", {n: side(n) for _, n in CALL_KEYS})
        choices = tuple(
            Choice(k, Words(f"coin.{n}"), ev.CoinCalled(s.elected, n)) for k, n in CALL_KEYS
        )
        ask = Words("toy.privacy.ask", {"player": name})
        if s.stakes:  # C8: a partner's seat, then the side
            choices = stakes.call_choices(s, path, CALL_KEYS, seat_choices)
            if not path:
                ask = Words("toy.privacy.partner", {"player": name})
                options = Words("toy.privacy.partner_keys", {"last": s.count})
        return StepView(
            "private",
            None,
            body=(ask, "", options),
            choices=choices,
            private=privacy,
            public=(
                Words("toy.call_title"),
                (Words("toy.call_public", {"player": name}),),
                Words("toy.call_keys"),
            ),
        )
    if s.step == FLIP:
        return StepView(
            "info",
            None,
            title=Words("toy.flip_title"),
            body=(Words("toy.flip_body", {"player": s.players[s.elected]}),),
            keys=Words("toy.flip_keys"),
            primary=Choice("enter", event=AppMove()),
            choices=seat_choices(s),
        )
    return _over_view(s)


def _vote_view(s: State) -> StepView:
    voted = {"voted": len(s.votes), "voters": s.count}
    if s.waiting:
        voter = s.waiting[0]
        choices = seat_choices(s, lambda seat: ev.VoteCast(voter, seat))
        keys = Words("toy.vote_keys", {"player": s.players[voter], **voted})
    else:
        choices = seat_choices(s, refusal=Words("toy.everyone_voted"))
        keys = Words("toy.all_voted", voted)
    ballot = Ballot(
        Words("toy.vote_head"), tuple(s.seats), s.tally(), tuple(s.seats), s.votes, s.waiting
    )
    return StepView(
        "vote",
        None,
        title=Words("toy.vote_title"),
        body=(ballot,),
        keys=keys,
        **stakes.vote_extras(s, s.waiting[0] if s.waiting else -1, choices),
        primary=Choice("enter", event=ev.VotesClosed()),
        take_back=bool(s.votes),
    )


def winner_words(s: State) -> Words:
    caller = s.players[s.elected]
    if s.winner == "caller":
        return Words("toy.winner_caller", {"player": caller})
    others = tuple(p for i, p in enumerate(s.players) if i != s.elected)
    return Words("toy.winner_others", {"player": caller, "others": others})


def _over_view(s: State) -> StepView:
    caller = s.winner == "caller"
    team = s.players[s.elected] if caller else Words("toy.everyone_else")
    result = Words(
        "toy.result", {"player": s.players[s.elected], "call": side(s.call), "flip": side(s.flip)}
    )
    over = Over(
        Words("toy.win_banner", {"team": upper(team)}),
        winner_words(s),
        (result,),
        CALLER_TONE if caller else OTHERS_TONE,
        Words("toy.over_keys"),
    )
    return StepView("over", None, body=(over,))


# --- what is said -----------------------------------------------------------------------------
def step_lines(s: State) -> list[Line]:
    if s.step == DISCUSSION:
        return [Line("toy_discussion", {"seconds": s.seconds})]
    if s.step == VOTE:
        return [Line("toy_vote_start")]
    if s.step == CALL:
        return [Line("toy_call_start", {"player": s.players[s.elected]})]
    return []


def event_lines(before: State, e: Event, after: State) -> list[Line]:
    extra = stakes.event_lines(after, e)
    if extra:
        return extra
    if isinstance(e, ev.GameCreated):
        return [Line("toy_welcome", {"players": after.players, "seconds": after.seconds})]
    if isinstance(e, ev.CoinCalled):  # said once the privacy screen is clear: not the side
        return [Line("toy_call_made", {"player": after.players[e.player]})]
    return []


def announcements(before: State, e: Event, after: State) -> list[Announcement]:
    if isinstance(e, ev.VotesClosed):
        name = after.players[after.elected]
        votes = after.tally()[after.elected]
        why = "toy.elected_tie" if after.tied else "toy.elected_most"
        return [
            Announcement(
                "toy_elected",
                (Line("toy_elected", {"player": name, "votes": votes}),),
                detail=Words(why, {"player": name, "votes": votes}),
                headline=(0,),
            )
        ]
    if isinstance(e, ev.CoinFlipped):
        name = after.players[after.elected]
        won = after.winner == "caller"
        tone = CALLER_TONE if won else OTHERS_TONE
        return [
            Announcement(
                "toy_flip",
                (
                    Line("toy_flip_shows", {"side": side(after.flip)}),
                    Line("toy_call_was", {"player": name, "side": side(after.call)}),
                    Line("toy_caller_wins" if won else "toy_others_win", {"player": name}),
                ),
                detail=winner_words(after),
                headline=(0, 1),
                tone=tone,
            )
        ]
    return []


# --- what anyone may know ----------------------------------------------------------------------
def describe(before: State, e: Event, after: State, lang: str) -> str:
    w = words(lang)
    extra = stakes.story(after, e)
    if extra is not None:
        return w.format(extra.key, **extra.params)
    if isinstance(e, ev.GameCreated):
        return w.format(
            "toy.story.created",
            count=after.count,
            players=after.players,
            seconds=after.seconds,
        )
    if isinstance(e, ev.DiscussionEnded):
        return w.format("toy.story.discussion_over")
    if isinstance(e, ev.VoteCast):
        return w.format(
            "toy.story.vote", voter=after.players[e.voter], candidate=after.players[e.candidate]
        )
    if isinstance(e, ev.VotesClosed):
        why = "toy.elected_tie" if after.tied else "toy.elected_most"
        name = after.players[after.elected]
        detail = Words(why, {"player": name, "votes": after.tally()[after.elected]})
        return w.format("toy.story.elected", player=name, detail=detail)
    if isinstance(e, ev.CoinCalled):  # C5: never the side
        return w.format("toy.story.called", player=after.players[e.player])
    if isinstance(e, ev.CoinFlipped):
        return w.format(
            "toy.story.flipped",
            flip=side(after.flip),
            player=after.players[after.elected],
            call=side(after.call),
            winner=winner_words(after),
        )
    return ""


def record(state: State, events: Sequence[Event], lang: str) -> str:
    """The record, Markdown: the public line of each entry (the call only once flipped)."""
    w = words(lang)
    out = [f"# {w.format('toy.story.record_title')}", ""]
    s = State()
    for e in events:
        before, s = s, rules.apply(s, e)
        out.append(f"- {describe(before, e, s, lang)}")
    return "\n".join(out) + "\n"


class ToyGame(Game):
    name = "toy"
    title = Words("about.title")
    players = range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)
    codec = ev.CODEC
    words_dir = Path(__file__).parent / "words"
    screens = None  # the generic shell draws every step

    def initial(self) -> State:
        return State()

    def apply(self, state: State, event: Event) -> State:
        return rules.apply(state, event)

    def legal_moves(self, state: State) -> list[Event]:
        return rules.legal_moves(state)

    # --- setting up ----------------------------------------------------------------------
    def setup_fields(self) -> tuple[Field, ...]:
        count = {"low": rules.MIN_PLAYERS, "high": rules.MAX_PLAYERS}
        seconds = {"low": rules.MIN_SECONDS, "high": rules.MAX_SECONDS}
        return (
            Field(
                "count",
                Words("toy.setup.count", count),
                "count",
                4,
                rules.MIN_PLAYERS,
                rules.MAX_PLAYERS,
                hint=Words("toy.setup.count_hint", count),
                digits=2,
                rule="C1",
            ),
            Field(
                "seconds",
                Words("toy.setup.seconds"),
                "int",
                60,
                rules.MIN_SECONDS,
                rules.MAX_SECONDS,
                hint=Words("toy.setup.seconds_hint", seconds),
                digits=3,
                rule="C2",
            ),
            Field(
                "stakes",
                Words("toy.setup.stakes"),
                "choice",
                "off",
                options=(
                    ("off", Words("toy.setup.stakes_off")),
                    ("on", Words("toy.setup.stakes_on")),
                ),
                rule="C7",
            ),
        )

    def setup_note(self, count: int, values: Mapping[str, Any] | None = None) -> Words | None:
        return Words("toy.setup.note", {"count": count})

    def created(self, names: Sequence[str], values: Mapping[str, Any], seed: int) -> Event:
        with_stakes = values.get("stakes") == "on"  # C7-C11
        return ev.GameCreated(tuple(names), int(values.get("seconds", 60)), seed, with_stakes)

    def clean_name(self, name: str) -> str:
        return rules.clean_name(name)

    # --- the step ------------------------------------------------------------------------
    def step(self, state: State, path: tuple[str, ...] = ()) -> StepView:
        return step_view(state, path)

    def after_private(self, state: State, session: Any) -> Words:
        """Only the caller sees this page: their own call, as a check."""
        return Words("toy.privacy.done", {"side": side(state.call)})

    def app_move(self, state: State, position: int, move=None) -> Event | None:
        if state.step == STAKE and move is not None and move.args:  # C7: the die it names
            return stakes.roll_stake(state, position, move.args)
        if state.step != FLIP:
            return None
        rng = random.Random(f"toy:{state.seed}:{position}")
        return ev.CoinFlipped(rng.choice(rules.SIDES))

    def step_lines(self, state: State) -> list[Line]:
        return step_lines(state)

    def event_lines(self, before: State, event: Event, after: State) -> list[Line]:
        return event_lines(before, event, after)

    def announcements(self, before: State, event: Event, after: State) -> list[Announcement]:
        return announcements(before, event, after)

    # --- what anyone may know ------------------------------------------------------------
    def public_view(self, state: State, unannounced: frozenset[int] = frozenset()) -> PublicView:
        voted = {v for v, _ in state.votes} if state.step == VOTE else set()
        first = state.waiting[0] if state.step == VOTE and state.waiting else None
        seats = []
        for i, name in enumerate(state.players):
            marks: tuple = ()
            if i in voted:
                marks = (Words("toy.table.voted"),)
            elif i == state.elected:
                marks = (Words("toy.table.caller"),)
            cells = stakes.seat_cells(state, i)
            seats.append(SeatView(name, marks, cells=cells, turn=i == first))
        step = Words(f"toy.step.{state.step}")
        return PublicView(self.title, step, tuple(seats), piles=stakes.piles(state))

    def anytime(self, state: State):
        return stakes.anytime(state)

    def summary(self, state: State) -> Words:
        where = Words(f"toy.home.step.{state.step}")
        return Words("home.resume", {"players": state.count, "where": where})

    def describe(self, before: State, event: Event, after: State, lang: str) -> str:
        return describe(before, event, after, lang)

    def record(self, state: State, events: Sequence[Event], lang: str) -> str:
        return record(state, events, lang)

    def is_over(self, state: State) -> bool:
        return state.step == OVER

    def winners(self, state: State) -> tuple[int, ...] | None:
        """The caller (and a partner, C8) or everyone else: the history counts the wins."""
        if state.step != OVER:
            return None
        callers = {state.elected} | ({state.partner} - {None})
        if state.winner == "caller":
            return tuple(sorted(callers))
        return tuple(seat for seat in range(state.count) if seat not in callers)

    def waiting_for(self, state: State) -> tuple[Words, str]:
        return rules.waiting_for(state)

    def script(self):
        from tests.games.toy.script import ScriptReader

        return ScriptReader()

    # --- for the house's checks ------------------------------------------------------------
    example_script = str(Path(__file__).parent / "example.txt")  # not one of the app's

    def secrets(self, state: State, lang: str) -> Sequence[str]:
        """C5: the side called, until the flip."""
        if state.call is None or state.flip is not None:
            return ()
        return (worded(side(state.call), lang),)


GAME = ToyGame()
