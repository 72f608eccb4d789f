"""The five colour rounds: R11–R24."""

from __future__ import annotations

import pytest

from narrator.games.ravnica import Options, State, Step, apply, legal_moves
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import Stage
from narrator.games.ravnica.story import describe, reason
from narrator.games.ravnica.tables import COLOURS
from tests.games.table import (
    ANN,
    BOB,
    CID,
    DEE,
    EVE,
    FAY,
    NAMES,
    ability,
    election,
    new_game,
    play_round,
    refused,
    run,
    vote_all,
)


def discussion(state: State, colour: str) -> State:
    return run(state, ev.LeaderCardTurned(colour), ev.DiscussionEnded())


def test_round_timer_default_and_bounds_R11():
    assert Options().round_seconds == 120
    assert new_game(round_seconds=90).options.round_seconds == 90
    too_short = ev.GameCreated(NAMES[:5], Options(round_seconds=5))
    refused(State(), too_short, "R11", "round_seconds must be 10 to 3600 seconds")
    refused(State(), ev.GameCreated(NAMES[:5], Options(round_seconds=True)), "R11")


def test_leader_card_sets_the_round_colour_R12():
    state = apply(new_game(), ev.LeaderCardTurned("B"))
    assert (state.round, state.round_colour, state.step) == (1, "B", Step.DISCUSSION)
    assert state.leader_cards_left() == ("W", "U", "R", "G")


def test_each_colour_is_the_round_colour_once_R12():
    state = play_round(new_game(), "W", ANN, "G", CID)
    refused(state, ev.LeaderCardTurned("W"), "R12", "White has already been")
    refused(state, ev.LeaderCardTurned("X"), "R1")
    assert ev.LeaderCardTurned("W") not in legal_moves(state)
    assert {m.colour for m in legal_moves(state)} == {"U", "B", "R", "G"}


def test_exactly_five_rounds_R12():
    state = new_game()
    from tests.games.table import EVERYONE_LEADS, five_rounds

    state = five_rounds(state, EVERYONE_LEADS)
    assert state.colours_played == ("W", "U", "B", "R", "G")
    assert state.round == 6 and state.step is Step.ABLAZE_DRAW
    refused(state, ev.LeaderCardTurned("W"), None, "last draw")


def test_no_vote_during_discussion_R13():
    state = apply(new_game(), ev.LeaderCardTurned("W"))
    assert state.step is Step.DISCUSSION
    refused(state, ev.VoteCast(BOB, ANN), None, "Not now", "end of the discussion")
    refused(state, ev.VotesClosed(), None, "Not now")
    assert legal_moves(state) == [ev.DiscussionEnded()]


def test_vote_before_the_round_started_refused_R13():
    refused(new_game(), ev.VoteCast(BOB, ANN), None, "Not now", "leader card")


def test_everyone_votes_for_a_player_of_the_round_colour_R14():
    state = discussion(new_game(), "W")
    assert state.step is Step.ELECTION
    assert state.ballot.voters == (ANN, BOB, CID, DEE, EVE)  # candidates vote too
    assert state.ballot.candidates == (ANN, EVE)
    assert {(m.voter, m.candidate) for m in legal_moves(state)} == {
        (v, c) for v in range(5) for c in (ANN, EVE)
    }


def test_vote_for_wrong_colour_refused_R14():
    state = discussion(new_game(), "W")
    refused(state, ev.VoteCast(ANN, BOB), "R14", "Bob is not White", "Rakdos is Black and Red")
    refused(state, ev.VoteCast(EVE, DEE), "R14", "Dee is not White", "Simic")


def test_second_vote_from_a_voter_refused_R14():
    state = apply(discussion(new_game(), "W"), ev.VoteCast(BOB, ANN))
    refused(state, ev.VoteCast(BOB, EVE), "R14", "Bob has already voted", "for Ann")
    refused(state, ev.VoteCast(BOB, ANN), "R14", "already voted")


@pytest.mark.parametrize("voter, candidate", [(5, ANN), (-1, ANN), (BOB, 7), (BOB, -2)])
def test_vote_by_or_for_an_unknown_seat_refused_R14(voter, candidate):
    refused(discussion(new_game(), "W"), ev.VoteCast(voter, candidate), None, "no seat", "1 to 5")


def test_closing_votes_before_everyone_voted_refused_R14():
    state = discussion(new_game(), "W")
    state = run(state, ev.VoteCast(ANN, ANN), ev.VoteCast(BOB, EVE))
    refused(state, ev.VotesClosed(), "R14", "Still to vote: Cid, Dee and Eve")
    assert ev.VotesClosed() not in legal_moves(state)


