"""Words for what happened: one line an event, what decided a vote, and the game record.

Every word comes from the screens' catalogue (``narrator/prompts/ui/<lang>/story.toml``), in
the chosen language; player and guild names stay as they are. Everything here is for the
public: a secret (a secret draw, the Ultimate Price before R29) is never named.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from narrator.games.base import Event
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import BallotResult, Stage, State, Step
from narrator.games.ravnica.tables import agents_for, colour_term, guild_rank, role_term, team_term
from narrator.prompts import Term, words

ELECTIONS = (Stage.ELECTION, Stage.REVOTE)


def say(lang: str, key: str, **params) -> str:
    return words(lang).format(f"story.{key}", **params)


def stage_name(stage: Stage, lang: str = "en") -> str:
    """Which vote a ballot is, e.g. "vote-off among the tied (R27a)"."""
    return say(lang, f"stage.{Stage(stage).value}")


class _StageNames(Mapping):
    """``STAGE_NAMES[stage]``: the English names, read from the catalogue when asked."""

    def __getitem__(self, stage: Stage) -> str:
        return stage_name(stage)

    def __iter__(self) -> Iterator[Stage]:
        return iter(Stage)

    def __len__(self) -> int:
        return len(Stage)


STAGE_NAMES: Mapping[Stage, str] = _StageNames()


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def who(state: State, seat: int) -> str:
    guild = state.guilds[seat] if state.guilds else None
    return f"{state.players[seat]} ({guild})" if guild else state.players[seat]


def describe(before: State, event: Event, after: State, lang: str = "en") -> str:
    """One public line for ``event``, which took ``before`` to ``after``."""
    s = after
    if isinstance(event, ev.GameCreated):
        agents = agents_for(s.count)
        loyalists = s.count - agents
        return say(
            lang, "created", count=s.count, players=s.players, agents=agents, loyalists=loyalists
        )
    if isinstance(event, ev.GuildsDealt):
        return say(lang, "guilds", guilds=tuple(who(s, i) for i in s.seats))
    if isinstance(event, ev.OpeningDone):
        return say(lang, "opening")
    if isinstance(event, ev.LeaderCardTurned):
        return say(lang, "round", round=s.round, colour=colour_term(event.colour))
    if isinstance(event, ev.DiscussionEnded):
        return say(lang, "discussion_over")
    if isinstance(event, ev.VoteCast):
        return say(lang, "vote", voter=s.players[event.voter], candidate=s.players[event.candidate])
    if isinstance(event, ev.VotesClosed | ev.TieBroken):
        if len(s.results) > len(before.results):
            return result_line(s, s.results[-1], lang)
        assert before.ballot is not None
        return say(lang, "narrator_picks", players=s.names(before.ballot.most_voted()))
    if isinstance(event, ev.TargetDrawn):
        draw = s.draws[-1]
        if draw.secret:  # R18: who drew is public, the card is not
            return say(lang, "draw_secret", colour=colour_term(draw.by))
        return say(lang, "draw_shown", colour=colour_term(draw.by), card=colour_term(draw.colour))
    if isinstance(event, ev.PlayerChosen):
        by = s.chosen[-1][0]
        return say(lang, "chooses", colour=colour_term(by), player=who(s, event.player))
    if isinstance(event, ev.UltimatePriceNoted):
        return say(lang, "price_noted")  # R23: never whom
    if isinstance(event, ev.AbilityDone):
        assert before.round_colour is not None
        return say(lang, "ability_done", colour=colour_term(before.round_colour))
    if isinstance(event, ev.AblazeGiven):
        return say(lang, "ablaze", player=who(s, event.player))
    if isinstance(event, ev.UltimatePriceRevealed):
        if s.ultimate_price is None:
            return ""
        return say(lang, "price_revealed", player=who(s, s.ultimate_price))
    if isinstance(event, ev.RoleRevealed):
        return say(lang, "role", player=s.players[event.player], role=role_term(event.role))
    if isinstance(event, ev.RolesConfirmed):
        return winner_line(s, lang)
    return type(event).__name__


# --- counted ballots ----------------------------------------------------------------------


def _tally(r: BallotResult) -> dict[int, int]:
    counts: dict[int, int] = {}
    for _, c in r.votes:
        counts[c] = counts.get(c, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def result_line(state: State, result: BallotResult, lang: str = "en") -> str:
    """A counted ballot for the record: its stage, the tally, and what came of it."""
    s, r = state, result
    cat = words(lang)
    tally = cat.lines["list.separator"].join(
        say(lang, "result.tally", player=s.players[c], votes=n) for c, n in _tally(r).items()
    )
    stage = stage_name(r.stage, lang)
    if r.colour:
        head = say(
            lang, "result.round_head", colour=colour_term(r.colour), stage=stage, tally=tally
        )
    else:
        head = say(lang, "result.final_head", stage=stage, tally=tally)
    why = reason(s, r, lang)
    if r.winner is None:  # a further vote follows, or nobody dies by vote (R27c)
        return f"{_cap(head)} {say(lang, 'result.sentence', reason=_cap(why))}"
    verb = "leads" if r.stage in ELECTIONS else "voted_out"
    if r.decided_by == "majority":
        return f"{_cap(head)} {say(lang, f'result.{verb}', player=s.players[r.winner])}"
    tail = say(lang, f"result.{verb}_because", player=s.players[r.winner], reason=why)
    return f"{_cap(head)} {tail}"


def _guild_order(state: State, result: BallotResult, lang: str) -> dict[str, object]:
    """R15 ⚖: the winner's guild, and the other tied players' guilds it comes before."""

    def guild_of(seat: int) -> str:
        return say(lang, "reason.guild_of", guild=state.guilds[seat], player=state.players[seat])

    winner = result.winner if result.winner is not None else result.tied[0]
    others = sorted(
        (t for t in result.tied if t != winner), key=lambda t: guild_rank(state.guilds[t])
    )
    return {"first": guild_of(winner), "others": tuple(guild_of(t) for t in others)}


def reason(state: State, result: BallotResult, lang: str = "en") -> str:
    """What decided a counted ballot, as a clause: "most votes: 4 of 7", "Orzhov (Eve) comes
    before Simic (Dee) in the guild order", "… a vote-off among them … (R27a)".

    It reads after "{player} wins the tie: " (the spoken R15 line) and on the screens.
    """
    s, r = state, result
    tied = s.names(r.tied)
    if r.decided_by == "majority":
        votes = sum(1 for _, c in r.votes if c == r.winner)
        return say(lang, "reason.majority", votes=votes, total=len(r.votes))
    if r.decided_by == "next_vote":  # R15 re-vote, R27a vote-off, R27b non-leaders
        nxt = {Stage.ELECTION: "revote", Stage.LEADERS: "voteoff", Stage.VOTEOFF: "non_leaders"}
        return say(lang, f"reason.{nxt.get(r.stage, 'revote')}", players=tied)
    if r.stage in ELECTIONS:  # R15
        if r.decided_by == "narrator":
            return say(lang, "reason.narrator")
        key = "revote_tied_again" if r.stage is Stage.REVOTE else "guild_order"
        return say(lang, f"reason.{key}", **_guild_order(s, r, lang))
    # R27c: still tied after the vote-off (R27a) and, if anyone leads no colour, R27b
    if r.decided_by == "guild_order":
        decision = say(lang, "reason.final_guild_order", **_guild_order(s, r, lang))
    else:
        decision = say(lang, f"reason.final_{r.decided_by}")
    if r.stage is Stage.VOTEOFF:
        before = "no_non_leaders" if not s.non_leaders() else "after_voteoff"
    elif r.stage is Stage.NON_LEADERS:
        before = "after_non_leaders"
    else:
        return decision
    return say(
        lang, "reason.then", first=say(lang, f"reason.{before}", players=tied), then=decision
    )


# --- the end ------------------------------------------------------------------------------


def winner_line(state: State, lang: str = "en") -> str:
    """R31: who won, and how many Agents of Bolas are dead."""
    if state.winner is None:
        return ""
    return say(lang, "winner", team=team_term(state.winner), dead=state.dead_agents())


def death_lines(state: State, lang: str = "en") -> list[str]:
    """R27–R29: one line a dead player, with every cause (a player dies once)."""
    lines = []
    for seat, causes in state.deaths():
        terms = tuple(Term(f"story.cause.{c}") for c in causes)
        lines.append(say(lang, "death", player=who(state, seat), causes=terms))
    return lines


def record_markdown(state: State, events: list[Event], lang: str = "en") -> str:
    """The game record: players, every round, every vote, the deaths and the winner."""
    from narrator.games.ravnica.rules import apply

    s = state
    rec = {k: say(lang, f"record.{k}") for k in ("seat", "player", "guild", "leads", "role")}
    none = say(lang, "record.none")
    cat = words(lang)
    out = [f"# {say(lang, 'record.title')}", ""]
    out.append("| " + " | ".join(rec.values()) + " |")
    out.append("|---|---|---|---|---|")
    for i in s.seats:
        leads = cat.text_of(tuple(colour_term(c) for c in s.colours_led_by(i))) or none
        role = s.role_of(i)
        role_text = cat.text_of(role_term(role)) if role else none
        guild = s.guilds[i] if s.guilds else none
        out.append(f"| {i + 1} | {s.players[i]} | {guild} | {leads} | {role_text} |")
    out += ["", f"## {say(lang, 'record.timeline')}", ""]
    replayed = State()
    for event in events:
        before, replayed = replayed, apply(replayed, event)
        line = describe(before, event, replayed, lang)
        if line:
            out.append(f"- {line}")
    if s.step in (Step.ROLES, Step.OVER):
        out += ["", f"## {say(lang, 'record.deaths')}", ""]
        out += [f"- {line}" for line in death_lines(s, lang)]
    if s.winner:
        out += ["", f"**{winner_line(s, lang)}**"]
    return "\n".join(out) + "\n"
