"""The final round and the end: R25–R31."""

from __future__ import annotations

import pytest

from narrator.games.ravnica import Options, State, Step, apply, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import Stage
from narrator.games.ravnica.story import reason
from narrator.games.ravnica.tables import AGENTS, LOYALISTS
from tests.games.table import (
    ANN,
    BOB,
    CID,
    DEE,
    EVE,
    EVERYONE_LEADS,
    FOUR_LEADERS,
    NAMES,
    THREE_LEADERS,
    final_vote,
    five_rounds,
    new_game,
    refused,
    run,
    vote_all,
)

# Five leaders, one vote each, every player tied on one vote.
FIVE_WAY = {ANN: BOB, BOB: CID, CID: DEE, DEE: EVE, EVE: ANN}


def reveal_roles(state: State, roles: dict[int, str]) -> State:
    state = apply(state, ev.UltimatePriceRevealed())
    for seat, role in roles.items():
        state = apply(state, ev.RoleRevealed(seat, role))
    return apply(state, ev.RolesConfirmed())


def test_red_leader_gives_ablaze_before_the_final_round_R25():
    state = five_rounds(new_game(), EVERYONE_LEADS)
    assert state.step is Step.ABLAZE_DRAW and state.round == 6
    assert state.ablaze_card == BOB
    refused(state, ev.DiscussionEnded(), None, "Red leader's last draw")
    state = apply(state, ev.TargetDrawn("R"))
    refused(state, ev.DiscussionEnded(), None, "who gets Ablaze")
    state = apply(state, ev.AblazeGiven(BOB))  # the Red leader may give it to themselves
    assert state.step is Step.FINAL_DISCUSSION and state.ablaze == BOB


def test_final_timer_default_and_configurable_R26():
    assert Options().final_seconds == 300
    assert new_game(final_seconds=600).options.final_seconds == 600
    refused(State(), ev.GameCreated(NAMES[:5], Options(final_seconds=9)), "R26", "final_seconds")
    state = five_rounds(new_game(), EVERYONE_LEADS)
    state = run(state, ev.TargetDrawn("R"), ev.AblazeGiven(CID))
    assert legal_moves(state) == [ev.DiscussionEnded()]
    refused(state, ev.VoteCast(ANN, BOB), None, "end of the final discussion")


def test_each_distinct_leader_votes_once_for_anyone_R27():
    state = final_vote(THREE_LEADERS)
    assert state.step is Step.FINAL_VOTE and state.ballot.stage is Stage.LEADERS
    assert state.ballot.voters == (ANN, BOB, CID)  # Ann and Bob lead two colours each
    assert state.ballot.candidates == (ANN, BOB, CID, DEE, EVE)  # anyone, leaders too
    refused(state, ev.VoteCast(DEE, ANN), "R27", "Dee leads no colour")


def test_double_leader_votes_only_once_in_the_final_R27():
    state = final_vote(THREE_LEADERS)
    state = apply(state, ev.VoteCast(ANN, DEE))
    refused(state, ev.VoteCast(ANN, EVE), "R27", "Ann has already voted (for Dee)")
    assert all(m.voter != ANN for m in legal_moves(state))
    state = run(state, ev.VoteCast(BOB, DEE))
    refused(state, ev.VotesClosed(), "R27", "Still to vote: Cid")
    state = run(state, ev.VoteCast(CID, EVE), ev.VotesClosed())
    assert state.voted_out == DEE and state.step is Step.REVEAL
    assert state.results[-1].votes == ((ANN, DEE), (BOB, DEE), (CID, EVE))


def test_most_votes_dies_R27():
    state = vote_all(final_vote(), {ANN: CID, BOB: CID, CID: DEE, DEE: CID, EVE: ANN})
    assert state.voted_out == CID
    assert state.results[-1].decided_by == "majority"
    assert CID in state.dead()


