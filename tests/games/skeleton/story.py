"""The game's record: one public line an entry (the undo dialog, the headless player,
the record). The secret seat is named only by the reveal (X5)."""

from __future__ import annotations

from collections.abc import Sequence

from narrator.games.base import Event
from narrator.prompts import words
from tests.games.skeleton import events as ev
from tests.games.skeleton import rules
from tests.games.skeleton.narration import point_words
from tests.games.skeleton.rules import State
from tests.games.skeleton.steps import winners_words


def describe(before: State, e: Event, after: State, lang: str) -> str:
    w = words(lang)
    if isinstance(e, ev.GameCreated):
        return w.format(
            "skeleton.story.created", count=after.count, players=after.players, rounds=after.rounds
        )
    if isinstance(e, ev.SecretChosen):
        return w.format("skeleton.story.secret", player=after.players[0])
    if isinstance(e, ev.VoteCast):
        voter, candidate = after.players[e.voter], after.players[e.candidate]
        return w.format("skeleton.story.vote", voter=voter, candidate=candidate)
    if isinstance(e, ev.VotesCounted):
        return w.format("skeleton.story.counted", round=before.round, point=point_words(after))
    if isinstance(e, ev.Revealed) and after.secret is not None:
        secret = after.players[after.secret]
        return w.format("skeleton.story.revealed", player=secret, winners=winners_words(after))
    return ""


def record(state: State, events: Sequence[Event], lang: str) -> str:
    """The record, Markdown: the public line of each entry."""
    out = [f"# {words(lang).format('skeleton.story.record_title')}", ""]
    s = State()
    for e in events:
        before, s = s, rules.apply(s, e)
        out.append(f"- {describe(before, e, s, lang)}")
    return "\n".join(out) + "\n"
