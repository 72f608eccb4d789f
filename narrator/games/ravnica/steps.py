"""Each step of Ravnica: Inquisition as the shell draws it (``Game.step``): its title, body,
key line, what may be keyed and what Enter does.

Only what is public is read here for the public screen: the Ultimate Price target and a
secret draw's colour are never on it before R29. The privacy screen's own views (a secret
draw, the choice it allows, R18–R24) show the drawn card to its leader only.
"""

from __future__ import annotations

from dataclasses import replace

from narrator.games.common.seats import seat_range
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.end_view import over_view, reveal_view, roles_view
from narrator.games.ravnica.keys import colour_choices, colour_words, seat_choices
from narrator.games.ravnica.private_view import needs_privacy, private_view
from narrator.games.ravnica.state import ROUNDS, Stage, State, Step
from narrator.games.ravnica.story import stage_name
from narrator.games.ravnica.tables import (
    agents_for,
    colour_term,
    loyalists_for,
)
from narrator.games.shell_data import (
    AppMove,
    Ballot,
    Checklist,
    Choice,
    Paced,
    Seats,
    StepView,
    Timer,
    capital,
    joined,
    upper,
)
from narrator.prompts import Localized, Words

CHECKLIST_PHYSICAL = ("roles", "guilds", "targeting_deck", "leader_deck", "cards")
CHECKLIST_APP = ("roles", "guilds", "app_decks", "cards")


def checklist_lines(s: State) -> tuple[str, ...]:
    return CHECKLIST_PHYSICAL if s.options.deck_mode == "physical" else CHECKLIST_APP


def seat_keys_words(s: State) -> Words:
    """The key line of a step that takes a seat: this table's keys, "(1–7)" (R4), never a
    "0 for seat 10" at a table of fewer than ten."""
    return Words("game.seat_keys", {"keys": seat_range(s.count, "game.seat_range")})


def banner(s: State) -> tuple:
    """The header: where the game is; ``None`` stands for the step's (or announcement's) name."""
    if s.step is Step.OVER:
        return ((" ", "bold"), (Words("game.banner_over"), "bold"), (" ", "bold"))
    if s.round > ROUNDS:
        final = Words("game.banner_final")
        return ((" ", "bold"), (final, "bold"), (" · ", "bold"), (None, "bold"), (" ", "bold"))
    if s.step is Step.TURN_LEADER_CARD:
        where = Words("game.banner_round", {"round": s.round + 1, "rounds": ROUNDS})
        return ((" ", ""), (where, ""), (" · ", ""), (None, ""), (" ", ""))
    if s.round_colour:
        where = Words("game.banner_round", {"round": s.round, "rounds": ROUNDS})
        colour = upper(colour_words(s.round_colour))
        return (
            (joined("", " ", where, " · "), "bold"),
            (joined("", colour, " "), "bold"),
            (joined("", "· "), ""),
            (None, ""),
            (" ", ""),
        )
    players = Words("game.banner_players", {"players": s.count})
    return ((" ", "bold"), (players, "bold"), (" · ", "bold"), (None, "bold"), (" ", "bold"))


def step_view(s: State, path: tuple[str, ...] = ()) -> StepView:
    view = STEP_VIEWS.get(s.step, _plain_view)(s, path)
    theme = f"colour-{s.round_colour}" if s.round_colour and s.step is not Step.OVER else None
    return replace(
        view,
        key=(s.step, s.round, s.ballot.stage if s.ballot else None),
        name=Words(f"step.{s.step.value}"),
        banner=banner(s),
        theme=theme,
    )


# Each view takes the state and the keys typed so far in its step (only the roles read them).


def _plain_view(s: State, path: tuple[str, ...]) -> StepView:
    return StepView("info", None, title=s.step.value)


def _leader_name(s: State) -> str:
    leader = s.round_leader
    return s.players[leader] if leader is not None else ""


def _round_colour(s: State):
    return colour_words(s.round_colour) if s.round_colour else ""


def _use_keys() -> Words:
    return Words("game.use_keys")


def _deal_view(s: State, path: tuple[str, ...]) -> StepView:
    return StepView("choose", None, screen="deal")  # R6: drawn by the game's own deal screen


