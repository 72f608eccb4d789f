"""legal_moves(state): every entry the rules allow at this step, for the UI to offer."""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.rules import check
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.tables import ROLES


def legal_moves(state: State) -> list[Event]:
    """All allowed events now (SETUP and DEAL take free input and list none)."""
    step = state.step
    moves: list[Event]
    if step in (Step.SETUP, Step.DEAL, Step.OVER):
        return []
    if step is Step.OPENING:
        moves = [ev.OpeningDone()]
    elif step is Step.TURN_LEADER_CARD:
        moves = [ev.LeaderCardTurned(c) for c in state.leader_cards_left()]
    elif step in (Step.DISCUSSION, Step.FINAL_DISCUSSION):
        moves = [ev.DiscussionEnded()]
    elif step in (Step.ELECTION, Step.FINAL_VOTE):
        ballot = state.ballot
        assert ballot is not None
        if ballot.complete:
            moves = [ev.VotesClosed()]
        else:
            moves = [ev.VoteCast(v, c) for v in ballot.waiting for c in ballot.candidates]
    elif step in (Step.ELECTION_TIE, Step.FINAL_TIE):
        assert state.ballot is not None
        moves = [ev.TieBroken(p) for p in state.ballot.most_voted()]
    elif step in (Step.DRAW, Step.ABLAZE_DRAW):
        moves = [ev.TargetDrawn(c) for c in state.targeting_cards_left()]
    elif step is Step.CHOOSE:
        kind = ev.UltimatePriceNoted if state.round_colour == "B" else ev.PlayerChosen
        moves = [kind(p) for p in state.seats]
    elif step is Step.ABILITY:
        moves = [ev.AbilityDone()]
    elif step is Step.ABLAZE_GIVE:
        moves = [ev.AblazeGiven(p) for p in state.seats]
    elif step is Step.REVEAL:
        moves = [ev.UltimatePriceRevealed()]
    elif step is Step.ROLES:
        moves = [ev.RoleRevealed(p, r) for p in state.seats for r in ROLES]
        moves.append(ev.RolesConfirmed())
    else:  # pragma: no cover - every step is listed above
        raise AssertionError(step)
    return [m for m in moves if check(state, m) is None]
