"""What the game screen shows at each step: a title, a body and the key line, in words.

Pure functions of the public state and the screen's own marks (the ticked checklist, the
opening under way, the role cursor): no secret may be read from here (the Ultimate Price
target and a secret draw's colour are never shown before R29).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from narrator.games.ravnica.state import ROUNDS, State, Step
from narrator.games.ravnica.tables import colour_term, role_term
from narrator.tui import panels
from narrator.tui.narration import Page
from narrator.tui.words import say

TIMER_STEPS = (Step.DISCUSSION, Step.FINAL_DISCUSSION)
VOTE_STEPS = (Step.ELECTION, Step.FINAL_VOTE)
PICK_STEPS = (Step.ELECTION_TIE, Step.FINAL_TIE)
SECRET_COLOURS = ("W", "B", "G")  # R18 ⚖: every draw is secret except Blue's


def needs_privacy(s: State) -> bool:
    """Steps taken on the privacy screen: secret draws and the choices that would reveal them."""
    if s.step in (Step.DRAW, Step.CHOOSE):
        return s.round_colour in SECRET_COLOURS
    return s.step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)


@dataclass
class Marks:
    """What the screen adds to the state: the checklist's ticks, the opening under way, the
    seat whose role is keyed next."""

    ticked: frozenset[int] = frozenset()
    opening_running: bool = False
    role_cursor: int | None = None
    caption: str = ""


@dataclass(frozen=True)
class View:
    title: Text
    body: RenderableType
    keys: str = ""  # the key line, pinned under the body: always visible at 80×24


def banner(s: State, lang: str, page: Page | None = None) -> Text:
    """The header: where the game is and the step on screen (an announcement's own name)."""
    step = say(lang, f"announce.kind.{page.kind}") if page else say(lang, f"step.{s.step.value}")
    if s.step is Step.OVER:
        return Text(f" {say(lang, 'game.banner_over')} ", style="bold")
    if s.round > ROUNDS:
        return Text(f" {say(lang, 'game.banner_final')} · {step} ", style="bold")
    if s.step is Step.TURN_LEADER_CARD:
        n = s.round + 1
        return Text(f" {say(lang, 'game.banner_round', round=n, rounds=ROUNDS)} · {step} ")
    if s.round_colour:
        colour = panels.colour_word(s.round_colour, lang).upper()
        where = say(lang, "game.banner_round", round=s.round, rounds=ROUNDS)
        return Text.assemble((f" {where} · ", "bold"), (f"{colour} ", "bold"), f"· {step} ")
    return Text(f" {say(lang, 'game.banner_players', players=s.count)} · {step} ", style="bold")


def announcement(s: State, page: Page, caption: str, lang: str) -> View:
    """An announcement, large, until Enter (R15, R22, R27–R29)."""
    headline = Text(caption, style="bold", justify="center")
    parts: list[RenderableType] = [headline]
    if page.detail is not None:
        text = page.detail.words(lang)
        parts += [Text(""), Text(text[:1].upper() + text[1:], justify="center")]
    colour = {"death": "#e5534b", "ultimate_price": "#b58ad8", "ablaze": "#ff8c1a"}
    border = colour.get(page.kind, "#f4ecd2")
    body = Panel(Group(*parts), padding=(2, 4), border_style=f"bold {border}")
    return View(
        Text(say(lang, f"announce.kind.{page.kind}"), style="bold"),
        body,
        say(lang, "announce.keys"),
    )


def describe(s: State, marks: Marks, lang: str) -> View:
    step = s.step
    leader = s.round_leader
    leader_name = s.players[leader] if leader is not None else ""
    colour = panels.colour_word(s.round_colour, lang) if s.round_colour else ""
    physical = s.options.deck_mode == "physical"
    if step is Step.OPENING:
        if marks.opening_running:
            line = Text(marks.caption, style="bold", justify="center")
            return View(
                Text(say(lang, "game.opening_title"), style="bold"),
                Group(
                    Text(say(lang, "game.opening_running") + "\n"),
                    Panel(line, padding=(2, 4), border_style="bold #ff8c1a"),
                ),
            )
        body = panels.checklist(s, marks.ticked, lang)
        return View(
            Text(say(lang, "game.checklist_title"), style="bold"),
            body,
            say(lang, "game.checklist_keys"),
        )
    if step is Step.TURN_LEADER_CARD:
        n = s.round + 1
        if physical:
            left = tuple(colour_term(c) for c in s.leader_cards_left())
            return View(
                Text(say(lang, "game.turn_card_title", round=n), style="bold"),
                Text(say(lang, "game.not_yet_played", colours=left)),
                say(lang, "game.colour_keys"),
            )
        return View(
            Text(say(lang, "game.round_title", round=n), style="bold"),
            Text(""),
            say(lang, "game.app_turns_card"),
        )
    if step in TIMER_STEPS:
        final = step is Step.FINAL_DISCUSSION
        title = (
            say(lang, "game.final_discussion_title")
            if final
            else say(lang, "game.discussion_title", colour=colour)
        )
        cands = () if final else s.players_of(s.round_colour)
        body = Text(say(lang, "game.lying_allowed") + " ")
        if cands:
            body.append(say(lang, "game.candidates") + "\n").append_text(panels.seat_list(s, cands))
        return View(Text(title, style="bold"), body, say(lang, "game.discussion_keys"))
    if step in VOTE_STEPS:
        body, keys = panels.ballot_body(s, lang)
        return View(Text(say(lang, "game.vote_title"), style="bold"), body, keys)
    if step in PICK_STEPS:
        tied = s.ballot.most_voted()
        return View(
            Text(say(lang, "game.tie_title"), style="bold"),
            Group(Text(say(lang, "game.tie_pick")), panels.seat_list(s, tied)),
            say(lang, "game.seat_keys"),
        )
    if needs_privacy(s):
        red = step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)
        name = s.players[s.leader_of("R")] if red else leader_name
        who = say(lang, "colour.red") if red else colour
        closed = s.round_colour == "B" and not red
        body = say(lang, "game.private_body_closed" if closed else "game.private_body", leader=name)
        return View(
            Text(say(lang, "game.private_title", colour=who), style="bold"),
            Text(body),
            say(lang, "game.private_keys"),
        )
    if step is Step.DRAW:  # Blue: the draw is shown to all (R21)
        if physical:
            return View(
                Text(say(lang, "game.blue_draw_title", leader=leader_name), style="bold"),
                Text(""),
                say(lang, "game.colour_keys"),
            )
        return View(
            Text(say(lang, "game.blue_draw_app_title", leader=leader_name), style="bold"),
            Text(""),
            say(lang, "game.app_draws_card"),
        )
    if step is Step.CHOOSE:  # Blue
        drawn = s.draw_of("U").colour
        drawn_name = panels.colour_word(drawn, lang)
        return View(
            Text(say(lang, "game.blue_choose_title", colour=drawn_name), style="bold"),
            Group(
                Text(say(lang, "game.blue_choose", leader=leader_name, colour=drawn_name)),
                panels.seat_list(s, s.players_of(drawn)),
            ),
            say(lang, "game.seat_keys"),
        )
    if step is Step.ABILITY:
        return View(
            Text(say(lang, "game.ability_title", colour=colour), style="bold"),
            Text(ability_text(s, lang)),
            say(lang, "game.ability_keys"),
        )
    if step is Step.REVEAL:
        # R27/R28 only: deaths() leaves out the Ultimate Price until it is revealed (R29)
        lines = panels.death_lines(s, lang) or [say(lang, "game.nobody_dead")]
        return View(
            Text(say(lang, "game.deaths_title"), style="bold"),
            Text("\n".join(lines)),
            say(lang, "game.reveal_keys"),
        )
    if step is Step.ROLES:
        body, keys = roles_text(s, marks, lang)
        return View(Text(say(lang, "game.roles_title"), style="bold"), body, keys)
    if step is Step.OVER:
        return View(Text(""), panels.over_body(s, lang))
    return View(Text(step.value), Text(""))


