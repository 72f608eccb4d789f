"""apply(state, event) and legal_moves(state): the rules of Ravnica: Inquisition.

Pure functions over plain data. An entry the rules do not allow raises ``Refusal`` with a
message for the table and the id of the rule that refuses it; the state is left unchanged.
"""

from __future__ import annotations

from dataclasses import replace

from narrator.games.base import Event, Refusal, refusal_of
from narrator.games.common.dispatch import Dispatch
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.setup_rules import game_created, guilds_dealt
from narrator.games.ravnica.state import ROUNDS, Ballot, BallotResult, Draw, Stage, State, Step
from narrator.games.ravnica.tables import (
    AGENTS,
    COLOURS,
    GUILDS,
    ROLES,
    agents_for,
    colour_term,
    loyalists_for,
)
from narrator.prompts import Term

# What the game waits for at each step, and the rule of that step: an entry out of order is
# refused with both (``not_now``).
STEP_RULES = {
    Step.SETUP: "R4",
    Step.DEAL: "R6",
    Step.OPENING: "R10",
    Step.TURN_LEADER_CARD: "R12",
    Step.DISCUSSION: "R13",
    Step.ELECTION: "R14",
    Step.ELECTION_TIE: "R15",
    Step.DRAW: "R18",
    Step.CHOOSE: "R19",
    Step.ABILITY: "R17",
    Step.ABLAZE_DRAW: "R22",
    Step.ABLAZE_GIVE: "R22",
    Step.FINAL_DISCUSSION: "R26",
    Step.FINAL_VOTE: "R27",
    Step.FINAL_TIE: "R27c",
    Step.REVEAL: "R29",
    Step.ROLES: "R30",
    Step.OVER: "R31",
}
STAGE_RULES = {  # which rule a ballot runs under
    Stage.ELECTION: "R14",
    Stage.REVOTE: "R15",
    Stage.LEADERS: "R27",
    Stage.VOTEOFF: "R27a",
    Stage.NON_LEADERS: "R27b",
}


def waiting_for(state: State) -> tuple[Term, str]:
    """What the game waits for now, as a term of the catalogue, and that step's rule."""
    if state.ballot is not None and state.step in (Step.ELECTION, Step.FINAL_VOTE):
        stage = state.ballot.stage
        return Term(f"wants.{stage.value}"), STAGE_RULES[stage]
    return Term(f"wants.{state.step.value}"), STEP_RULES[state.step]


def name(state: State, seat: int) -> str:
    return state.players[seat]


# --- checks shared by several steps ---------------------------------------------------------


def not_now(state: State) -> Refusal:
    """The refusal of an entry out of order: what the game waits for, and that step's rule."""
    wants, rule = waiting_for(state)
    return Refusal("not_now", rule, wants=wants)