def _opening_view(s: State, path: tuple[str, ...]) -> StepView:
    pause = s.options.opening_pause
    paced = Paced(
        (
            ("setup_ready", 2),
            ("opening_close_eyes", 4),
            ("opening_agents_open", pause),
            ("opening_agents_close", 3),
            ("opening_all_open", 2),
        ),
        ev.OpeningDone(),
        Words("game.opening_title"),
        Words("game.opening_running"),
    )
    params = {"agents": agents_for(s.count), "loyalists": loyalists_for(s.count)}
    checks = tuple(Words(f"checklist.{line}", params) for line in checklist_lines(s))
    return StepView(
        "info",
        None,
        title=Words("game.checklist_title"),
        body=(Checklist(checks),),
        keys=Words("game.checklist_keys"),
        checks=checks,
        primary=Choice("enter", event=paced),
        refusal=Words("game.tick_first"),
    )


def _leader_card_view(s: State, path: tuple[str, ...]) -> StepView:
    n = s.round + 1
    if s.options.deck_mode == "physical":
        left = tuple(colour_term(c) for c in s.leader_cards_left())
        return StepView(
            "choose",
            None,
            title=Words("game.turn_card_title", {"round": n}),
            body=(Words("game.not_yet_played", {"colours": left}),),
            keys=Words("game.colour_keys"),
            choices=colour_choices(ev.LeaderCardTurned) + seat_choices(s, None, _use_keys()),
            refusal=Words("game.press_leader_colour"),
        )
    return StepView(  # R9: the app holds the leader deck
        "info",
        None,
        title=Words("game.round_title", {"round": n}),
        body=("",),
        keys=Words("game.app_turns_card"),
        choices=colour_choices(refusal=Words("game.app_holds_leader_deck"))
        + seat_choices(s, None, _use_keys()),
        primary=Choice("enter", event=AppMove()),
    )


def _discussion_view(s: State, path: tuple[str, ...]) -> StepView:
    final = s.step is Step.FINAL_DISCUSSION
    title = (
        Words("game.final_discussion_title")
        if final
        else Words("game.discussion_title", {"colour": _round_colour(s)})
    )
    cands = () if final else s.players_of(s.round_colour)
    first: tuple = (
        (Words("game.lying_allowed"), Words("game.candidates"))
        if cands
        else (Words("game.lying_allowed"),)
    )
    seconds = s.options.final_seconds if final else s.options.round_seconds
    return StepView(
        "timed",
        None,
        title=title,
        body=(first, Seats(cands)) if cands else (first,),
        keys=Words("game.discussion_keys"),
        timer=Timer(seconds, ev.DiscussionEnded(), f"{s.step.name}:{s.round}"),
        choices=seat_choices(s, None, _use_keys()),
    )


def _tie_view(s: State, path: tuple[str, ...]) -> StepView:
    tied = s.ballot.most_voted()
    return StepView(
        "choose",
        None,
        title=Words("game.tie_title"),
        body=(Words("game.tie_pick"), Seats(tied)),
        keys=seat_keys_words(s),
        choices=seat_choices(s, ev.TieBroken, listed=tied),
        refusal=_use_keys(),
    )


def _private_view(s: State, path: tuple[str, ...]) -> StepView:
    return private_view(s, _leader_name(s), _round_colour(s))


def _draw_view(s: State, path: tuple[str, ...]) -> StepView:
    if needs_privacy(s):  # R18 ⚖: every draw is secret but Blue's
        return _private_view(s, path)
    leader_name = _leader_name(s)  # Blue: the draw is shown to all (R21)
    if s.options.deck_mode == "physical":
        return StepView(
            "choose",
            None,
            title=Words("game.blue_draw_title", {"leader": leader_name}),
            body=("",),
            keys=Words("game.colour_keys"),
            choices=colour_choices(ev.TargetDrawn, quiet=True) + seat_choices(s, None, _use_keys()),
            refusal=_use_keys(),
        )
    return StepView(
        "info",
        None,
        title=Words("game.blue_draw_app_title", {"leader": leader_name}),
        body=("",),
        keys=Words("game.app_draws_card"),
        choices=colour_choices(refusal=Words("game.app_holds_targeting_deck"))
        + seat_choices(s, None, _use_keys()),
        primary=Choice("enter", event=AppMove()),
    )


