"""Each step of Ravnica: Inquisition as the shell draws it (``Game.step``): its title, body,
key line, what may be keyed and what Enter does.

Only what is public is read here for the public screen: the Ultimate Price target and a
secret draw's colour are never on it before R29. The privacy screen's own views (a secret
draw, the choice it allows, R18–R24) show the drawn card to its leader only.
"""

from __future__ import annotations

from dataclasses import replace

from narrator.games.common.seats import seat_key, seat_of_key, seat_range
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.keys import colour_choices, colour_words, seat_choices
from narrator.games.ravnica.private_view import needs_privacy, private_view
from narrator.games.ravnica.state import ROUNDS, Stage, State, Step
from narrator.games.ravnica.story import death_lines, stage_name, winner_line
from narrator.games.ravnica.tables import (
    agents_for,
    colour_term,
    loyalists_for,
    role_term,
)
from narrator.games.views import (
    AppMove,
    Ballot,
    Checklist,
    Choice,
    Over,
    Paced,
    Rows,
    Seats,
    StepView,
    Timer,
    Words,
    capital,
    joined,
    upper,
)
from narrator.prompts import Localized

TIMER_STEPS = (Step.DISCUSSION, Step.FINAL_DISCUSSION)
VOTE_STEPS = (Step.ELECTION, Step.FINAL_VOTE)
PICK_STEPS = (Step.ELECTION_TIE, Step.FINAL_TIE)
CHECKLIST_PHYSICAL = ("roles", "guilds", "targeting_deck", "leader_deck", "cards")
CHECKLIST_APP = ("roles", "guilds", "app_decks", "cards")

LOYALIST_TONE, AGENT_TONE = "#4a8fe7", "#e5534b"


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
    view = _view(s, path)
    theme = f"colour-{s.round_colour}" if s.round_colour and s.step is not Step.OVER else None
    return replace(
        view,
        key=(s.step, s.round, s.ballot.stage if s.ballot else None),
        name=Words(f"step.{s.step.value}"),
        banner=banner(s),
        theme=theme,
    )


def _view(s: State, path: tuple[str, ...]) -> StepView:  # noqa: C901 - one branch a step
    step = s.step
    leader = s.round_leader
    leader_name = s.players[leader] if leader is not None else ""
    colour = colour_words(s.round_colour) if s.round_colour else ""
    physical = s.options.deck_mode == "physical"
    use_keys = Words("game.use_keys")
    if step is Step.DEAL:  # R6: drawn by the game's own deal screen
        return StepView("choose", None, screen="deal")
    if step is Step.OPENING:
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
    if step is Step.TURN_LEADER_CARD:
        n = s.round + 1
        if physical:
            left = tuple(colour_term(c) for c in s.leader_cards_left())
            return StepView(
                "choose",
                None,
                title=Words("game.turn_card_title", {"round": n}),
                body=(Words("game.not_yet_played", {"colours": left}),),
                keys=Words("game.colour_keys"),
                choices=colour_choices(ev.LeaderCardTurned) + seat_choices(s, None, use_keys),
                refusal=Words("game.press_leader_colour"),
            )
        return StepView(  # R9: the app holds the leader deck
            "info",
            None,
            title=Words("game.round_title", {"round": n}),
            body=("",),
            keys=Words("game.app_turns_card"),
            choices=colour_choices(refusal=Words("game.app_holds_leader_deck"))
            + seat_choices(s, None, use_keys),
            primary=Choice("enter", event=AppMove()),
        )
    if step in TIMER_STEPS:
        final = step is Step.FINAL_DISCUSSION
        title = (
            Words("game.final_discussion_title")
            if final
            else Words("game.discussion_title", {"colour": colour})
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
            timer=Timer(seconds, ev.DiscussionEnded(), f"{step.name}:{s.round}"),
            choices=seat_choices(s, None, use_keys),
        )
    if step in VOTE_STEPS:
        return _ballot_view(s)
    if step in PICK_STEPS:
        tied = s.ballot.most_voted()
        return StepView(
            "choose",
            None,
            title=Words("game.tie_title"),
            body=(Words("game.tie_pick"), Seats(tied)),
            keys=seat_keys_words(s),
            choices=seat_choices(s, ev.TieBroken, listed=tied),
            refusal=use_keys,
        )
    if needs_privacy(s):
        return private_view(s, leader_name, colour)
    if step is Step.DRAW:  # Blue: the draw is shown to all (R21)
        if physical:
            return StepView(
                "choose",
                None,
                title=Words("game.blue_draw_title", {"leader": leader_name}),
                body=("",),
                keys=Words("game.colour_keys"),
                choices=colour_choices(ev.TargetDrawn, quiet=True)
                + seat_choices(s, None, use_keys),
                refusal=use_keys,
            )
        return StepView(
            "info",
            None,
            title=Words("game.blue_draw_app_title", {"leader": leader_name}),
            body=("",),
            keys=Words("game.app_draws_card"),
            choices=colour_choices(refusal=Words("game.app_holds_targeting_deck"))
            + seat_choices(s, None, use_keys),
            primary=Choice("enter", event=AppMove()),
        )
    if step is Step.CHOOSE:  # Blue
        drawn = s.draw_of("U").colour
        drawn_name = colour_words(drawn)
        of_colour = s.players_of(drawn)
        return StepView(
            "choose",
            None,
            title=Words("game.blue_choose_title", {"colour": drawn_name}),
            body=(
                Words("game.blue_choose", {"leader": leader_name, "colour": drawn_name}),
                Seats(of_colour),
            ),
            keys=seat_keys_words(s),
            choices=seat_choices(s, ev.PlayerChosen, listed=of_colour),
            refusal=use_keys,
        )
    if step is Step.ABILITY:
        return StepView(
            "info",
            None,
            title=Words("game.ability_title", {"colour": colour}),
            body=(ability_words(s),),
            keys=Words("game.ability_keys"),
            primary=Choice("enter", event=ev.AbilityDone()),
            choices=seat_choices(s, None, use_keys),
        )
    if step is Step.REVEAL:
        # R27/R28 only: deaths() leaves out the Ultimate Price until it is revealed (R29)
        lines = Localized(
            lambda lang: "\n".join(death_lines(s, lang)) or Words("game.nobody_dead").text(lang)
        )
        return StepView(
            "info",
            None,
            title=Words("game.deaths_title"),
            body=(lines,),
            keys=Words("game.reveal_keys"),
            primary=Choice("enter", event=ev.UltimatePriceRevealed()),
            choices=seat_choices(s, None, use_keys),
        )
    if step is Step.ROLES:
        return _roles_view(s, path)
    if step is Step.OVER:
        return _over_view(s)
    return StepView("info", None, title=step.value)