def _seat(state: State, seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.count:
        shown = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
        raise Refusal("no_seat", seat=shown, count=state.count)
    return seat


def _colour(colour: str) -> str:
    if colour not in COLOURS:
        raise Refusal("not_a_colour", "R1", colour=colour)
    return colour


def _of_colour(state: State, seat: int, colour: str, rule: str) -> None:
    if not state.is_of(seat, colour):
        guild = state.guilds[seat]
        raise Refusal(
            "not_of_colour",
            rule,
            player=name(state, seat),
            colour=colour_term(colour),
            guild=guild,
            colours=tuple(colour_term(c) for c in GUILDS[guild]),
        )


# --- each event ---------------------------------------------------------------------------


def _leader_card_turned(state: State, e: ev.LeaderCardTurned) -> State:
    colour = _colour(e.colour)
    if colour in state.colours_played:
        raise Refusal("colour_played", "R12", colour=colour_term(colour))
    return replace(
        state,
        step=Step.DISCUSSION,
        round=state.round + 1,
        colours_played=state.colours_played + (colour,),
    )


def _discussion_ended(state: State, e: ev.DiscussionEnded) -> State:
    if state.step is Step.DISCUSSION:
        colour = state.round_colour
        assert colour is not None
        ballot = Ballot(Stage.ELECTION, tuple(state.seats), state.players_of(colour))
        return replace(state, step=Step.ELECTION, ballot=ballot)  # R14
    ballot = Ballot(Stage.LEADERS, state.distinct_leaders(), tuple(state.seats))  # R27
    return replace(state, step=Step.FINAL_VOTE, ballot=ballot)


def _vote_cast(state: State, e: ev.VoteCast) -> State:
    ballot = state.ballot
    assert ballot is not None
    voter = _seat(state, e.voter)
    candidate = _seat(state, e.candidate)
    rule = STAGE_RULES[ballot.stage]
    if voter not in ballot.voters:
        if ballot.stage is Stage.NON_LEADERS:
            raise Refusal("non_leaders_only", rule, player=name(state, voter))
        raise Refusal("leaders_only", rule, player=name(state, voter))
    earlier = ballot.vote_of(voter)
    if earlier is not None:
        raise Refusal(
            "already_voted", rule, player=name(state, voter), candidate=name(state, earlier)
        )
    if candidate not in ballot.candidates:
        if ballot.stage is Stage.ELECTION:
            _of_colour(state, candidate, state.round_colour or "", "R14")
        raise Refusal("tied_only", rule, players=state.names(ballot.candidates))
    return replace(state, ballot=replace(ballot, votes=ballot.votes + ((voter, candidate),)))


def _votes_closed(state: State, e: ev.VotesClosed) -> State:
    ballot = state.ballot
    assert ballot is not None
    if not ballot.complete:
        raise Refusal(
            "still_to_vote", STAGE_RULES[ballot.stage], players=state.names(ballot.waiting)
        )
    if state.step is Step.ELECTION:
        return _count_election(state, ballot)
    return _count_final(state, ballot)


def _result(state: State, ballot: Ballot, winner: int | None, by: str) -> BallotResult:
    return BallotResult(
        round=state.round,
        colour=state.round_colour,
        stage=ballot.stage,
        votes=ballot.votes,
        tied=ballot.most_voted(),
        winner=winner,
        decided_by=by,
    )


def _count_election(state: State, ballot: Ballot) -> State:
    tied = ballot.most_voted()
    if len(tied) == 1:
        return _elect(state, _result(state, ballot, tied[0], "majority"))
    rule = state.options.election_tie
    if rule == "revote" and ballot.stage is Stage.ELECTION:  # R15 ⚖ a re-vote among the tied
        result = _result(state, ballot, None, "next_vote")
        revote = Ballot(Stage.REVOTE, tuple(state.seats), tied)
        return replace(state, ballot=revote, results=state.results + (result,))
    if rule == "narrator":  # R15 ⚖ the narrator picks
        return replace(state, step=Step.ELECTION_TIE)
    # R15 ⚖ default, and a re-vote that tied again
    winner = state.first_in_guild_order(tied)
    return _elect(state, _result(state, ballot, winner, "guild_order"))


def _elect(state: State, result: BallotResult) -> State:
    colour = state.round_colour
    assert colour is not None and result.winner is not None
    state = replace(
        state,
        ballot=None,
        results=state.results + (result,),
        leaders=state.leaders + ((colour, result.winner),),  # R16 a double leader is fine
    )
    if colour == "R":  # R22: the Red leader takes Ablaze now and gives it before the final
        return replace(state, step=Step.ABILITY, ablaze_card=result.winner)
    return replace(state, step=Step.DRAW)  # R17


def _tie_broken(state: State, e: ev.TieBroken) -> State:
    ballot = state.ballot
    assert ballot is not None
    tied = ballot.most_voted()
    player = _seat(state, e.player)
    if player not in tied:
        rule = "R15" if state.step is Step.ELECTION_TIE else "R27c"
        raise Refusal("pick_tied", rule, players=state.names(tied))
    result = _result(state, ballot, player, "narrator")
    if state.step is Step.ELECTION_TIE:
        return _elect(state, result)
    return replace(
        state, step=Step.REVEAL, ballot=None, voted_out=player, results=state.results + (result,)
    )


def _count_final(state: State, ballot: Ballot) -> State:
    tied = ballot.most_voted()
    if len(tied) == 1:  # R27
        result = _result(state, ballot, tied[0], "majority")
        return replace(
            state,
            step=Step.REVEAL,
            ballot=None,
            voted_out=tied[0],
            results=state.results + (result,),
        )
    nxt: Ballot | None = None
    if ballot.stage is Stage.LEADERS:  # R27a: a vote-off among the tied, by the same leaders
        nxt = Ballot(Stage.VOTEOFF, ballot.voters, tied)
    elif ballot.stage is Stage.VOTEOFF and state.non_leaders():  # R27b
        nxt = Ballot(Stage.NON_LEADERS, state.non_leaders(), tied)
    if nxt is not None:
        result = _result(state, ballot, None, "next_vote")
        return replace(state, ballot=nxt, results=state.results + (result,))
    rule = state.options.final_tie  # R27c
    if rule == "narrator":
        return replace(state, step=Step.FINAL_TIE)
    if rule == "nobody":
        result = _result(state, ballot, None, "nobody")
        return replace(
            state, step=Step.REVEAL, ballot=None, voted_out=None, results=state.results + (result,)
        )
    winner = state.first_in_guild_order(tied)
    result = _result(state, ballot, winner, "guild_order")
    return replace(
        state, step=Step.REVEAL, ballot=None, voted_out=winner, results=state.results + (result,)
    )


def _target_drawn(state: State, e: ev.TargetDrawn) -> State:
    colour = _colour(e.colour)
    left = state.targeting_cards_left()
    if colour not in left:
        # Neither this card nor what is left is named: either would tell a secret draw (R18 ⚖).
        raise Refusal("card_unavailable", "R18")
    if state.step is Step.ABLAZE_DRAW:
        draw = Draw(by="R", colour=colour, secret=True)  # R22
        return replace(state, step=Step.ABLAZE_GIVE, draws=state.draws + (draw,))
    by = state.round_colour
    assert by is not None
    draw = Draw(by=by, colour=colour, secret=by != "U")  # R18 ⚖, R21
    return replace(state, step=Step.CHOOSE, draws=state.draws + (draw,))


def _check_choice(state: State, player: int, by: str) -> None:
    draw = state.draw_of(by)
    assert draw is not None
    _of_colour(state, player, draw.colour, "R19")
    leader = state.leader_of(by)
    if by in ("W", "G") and player == leader:  # R20 ⚖, R24 ⚖
        rule = "R20" if by == "W" else "R24"
        raise Refusal("not_yourself", rule, colour=colour_term(by))


def _player_chosen(state: State, e: ev.PlayerChosen) -> State:
    by = state.round_colour
    assert by is not None
    if by == "B":
        raise Refusal("black_in_secret", "R23")
    player = _seat(state, e.player)
    _check_choice(state, player, by)
    return replace(state, step=Step.ABILITY, chosen=state.chosen + ((by, player),))


def _ultimate_price_noted(state: State, e: ev.UltimatePriceNoted) -> State:
    if state.round_colour != "B":
        raise Refusal("only_black", "R23")
    player = _seat(state, e.player)
    _check_choice(state, player, "B")
    return replace(state, step=Step.ABILITY, ultimate_price=player)


def _ability_done(state: State, e: ev.AbilityDone) -> State:
    if state.round < ROUNDS:
        return replace(state, step=Step.TURN_LEADER_CARD)
    return replace(state, step=Step.ABLAZE_DRAW, round=ROUNDS + 1)  # R25


def _ablaze_given(state: State, e: ev.AblazeGiven) -> State:
    player = _seat(state, e.player)
    draw = state.draw_of("R")
    assert draw is not None
    _of_colour(state, player, draw.colour, "R22")
    return replace(state, step=Step.FINAL_DISCUSSION, ablaze=player, ablaze_card=None)


def _ultimate_price_revealed(state: State, e: ev.UltimatePriceRevealed) -> State:
    return replace(state, step=Step.ROLES, ultimate_price_revealed=True)  # R29


def _role_revealed(state: State, e: ev.RoleRevealed) -> State:
    player = _seat(state, e.player)
    if e.role not in ROLES:
        raise Refusal("not_a_role", "R30", role=e.role)
    roles = dict(state.roles)
    roles[player] = e.role
    agents = sum(1 for r in roles.values() if r == AGENTS)
    loyalists = len(roles) - agents
    if agents > agents_for(state.count):
        raise Refusal("too_many_agents", "R5", agents=agents_for(state.count), players=state.count)
    if loyalists > loyalists_for(state.count):
        raise Refusal(
            "too_many_loyalists", "R5", loyalists=loyalists_for(state.count), players=state.count
        )
    return replace(state, roles=tuple(sorted(roles.items())))


def _roles_confirmed(state: State, e: ev.RolesConfirmed) -> State:
    missing = [s for s in state.dead() if state.role_of(s) is None]
    if missing:
        raise Refusal("roles_missing", "R30", players=state.names(missing))
    return replace(state, step=Step.OVER, winner=state.decide_winner())  # R31


HANDLERS = {  # event type: (the steps it is entered in, what it does); the script reads them
    ev.GameCreated: ((Step.SETUP,), game_created),
    ev.GuildsDealt: ((Step.DEAL,), guilds_dealt),
    ev.OpeningDone: ((Step.OPENING,), lambda s, e: replace(s, step=Step.TURN_LEADER_CARD)),
    ev.LeaderCardTurned: ((Step.TURN_LEADER_CARD,), _leader_card_turned),
    ev.DiscussionEnded: ((Step.DISCUSSION, Step.FINAL_DISCUSSION), _discussion_ended),
    ev.VoteCast: ((Step.ELECTION, Step.FINAL_VOTE), _vote_cast),
    ev.VotesClosed: ((Step.ELECTION, Step.FINAL_VOTE), _votes_closed),
    ev.TieBroken: ((Step.ELECTION_TIE, Step.FINAL_TIE), _tie_broken),
    ev.TargetDrawn: ((Step.DRAW, Step.ABLAZE_DRAW), _target_drawn),
    ev.PlayerChosen: ((Step.CHOOSE,), _player_chosen),
    ev.UltimatePriceNoted: ((Step.CHOOSE,), _ultimate_price_noted),
    ev.AbilityDone: ((Step.ABILITY,), _ability_done),
    ev.AblazeGiven: ((Step.ABLAZE_GIVE,), _ablaze_given),
    ev.UltimatePriceRevealed: ((Step.REVEAL,), _ultimate_price_revealed),
    ev.RoleRevealed: ((Step.ROLES,), _role_revealed),
    ev.RolesConfirmed: ((Step.ROLES,), _roles_confirmed),
}
RULES: Dispatch[State] = Dispatch(
    HANDLERS,
    not_now=not_now,
    not_this_game=lambda e: Refusal("not_this_game", entry=type(e).__name__),
)


def apply(state: State, event: Event) -> State:
    """The state after ``event``; raises ``Refusal`` (and changes nothing) if it is not allowed."""
    return RULES.apply(state, event)


def check(state: State, event: Event) -> Refusal | None:
    """The refusal ``event`` would meet, or None when it is allowed."""
    return refusal_of(apply, state, event)