def test_vote_off_among_the_tied_by_the_same_leaders_R27a():
    state = vote_all(final_vote(FOUR_LEADERS), {ANN: BOB, BOB: CID, CID: DEE, EVE: ANN})
    assert state.ballot.stage is Stage.VOTEOFF
    assert state.ballot.voters == (ANN, BOB, CID, EVE)
    assert state.ballot.candidates == (ANN, BOB, CID, DEE)  # Eve had no vote
    refused(state, ev.VoteCast(ANN, EVE), "R27a", "Only the tied players", "Ann, Bob, Cid and Dee")
    refused(state, ev.VoteCast(DEE, BOB), "R27a", "Dee leads no colour")
    state = vote_all(state, {ANN: ANN, BOB: BOB, CID: ANN, EVE: BOB})
    # the vote-off narrowed four tied to two: now Dee, the one non-leader, votes among them
    assert state.ballot.stage is Stage.NON_LEADERS
    assert state.ballot.candidates == (ANN, BOB)


def test_vote_off_decides_R27a():
    state = vote_all(final_vote(), FIVE_WAY)
    assert state.ballot.stage is Stage.VOTEOFF
    assert state.ballot.voters == state.ballot.candidates == (ANN, BOB, CID, DEE, EVE)
    state = vote_all(state, {ANN: CID, BOB: CID, CID: DEE, DEE: CID, EVE: ANN})
    assert state.voted_out == CID
    assert [r.stage for r in state.results[-2:]] == [Stage.LEADERS, Stage.VOTEOFF]
    assert state.results[-1].decided_by == "majority"


def test_vote_off_narrows_the_tie_for_the_next_step_R27a():
    """A three-way tie can only arise among three leaders, who cannot split it two ways;
    so the narrowing a vote-off does is shown from a five-way tie to two (guild order
    then chooses between those two, not among the five)."""
    state = vote_all(final_vote(), FIVE_WAY)
    state = vote_all(state, {ANN: DEE, BOB: DEE, CID: EVE, DEE: EVE, EVE: ANN})
    assert state.results[-1].tied == (DEE, EVE)
    assert state.voted_out == EVE  # Orzhov before Simic; Azorius (Ann) was no longer tied


def test_non_leaders_vote_among_the_tied_R27b():
    state = vote_all(final_vote(FOUR_LEADERS), {ANN: BOB, BOB: CID, CID: DEE, EVE: ANN})
    state = vote_all(state, {ANN: ANN, BOB: BOB, CID: ANN, EVE: BOB})
    assert state.ballot.voters == (DEE,)
    refused(state, ev.VoteCast(ANN, BOB), "R27b", "Ann leads a colour")
    refused(state, ev.VoteCast(DEE, CID), "R27b", "Only the tied players", ": Ann and Bob")
    state = vote_all(state, {DEE: BOB})
    assert state.voted_out == BOB
    assert state.results[-1].stage is Stage.NON_LEADERS


def test_non_leaders_narrow_a_three_way_tie_to_two_R27b():
    state = vote_all(final_vote(THREE_LEADERS), {ANN: BOB, BOB: CID, CID: DEE})
    assert state.results[-1].tied == (BOB, CID, DEE)
    state = vote_all(state, {ANN: CID, BOB: DEE, CID: BOB})  # vote-off: still three
    assert state.ballot.stage is Stage.NON_LEADERS
    assert state.ballot.voters == (DEE, EVE)
    assert state.ballot.candidates == (BOB, CID, DEE)
    state = vote_all(state, {DEE: CID, EVE: DEE})
    assert state.results[-1].tied == (CID, DEE)
    # R27c among the two still tied: Gruul before Simic (Rakdos, Bob, is out of it)
    assert state.voted_out == CID
    assert state.results[-1].decided_by == "guild_order"


