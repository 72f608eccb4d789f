"""What each seat alone has seen (issue 38, item 4; ``Game.seen_by``): the targeting card it
drew as a leader with its round (R18), the role card White showed it (R20), the role card Blue
passed it (R21), the Ultimate Price it noted (R23), the targeting cards Green's look showed it
(R24), its last draw and Ablaze as the Red leader (R22), oldest first; with physical decks only
what was keyed. Then, over random games: a seat's page never changes when another seat's
secret does (another leader's draw, the Ultimate Price), before or after the reveal."""

from __future__ import annotations

import dataclasses
import random

import pytest

from narrator.games.ravnica import GAME, State, apply
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.tables import COLOURS, colour_name
from narrator.prompts import worded
from tests.games.table import (
    ANN,
    BOB,
    CID,
    DEE,
    EVE,
    THREE_LEADERS,
    election,
    five_rounds,
    new_game,
    play_round,
    run,
)
from tests.games.walk import next_move


def page(state: State, seat: int, lang: str = "en") -> list[str]:
    return [worded(text, lang) for text in GAME.seen_by(state, seat)]


def pages(state: State, lang: str = "en") -> dict[int, list[str]]:
    return {seat: page(state, seat, lang) for seat in state.seats}


def to_the_end(state: State, ablaze: int = BOB) -> State:
    """The five rounds played, then the Red leader's last draw and Ablaze (R22, R25)."""
    return run(state, ev.TargetDrawn("R"), ev.AblazeGiven(ablaze))


def test_each_seat_sees_its_own_draws_and_choices_with_the_app_s_decks_R18_R24():
    state = to_the_end(five_rounds(new_game(deck_mode="app")))
    assert pages(state) == {
        ANN: [
            "Round 1, White leader: you drew GREEN.",
            "Round 1, White: you showed your role card to Cid.",
        ],
        BOB: [
            "Before the final round, Red leader: you drew RED.",
            "Before the final round: you gave Ablaze to Bob.",
        ],
        CID: [
            "Round 1, White: Ann showed you their role card.",
            "Round 5, Green leader: you drew WHITE.",
            "Round 5, Green: you looked at Ann's face-down cards.",
            "Round 5, Green: Ann's targeting cards, held by the app: GREEN.",
        ],
        DEE: ["Round 2, Blue: you looked at Ann's role card."],  # R21: Blue's draw is public
        EVE: [
            "Round 3, Black leader: you drew BLACK.",
            "Round 3, Black: you noted Bob for the Ultimate Price.",
        ],
    }
    assert page(state, CID, "ru") == [
        "Раунд 1, цвет «белый»: вам показана карта Роли лидера по имени Ann.",
        "Раунд 5, лидер цвета «зелёный»: цвет вашей Целящей карты — БЕЛЫЙ.",
        "Раунд 5, цвет «зелёный»: вы посмотрели закрытые карты игрока по имени Ann.",
        "Раунд 5, цвет «зелёный»: Целящие карты, которые приложение держало для этого игрока "
        "(Ann): ЗЕЛЁНЫЙ.",
    ]
    for lang in ("en", "ru"):  # every line worded, none empty
        assert all(
            line and "{" not in line for lines in pages(state, lang).values() for line in lines
        )


def test_a_draw_is_on_its_leader_s_page_at_once_and_the_choice_after_R18_R20():
    state = apply(election(new_game(deck_mode="app"), "W", ANN), ev.TargetDrawn("G"))
    assert pages(state) == {ANN: ["Round 1, White leader: you drew GREEN."]} | {
        seat: [] for seat in (BOB, CID, DEE, EVE)
    }
    state = apply(state, ev.PlayerChosen(CID))
    assert page(state, CID) == ["Round 1, White: Ann showed you their role card."]
    assert page(state, ANN)[1:] == ["Round 1, White: you showed your role card to Cid."]