def test_most_votes_leads_R14():
    state = election(new_game(), "W", {ANN: ANN, BOB: EVE, CID: EVE, DEE: ANN, EVE: EVE})
    assert state.leader_of("W") == EVE
    result = state.results[-1]
    assert (result.winner, result.decided_by, result.stage) == (EVE, "majority", Stage.ELECTION)
    assert result.votes == ((ANN, ANN), (BOB, EVE), (CID, EVE), (DEE, ANN), (EVE, EVE))


# R15: six players, so two can tie. Blue: Ann (Azorius), Dee (Simic), Fay (Dimir).
BLUE_TIE = {ANN: DEE, BOB: FAY, CID: DEE, DEE: DEE, EVE: FAY, FAY: FAY}  # Dee 3, Fay 3


def test_tied_election_decided_by_guild_order_R15():
    state = election(new_game(6), "U", BLUE_TIE)
    assert state.leader_of("U") == FAY  # Dimir comes before Simic, though Dee sits first
    result = state.results[-1]
    assert result.tied == (DEE, FAY)
    assert result.decided_by == "guild_order"
    assert reason(state, result) == "Dimir (Fay) comes before Simic (Dee) in the guild order"
    assert Options().election_tie == "guild_order"


def test_tied_election_revote_among_the_tied_R15():
    state = election(new_game(6, election_tie="revote"), "U", BLUE_TIE)
    assert state.step is Step.ELECTION
    assert state.ballot.stage is Stage.REVOTE
    assert state.ballot.candidates == (DEE, FAY)
    assert state.ballot.voters == tuple(range(6))
    assert state.results[-1].decided_by == "next_vote"
    refused(state, ev.VoteCast(BOB, ANN), "R15", "Only the tied players", "Dee and Fay")
    state = vote_all(state, {ANN: DEE, BOB: DEE, CID: DEE, DEE: DEE, EVE: FAY, FAY: FAY})
    assert state.leader_of("U") == DEE
    assert state.results[-1].stage is Stage.REVOTE
    assert state.results[-1].decided_by == "majority"


def test_tied_revote_falls_back_to_guild_order_R15():
    state = election(new_game(6, election_tie="revote"), "U", BLUE_TIE)
    state = vote_all(state, BLUE_TIE)  # ties again
    assert state.step is Step.DRAW
    assert state.leader_of("U") == FAY
    assert [r.decided_by for r in state.results] == ["next_vote", "guild_order"]


def test_tied_election_narrator_picks_R15():
    state = election(new_game(6, election_tie="narrator"), "U", BLUE_TIE)
    assert state.step is Step.ELECTION_TIE
    assert legal_moves(state) == [ev.TieBroken(DEE), ev.TieBroken(FAY)]
    refused(state, ev.TieBroken(ANN), "R15", "Pick one of the tied players: Dee and Fay")
    state = apply(state, ev.TieBroken(DEE))  # the narrator may pick against the guild order
    assert state.leader_of("U") == DEE
    assert state.results[-1].decided_by == "narrator"
    assert state.step is Step.DRAW


def test_three_way_tie_in_guild_order_R15():
    votes = {ANN: ANN, BOB: ANN, CID: DEE, DEE: DEE, EVE: FAY, FAY: FAY}
    state = election(new_game(6), "U", votes)
    assert state.results[-1].tied == (ANN, DEE, FAY)
    assert state.leader_of("U") == ANN  # Azorius first of all


def test_player_may_lead_two_colours_R16():
    state = play_round(new_game(), "W", ANN, "G", CID)
    state = play_round(state, "U", ANN, "U", DEE)
    assert state.colours_led_by(ANN) == ("W", "U")
    assert state.distinct_leaders() == (ANN,)


def test_new_leader_uses_the_ability_at_once_R17():
    state = election(new_game(), "W", ANN)
    assert state.step is Step.DRAW and state.round_leader == ANN
    state = election(ability(state, "G", CID), "R", BOB)
    assert state.step is Step.ABILITY  # Red's ability waits for the final round (R22)
    assert legal_moves(state) == [ev.AbilityDone()]


def test_drawn_targeting_card_never_goes_back_R18():
    state = play_round(new_game(), "W", ANN, "G", CID)
    state = election(state, "U", DEE)
    refusal = refused(state, ev.TargetDrawn("G"), "R18", "That card can't be drawn now")
    assert "Green" not in refusal.message  # nor what the deck still holds (R18 ⚖)
    assert ev.TargetDrawn("G") not in legal_moves(state)
    assert state.targeting_cards_left() == ("W", "U", "B", "R")


