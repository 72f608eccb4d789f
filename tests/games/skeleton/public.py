"""What anyone may see: the one door (``PublicView``) the side panel, the table display
and the page draw. The secret seat is on it only once revealed (X5)."""

from __future__ import annotations

from narrator.games.shell_data import Cell, PublicView, SeatView
from narrator.prompts import Words
from tests.games.skeleton.rules import OVER, VOTE, State


def public_view(title: Words, s: State, unannounced: frozenset[int] = frozenset()) -> PublicView:
    """Everything but the secret seat is public; no announcement holds back a death
    (``unannounced`` is always empty)."""
    voted = {voter for voter, _ in s.votes} if s.step == VOTE else set()
    first = s.waiting[0] if s.step == VOTE and s.waiting else None
    seats = []
    for seat, name in enumerate(s.players):
        marks: tuple = ()
        if seat in voted:
            marks = (Words("skeleton.table.voted"),)
        if s.step == OVER and seat == s.secret:
            marks = (*marks, Words("skeleton.table.secret"))
        points = Cell(Words("skeleton.table.points"), count=s.points[seat])
        seats.append(SeatView(name, marks, cells=(points,), turn=seat == first))
    lines: tuple = ()
    if s.round:
        lines = (Words("skeleton.table.round", {"round": s.round, "rounds": s.rounds}),)
    step = Words(f"skeleton.step.{s.step}")
    return PublicView(title, step, tuple(seats), lines=lines)