def ability_text(s: State, lang: str) -> str:
    c = s.round_colour
    leader = s.players[s.round_leader]
    chosen = s.chosen_by(c)
    if c == "W":
        return say(lang, "game.white_act", leader=leader, player=s.players[chosen])
    if c == "U":
        drawn = s.draw_of("U").colour
        others = tuple(s.players[p] for p in s.players_of(drawn) if p != chosen)
        colour = panels.colour_word(drawn, lang)
        return say(lang, "game.blue_act", player=s.players[chosen], colour=colour, others=others)
    if c == "G":
        return say(lang, "game.green_act", leader=leader, player=s.players[chosen])
    if c == "R":
        return say(lang, "game.red_act", leader=leader)
    return say(lang, "game.black_act")


def current_role_seat(s: State, marks: Marks) -> int | None:
    """The seat whose role is keyed next: the cursor, else the first dead one without a role."""
    if marks.role_cursor is not None:
        return marks.role_cursor
    dead = s.dead()
    for seat in list(dead) + [p for p in s.seats if p not in dead]:
        if s.role_of(seat) is None:
            return seat
    return None


def roles_text(s: State, marks: Marks, lang: str) -> tuple[Text, str]:
    out = Text()
    dead = s.dead()
    cursor = current_role_seat(s, marks)
    for seat in list(dead) + [p for p in s.seats if p not in dead]:
        role = s.role_of(seat)
        mark = "▶ " if seat == cursor else "  "
        out.append(
            f"{mark}[{panels.seat_key(seat)}] {s.players[seat]}",
            style="bold" if seat in dead else "",
        )
        out.append(f" ({say(lang, 'game.dead')})" if seat in dead else "", style="red")
        shown = say(lang, str(role_term(role))) if role else "?"
        out.append(f": {shown}\n", style="green" if role else "dim")
    missing = [p for p in dead if s.role_of(p) is None]
    keys = say(lang, "game.roles_keys")
    if missing:
        keys += "\n" + say(lang, "game.roles_missing")
    else:
        keys += "\n" + say(lang, "game.roles_done")
    return out, keys
