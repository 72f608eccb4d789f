"""Ravnica's private steps (R18–R24): a secret draw and the choice it allows, announced on
the public screen and taken by the leader alone on the privacy screen; the page left there
once they are done (Green's look, R24)."""

from __future__ import annotations

from narrator.games.ravnica import events as ev
from narrator.games.ravnica.keys import colour_choices, colour_words, seat_choices
from narrator.games.ravnica.state import State, Step
from narrator.games.shell_data import AppMove, Choice, Line, Privacy, Seats, StepView, joined, upper
from narrator.prompts import Words

SECRET_COLOURS = ("W", "B", "G")  # R18 ⚖: every draw is secret except Blue's
DRAW_STEPS = (Step.DRAW, Step.ABLAZE_DRAW)

# The setup checklist (R6–R8); with the app holding the decks (R9) nobody shuffles them.


def needs_privacy(s: State) -> bool:
    """Steps taken on the privacy screen: secret draws and the choices that would reveal them."""
    if s.step in (Step.DRAW, Step.CHOOSE):
        return s.round_colour in SECRET_COLOURS
    return s.step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)


def private_view(s: State, leader_name: str, colour) -> StepView:
    """A secret draw and the choice it allows (R18–R24): announced on the public screen, taken
    by the leader alone on the privacy screen."""
    step = s.step
    red = step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)
    by = "R" if red else s.round_colour
    leader = s.leader_of(by)
    name = s.players[leader]
    who = Words("colour.red") if red else colour
    closed = s.round_colour == "B" and not red
    public = (
        Words("game.private_title", {"colour": who}),
        (Words("game.private_body_closed" if closed else "game.private_body", {"leader": name}),),
        Words("game.private_keys"),
    )
    left = s.targeting_cards_left()
    last = step is Step.ABLAZE_DRAW and s.options.deck_mode == "physical" and len(left) == 1
    privacy = Privacy(
        session=("private", s.round, by),
        cover=Words("privacy.cover", {"colour": colour_words(by), "leader": name}),
        # Black's eyes-closed line was said on the public screen (R20)
        close_eyes=None if by == "B" and not red else Line("privacy_close_eyes", {"leader": name}),
        on_open=ev.TargetDrawn(left[0]) if last else None,  # R22: the one card left
        seat=leader,
    )
    if step in DRAW_STEPS:
        if s.options.deck_mode == "app":
            body = (Words("privacy.draw_app"),)  # the key line too: a phone shows the button
            choices = colour_choices(refusal=Words("game.app_holds_targeting_deck"))
            primary = Choice("enter", Words("privacy.draw_button"), AppMove())
        else:
            body = (Words("privacy.draw_physical"),)
            choices = colour_choices(ev.TargetDrawn)
            primary = None
        return StepView(
            "private",
            None,
            body=body,
            keys=body[0],
            choices=choices,
            primary=primary,
            private=privacy,
            public=public,
        )
    drawn = s.draw_of(by).colour
    if red:
        verb, make = "privacy.give_ablaze", ev.AblazeGiven
    elif by == "B":
        verb, make = "privacy.note_price", ev.UltimatePriceNoted
    else:
        verb = "privacy.show_role" if by == "W" else "privacy.look_at"
        make = ev.PlayerChosen
    listed = tuple(
        p for p in s.players_of(drawn) if not (by in "WG" and not red and p == leader)
    )  # R20 ⚖, R24 ⚖: not oneself
    card = colour_words(drawn)
    keys = Words("privacy.seat_keys")  # the laptop's (a phone shows the seats as buttons)
    body = (
        Words("privacy.your_card", {"colour": upper(card)}),
        "",
        Words(verb, {"colour": card}),
        "",
        Seats(listed),
        "",
        keys,
    )
    return StepView(
        "private",
        None,
        body=body,
        keys=keys,
        choices=seat_choices(s, make, listed=listed),
        private=privacy,
        public=public,
    )


def after_private(s: State, session) -> Words:
    """The privacy screen's last page, once its steps are done: Green's look (R24) at the
    chosen player's face-down cards, or that the leader is done."""
    _, _, by = session
    chosen = s.chosen_by("G") if by == "G" else None
    if chosen is None:
        return Words("privacy.done")
    return joined("\n\n", green_look(s, chosen), Words("privacy.done_look"))


def green_look(s: State, chosen: int) -> Words:
    """R24: the role card at the table, and with the app holding the targeting deck (R9 ⚖)
    the targeting cards it keeps for them (one per colour they lead)."""
    name = s.players[chosen]
    if s.options.deck_mode == "physical":
        return Words("privacy.green_physical", {"player": name})
    cards = held_cards(s, chosen)
    if not cards:
        return Words("privacy.green_no_cards", {"player": name})
    shown = tuple(upper(colour_words(c)) for c in cards)
    return Words("privacy.green_cards", {"player": name, "cards": shown})


def held_cards(s: State, seat: int, draws=None) -> tuple[str, ...]:
    """R9 ⚖, R24: the targeting cards the app keeps for ``seat`` among ``draws`` (by default
    every draw so far): one a colour it led whose card was drawn."""
    return tuple(
        d.colour for d in (s.draws if draws is None else draws) if s.leader_of(d.by) == seat
    )