def test_every_vote_off_refusal_cites_R27a():
    """In the vote-off every refusal names R27a, not the leaders' vote (R27) before it."""
    state = vote_all(final_vote(FOUR_LEADERS), {ANN: BOB, BOB: CID, CID: DEE, EVE: ANN})
    assert state.ballot.stage is Stage.VOTEOFF
    refused(state, ev.VoteCast(DEE, ANN), "R27a", "Dee leads no colour")
    refused(state, ev.VoteCast(ANN, EVE), "R27a", "Only the tied players")
    state = apply(state, ev.VoteCast(ANN, BOB))
    refused(state, ev.VoteCast(ANN, CID), "R27a", "Ann has already voted (for Bob)")
    refused(state, ev.VotesClosed(), "R27a", "Still to vote: Bob, Cid and Eve")
    refused(state, ev.TieBroken(BOB), "R27a", "Not now", "the vote-off among the tied")


def test_every_non_leaders_refusal_cites_R27b():
    state = vote_all(final_vote(THREE_LEADERS), {ANN: BOB, BOB: CID, CID: DEE})
    state = vote_all(state, {ANN: CID, BOB: DEE, CID: BOB})
    assert state.ballot.stage is Stage.NON_LEADERS and state.ballot.voters == (DEE, EVE)
    refused(state, ev.VoteCast(BOB, CID), "R27b", "Bob leads a colour")
    refused(state, ev.VoteCast(EVE, ANN), "R27b", "Only the tied", "now: Bob, Cid and Dee")
    state = apply(state, ev.VoteCast(DEE, CID))
    refused(state, ev.VoteCast(DEE, BOB), "R27b", "Dee has already voted (for Cid)")
    refused(state, ev.VotesClosed(), "R27b", "Still to vote: Eve")
    wants = "the vote of the players who lead no colour"
    refused(state, ev.UltimatePriceRevealed(), "R27b", f"Not now: the game is waiting for {wants}")


@pytest.mark.parametrize(
    "event, rule, wants",
    [
        (ev.VoteCast(ANN, BOB), "R22", "the Red leader's last draw"),
        (ev.DiscussionEnded(), "R22", "the Red leader's last draw"),
        (ev.RolesConfirmed(), "R22", "the Red leader's last draw"),
    ],
)
def test_out_of_order_entry_names_the_step_and_its_rule_R25(event, rule, wants):
    state = five_rounds(new_game(), EVERYONE_LEADS)
    refusal = refused(state, event, rule, f"Not now: the game is waiting for {wants}")
    assert str(refusal) == f"Not now: the game is waiting for {wants} ({rule})"


def test_out_of_order_in_the_final_names_the_vote_under_way_R27():
    state = final_vote()
    refused(state, ev.TieBroken(ANN), "R27", "waiting for the leaders' final vote")
    state = vote_all(state, FIVE_WAY)
    refused(state, ev.AblazeGiven(ANN), "R27a", "waiting for the vote-off among the tied")
    state = vote_all(vote_all(final_vote(final_tie="narrator"), FIVE_WAY), FIVE_WAY)
    assert state.step is Step.FINAL_TIE
    refused(state, ev.VoteCast(ANN, BOB), "R27c", "waiting for the narrator's pick")


def _five_way_then_tied(**options) -> State:
    state = vote_all(final_vote(**options), FIVE_WAY)
    return vote_all(state, {ANN: DEE, BOB: DEE, CID: EVE, DEE: EVE, EVE: ANN})


def test_everyone_leads_so_a_tie_goes_to_guild_order_R27c():
    """5 players, each leading one colour: a tie after the vote-off has no R27b."""
    state = _five_way_then_tied()
    assert state.non_leaders() == ()
    assert state.distinct_leaders() == (ANN, BOB, CID, DEE, EVE)
    assert [r.stage for r in state.results[-2:]] == [Stage.LEADERS, Stage.VOTEOFF]
    assert state.voted_out == EVE and state.step is Step.REVEAL
    why = reason(state, state.results[-1])
    assert "Orzhov (Eve) comes before Simic (Dee) in the guild order (R27c)" in why
    assert "every player leads a colour, so there is no vote" in why and "(R27b)" in why
    assert Options().final_tie == "guild_order"


