"""apply(state, event) and legal_moves(state): the rules of Ravnica: Inquisition.

Pure functions over plain data. An entry the rules do not allow raises ``Refusal`` with a
message for the table and the id of the rule that refuses it; the state is left unchanged.
"""

from __future__ import annotations

import typing
import unicodedata
from dataclasses import replace

from narrator.games.base import Event, Refusal
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import ROUNDS, Ballot, BallotResult, Draw, Stage, State, Step
from narrator.games.ravnica.tables import (
    AGENTS,
    COLOURS,
    GUILDS,
    RNA_GUILDS,
    ROLE_NAMES,
    ROLES,
    agents_for,
    check_player_count,
    colour_name,
)

MAX_NAME_LENGTH = 24
OPTION_BOUNDS = {
    "opening_pause": (1, 120),
    "round_seconds": (10, 3600),
    "final_seconds": (10, 3600),
}

OPTION_CHOICES = {  # the ⚖ rulings that are a choice, and the rule each belongs to
    "deck_mode": (typing.get_args(ev.DeckMode), "R9"),
    "election_tie": (typing.get_args(ev.ElectionTie), "R15"),
    "final_tie": (typing.get_args(ev.FinalTie), "R27c"),
}

STEP_WANTS = {
    Step.SETUP: "the players",
    Step.DEAL: "the guild deal",
    Step.OPENING: "the opening",
    Step.TURN_LEADER_CARD: "the next leader card",
    Step.DISCUSSION: "the end of the discussion",
    Step.ELECTION: "the leader election",
    Step.ELECTION_TIE: "the narrator's pick among the tied",
    Step.DRAW: "the targeting draw",
    Step.CHOOSE: "the leader's choice of a player",
    Step.ABILITY: "the leader's ability",
    Step.ABLAZE_DRAW: "the Red leader's last draw",
    Step.ABLAZE_GIVE: "who gets Ablaze",
    Step.FINAL_DISCUSSION: "the end of the final discussion",
    Step.FINAL_VOTE: "the final vote",
    Step.FINAL_TIE: "the narrator's pick among the tied",
    Step.REVEAL: "the Ultimate Price reveal",
    Step.ROLES: "the revealed roles",
    Step.OVER: "nothing: the game is over",
}


def name(state: State, seat: int) -> str:
    return state.players[seat]


def names(state: State, seats: tuple[int, ...] | list[int]) -> str:
    return ", ".join(name(state, s) for s in seats)


# --- checks shared by several steps ---------------------------------------------------------


def _expect(state: State, event: Event, *steps: Step) -> None:
    if state.step not in steps:
        raise Refusal(f"Not now: the game is waiting for {STEP_WANTS[state.step]}.")


def _seat(state: State, seat: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.count:
        raise Refusal(f"There is no seat {seat!r}: seats go from 1 to {state.count}.")
    return seat


def _colour(colour: str) -> str:
    if colour not in COLOURS:
        raise Refusal(f"{colour!r} is not a colour: the colours are W, U, B, R, G.", "R1")
    return colour


def _of_colour(state: State, seat: int, colour: str, rule: str) -> None:
    if not state.is_of(seat, colour):
        guild = state.guilds[seat]
        have = "/".join(colour_name(c) for c in GUILDS[guild])
        raise Refusal(f"{name(state, seat)} is not {colour_name(colour)}: {guild} is {have}.", rule)


def clean_name(raw: str) -> str:
    """A player's name as shown: trimmed, no control characters, within the length limit."""
    if not isinstance(raw, str):
        raise Refusal("A player's name must be text.")
    text = " ".join(raw.split())
    hidden = sorted({ch for ch in text if unicodedata.category(ch).startswith("C")})
    if hidden:
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in hidden[:3])
        raise Refusal(
            f"A player's name may not hold control or invisible characters ({codes}): "
            "type it without them."
        )
    if not text:
        raise Refusal("A player's name may not be blank.")
    if len(text) > MAX_NAME_LENGTH:
        raise Refusal(f"A player's name may be at most {MAX_NAME_LENGTH} characters.")
    return text


# --- each event ---------------------------------------------------------------------------


