"""The end of Ravnica: Inquisition as the shell draws it: the deaths (R27, R28), the roles keyed
seat by seat (R30) and the winner (R31). The Ultimate Price is named only once revealed (R29).
"""

from __future__ import annotations

from narrator.games.common.seats import seat_key, seat_of_key
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.keys import seat_choices
from narrator.games.ravnica.state import State
from narrator.games.ravnica.story import death_lines, winner_line
from narrator.games.ravnica.tables import AGENTS, role_term
from narrator.games.shell_data import Choice, Over, Rows, StepView, joined, upper
from narrator.prompts import Localized, Words

LOYALIST_TONE, AGENT_TONE = "#4a8fe7", "#e5534b"


def reveal_view(s: State, path: tuple[str, ...]) -> StepView:
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
        choices=seat_choices(s, None, Words("game.use_keys")),
    )


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


def roles_view(s: State, path: tuple[str, ...]) -> StepView:
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


def agents_named(s: State) -> tuple[Words, ...]:
    """R30, R31: the Agents of Bolas by name, as far as their roles were keyed: all of them
    once every role is in, else the ones keyed (the living may have kept their cards)."""
    agents = tuple(s.players[seat] for seat, role in s.roles if role == AGENTS)
    if not agents:
        return ()
    every = len(s.roles) == s.count
    return (Words("game.agents_all" if every else "game.agents_keyed", {"players": agents}),)


def over_view(s: State, path: tuple[str, ...]) -> StepView:
    """The winner, full-screen (the table view is hidden at the end, R31)."""
    loyal = s.winner == "loyalists"
    team = Words("team.loyalists_full" if loyal else "team.agents")
    over = Over(
        Words("game.win_banner", {"team": upper(team)}),
        Localized(lambda lang: winner_line(s, lang=lang)),
        (Localized(lambda lang: "\n".join(death_lines(s, lang))), *agents_named(s)),
        LOYALIST_TONE if loyal else AGENT_TONE,
        Words("game.over_keys"),
    )
    return StepView("over", None, body=(over,))