def test_five_way_tie_twice_goes_to_guild_order_R27c():
    state = vote_all(vote_all(final_vote(), FIVE_WAY), FIVE_WAY)
    assert state.voted_out == ANN  # Azorius first of all


def test_tie_after_non_leaders_goes_to_guild_order_R27c():
    state = vote_all(final_vote(THREE_LEADERS), {ANN: BOB, BOB: CID, CID: DEE})
    state = vote_all(state, {ANN: CID, BOB: DEE, CID: BOB})
    state = vote_all(state, {DEE: DEE, EVE: BOB})
    assert state.results[-1].stage is Stage.NON_LEADERS
    assert state.voted_out == BOB  # Rakdos before Simic


def test_tie_with_nobody_dies_ruling_R27c():
    state = _five_way_then_tied(final_tie="nobody")
    assert state.step is Step.REVEAL and state.voted_out is None
    assert state.results[-1].decided_by == "nobody"
    state = apply(state, ev.UltimatePriceRevealed())
    assert state.deaths() == ((BOB, ("ablaze", "ultimate_price")),)


def test_tie_with_narrator_picks_ruling_R27c():
    state = _five_way_then_tied(final_tie="narrator")
    assert state.step is Step.FINAL_TIE
    assert legal_moves(state) == [ev.TieBroken(DEE), ev.TieBroken(EVE)]
    refused(state, ev.TieBroken(ANN), "R27c", "Pick one of the tied players: Dee and Eve")
    refused(state, ev.VoteCast(ANN, DEE), None, "narrator's pick")
    state = apply(state, ev.TieBroken(DEE))
    assert state.voted_out == DEE and state.step is Step.REVEAL
    assert state.results[-1].decided_by == "narrator"


def test_ablaze_holder_dies_R28():
    state = vote_all(final_vote(ablaze=CID), DEE)
    assert state.deaths() == ((DEE, ("vote",)), (CID, ("ablaze",)))


def test_ultimate_price_dies_only_when_revealed_R29():
    state = vote_all(final_vote(ablaze=CID), DEE)
    assert BOB not in state.dead()  # Bob's Ultimate Price is still secret
    assert state.step is Step.REVEAL
    assert legal_moves(state) == [ev.UltimatePriceRevealed()]
    state = apply(state, ev.UltimatePriceRevealed())
    assert state.ultimate_price_revealed
    assert state.deaths() == ((DEE, ("vote",)), (CID, ("ablaze",)), (BOB, ("ultimate_price",)))


def test_vote_ablaze_and_ultimate_price_on_one_player_count_once_R29():
    state = vote_all(final_vote(ablaze=BOB), BOB)  # Bob: voted out, Ablaze, Ultimate Price
    state = apply(state, ev.UltimatePriceRevealed())
    assert state.deaths() == ((BOB, ("vote", "ablaze", "ultimate_price")),)
    assert state.dead() == (BOB,)
    state = run(state, ev.RoleRevealed(BOB, AGENTS), ev.RolesConfirmed())
    assert state.dead_agents() == 1
    assert state.winner == AGENTS  # one dead Agent, however many causes


def test_confirming_roles_before_every_dead_role_is_keyed_refused_R30():
    state = apply(vote_all(final_vote(ablaze=CID), DEE), ev.UltimatePriceRevealed())
    assert state.step is Step.ROLES
    refused(state, ev.RolesConfirmed(), "R30", "Key in the role of every dead player first")
    state = run(state, ev.RoleRevealed(DEE, LOYALISTS), ev.RoleRevealed(CID, AGENTS))
    refusal = refused(state, ev.RolesConfirmed(), "R30", "Bob")
    assert "Dee" not in refusal.message
    state = run(state, ev.RoleRevealed(BOB, AGENTS), ev.RolesConfirmed())
    assert state.step is Step.OVER


