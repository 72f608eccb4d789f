"""What the narrator says when the game moves: (prompt id, params) lines for each step.

Secrets are never passed as a parameter: the Ultimate Price target is named only in
``ultimate_price_reveal`` (R29), and a secret draw's colour never at all.
"""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import BallotResult, Stage, State, Step
from narrator.games.ravnica.story import reason
from narrator.games.ravnica.tables import agents_for, colour_term
from narrator.games.shell_data import Announcement, Line
from narrator.prompts import Localized


def step_key(state: State) -> tuple:
    """What makes a new step to announce: the step, the round, and which vote is under way."""
    return (state.step, state.round, state.ballot.stage if state.ballot else None)


def step_lines(state: State) -> list[Line]:
    """The lines that open the step the game is now at."""
    s = state
    step = s.step
    physical = s.options.deck_mode == "physical"
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
        turn = "turn_leader_card" if physical else "turn_leader_card_app"  # R9
        return [Line(turn, {"round": s.round + 1})]
    if step is Step.DISCUSSION:
        return [
            Line(
                "round_start",
                {"round": s.round, "colour": colour_term(s.round_colour)},
                chime="round_start",
            )
        ]
    if step is Step.ELECTION and s.ballot is not None:
        if s.ballot.stage is Stage.REVOTE:
            return []  # the tie's announcement said it (election_revote)
        return [
            Line(
                "election_start",
                {
                    "colour": colour_term(s.round_colour),
                    "candidates": s.names(s.ballot.candidates),
                },
            )
        ]
    if step is Step.ELECTION_TIE and s.ballot is not None:
        return [Line("election_narrator_pick", {"players": s.names(s.ballot.most_voted())})]
    leader = s.round_leader
    leader_name = s.players[leader] if leader is not None else ""
    if step is Step.DRAW:
        if s.round_colour == "U":
            return [Line("blue_draw" if physical else "blue_draw_app", {"leader": leader_name})]
        if s.round_colour == "B":
            return [Line("black_eyes_close", {"leader": leader_name})]
        secret = "draw_card_secret" if physical else "draw_card_secret_app"  # R9
        return [Line(secret, {"leader": leader_name, "colour": colour_term(s.round_colour)})]
    if step is Step.CHOOSE and s.round_colour == "U":
        drawn = s.draw_of("U")
        return [
            Line("blue_drawn", {"target_colour": colour_term(drawn.colour)}),
            Line(
                "blue_choose", {"leader": leader_name, "target_colour": colour_term(drawn.colour)}
            ),
        ]
    if step is Step.ABILITY:
        c = s.round_colour
        chosen = s.chosen_by(c) if c else None
        if c == "W":
            return [Line("white_act", {"leader": leader_name, "player": s.players[chosen]})]
        if c == "U":
            drawn = s.draw_of("U")
            others = tuple(p for p in s.players_of(drawn.colour) if p != chosen)
            return [Line("blue_act", {"player": s.players[chosen], "others": s.names(others)})]
        if c == "G":
            return [Line("green_act", {"leader": leader_name, "player": s.players[chosen]})]
        if c == "R":
            return [Line("red_act", {"leader": leader_name})]
        return []
    if step is Step.ABLAZE_DRAW:
        red = s.leader_of("R")
        draw = "ablaze_draw" if physical else "ablaze_draw_app"  # R9
        return [Line("final_start"), Line(draw, {"leader": s.players[red]})]
    if step is Step.FINAL_DISCUSSION:  # "X is ablaze" was its own announcement (R22)
        return [
            Line(
                "final_discussion",
                {"minutes": max(1, round(s.options.final_seconds / 60))},
                chime="round_start",
            ),
        ]
    if step is Step.FINAL_VOTE and s.ballot is not None:
        b = s.ballot
        if b.stage is Stage.LEADERS:
            return [Line("final_vote_start", {"voters": s.names(b.voters)})]
        if b.stage is Stage.VOTEOFF:
            return [Line("final_voteoff", {"players": s.names(b.candidates)})]
        return [
            Line(
                "final_nonleaders_vote",
                {"voters": s.names(b.voters), "players": s.names(b.candidates)},
            )
        ]
    if step is Step.FINAL_TIE and s.ballot is not None:
        return [Line("final_tie_narrator", {"players": s.names(s.ballot.most_voted())})]
    if step is Step.REVEAL:  # the deaths by vote and by Ablaze were announced (R27, R28)
        return [Line("ultimate_price_call")]
    if step is Step.ROLES:  # the Ultimate Price was announced (R29)
        return [Line("roles_reveal")]
    if step is Step.OVER:
        return [
            Line(
                "winner_loyalists" if s.winner == "loyalists" else "winner_agents", chime="victory"
            )
        ]
    return []


