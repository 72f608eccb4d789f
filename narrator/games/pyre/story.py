"""The game as told afterwards: one public line an entry (the undo dialog, the headless player,
the record), with what follows from it (the roll's comparison, the Citizen moved at a window's
close, the ignition and its 3 permanent points, a flip-back, the win), and the game record in
Markdown.

Everything here is public (P1): a hand is only ever a size, a card only the name the narrator
typed for its effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from narrator.games.base import Event
from narrator.games.common.record import timeline
from narrator.games.pyre import events as ev
from narrator.games.pyre import keys, rules
from narrator.games.pyre.die import comparison, out_of_reach
from narrator.games.pyre.state import (
    ACTIONS,
    DEALT,
    HAND_LIMIT,
    PERMANENT_WORTH,
    Citizen,
    Roll,
    State,
)
from narrator.prompts import Words, worded, words

WORDS = Path(__file__).parent / "words"  # the game's own words, whatever game is played


def story(key: str, **params) -> Words:
    return Words(f"py.story.{key}", params)


def spent_words(before: State, after: State) -> Words:
    """P7: which of the turn's actions an entry took: the first, the second, or both (a
    cost-2 Action card, P14)."""
    if after.actions - before.actions >= ACTIONS:
        return story("spent.both")
    return story(f"spent.{min(after.actions, ACTIONS)}")


def comparison_words(roll: Roll) -> Words:
    """P15: "4 against defence 3: 4 ≥ 3, success"."""
    c = comparison(roll)
    outcome = story("outcome.success" if c.success else "outcome.failure")
    return story("comparison", value=c.value, defence=c.defence, sign=c.sign, outcome=outcome)


def citizen_at(s: State, origin: str, owner: int, place: int) -> Words:
    """A Citizen by where it is (places from 1, as keyed): in a council, on the Pyre, or out
    of the discard pile (P1, P23)."""
    if origin == "council":
        return story("at.council", player=s.players[owner], place=place + 1)
    if origin == "pyre":
        return story("at.pyre", place=place + 1)
    return story("at.discard")


def went_to(kind: str, after: State, citizen: Citizen) -> Words:
    """Where an accused Citizen goes (the Pyre: an ignition may take it at once, P17), or
    the council an exonerated one joins (P12's option)."""
    where = after.find(citizen.id)
    if kind == "accuse" or where is None or where[0] != "council":
        return story("to.pyre")
    return story("to.council", player=after.players[where[1]])


def moved_citizen(before: State, e: ev.CitizenMoved | ev.AutoSucceeded) -> Citizen | None:
    """The Citizen an entry moves, as it was before (None: out of the discard pile)."""
    origin = "pyre" if getattr(e, "kind", "") == "exonerate" else getattr(e, "origin", "council")
    if origin == "council":
        return before.councils[e.owner][e.place]
    if origin == "pyre":
        return before.pyre[e.place]
    return None


# --- one line an entry ---------------------------------------------------------------------


def entry_words(before: State, e: Event, after: State) -> list[Words]:
    s = after
    name = s.players.__getitem__
    if isinstance(e, ev.GameCreated):
        return [created_words(s)]
    if isinstance(e, ev.Dealt):
        return [story("dealt", hand=DEALT)]
    if isinstance(e, ev.FirstPlayer):
        return [story("first_drawn" if e.drawn else "first_picked", player=name(e.seat))]
    if isinstance(e, ev.DeckEmptied | ev.DeckRefilled | ev.Forfeited | ev.WindowOpened):
        player = name(s.current) if s.current is not None else ""
        spent = spent_words(before, after)
        return [story(e.type, player=player, spent=spent, card=getattr(e, "card", ""))]
    if isinstance(e, ev.Drew | ev.CitizenPlayed | ev.ActionCardPlayed):
        return action_words(before, e, after)
    if isinstance(e, ev.Accused | ev.Exonerated):
        return accusation_words(before, e, after)
    if isinstance(e, ev.Rolled):
        assert after.window is not None and after.window.roll is not None
        key = "rolled_app" if e.drawn else "rolled_physical"
        return [story(key, comparison=comparison_words(after.window.roll)), story("window")]
    if isinstance(e, ev.ReactionClaimed | ev.Reacted | ev.RollChanged | ev.WindowClosed):
        return window_words(before, e, after)
    if isinstance(e, ev.HandChanged):
        change = f"+{e.change}" if e.change > 0 else f"−{-e.change}"
        hand = after.hands[e.seat]
        said = story("hand", card=e.card, player=name(e.seat), change=change, hand=hand)
        return [said, *above_limit(before, after)]
    if isinstance(e, ev.CitizenMoved | ev.AutoSucceeded):
        return [moved_words(before, e, after)]
    if isinstance(e, ev.Ignited):
        igniter = before.current
        taken = keys.ignition_params(after)  # P17: which Citizen was taken, which burnt
        return [story("ignited", card=e.card, player=name(igniter), worth=PERMANENT_WORTH, **taken)]
    if isinstance(e, ev.HandPointedOut):
        return [story("pointed", player=name(e.seat), hand=after.hands[e.seat])]
    if isinstance(e, ev.CardPicked):
        hand = after.hands[e.seat]
        return [story("picked", position=e.position, player=name(e.seat), hand=hand)]
    if isinstance(e, ev.DominanceFlipped):
        params = {"player": name(e.seat), "influence": s.influence(e.seat), "target": s.target}
        return [story("flipped", **params)]
    if isinstance(e, ev.TurnEnded):
        return [story("turn_ended", player=name(before.current))]
    return []


def variant_words(s: State) -> Words:
    """P4: standard, quick −1/−2, long +1/+2, tutorial."""
    return story(f"variant.{s.options.variant}", shift=s.options.shift)


def created_words(s: State) -> Words:
    """P2–P4: the seats clockwise and the points to win."""
    variant = variant_words(s)
    return story("created", count=s.count, players=s.players, target=s.target, variant=variant)


def action_words(
    before: State, e: ev.Drew | ev.CitizenPlayed | ev.ActionCardPlayed, after: State
) -> list[Words]:
    """P9, P10, P14: the action, which of the two it is, the hand left."""
    p = before.current
    params = {
        "player": after.players[p],
        "spent": spent_words(before, after),
        "hand": after.hands[p],
    }
    if isinstance(e, ev.Drew):
        return [story("drew", **params)]
    if isinstance(e, ev.CitizenPlayed):
        place = len(after.councils[p])
        return [story("citizen", influence=e.influence, place=place, **params)]
    return [story("action_card", card=e.card, **params), story("window")]


def accusation_words(before: State, e: ev.Accused | ev.Exonerated, after: State) -> list[Words]:
    """P11, P12: which Citizen, its defence; P15: the warning when the die cannot reach it."""
    roll = after.rolling
    assert roll is not None and before.current is not None
    player, spent = after.players[before.current], spent_words(before, after)
    if isinstance(e, ev.Accused):
        citizen = citizen_at(before, "council", e.owner, e.place)
    else:
        citizen = citizen_at(before, "pyre", 0, e.place)
    params = {"player": player, "citizen": citizen, "defence": roll.defence, "spent": spent}
    out = [story(roll.kind, **params)]
    if out_of_reach(after.options, roll.kind, roll.defence):
        out.append(story("out_of_reach"))
    return out


def window_words(before: State, e: Event, after: State) -> list[Words]:
    """P16: claims and who has priority, the reaction, a changed roll; P24: the close and
    the outcome applied then."""
    name = after.players.__getitem__
    if isinstance(e, ev.ReactionClaimed):
        assert after.window is not None
        claims = after.window.claims
        out = [story("claimed" if e.seat in claims else "unclaimed", player=name(e.seat))]
        if len(claims) > 1:
            first = next(p for p in after.priority if p in claims)
            out.append(story("priority", player=name(first)))
        return out
    if isinstance(e, ev.Reacted):
        return [story("reacted", player=name(e.seat), card=e.card, hand=after.hands[e.seat])]
    if isinstance(e, ev.RollChanged):
        assert after.window is not None and after.window.roll is not None
        return [story("roll_changed", card=e.card, comparison=comparison_words(after.window.roll))]
    assert isinstance(e, ev.WindowClosed) and before.window is not None
    return [story("closed"), *closed_outcome(before, after)]


def closed_outcome(before: State, after: State) -> list[Words]:
    """P24: what the close brings: the Action card's effects now (P14), or the roll's
    outcome: the Citizen moved (P11, P12), or nothing."""
    w = before.window
    assert w is not None
    if w.event == "action":
        return [story("effects_now", card=w.card)]
    roll = w.roll
    if roll is None:
        return []
    if not comparison(roll).success:
        return [story("nothing_moves")]
    where = before.find(roll.citizen)
    if where is None or after.find(roll.citizen) == where:
        return [story("not_there")]
    kind, owner, place = where
    citizen = citizen_at(before, kind, owner, place)
    moving = before.pyre[place] if kind == "pyre" else before.councils[owner][place]
    to = went_to(roll.kind, after, moving)
    return [story("moves", citizen=citizen, to=to, rule="P11" if kind == "council" else "P12")]


def moved_words(before: State, e: ev.CitizenMoved | ev.AutoSucceeded, after: State) -> Words:
    """P23: a card's move; P13: an automatic success (no die, no window)."""
    citizen = moved_citizen(before, e)
    if isinstance(e, ev.AutoSucceeded):
        origin = "council" if e.kind == "accuse" else "pyre"
        assert citizen is not None
        at = citizen_at(before, origin, e.owner, e.place)
        to = went_to(e.kind, after, citizen)
        params = {"card": e.card, "citizen": at, "to": to, "influence": citizen.influence}
        return story(f"auto.{e.kind}", **params)
    influence = citizen.influence if citizen is not None else e.influence
    at = citizen_at(before, e.origin, e.owner, e.place)
    if e.to == "discard":
        to = story("to.discard")
    elif e.to == "council":
        to = story("to.council", player=after.players[e.to_owner])
    else:
        to = story("to.pyre")
    return story("moved", card=e.card, citizen=at, to=to, influence=influence)


def above_limit(before: State, after: State) -> list[Words]:
    """P22: a hand that went above 7 may be pointed out."""
    return [
        story("above_limit", player=after.players[p], hand=after.hands[p])
        for p in after.seats
        if after.hands[p] > HAND_LIMIT >= before.hands[p]
    ]


def aftermath(before: State, e: Event, after: State) -> list[Words]:
    """What an entry brought about beyond itself, in P24's order: the ignition (P17), the
    influence changed (P18), the flip-backs (P20); then the next turn (P7) or the win (P21)."""
    out: list[Words] = []
    if not before.dealt or not after.dealt:
        return out
    for p in after.seats:
        if after.permanent[p] > before.permanent[p] and not isinstance(e, ev.Ignited):
            taken = keys.ignition_params(after)  # P17: which Citizen was taken, which burnt
            out.append(story("ignition", player=after.players[p], worth=PERMANENT_WORTH, **taken))
    changed = tuple(
        story("influence_of", player=after.players[p], influence=after.influence(p))
        for p in after.seats
        if after.influence(p) != before.influence(p)
    )
    if changed:
        out.append(story("influence", players=changed, target=after.target))
    for p in after.seats:
        if before.active[p] and not after.active[p]:
            out.append(story("flip_back", player=after.players[p], target=after.target))
    if after.winner is not None and before.winner is None:
        out.append(winner_words(after))
    elif after.current is not None and after.turn != before.turn:
        out.append(story("turn", turn=after.turn, player=after.players[after.current]))
    return out


def winner_words(s: State) -> Words:
    """P21: the winner's token was active at the start of the turn."""
    assert s.winner is not None
    return story("winner", player=s.players[s.winner], influence=s.influence(s.winner))


def describe(before: State, event: Event, after: State, lang: str) -> str:
    """One public line for ``event``, which took ``before`` to ``after`` (P1: no card in a
    hand, only its size)."""
    found = entry_words(before, event, after)
    if not found:
        return ""
    said = (*found, *aftermath(before, event, after))
    return " ".join(worded(w, lang, WORDS) for w in said)


# --- the record ----------------------------------------------------------------------------


def rulings(s: State, lang: str) -> list[str]:
    """The ⚖ rulings chosen before the game (P4, P6, P7, P10, P12, P15, P19)."""
    o = s.options
    chosen = [
        story("ruling.variant", variant=variant_words(s), target=s.target),
        story(f"ruling.first.{o.first_player}"),
        story(f"ruling.die.{o.roll}", faces=o.die_faces),
        story(f"ruling.exonerated.{o.exonerated_to}"),
        story("ruling.influence", top=o.influence_max),
        story(f"ruling.reminder.{'yes' if o.reminder else 'no'}"),
        story("ruling.timer", seconds=o.turn_timer) if o.turn_timer else story("ruling.no_timer"),
    ]
    return [f"- {worded(w, lang, WORDS)}" for w in chosen]


def council_text(s: State, p: int, none: str) -> str:
    """P10: a City Council as the ordered list of its Citizens' influence."""
    return ", ".join(str(c.influence) for c in s.councils[p]) or none


def seat_rows(s: State, lang: str) -> list[str]:
    """The tracker as it stands: hand sizes (P1), councils, permanent points, influence
    against the target, the Dominance side."""
    w = words(lang, WORDS)
    keys = ("seat", "player", "hand", "council", "permanent", "influence", "dominance")
    out = ["| " + " | ".join(w.format(f"py.story.record.{k}") for k in keys) + " |"]
    out.append("|" + "---|" * len(keys))
    none = w.format("py.story.record.none")
    for p in s.seats:
        if not s.dealt:
            out.append(f"| {p + 1} | {s.players[p]} |" + f" {none} |" * (len(keys) - 2))
            continue
        side = w.format("py.story.record.active" if s.active[p] else "py.story.record.inactive")
        cells = (
            p + 1,
            s.players[p],
            s.hands[p],
            council_text(s, p, none),
            s.permanent[p] * PERMANENT_WORTH,
            f"{s.influence(p)} / {s.target}",
            side,
        )
        out.append("| " + " | ".join(map(str, cells)) + " |")
    if s.dealt:
        pyre = ", ".join(str(c.influence) for c in s.pyre) or none
        out += ["", "- " + w.format("py.story.record.pyre", pyre=pyre)]
    return out


def end_lines(s: State, lang: str) -> list[str]:
    """P21, P18: each player's influence, council and permanent points, the winner first."""
    w = words(lang, WORDS)
    none = w.format("py.story.record.none")
    out = []
    for p in sorted(s.seats, key=lambda q: (q != s.winner, -s.influence(q))):
        params = {
            "player": s.players[p],
            "influence": s.influence(p),
            "council": council_text(s, p, none),
            "cards": s.permanent[p],
            "points": s.permanent[p] * PERMANENT_WORTH,
        }
        out.append("- " + w.format("py.story.record.standing", **params))
    return out


def record(state: State, events: Sequence[Event], lang: str) -> str:
    """The record, Markdown: the players and their tracker, the rulings, every entry's public
    line, and the end (P21) with the winner and every player's influence."""
    w = words(lang, WORDS)
    title = lambda key: w.format(f"py.story.record.{key}")  # noqa: E731
    head = w.format("py.story.record.title", game=Words("about.title"))
    out = [f"# {head}", "", f"## {title('players')}", ""]
    out += seat_rows(state, lang)
    out += ["", f"## {title('rulings')}", ""]
    out += rulings(state, lang)
    out += ["", f"## {title('timeline')}", ""]
    out += timeline(events, State(), rules.apply, describe, lang)
    if state.winner is not None:
        out += ["", f"## {title('end')}", ""]
        out += end_lines(state, lang)
        out += ["", f"**{worded(winner_words(state), lang, WORDS)}**"]
    return "\n".join(out) + "\n"