def _game_created(state: State, e: ev.GameCreated) -> State:
    check_player_count(len(e.players))  # R4
    players = tuple(clean_name(p) for p in e.players)
    seen: dict[str, int] = {}
    for i, p in enumerate(players):
        key = p.casefold()
        if key in seen:
            raise Refusal(f"Seats {seen[key] + 1} and {i + 1} are both called {p!r}.")
        seen[key] = i
    for option, (choices, rule) in OPTION_CHOICES.items():
        if getattr(e.options, option) not in choices:
            raise Refusal(f"{option.replace('_', ' ')} must be one of: {', '.join(choices)}.", rule)
    for option, (low, high) in OPTION_BOUNDS.items():
        value = getattr(e.options, option)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Refusal(f"{option.replace('_', ' ')} must be {low} to {high} seconds.")
    return replace(state, step=Step.DEAL, players=players, options=e.options, seed=e.seed)


def _guilds_dealt(state: State, e: ev.GuildsDealt) -> State:
    if len(e.guilds) != state.count:
        raise Refusal(f"Deal one guild to each of the {state.count} players.", "R3")
    for g in e.guilds:
        if g not in GUILDS:
            raise Refusal(f"{g!r} is not a guild.", "R2")
    if len(set(e.guilds)) != len(e.guilds):
        raise Refusal("No two players share a guild.", "R3")
    missing = [g for g in RNA_GUILDS if g not in e.guilds]
    if missing:
        raise Refusal(
            f"The five Ravnica Allegiance guilds are always in play; missing: {', '.join(missing)}.",
            "R6",
        )
    return replace(state, step=Step.OPENING, guilds=tuple(e.guilds))


def _leader_card_turned(state: State, e: ev.LeaderCardTurned) -> State:
    colour = _colour(e.colour)
    if colour in state.colours_played:
        raise Refusal(f"{colour_name(colour)} has already been a round's colour.", "R12")
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
    if voter not in ballot.voters:
        if ballot.stage is Stage.NON_LEADERS:
            raise Refusal(
                f"{name(state, voter)} leads a colour: only non-leaders vote now.", "R27b"
            )
        raise Refusal(f"{name(state, voter)} leads no colour: only the leaders vote now.", "R27")
    earlier = ballot.vote_of(voter)
    if earlier is not None:
        raise Refusal(
            f"{name(state, voter)} has already voted (for {name(state, earlier)}): one vote each.",
            "R27" if state.step is Step.FINAL_VOTE else "R14",
        )
    if candidate not in ballot.candidates:
        if ballot.stage is Stage.ELECTION:
            _of_colour(state, candidate, state.round_colour or "", "R14")
        rule = {Stage.REVOTE: "R15", Stage.VOTEOFF: "R27a", Stage.NON_LEADERS: "R27b"}
        raise Refusal(
            f"Only the tied players can be voted for now: {names(state, ballot.candidates)}.",
            rule.get(ballot.stage),
        )
    return replace(state, ballot=replace(ballot, votes=ballot.votes + ((voter, candidate),)))


def _votes_closed(state: State, e: ev.VotesClosed) -> State:
    ballot = state.ballot
    assert ballot is not None
    if not ballot.complete:
        rule = "R14" if state.step is Step.ELECTION else "R27"
        raise Refusal(f"Still to vote: {names(state, ballot.waiting)}.", rule)
    if state.step is Step.ELECTION:
        return _count_election(state, ballot)
    return _count_final(state, ballot)


def _result(state: State, ballot: Ballot, winner: int | None, by: str, reason: str) -> BallotResult:
    return BallotResult(
        round=state.round,
        colour=state.round_colour,
        stage=ballot.stage,
        votes=ballot.votes,
        tied=ballot.most_voted(),
        winner=winner,
        decided_by=by,
        reason=reason,
    )


def _guild_order_reason(state: State, tied: tuple[int, ...], winner: int) -> str:
    return f"tied: {names(state, tied)}; {state.guilds[winner]} comes first in the guild order"


def _count_election(state: State, ballot: Ballot) -> State:
    tied = ballot.most_voted()
    if len(tied) == 1:
        return _elect(state, _result(state, ballot, tied[0], "majority", "most votes"))
    rule = state.options.election_tie
    if rule == "revote" and ballot.stage is Stage.ELECTION:  # R15 ⚖ a re-vote among the tied
        result = _result(state, ballot, None, "next_vote", f"tied: {names(state, tied)}; re-vote")
        revote = Ballot(Stage.REVOTE, tuple(state.seats), tied)
        return replace(state, ballot=revote, results=state.results + (result,))
    if rule == "narrator":  # R15 ⚖ the narrator picks
        return replace(state, step=Step.ELECTION_TIE)
    # R15 ⚖ default, and a re-vote that tied again
    winner = state.first_in_guild_order(tied)
    return _elect(
        state,
        _result(state, ballot, winner, "guild_order", _guild_order_reason(state, tied, winner)),
    )


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
        raise Refusal(f"Pick one of the tied players: {names(state, tied)}.", rule)
    result = _result(
        state, ballot, player, "narrator", f"tied: {names(state, tied)}; the narrator picked"
    )
    if state.step is Step.ELECTION_TIE:
        return _elect(state, result)
    return replace(
        state, step=Step.REVEAL, ballot=None, voted_out=player, results=state.results + (result,)
    )