def _ballot_view(s: State) -> StepView:
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


def role_order(s: State) -> list[int]:
    dead = s.dead()
    return list(dead) + [p for p in s.seats if p not in dead]


def current_role_seat(s: State, path: tuple[str, ...] = ()) -> int | None:
    """The seat whose role is keyed next: the one chosen by its key, else the first dead one
    without a role, else the first living one."""
    if path:
        return seat_of_key(path[-1])
    for seat in role_order(s):
        if s.role_of(seat) is None:
            return seat
    return None


def _roles_view(s: State, path: tuple[str, ...]) -> StepView:
    cursor = current_role_seat(s, path)
    rows = tuple(
        (seat, Words(str(role_term(role))) if s.role_of(seat) else None)
        for seat in role_order(s)
        for role in (s.role_of(seat),)
    )
    dead = s.dead()
    missing = [p for p in dead if s.role_of(p) is None]
    done = Words("game.roles_missing" if missing else "game.roles_done")
    keys = joined("\n", Words("game.roles_keys"), done)
    roles = ()
    for key, role in (("a", "agents"), ("l", "loyalists")):
        label = Words(f"keys.role_{role}")
        if cursor is None:
            roles += (Choice(key, label, refusal=Words("game.roles_all_in"), footer=True),)
        else:
            event = ev.RoleRevealed(cursor, role)
            roles += (Choice(key, label, event, quiet=True, footer=True, listed=False),)
    return StepView(
        "choose",
        None,
        title=Words("game.roles_title"),
        body=(Rows(rows, cursor, frozenset(dead), Words("game.dead")),),
        keys=keys,
        choices=roles + seat_choices(s, lambda seat: (seat_key(seat),)),
        primary=Choice("enter", event=ev.RolesConfirmed(), quiet=True),
    )


def _over_view(s: State) -> StepView:
    """The winner, full-screen (the table view is hidden at the end, R31)."""
    loyal = s.winner == "loyalists"
    team = Words("team.loyalists_full" if loyal else "team.agents")
    over = Over(
        Words("game.win_banner", {"team": upper(team)}),
        Localized(lambda lang: winner_line(s, lang=lang)),
        (Localized(lambda lang: "\n".join(death_lines(s, lang))),),
        LOYALIST_TONE if loyal else AGENT_TONE,
        Words("game.over_keys"),
    )
    return StepView("over", None, body=(over,))