def test_with_physical_decks_the_page_holds_what_was_keyed_and_no_card_the_app_never_saw_R9():
    state = to_the_end(five_rounds(new_game(deck_mode="physical")))
    assert page(state, CID)[1:] == [
        "Round 5, Green leader: you drew WHITE.",
        "Round 5, Green: you looked at Ann's face-down cards.",  # at the table: not the app's
    ]
    with_app = pages(to_the_end(five_rounds(new_game(deck_mode="app"))))
    assert pages(state) == with_app | {CID: with_app[CID][:-1]}  # the rest as keyed


def test_a_double_leader_sees_each_round_in_turn_and_Blue_s_others_include_the_leader_R16_R21():
    state = to_the_end(five_rounds(new_game(deck_mode="app"), THREE_LEADERS), ablaze=CID)
    assert page(state, ANN) == [
        "Round 1, White leader: you drew GREEN.",
        "Round 1, White: you showed your role card to Cid.",
        "Round 2, Blue: you looked at Dee's role card.",  # Ann leads Blue and is Blue
    ]
    assert page(state, BOB) == [
        "Round 3, Black leader: you drew BLACK.",
        "Round 3, Black: you noted Eve for the Ultimate Price.",
        "Before the final round, Red leader: you drew RED.",
        "Before the final round: you gave Ablaze to Cid.",
    ]
    # R24: Green looked at Eve, who held no targeting card; Eve was shown nothing herself
    assert page(state, CID)[-1] == "Round 5, Green: Eve held no targeting card."
    assert page(state, EVE) == [] and page(state, DEE) == []


def test_green_s_look_shows_the_cards_held_then_not_those_drawn_later_R24():
    state = play_round(new_game(deck_mode="app"), "G", CID, draw="W", choice=ANN)
    looked = page(state, CID)
    assert looked[-1] == "Round 1, Green: Ann held no targeting card."
    state = play_round(state, "W", ANN, draw="B", choice=BOB)  # Ann's card comes after the look
    assert page(state, CID) == looked


def test_the_black_leader_s_line_is_a_secret_until_R29():
    state = to_the_end(five_rounds(new_game(deck_mode="app")))
    noted = "Round 3, Black: you noted Bob for the Ultimate Price."
    assert noted in GAME.secrets(state, "en")


# --- over random games ---------------------------------------------------------------------


def others_secrets_changed(s: State, seat: int) -> State:
    """``s`` with every secret that is not ``seat``'s changed: each secret draw of another
    leader (but those Green's look showed ``seat``, R24 ⚖) another colour, and the Ultimate
    Price on the next player unless ``seat`` noted it (R23)."""
    shown = set()
    green = s.draw_of("G")
    chosen = s.chosen_by("G")
    if s.leader_of("G") == seat and chosen is not None and s.options.deck_mode == "app":
        shown = {d for d in s.draws[: s.draws.index(green)] if s.leader_of(d.by) == chosen}
    draws = tuple(
        d
        if not d.secret or s.leader_of(d.by) == seat or d in shown
        else dataclasses.replace(d, colour=COLOURS[(COLOURS.index(d.colour) + 1) % 5])
        for d in s.draws
    )
    price = s.ultimate_price
    if price is not None and s.leader_of("B") != seat:
        price = (price + 1) % s.count
    return dataclasses.replace(s, draws=draws, ultimate_price=price)


def random_states(seed: int) -> list[State]:
    rng, states = random.Random(seed), [State()]
    while not GAME.is_over(states[-1]):
        states.append(apply(states[-1], next_move(states[-1], rng)))
    return states


@pytest.mark.parametrize("seed", range(12))
def test_no_page_names_another_seat_s_secret_before_or_after_the_reveal(seed):
    states = random_states(seed)
    for state in states:
        for seat in state.seats:
            assert page(state, seat) == page(others_secrets_changed(state, seat), seat), seat
    end = states[-1]  # each secret draw on its leader's page; the Ultimate Price on Black's
    for draw in (d for d in end.draws if d.secret):
        mine = " ".join(page(end, end.leader_of(draw.by)))
        assert f"you drew {colour_name(draw.colour).upper()}." in mine
    noted = f"you noted {end.players[end.ultimate_price]} for the Ultimate Price"
    assert [s for s in end.seats if any(noted in line for line in page(end, s))] == [
        end.leader_of("B")
    ]