def test_too_many_agents_keyed_refused_R30():
    state = apply(vote_all(final_vote(), CID), ev.UltimatePriceRevealed())
    state = run(state, ev.RoleRevealed(ANN, AGENTS), ev.RoleRevealed(BOB, AGENTS))
    refused(state, ev.RoleRevealed(CID, AGENTS), "R5", "only 2 Agents of Bolas at 5 players")
    state = apply(state, ev.RoleRevealed(ANN, LOYALISTS))  # a mistake keyed again
    state = apply(state, ev.RoleRevealed(CID, AGENTS))
    assert state.roles == ((ANN, LOYALISTS), (BOB, AGENTS), (CID, AGENTS))


def test_too_many_loyalists_keyed_refused_R30():
    state = apply(vote_all(final_vote(), CID), ev.UltimatePriceRevealed())
    state = run(state, *(ev.RoleRevealed(s, LOYALISTS) for s in (ANN, BOB, CID)))
    refused(state, ev.RoleRevealed(DEE, LOYALISTS), "R5", "only 3 Loyalists")
    refused(state, ev.RoleRevealed(DEE, "wizard"), "R30", "not a role")
    refused(state, ev.RoleRevealed(9, AGENTS), None, "no seat")


def test_roles_of_the_living_may_be_keyed_for_the_record_R30():
    state = apply(vote_all(final_vote(ablaze=CID), DEE), ev.UltimatePriceRevealed())
    roles = {ANN: LOYALISTS, BOB: AGENTS, CID: AGENTS, DEE: LOYALISTS, EVE: LOYALISTS}
    state = run(state, *(ev.RoleRevealed(s, r) for s, r in roles.items()), ev.RolesConfirmed())
    assert dict(state.roles) == roles
    assert legal_moves(state) == []


@pytest.mark.parametrize(
    "agents, winner",
    [
        ((BOB, CID), LOYALISTS),  # both dead: Bob (Ultimate Price), Cid (Ablaze)
        ((DEE, CID), LOYALISTS),  # Dee voted out, Cid
        ((BOB, ANN), AGENTS),  # only Bob dead
        ((ANN, EVE), AGENTS),  # no Agent dead
    ],
)
def test_two_dead_agents_win_for_the_loyalists_R31(agents, winner):
    state = vote_all(final_vote(ablaze=CID), DEE)
    dead = (DEE, CID, BOB)
    roles = {s: AGENTS if s in agents else LOYALISTS for s in dead}
    state = reveal_roles(state, roles)
    assert state.step is Step.OVER
    assert state.winner == winner
    assert state.dead_agents() == sum(1 for s in dead if s in agents)


def test_nothing_after_the_end_R31():
    state = reveal_roles(vote_all(final_vote(ablaze=BOB), BOB), {BOB: AGENTS})
    assert legal_moves(state) == []
    refused(state, ev.RoleRevealed(ANN, AGENTS), None, "game is over")
    refused(state, ev.RolesConfirmed(), None, "game is over")


def test_the_winner_screen_names_the_agents_as_far_as_their_roles_were_keyed_R30_R31():
    from dataclasses import replace

    from narrator.games.ravnica.end_view import agents_named
    from narrator.prompts import use_game, worded
    from tests.display.moments import ravnica

    game, events = ravnica(3)
    use_game(game.words_dir)
    state = game.initial()
    for event in events:
        state = game.apply(state, event)
    (keyed,) = agents_named(state)  # four roles keyed of ten: only the ones keyed
    assert worded(keyed, "en") == "Agents of Bolas among the roles keyed: Player 9."
    every = tuple((seat, "agents" if seat in (0, 8) else "loyalists") for seat in state.seats)
    (named,) = agents_named(replace(state, roles=every))
    assert worded(named, "en") == "The Agents of Bolas: Player 1 and Player 9."
    assert worded(named, "ru") == "Агенты Боласа: Player 1 и Player 9."
    assert agents_named(replace(state, roles=())) == ()