def event_lines(before: State, event: Event, after: State) -> list[Line]:
    """Lines about the entry itself, said at once (announcements are said when shown)."""
    if isinstance(event, ev.UltimatePriceNoted):
        return [Line("black_eyes_open")]
    if isinstance(event, ev.AblazeGiven) or (
        isinstance(event, ev.PlayerChosen) and before.round_colour in ("W", "G")
    ):
        return [Line("privacy_open_eyes")]
    return []


# --- announcements: the moments held on screen until Enter --------------------------------


def announcements(before: State, event: Event, after: State) -> list[Announcement]:
    """The pages an entry brings: a counted vote (R15, R27), Ablaze given (R22), the deaths
    (R27, R28) and the Ultimate Price (R29). Nothing secret is on them before R29."""
    s = after
    if isinstance(event, ev.VotesClosed | ev.TieBroken) and len(s.results) > len(before.results):
        return _ballot_pages(s, s.results[-1])
    if isinstance(event, ev.AblazeGiven):
        return [Announcement("ablaze", (Line("ablaze_given", {"player": s.players[s.ablaze]}),))]
    if isinstance(event, ev.UltimatePriceRevealed) and s.ultimate_price is not None:
        up = s.ultimate_price
        lines = [Line("ultimate_price_reveal", {"player": s.players[up]}, chime="death")]
        if up in (s.voted_out, s.ablaze):
            lines.append(Line("already_dead", {"player": s.players[up]}))
        shown = tuple(range(len(lines)))
        return [Announcement("ultimate_price", tuple(lines), headline=shown, dies=(up,))]
    return []


def _ballot_pages(s: State, r: BallotResult) -> list[Announcement]:
    detail = Localized(lambda lang: reason(s, r, lang))  # shown, and spoken in election_tie
    counted = Line("vote_confirmed", chime="vote_confirmed")
    election = r.stage in (Stage.ELECTION, Stage.REVOTE)
    if r.decided_by == "next_vote":  # a re-vote (R15), a vote-off (R27a), the non-leaders (R27b)
        tie = Line("election_revote" if election else "final_tied", {"players": s.names(r.tied)})
        return [Announcement("tie", (counted, tie), detail)]
    if election:
        lines = [counted]
        if r.decided_by != "majority":
            lines.append(
                Line(
                    "election_tie",
                    {
                        "players": s.names(r.tied),
                        "player": s.players[r.winner],
                        "reason": detail,
                    },
                )
            )
        lines.append(
            Line(
                "election_result",
                {"colour": colour_term(r.colour), "player": s.players[r.winner]},
            )
        )
        return [Announcement("election", tuple(lines), detail)]
    pages = []
    if r.winner is None:  # R27c ⚖ nobody dies by vote
        pages.append(Announcement("nobody", (counted, Line("final_tie_nobody")), detail))
    else:
        lines = [counted]
        if r.decided_by == "guild_order":
            lines.append(Line("final_tie_guild_order", {"player": s.players[r.winner]}))
        lines.append(Line("death_vote", {"player": s.players[r.winner]}, chime="death"))
        pages.append(Announcement("death", tuple(lines), detail, dies=(r.winner,)))
    if s.ablaze is not None:  # R28: its own moment, right after the vote's
        if s.ablaze == r.winner:
            pages.append(
                Announcement("death", (Line("already_dead", {"player": s.players[s.ablaze]}),))
            )
        else:
            line = Line("death_ablaze", {"player": s.players[s.ablaze]}, chime="death")
            pages.append(Announcement("death", (line,), dies=(s.ablaze,)))
    return pages
