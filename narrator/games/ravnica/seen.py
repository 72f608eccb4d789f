"""What one seat alone has seen of Ravnica's secret steps (R18–R24), for that player's own page
(issue 38): the targeting cards it drew as a leader, what its ability showed it or had it give,
the role cards it was shown, oldest first. Only what the app was told: with physical decks the
cards keyed on the privacy screen, and never what a player saw at the table (a role card).

A draw everyone saw (Blue's, R21) is no seat's own; the choices are public once made (the
table hears "Ann shows their role card to Eve") but the page keeps each as its player's
reminder. The Ultimate Price (R23) is on the Black leader's page alone, before and after R29."""

from __future__ import annotations

from narrator.games.ravnica.keys import colour_words
from narrator.games.ravnica.private_view import held_cards
from narrator.games.ravnica.state import State
from narrator.games.shell_data import Text, upper
from narrator.prompts import Words


def seen_by(s: State, seat: int) -> tuple[Text, ...]:
    """Each round's lines in the order played, then the Red leader's last draw and Ablaze."""
    if seat not in s.seats:
        return ()
    lines: list[Text] = []
    for number, colour in enumerate(s.colours_played, start=1):
        if colour != "R":  # R22: Red's draw and gift come before the final round, not in its own
            lines += _round(s, seat, number, colour)
    return (*lines, *_ablaze(s, seat))


def _round(s: State, seat: int, number: int, colour: str) -> list[Text]:
    """R20, R21, R23, R24: the leader's draw (a secret one), then what its choice meant to
    ``seat``: the one who chose, or the one shown a role card."""
    leader, draw = s.leader_of(colour), s.draw_of(colour)
    if leader is None or draw is None:
        return []
    at = {"round": number, "colour": colour_words(colour)}
    out: list[Text] = []
    if leader == seat and draw.secret:  # R18 ⚖: every draw but Blue's is secret
        out.append(Words("seen.drew", {**at, "card": upper(colour_words(draw.colour))}))
    chosen = s.ultimate_price if colour == "B" else s.chosen_by(colour)
    if chosen is None:
        return out
    at["player"] = s.players[chosen]
    if colour == "W" and leader == seat:
        out.append(Words("seen.showed_role", at))
    elif colour == "W" and chosen == seat:  # R20: shown the leader's role card
        out.append(Words("seen.shown_role", {**at, "leader": s.players[leader]}))
    elif colour == "U" and chosen != seat and s.is_of(seat, draw.colour):  # R21: the others
        out.append(Words("seen.looked_role", at))
    elif colour == "B" and leader == seat:
        out.append(price_seen(s))
    elif colour == "G" and leader == seat:
        out += [Words("seen.looked_cards", at), *_green_cards(s, chosen, draw, at)]
    return out


def price_seen(s: State) -> Words:
    """R23: the Black leader's own line for the Ultimate Price (noted: ``s.ultimate_price``)."""
    assert s.ultimate_price is not None
    params = {"round": s.colours_played.index("B") + 1, "colour": colour_words("B")}
    return Words("seen.noted_price", {**params, "player": s.players[s.ultimate_price]})


def _green_cards(s: State, chosen: int, draw, at: dict) -> list[Text]:
    """R24 ⚖: with the app holding the targeting deck, the cards it held for the chosen player
    when Green looked (the draws before Green's own); with physical decks the app saw none."""
    if s.options.deck_mode == "physical":
        return []
    cards = held_cards(s, chosen, s.draws[: s.draws.index(draw)])
    if not cards:
        return [Words("seen.shown_no_cards", at)]
    shown = tuple(upper(colour_words(c)) for c in cards)
    return [Words("seen.shown_cards", {**at, "cards": shown})]


def _ablaze(s: State, seat: int) -> list[Text]:
    """R22, R25: the Red leader's last draw, and whom it gave Ablaze."""
    draw = s.draw_of("R")
    if draw is None or s.leader_of("R") != seat:
        return []
    out: list[Text] = [Words("seen.drew_ablaze", {"card": upper(colour_words(draw.colour))})]
    if s.ablaze is not None:
        out.append(Words("seen.gave_ablaze", {"player": s.players[s.ablaze]}))
    return out
