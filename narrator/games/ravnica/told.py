"""Each moment of Ravnica as the table display tells it, in sentences: who has the laptop,
who votes now and how each voted (R14, R27: votes are cast openly), the result of the last
vote, the deaths with their causes (R27–R29), the roles keyed (R30) and the winner (R31).
Only what the table already knows: the Ultimate Price is named only once revealed (R29)."""

from __future__ import annotations

from narrator.games.ravnica.private_view import needs_privacy
from narrator.games.ravnica.state import State, Step
from narrator.games.ravnica.story import result_line, say, who
from narrator.games.ravnica.tables import AGENTS, LOYALISTS, colour_term, role_term, team_term
from narrator.games.shell_data import Text
from narrator.prompts import Localized, Term, Words

VOTES = (Step.ELECTION, Step.FINAL_VOTE)
AFTER_VOTE = (Step.DRAW, Step.CHOOSE, Step.ABILITY, Step.ABLAZE_DRAW, Step.ABLAZE_GIVE)
END = (Step.REVEAL, Step.ROLES, Step.OVER)


def laptop(state: State) -> Words | None:
    """A private step (R18–R24): whose laptop it is; everyone else looks away."""
    if not needs_privacy(state):
        return None
    colour = "R" if state.step in (Step.ABLAZE_DRAW, Step.ABLAZE_GIVE) else state.round_colour
    leader = state.leader_of(colour) if colour else None
    if leader is None:
        return None
    params = {"player": state.players[leader], "colour": colour_term(colour)}
    return Words("display.told.laptop", params)


def ballot_lines(state: State) -> tuple[Text, ...]:
    """A vote (R14, R27): who votes now, and each vote cast so far (cast openly)."""
    ballot = state.ballot
    if ballot is None:
        return ()
    out: list[Text] = []
    waiting = ballot.waiting
    if waiting:
        out.append(Words("display.told.votes_now", {"player": state.players[waiting[0]]}))
    cast = tuple(
        Words("display.told.cast", {"voter": state.players[v], "candidate": state.players[c]})
        for v, c in ballot.votes
    )
    if cast:
        out.append(Words("display.told.cast_so_far", {"votes": cast}))
    return tuple(out)


def shown_draw(state: State) -> tuple[Words, ...]:
    """R18: Blue's draw is shown to all ("The Blue leader draws and shows White")."""
    draw = state.draws[-1] if state.draws else None
    if draw is None or draw.secret or draw.by != state.round_colour:
        return ()
    params = {"colour": colour_term(draw.by), "card": colour_term(draw.colour)}
    return (Words("story.draw_shown", params),)


def last_result(state: State) -> Text | None:
    """The round's counted vote, as the record says it ("… Bram leads: most votes: 3 of 5")."""
    if not state.results or state.results[-1].round != state.round:
        return None
    result = state.results[-1]
    return Localized(lambda lang: result_line(state, result, lang))


def death_lines(state: State, dead: set[int]) -> tuple[Text, ...]:
    """R27–R29: each death announced, with its causes (the Ultimate Price once revealed)."""
    out: list[Text] = []
    for seat, causes in state.deaths():
        if seat not in dead:
            continue
        terms = tuple(Term(f"story.cause.{c}") for c in causes)
        name = who(state, seat)
        out.append(Localized(lambda lang, n=name, t=terms: say(lang, "death", player=n, causes=t)))
    return tuple(out)


def role_lines(state: State) -> tuple[Words, ...]:
    """R30: each role keyed, seat by seat."""
    return tuple(
        Words("display.told.role", {"player": state.players[seat], "role": role_term(role)})
        for seat, role in state.roles
    )


def end_lines(state: State, dead: set[int]) -> tuple[Text, ...]:
    """The end (R28–R31): the winner and why, each death with its cause, the roles."""
    out: list[Text] = []
    if state.step is Step.OVER and state.winner in (AGENTS, LOYALISTS):
        team = team_term(state.winner)
        out.append(Words("display.told.winner", {"team": team}))
        why = {"dead": state.dead_agents()}
        out.append(Words(f"display.told.why_{state.winner}", why))
    return (*out, *death_lines(state, dead), *role_lines(state))


def told(state: State, dead: set[int]) -> tuple[Text, ...]:
    """What the moment tells the table, one sentence a line."""
    step = state.step
    if step in END:
        return end_lines(state, dead)
    private = laptop(state)
    if private is not None:
        return (private,)
    if step in (Step.DISCUSSION, Step.FINAL_DISCUSSION):
        return (Words(f"display.told.{step.value}"),)
    result = last_result(state)
    before = (result,) if result is not None else ()  # a re-vote says why (R15, R27a)
    if step in VOTES or step in (Step.ELECTION_TIE, Step.FINAL_TIE):
        tie = (Words("display.told.tie"),) if step not in VOTES else ()
        return (*before, *tie, *ballot_lines(state))
    if step in AFTER_VOTE:
        return (*before, *shown_draw(state))
    if step is Step.TURN_LEADER_CARD:
        return (Words("display.told.turn_card"),)
    return ()
