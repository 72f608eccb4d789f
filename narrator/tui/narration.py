"""What the narrator says when the game moves: (prompt id, params) lines for each step.

Secrets are never passed as a parameter: the Ultimate Price target is named only in
``ultimate_price_reveal`` (R29), and a secret draw's colour never at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from narrator.games.base import Event
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import Stage, State, Step
from narrator.games.ravnica.tables import agents_for


@dataclass(frozen=True)
class Line:
    prompt_id: str
    params: dict[str, Any] = field(default_factory=dict)
    urgent: bool = False
    chime: str | None = None  # a chime played before the line


def _names(state: State, seats) -> tuple[str, ...]:
    return tuple(state.players[s] for s in seats)


def step_key(state: State) -> tuple:
    """What makes a new step to announce: the step, the round, and which vote is under way."""
    return (state.step, state.round, state.ballot.stage if state.ballot else None)


def step_lines(state: State, colour) -> list[Line]:
    """The lines that open the step the game is now at. ``colour`` names a colour letter."""
    s = state
    step = s.step
    if step is Step.DEAL:
        return [
            Line(
                "setup_checklist",
                {
                    "players": s.count,
                    "agents": agents_for(s.count),
                    "loyalists": s.count - agents_for(s.count),
                },
            )
        ]
    if step is Step.TURN_LEADER_CARD:
        return [Line("turn_leader_card", {"round": s.round + 1})]
    if step is Step.DISCUSSION:
        return [
            Line(
                "round_start",
                {"round": s.round, "colour": colour(s.round_colour)},
                chime="round_start",
            )
        ]
    if step is Step.ELECTION and s.ballot is not None:
        if s.ballot.stage is Stage.REVOTE:
            return [Line("election_revote", {"players": _names(s, s.ballot.candidates)})]
        return [
            Line(
                "election_start",
                {"colour": colour(s.round_colour), "candidates": _names(s, s.ballot.candidates)},
            )
        ]
    if step is Step.ELECTION_TIE and s.ballot is not None:
        return [Line("election_narrator_pick", {"players": _names(s, s.ballot.most_voted())})]
    leader = s.round_leader
    leader_name = s.players[leader] if leader is not None else ""
    if step is Step.DRAW:
        if s.round_colour == "U":
            return [Line("blue_draw", {"leader": leader_name})]
        if s.round_colour == "B":
            return [Line("black_eyes_close", {"leader": leader_name})]
        return [Line("draw_card_secret", {"leader": leader_name, "colour": colour(s.round_colour)})]
    if step is Step.CHOOSE and s.round_colour == "U":
        drawn = s.draw_of("U")
        return [
            Line("blue_drawn", {"target_colour": colour(drawn.colour)}),
            Line("blue_choose", {"leader": leader_name, "target_colour": colour(drawn.colour)}),
        ]
    if step is Step.ABILITY:
        c = s.round_colour
        chosen = s.chosen_by(c) if c else None
        if c == "W":
            return [Line("white_act", {"leader": leader_name, "player": s.players[chosen]})]
        if c == "U":
            drawn = s.draw_of("U")
            others = tuple(p for p in s.players_of(drawn.colour) if p != chosen)
            return [Line("blue_act", {"player": s.players[chosen], "others": _names(s, others)})]
        if c == "G":
            return [Line("green_act", {"leader": leader_name, "player": s.players[chosen]})]
        if c == "R":
            return [Line("red_act", {"leader": leader_name})]
        return []
    if step is Step.ABLAZE_DRAW:
        red = s.leader_of("R")
        return [Line("final_start"), Line("ablaze_draw", {"leader": s.players[red]})]
    if step is Step.FINAL_DISCUSSION:
        return [
            Line("ablaze_given", {"player": s.players[s.ablaze]}),
            Line(
                "final_discussion",
                {"minutes": max(1, round(s.options.final_seconds / 60))},
                chime="round_start",
            ),
        ]
    if step is Step.FINAL_VOTE and s.ballot is not None:
        b = s.ballot
        if b.stage is Stage.LEADERS:
            return [Line("final_vote_start", {"voters": _names(s, b.voters)})]
        if b.stage is Stage.VOTEOFF:
            return [Line("final_voteoff", {"players": _names(s, b.candidates)})]
        return [
            Line(
                "final_nonleaders_vote",
                {"voters": _names(s, b.voters), "players": _names(s, b.candidates)},
            )
        ]
    if step is Step.FINAL_TIE and s.ballot is not None:
        return [Line("final_tie_narrator", {"players": _names(s, s.ballot.most_voted())})]
    if step is Step.REVEAL:
        lines = []
        if s.voted_out is not None:
            lines.append(Line("death_vote", {"player": s.players[s.voted_out]}, chime="death"))
        if s.ablaze is not None:
            if s.ablaze == s.voted_out:
                lines.append(Line("already_dead", {"player": s.players[s.ablaze]}))
            else:
                lines.append(Line("death_ablaze", {"player": s.players[s.ablaze]}, chime="death"))
        return lines
    if step is Step.ROLES:
        up = s.ultimate_price
        lines = [Line("ultimate_price_reveal", {"player": s.players[up]}, chime="death")]
        if up in (s.voted_out, s.ablaze):
            lines.append(Line("already_dead", {"player": s.players[up]}))
        lines.append(Line("roles_reveal"))
        return lines
    if step is Step.OVER:
        return [
            Line(
                "winner_loyalists" if s.winner == "loyalists" else "winner_agents", chime="victory"
            )
        ]
    return []


def event_lines(before: State, event: Event, after: State, colour) -> list[Line]:
    """Lines about the entry itself (said before the lines of the new step)."""
    if isinstance(event, ev.VotesClosed | ev.TieBroken) and len(after.results) > len(
        before.results
    ):
        r = after.results[-1]
        s = after
        out = [Line("vote_confirmed", chime="vote_confirmed")]
        if r.stage in (Stage.ELECTION, Stage.REVOTE) and r.winner is not None:
            if r.decided_by != "majority":
                out.append(
                    Line(
                        "election_tie",
                        {
                            "players": _names(s, r.tied),
                            "player": s.players[r.winner],
                            "reason": r.reason,
                        },
                    )
                )
            out.append(
                Line("election_result", {"colour": colour(r.colour), "player": s.players[r.winner]})
            )
        elif r.decided_by == "guild_order":
            out.append(Line("final_tie_guild_order", {"player": s.players[r.winner]}))
        elif r.decided_by == "nobody":
            out.append(Line("final_tie_nobody"))
        return out
    if isinstance(event, ev.UltimatePriceNoted):
        return [Line("black_eyes_open")]
    if isinstance(event, ev.AblazeGiven) or (
        isinstance(event, ev.PlayerChosen) and before.round_colour in ("W", "G")
    ):
        return [Line("privacy_open_eyes")]
    return []