def _choose_view(s: State, path: tuple[str, ...]) -> StepView:
    if needs_privacy(s):  # R20, R23, R24: the choice would tell the secret draw
        return _private_view(s, path)
    drawn = s.draw_of("U").colour  # Blue (R21)
    drawn_name = colour_words(drawn)
    of_colour = s.players_of(drawn)
    return StepView(
        "choose",
        None,
        title=Words("game.blue_choose_title", {"colour": drawn_name}),
        body=(
            Words("game.blue_choose", {"leader": _leader_name(s), "colour": drawn_name}),
            Seats(of_colour),
        ),
        keys=seat_keys_words(s),
        choices=seat_choices(s, ev.PlayerChosen, listed=of_colour),
        refusal=_use_keys(),
    )


def _ability_view(s: State, path: tuple[str, ...]) -> StepView:
    return StepView(
        "info",
        None,
        title=Words("game.ability_title", {"colour": _round_colour(s)}),
        body=(ability_words(s),),
        keys=Words("game.ability_keys"),
        primary=Choice("enter", event=ev.AbilityDone()),
        choices=seat_choices(s, None, _use_keys()),
    )


def _ballot_view(s: State, path: tuple[str, ...]) -> StepView:
    b = s.ballot
    assert b is not None
    if s.step is Step.ELECTION:
        head = Words("game.election_head", {"colour": colour_words(s.round_colour)})
        if b.stage is Stage.REVOTE:
            head = joined(" — ", head, Words("game.revote_head"))
        tone = s.round_colour
    else:
        head = capital(Localized(lambda lang: stage_name(b.stage, lang)))
        tone = None
    voted = {"voted": len(b.votes), "voters": len(b.voters)}
    if b.waiting:
        voter = b.waiting[0]
        choices = seat_choices(s, lambda seat: ev.VoteCast(voter, seat))
        now = Words("game.now_voting")
        keys = joined("", now, "  ", s.players[voter], "  ", Words("game.vote_keys", voted))
    else:
        choices = seat_choices(s, None, Words("game.everyone_voted"))
        keys = Words("game.all_voted", voted)
    return StepView(
        "vote",
        None,
        title=Words("game.vote_title"),
        body=(Ballot(head, b.candidates, b.tally(), b.voters, b.votes, b.waiting, tone),),
        keys=keys,
        choices=choices,
        primary=Choice("enter", event=ev.VotesClosed()),
        take_back=bool(b.votes),
    )


def ability_words(s: State) -> Words:
    c = s.round_colour
    leader = s.players[s.round_leader]
    chosen = s.chosen_by(c)
    if c == "W":
        return Words("game.white_act", {"leader": leader, "player": s.players[chosen]})
    if c == "U":
        drawn = s.draw_of("U").colour
        others = tuple(s.players[p] for p in s.players_of(drawn) if p != chosen)
        params = {"player": s.players[chosen], "colour": colour_words(drawn), "others": others}
        return Words("game.blue_act", params)
    if c == "G":
        return Words("game.green_act", {"leader": leader, "player": s.players[chosen]})
    if c == "R":
        return Words("game.red_act", {"leader": leader})
    return Words("game.black_act")


STEP_VIEWS = {  # each step and its view; the setup form is the shell's, not a step view
    Step.DEAL: _deal_view,
    Step.OPENING: _opening_view,
    Step.TURN_LEADER_CARD: _leader_card_view,
    Step.DISCUSSION: _discussion_view,
    Step.FINAL_DISCUSSION: _discussion_view,
    Step.ELECTION: _ballot_view,
    Step.FINAL_VOTE: _ballot_view,
    Step.ELECTION_TIE: _tie_view,
    Step.FINAL_TIE: _tie_view,
    Step.DRAW: _draw_view,
    Step.CHOOSE: _choose_view,
    Step.ABILITY: _ability_view,
    Step.ABLAZE_DRAW: _private_view,
    Step.ABLAZE_GIVE: _private_view,
    Step.REVEAL: reveal_view,
    Step.ROLES: roles_view,
    Step.OVER: over_view,
}
