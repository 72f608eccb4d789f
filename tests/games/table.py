"""A table to play on in tests: five (or six) named players with fixed guilds, and builders
for the rounds, so each test reads like the rulebook."""

from __future__ import annotations

import pytest

from narrator.games.base import Event, Refusal
from narrator.games.ravnica import CODEC, Options, State, Step, apply, check
from narrator.games.ravnica import events as ev
from narrator.prompts import LANGUAGES

# Seats. Azorius W/U, Rakdos B/R, Gruul R/G, Simic G/U, Orzhov W/B, Dimir U/B.
ANN, BOB, CID, DEE, EVE, FAY = range(6)
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
GUILDS = ("Azorius", "Rakdos", "Gruul", "Simic", "Orzhov", "Dimir")
# Of each colour, at five players: W Ann Eve · U Ann Dee · B Bob Eve · R Bob Cid · G Cid Dee.
# At six, Fay (Dimir) is also Blue and Black.


def run(state: State, *events: Event) -> State:
    for event in events:
        state = apply(state, event)
    return state


def new_game(count: int = 5, **options) -> State:
    """A game at its first leader card: players seated, guilds dealt, opening done."""
    return run(
        State(),
        ev.GameCreated(NAMES[:count], Options(**options), seed=1),
        ev.GuildsDealt(GUILDS[:count]),
        ev.OpeningDone(),
    )


def vote_all(state: State, votes) -> State:
    """Every voter of the open ballot votes: ``votes`` maps voter to candidate, or is one
    candidate for everybody."""
    assert state.ballot is not None
    for voter in state.ballot.voters:
        candidate = votes if isinstance(votes, int) else votes[voter]
        state = apply(state, ev.VoteCast(voter, candidate))
    return apply(state, ev.VotesClosed())


def election(state: State, colour: str, votes) -> State:
    """R12–R14: turn the leader card, end the discussion, everyone votes, count."""
    state = run(state, ev.LeaderCardTurned(colour), ev.DiscussionEnded())
    return vote_all(state, votes)


def ability(state: State, draw: str | None = None, choice: int | None = None) -> State:
    """R17–R24: the new leader's ability, through to the next step."""
    colour = state.round_colour
    if colour == "R":
        return apply(state, ev.AbilityDone())
    state = apply(state, ev.TargetDrawn(draw))
    pick = ev.UltimatePriceNoted(choice) if colour == "B" else ev.PlayerChosen(choice)
    return run(state, pick, ev.AbilityDone())


def play_round(state: State, colour: str, leader: int, draw=None, choice=None) -> State:
    return ability(election(state, colour, leader), draw, choice)


# Five rounds in which every player of five leads one colour (examples/five-players.txt).
EVERYONE_LEADS = (
    ("W", ANN, "G", CID),
    ("U", DEE, "U", ANN),
    ("B", EVE, "B", BOB),
    ("R", BOB, None, None),
    ("G", CID, "W", ANN),
)
# Ann leads White and Blue, Bob Black and Red, Cid Green: Dee and Eve lead nothing.
THREE_LEADERS = (
    ("W", ANN, "G", CID),
    ("U", ANN, "U", DEE),
    ("B", BOB, "B", EVE),
    ("R", BOB, None, None),
    ("G", CID, "W", EVE),
)
# Ann leads White and Blue; Eve Black, Bob Red, Cid Green: only Dee leads nothing.
FOUR_LEADERS = (
    ("W", ANN, "G", CID),
    ("U", ANN, "U", DEE),
    ("B", EVE, "B", BOB),
    ("R", BOB, None, None),
    ("G", CID, "W", EVE),
)


def five_rounds(state: State, plan=EVERYONE_LEADS) -> State:
    for colour, leader, draw, choice in plan:
        state = play_round(state, colour, leader, draw, choice)
    return state


def final_vote(plan=EVERYONE_LEADS, ablaze: int = BOB, last_card: str = "R", **options) -> State:
    """A five-player game at the leaders' final vote (R27), Ablaze given (R25)."""
    state = five_rounds(new_game(**options), plan)
    assert state.step is Step.ABLAZE_DRAW
    return run(state, ev.TargetDrawn(last_card), ev.AblazeGiven(ablaze), ev.DiscussionEnded())


def same_refusal(a: Refusal | None, b: Refusal | None) -> bool:
    """Two refusals that say the same: one words id, one rule, the same parameters."""
    assert a is not None and b is not None
    return (type(a), a.key, a.rule, a.params) == (type(b), b.key, b.rule, b.params)


def refused(state: State, event: Event, rule: str | None = None, *words: str) -> Refusal:
    """``event`` is refused, by ``rule``, with an English message holding ``words``.

    ``check`` and ``apply`` refuse it alike; so does a journal replaying it (its JSON form,
    when the decoder takes it), and every language words the refusal, with its rule."""
    refusal = check(state, event)
    assert isinstance(refusal, Refusal), f"{event} was allowed"
    with pytest.raises(Refusal) as raised:
        apply(state, event)
    assert same_refusal(raised.value, refusal), (raised.value, refusal)
    if rule is not None:
        assert refusal.rule == rule, str(refusal)
    for word in words:
        assert word in refusal.message, refusal.message
    try:
        decoded = CODEC.decode(event.to_json())
    except ValueError:  # e.g. an option the decoder refuses: no journal can hold it
        decoded = None
    if decoded is not None:
        assert decoded == event
        assert same_refusal(check(state, decoded), refusal)
    for lang in LANGUAGES:
        text = refusal.text(lang)
        assert text.strip() and "{" not in text and "}" not in text, text
        assert text.endswith(f" ({refusal.rule})") if refusal.rule else "(R" not in text
    return refusal
