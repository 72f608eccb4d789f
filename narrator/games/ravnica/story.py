"""Words for what happened: one line an event, and the game record as Markdown.

Everything here is for the public: a secret (a secret draw, the Ultimate Price before R29)
is never named.
"""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import Stage, State, Step
from narrator.games.ravnica.tables import ROLE_NAMES, TEAM_NAMES, agents_for, colour_name

STAGE_NAMES = {
    Stage.ELECTION: "leader election",
    Stage.REVOTE: "re-vote among the tied (R15)",
    Stage.LEADERS: "final vote of the leaders (R27)",
    Stage.VOTEOFF: "vote-off among the tied (R27a)",
    Stage.NON_LEADERS: "vote of the players who lead no colour (R27b)",
}
CAUSES = {"vote": "voted out", "ablaze": "Ablaze", "ultimate_price": "the Ultimate Price"}


def who(state: State, seat: int) -> str:
    guild = state.guilds[seat] if state.guilds else None
    return f"{state.players[seat]} ({guild})" if guild else state.players[seat]


def describe(before: State, event: Event, after: State) -> str:
    """One public line for ``event``, which took ``before`` to ``after``."""
    s = after
    if isinstance(event, ev.GameCreated):
        return (
            f"{s.count} players: {', '.join(s.players)}. {agents_for(s.count)} Agents of Bolas, "
            f"{s.count - agents_for(s.count)} Loyalists."
        )
    if isinstance(event, ev.GuildsDealt):
        return "Guilds: " + "; ".join(who(s, i) for i in s.seats)
    if isinstance(event, ev.OpeningDone):
        return "Opening done: the Agents of Bolas know each other."
    if isinstance(event, ev.LeaderCardTurned):
        return f"Round {s.round}: the colour is {colour_name(event.colour)}."
    if isinstance(event, ev.DiscussionEnded):
        return "Discussion over: vote."
    if isinstance(event, ev.VoteCast):
        return f"{s.players[event.voter]} votes for {s.players[event.candidate]}."
    if isinstance(event, ev.VotesClosed | ev.TieBroken):
        if len(s.results) > len(before.results):
            return result_line(s, s.results[-1])
        return (
            "Tied: the narrator picks among "
            + ", ".join(s.players[p] for p in before.ballot.most_voted())
            + "."
        )
    if isinstance(event, ev.TargetDrawn):
        draw = s.draws[-1]
        if draw.secret:
            return f"The {colour_name(draw.by)} leader draws a targeting card in secret."
        return f"The {colour_name(draw.by)} leader draws and shows {colour_name(draw.colour)}."
    if isinstance(event, ev.PlayerChosen):
        by = s.chosen[-1][0]
        return f"The {colour_name(by)} leader chooses {who(s, event.player)}."
    if isinstance(event, ev.UltimatePriceNoted):
        return "The Black leader notes the Ultimate Price in secret."
    if isinstance(event, ev.AbilityDone):
        return f"{colour_name(before.round_colour or '')} ability done."
    if isinstance(event, ev.AblazeGiven):
        return f"Ablaze goes to {who(s, event.player)}."
    if isinstance(event, ev.UltimatePriceRevealed):
        return (
            f"The Ultimate Price was {who(s, s.ultimate_price)}."
            if s.ultimate_price is not None
            else ""
        )
    if isinstance(event, ev.RoleRevealed):
        return f"{s.players[event.player]} was {ROLE_NAMES[event.role]}."
    if isinstance(event, ev.RolesConfirmed):
        return winner_line(s)
    return type(event).__name__


def result_line(s: State, r) -> str:
    where = f"{colour_name(r.colour)} " if r.colour else ""
    tally = ", ".join(f"{s.players[c]} {n}" for c, n in _tally(r).items())
    head = f"{where}{STAGE_NAMES[r.stage]}: {tally}."
    if r.decided_by == "next_vote":
        return f"{head} {_sentence(r.reason)}."
    if r.winner is None:
        return f"{head} {_sentence(r.reason)}."
    verb = "leads" if r.stage in (Stage.ELECTION, Stage.REVOTE) else "dies by vote"
    how = "" if r.decided_by == "majority" else f" ({r.reason})"
    return f"{head} {s.players[r.winner]} {verb}{how}."


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _tally(r) -> dict[int, int]:
    counts: dict[int, int] = {}
    for _, c in r.votes:
        counts[c] = counts.get(c, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def winner_line(s: State) -> str:
    dead_agents = s.dead_agents()
    return f"{TEAM_NAMES[s.winner]} win ({dead_agents} Agent{'s' if dead_agents != 1 else ''} of Bolas dead)."


def death_lines(s: State) -> list[str]:
    return [
        f"{who(s, seat)} dies: {', '.join(CAUSES[c] for c in causes)}."
        for seat, causes in s.deaths()
    ]


def record_markdown(s: State, events: list[Event]) -> str:
    """The game record: players, every round, every vote, the deaths and the winner."""
    out = ["# Ravnica: Inquisition — game record", ""]
    out.append("| seat | player | guild | leads | role |")
    out.append("|---|---|---|---|---|")
    for i in s.seats:
        leads = " ".join(colour_name(c) for c in s.colours_led_by(i)) or "—"
        role = s.role_of(i)
        out.append(
            f"| {i + 1} | {s.players[i]} | {s.guilds[i] if s.guilds else '—'} | {leads} | "
            f"{ROLE_NAMES[role] if role else '—'} |"
        )
    out += ["", "## Timeline", ""]
    state = State()
    from narrator.games.ravnica.rules import apply

    for event in events:
        before, state = state, apply(state, event)
        line = describe(before, event, state)
        if line:
            out.append(f"- {line}")
    if s.step in (Step.ROLES, Step.OVER):
        out += ["", "## Deaths", ""] + [f"- {line}" for line in death_lines(s)]
    if s.winner:
        out += ["", f"**{winner_line(s)}**"]
    return "\n".join(out) + "\n"
