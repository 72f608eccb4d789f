"""What the narrator says: prompt ids of the game's speech catalogue (words/<lang>.toml).
Nothing said names the secret seat before X5."""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.shell_data import Announcement, Line
from narrator.prompts import Words
from tests.games.skeleton import events as ev
from tests.games.skeleton.rules import REVEAL, SECRET, VOTE, State
from tests.games.skeleton.steps import WIN_TONE, winners_words


def step_lines(s: State) -> list[Line]:
    """Said once as a step begins."""
    if s.step == SECRET:
        return [Line("skeleton_secret_start", {"player": s.players[0]})]
    if s.step == VOTE:
        return [Line("skeleton_vote_start", {"round": s.round})]
    if s.step == REVEAL:
        return [Line("skeleton_reveal_start")]
    return []


def again_lines(s: State) -> list[Line]:
    """Said again after an undo or a vote taken back: whoever acts now."""
    if s.step == VOTE and s.waiting:
        return [Line("skeleton_vote_next", {"player": s.players[s.waiting[0]]})]
    return step_lines(s)


def event_lines(before: State, e: Event, after: State) -> list[Line]:
    if isinstance(e, ev.GameCreated):
        return [Line("skeleton_welcome", {"players": after.players})]
    if isinstance(e, ev.SecretChosen):  # X2: who chose, never what
        return [Line("skeleton_secret_made", {"player": after.players[0]})]
    return []


def point_words(s: State) -> Words:
    if s.last_point is None:
        return Words("skeleton.no_point")
    return Words("skeleton.point", {"player": s.players[s.last_point]})


def announcements(before: State, e: Event, after: State) -> list[Announcement]:
    """The moments held on screen until Enter (their kinds are worded as announce.kind.*)."""
    if isinstance(e, ev.VotesCounted):
        if after.last_point is None:
            said = Line("skeleton_no_point")
        else:
            said = Line("skeleton_point", {"player": after.players[after.last_point]})
        return [Announcement("skeleton_point", (said,), detail=point_words(after))]
    if isinstance(e, ev.Revealed) and after.secret is not None:
        names = tuple(after.players[p] for p in after.winners())
        lines = (
            Line("skeleton_secret_is", {"player": after.players[after.secret]}),
            Line("skeleton_winners", {"players": names}),
        )
        page = Announcement("skeleton_reveal", lines, detail=winners_words(after), tone=WIN_TONE)
        return [page]
    return []