def test_draws_are_secret_except_blue_R18():
    state = play_round(new_game(), "W", ANN, "G", CID)
    state = play_round(state, "U", DEE, "U", ANN)
    state = play_round(state, "B", EVE, "B", BOB)
    assert [(d.by, d.colour, d.secret) for d in state.draws] == [
        ("W", "G", True),
        ("U", "U", False),
        ("B", "B", True),
    ]


def test_choice_is_of_the_drawn_colour_not_the_round_colour_R19():
    state = apply(election(new_game(), "W", ANN), ev.TargetDrawn("G"))
    refused(state, ev.PlayerChosen(EVE), "R19", "Eve is not Green", "Orzhov")
    assert {m.player for m in legal_moves(state)} == {CID, DEE}
    assert apply(state, ev.PlayerChosen(CID)).chosen == (("W", CID),)


def test_white_leader_cannot_choose_themselves_R20():
    state = apply(election(new_game(), "W", ANN), ev.TargetDrawn("U"))
    refused(state, ev.PlayerChosen(ANN), "R20", "White leader cannot choose themselves")
    assert legal_moves(state) == [ev.PlayerChosen(DEE)]
    state = apply(state, ev.PlayerChosen(DEE))
    assert state.step is Step.ABILITY


def test_white_draw_stays_secret_R20():
    before = election(new_game(), "W", ANN)
    after = apply(before, ev.TargetDrawn("U"))
    line = describe(before, ev.TargetDrawn("U"), after)
    assert "Blue" not in line and "secret" in line


def test_blue_draw_is_revealed_and_the_leader_may_be_chosen_R21():
    state = play_round(new_game(), "W", ANN, "G", CID)
    before = election(state, "U", ANN)
    state = apply(before, ev.TargetDrawn("U"))
    assert "shows Blue" in describe(before, ev.TargetDrawn("U"), state)
    assert state.draw_of("U").secret is False
    assert {m.player for m in legal_moves(state)} == {ANN, DEE}
    assert apply(state, ev.PlayerChosen(ANN)).chosen_by("U") == ANN


def test_red_leader_takes_ablaze_R22():
    state = election(new_game(), "R", CID)
    assert state.ablaze_card == CID and state.ablaze is None
    assert state.draws == ()  # Red draws nothing during the rounds
    state = apply(state, ev.AbilityDone())
    assert state.step is Step.TURN_LEADER_CARD


def test_ablaze_goes_to_a_player_of_the_last_card_colour_R22():
    from tests.games.table import EVERYONE_LEADS, five_rounds

    state = five_rounds(new_game(), EVERYONE_LEADS)
    assert legal_moves(state) == [ev.TargetDrawn("R")]  # the last card
    state = apply(state, ev.TargetDrawn("R"))
    assert state.draw_of("R").secret
    refused(state, ev.AblazeGiven(ANN), "R22", "Ann is not Red")
    assert {m.player for m in legal_moves(state)} == {BOB, CID}
    state = apply(state, ev.AblazeGiven(CID))
    assert state.ablaze == CID and state.ablaze_card is None  # public
    assert state.step is Step.FINAL_DISCUSSION


def test_black_leader_notes_the_ultimate_price_in_secret_R23():
    state = apply(election(new_game(), "B", EVE), ev.TargetDrawn("R"))
    refused(state, ev.PlayerChosen(BOB), "R23", "in secret")
    refused(state, ev.UltimatePriceNoted(ANN), "R19", "Ann is not Red")
    assert {m.player for m in legal_moves(state)} == {BOB, CID}
    before, state = state, apply(state, ev.UltimatePriceNoted(CID))
    assert state.ultimate_price == CID and not state.ultimate_price_revealed
    line = describe(before, ev.UltimatePriceNoted(CID), state)
    assert "Cid" not in line and "Gruul" not in line
    assert CID not in state.dead()


def test_ultimate_price_noted_only_in_the_black_round_R23():
    state = apply(election(new_game(), "W", ANN), ev.TargetDrawn("G"))
    refused(state, ev.UltimatePriceNoted(CID), "R23", "Only the Black leader")


def test_green_leader_cannot_choose_themselves_R24():
    state = apply(election(new_game(), "G", DEE), ev.TargetDrawn("U"))
    refused(state, ev.PlayerChosen(DEE), "R24", "Green leader cannot choose themselves")
    assert legal_moves(state) == [ev.PlayerChosen(ANN)]


def test_targeting_deck_holds_every_colour_once_R18():
    assert sorted(COLOURS) == sorted(new_game().targeting_cards_left())