def _count_final(state: State, ballot: Ballot) -> State:
    tied = ballot.most_voted()
    if len(tied) == 1:  # R27
        result = _result(state, ballot, tied[0], "majority", "most votes")
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
        why = "vote-off"
    elif ballot.stage is Stage.VOTEOFF and state.non_leaders():  # R27b
        nxt = Ballot(Stage.NON_LEADERS, state.non_leaders(), tied)
        why = "the players who lead no colour vote"
    if nxt is not None:
        result = _result(state, ballot, None, "next_vote", f"tied: {names(state, tied)}; {why}")
        return replace(state, ballot=nxt, results=state.results + (result,))
    rule = state.options.final_tie  # R27c
    if rule == "narrator":
        return replace(state, step=Step.FINAL_TIE)
    if rule == "nobody":
        result = _result(
            state, ballot, None, "nobody", f"tied: {names(state, tied)}; nobody dies by vote"
        )
        return replace(
            state, step=Step.REVEAL, ballot=None, voted_out=None, results=state.results + (result,)
        )
    winner = state.first_in_guild_order(tied)
    result = _result(state, ballot, winner, "guild_order", _guild_order_reason(state, tied, winner))
    return replace(
        state, step=Step.REVEAL, ballot=None, voted_out=winner, results=state.results + (result,)
    )


def _target_drawn(state: State, e: ev.TargetDrawn) -> State:
    colour = _colour(e.colour)
    left = state.targeting_cards_left()
    if colour not in left:
        # Which cards are left is not said: it would tell the secret draws (R18 ⚖).
        raise Refusal(f"The {colour_name(colour)} targeting card is no longer in the deck.", "R18")
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
        raise Refusal(f"The {colour_name(by)} leader cannot choose themselves.", rule)


def _player_chosen(state: State, e: ev.PlayerChosen) -> State:
    by = state.round_colour
    assert by is not None
    if by == "B":
        raise Refusal("The Black leader notes the Ultimate Price in secret.", "R23")
    player = _seat(state, e.player)
    _check_choice(state, player, by)
    return replace(state, step=Step.ABILITY, chosen=state.chosen + ((by, player),))


def _ultimate_price_noted(state: State, e: ev.UltimatePriceNoted) -> State:
    if state.round_colour != "B":
        raise Refusal("Only the Black leader notes the Ultimate Price.", "R23")
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
        raise Refusal(f"{e.role!r} is not a role: {' or '.join(ROLE_NAMES.values())}.", "R30")
    roles = dict(state.roles)
    roles[player] = e.role
    agents = sum(1 for r in roles.values() if r == AGENTS)
    loyalists = len(roles) - agents
    if agents > agents_for(state.count):
        raise Refusal(
            f"There are only {agents_for(state.count)} Agents of Bolas at {state.count} players.",
            "R5",
        )
    if loyalists > state.count - agents_for(state.count):
        raise Refusal(
            f"There are only {state.count - agents_for(state.count)} Loyalists at {state.count} players.",
            "R5",
        )
    return replace(state, roles=tuple(sorted(roles.items())))


def _roles_confirmed(state: State, e: ev.RolesConfirmed) -> State:
    missing = [s for s in state.dead() if state.role_of(s) is None]
    if missing:
        raise Refusal(
            f"Key in the role of every dead player first: {names(state, missing)}.", "R30"
        )
    return replace(state, step=Step.OVER, winner=state.decide_winner())  # R31


HANDLERS = {
    ev.GameCreated: ((Step.SETUP,), _game_created),
    ev.GuildsDealt: ((Step.DEAL,), _guilds_dealt),
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


def apply(state: State, event: Event) -> State:
    """The state after ``event``; raises ``Refusal`` (and changes nothing) if it is not allowed."""
    entry = HANDLERS.get(type(event))
    if entry is None:
        raise Refusal(f"{type(event).__name__} is not a Ravnica: Inquisition entry.")
    steps, handler = entry
    _expect(state, event, *steps)
    return handler(state, event)


def check(state: State, event: Event) -> Refusal | None:
    """The refusal ``event`` would meet, or None when it is allowed."""
    try:
        apply(state, event)
    except Refusal as refusal:
        return refusal
    return None
