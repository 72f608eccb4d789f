"""The one dispatch from events to rules handlers (``games/common/dispatch.py``): an entry of
another game and an entry out of order are refused the game's way, with its words and its
step's rule, before any handler runs; and both games keep their words for both refusals."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from narrator.games.common.dispatch import Dispatch
from narrator.games.entries import Event, Refusal
from narrator.games.ravnica import events as ravnica_ev
from narrator.games.ravnica import rules as ravnica
from narrator.games.ravnica.state import State as RavnicaState
from narrator.games.ravnica.state import Step as RavnicaStep
from narrator.games.werewolf import events as werewolf_ev
from narrator.games.werewolf import rules as werewolf
from narrator.games.werewolf.state import State as WerewolfState
from narrator.games.werewolf.state import Step as WerewolfStep
from narrator.prompts import Term

# --- a table of two steps, to read the dispatch alone -------------------------------------


@dataclass(frozen=True)
class Table:
    step: str = "deal"
    dealt: int = 0
    played: tuple[str, ...] = ()


@dataclass(frozen=True)
class Dealt(Event):
    type = "dealt"


@dataclass(frozen=True)
class Played(Event):
    type = "played"
    card: str = "ace"


@dataclass(frozen=True)
class Stray(Event):
    type = "stray"


def dealt(t: Table, e: Dealt) -> Table:
    return replace(t, step="play", dealt=t.dealt + 1)


def played(t: Table, e: Played) -> Table:
    if e.card == "joker":
        raise Refusal("no_jokers", "T9")
    return replace(t, played=t.played + (e.card,))


RULE_OF_STEP = {"deal": "T1", "play": "T2", "end": "T3"}
TABLE = Dispatch(
    {
        Dealt: ("deal", dealt),
        Played: (("play", "end"), played),
    },
    not_now=lambda t: Refusal("t_not_now", RULE_OF_STEP[t.step], wants=t.step),
    not_this_game=lambda e: Refusal("t_not_this_game", entry=e.type),
)


def refusal(table: Dispatch, state, event) -> Refusal:
    with pytest.raises(Refusal) as raised:
        table.apply(state, event)
    return raised.value


def test_an_event_goes_to_its_handler_in_its_step():
    after = TABLE.apply(Table(), Dealt())
    assert after == Table(step="play", dealt=1)
    assert TABLE.apply(after, Played("king")).played == ("king",)
    assert TABLE.apply(replace(after, step="end"), Played("queen")).played == ("queen",)


def test_an_event_out_of_its_step_is_refused_with_that_steps_rule_and_no_handler_runs():
    refused = refusal(TABLE, Table(step="play"), Dealt())
    assert (refused.key, refused.rule, refused.params) == ("t_not_now", "T2", {"wants": "play"})
    # a joker would be refused by its handler: the step is checked first
    refused = refusal(TABLE, Table(step="deal"), Played("joker"))
    assert (refused.key, refused.rule) == ("t_not_now", "T1")


def test_an_event_the_game_does_not_know_is_refused_before_its_step_is_read():
    refused = refusal(TABLE, Table(step="nowhere"), Stray())
    assert (refused.key, refused.rule, refused.params) == (
        "t_not_this_game",
        None,
        {"entry": "stray"},
    )


def test_a_handlers_own_refusal_passes_through():
    refused = refusal(TABLE, Table(step="play"), Played("joker"))
    assert (refused.key, refused.rule) == ("no_jokers", "T9")


def test_one_step_or_several_read_alike():
    assert TABLE.steps_of(Dealt) == ("deal",)
    assert TABLE.steps_of(Played) == ("play", "end")
    assert TABLE.event_types == (Dealt, Played)


def test_expect_checks_only_the_step():
    TABLE.expect(Table(step="end"), Played)  # a joker, unread: not refused here
    with pytest.raises(Refusal) as raised:
        TABLE.expect(Table(step="end"), Dealt)
    assert (raised.value.key, raised.value.rule) == ("t_not_now", "T3")


def test_the_step_may_be_read_another_way():
    by_deals = Dispatch(
        {Dealt: (0, dealt)},
        not_now=lambda t: Refusal("t_not_now", "T1"),
        not_this_game=lambda e: Refusal("t_not_this_game"),
        step_of=lambda t: t.dealt,
    )
    assert by_deals.apply(Table(), Dealt()).dealt == 1
    assert refusal(by_deals, Table(dealt=1), Dealt()).key == "t_not_now"


# --- the two games through it -------------------------------------------------------------


@pytest.mark.parametrize("rules", [ravnica, werewolf], ids=["ravnica", "werewolf"])
def test_every_event_of_a_game_has_its_rule(rules):
    codec = {ravnica: ravnica_ev.CODEC, werewolf: werewolf_ev.CODEC}[rules]
    assert set(rules.RULES.event_types) == set(codec.types.values())


def test_ravnica_names_another_games_entry_by_its_class():
    refused = ravnica.check(RavnicaState(), Stray())
    assert (refused.key, refused.rule, refused.params) == (
        "not_this_game",
        None,
        {"entry": "Stray"},
    )


def test_ravnica_out_of_order_says_what_it_waits_for_and_the_rule():
    refused = ravnica.check(RavnicaState(), ravnica_ev.VoteCast(0, 1))
    assert (refused.key, refused.rule) == ("not_now", "R4")
    assert refused.params == {"wants": Term("wants.setup")}
    roles = RavnicaState(step=RavnicaStep.ROLES)
    refused = ravnica.check(roles, ravnica_ev.AbilityDone())
    assert (refused.key, refused.rule) == ("not_now", "R30")


def test_werewolf_names_another_games_entry_by_its_type():
    refused = werewolf.check(WerewolfState(), Stray())
    assert (refused.key, refused.rule, refused.params) == (
        "ww_not_this_game",
        None,
        {"entry": "stray"},
    )


def test_werewolf_reveals_by_day_and_by_night_and_not_between_W20_W25():
    assert werewolf.RULES.steps_of(werewolf_ev.Revealed) == (
        WerewolfStep.LYNCH_REVEAL,
        WerewolfStep.ATTACK_REVEAL,
    )
    refused = werewolf.check(WerewolfState(step=WerewolfStep.VOTE), werewolf_ev.Revealed("seer"))
    assert (refused.key, refused.rule) == ("ww_not_now", "W18")
    assert refused.params == {"wants": Term("term.wants.vote")}


# --- steps as a table: every step of each game has its view -------------------------------


def test_every_ravnica_step_but_the_setup_form_has_its_view():
    from narrator.games.ravnica.steps import STEP_VIEWS

    assert set(RavnicaStep) - set(STEP_VIEWS) == {RavnicaStep.SETUP}


def test_every_werewolf_step_but_the_setup_form_has_one_view():
    from narrator.games.werewolf.day_view import DAY_VIEWS
    from narrator.games.werewolf.night_view import NIGHT_VIEWS
    from narrator.games.werewolf.setup_view import SETUP_VIEWS
    from narrator.games.werewolf.steps import STEP_VIEWS

    assert set(WerewolfStep) - set(STEP_VIEWS) == {WerewolfStep.SETUP}
    assert len(STEP_VIEWS) == len(SETUP_VIEWS) + len(DAY_VIEWS) + len(NIGHT_VIEWS)
