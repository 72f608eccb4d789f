"""What the narrator says in the Pyre: the table's referee speaking. Each step's opening line
(the deal and the target, who starts, "Ann, your turn", "second action", the roll awaited, who
reacts, the Dominance reminder), what each entry does at the table (the action and its Citizen
by owner, place and defence, the window's claims and priority, a changed roll, the close and
its outcome, the card effects, the flip and the flip-back), and the moments held until Enter:
the roll and its comparison (P15), the Pyre's ignition (P17), the win (P21).

P1: nothing here names a card in hand, only a hand's size. Names stay in the nominative (the
Russian lines put them first, after a colon or after "игрока"); places are said from 1."""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.pyre import events as ev
from narrator.games.pyre import keys
from narrator.games.pyre.die import comparison, out_of_reach
from narrator.games.pyre.dominance import flip_reminder
from narrator.games.pyre.reactions import first_claim
from narrator.games.pyre.state import (
    ACTION,
    DEAL,
    DEALT,
    FIRST,
    HAND_LIMIT,
    OVER,
    PERMANENT_WORTH,
    ROLL,
    TURN_END,
    WINDOW,
    Roll,
    State,
)
from narrator.games.shell_data import Announcement, Line
from narrator.prompts import Words

PYRE_TONE = "#d35400"  # the flame's orange
# P23: a Citizen moved, one line for each (from, to) the rules allow
MOVES = (
    ("council", "pyre"),
    ("council", "discard"),
    ("council", "council"),
    ("pyre", "council"),
    ("pyre", "discard"),
    ("discard", "pyre"),
    ("discard", "council"),
)


def player(s: State, p: int) -> str:
    return s.players[p]


# --- each step's opening line -----------------------------------------------------------------


def step_lines(s: State) -> list[Line]:
    """Said once, as the step begins."""
    said = STEP_LINES.get(s.step)
    return said(s) if said else []


def deal_lines(s: State) -> list[Line]:
    """P5: the Pyre token, the deck, 6 cards and an inactive Dominance token each; P3, P4:
    the target."""
    return [Line("py_deal", {"cards": DEALT, "target": s.target})]


def first_lines(s: State) -> list[Line]:
    """P6: the app draws the starting player, or the narrator picks him."""
    return [Line("py_first_drawn" if s.options.first_player == "drawn" else "py_first_pick")]


def action_lines(s: State) -> list[Line]:
    """P7: "Ann, your turn" as it begins; "second action" after the first."""
    assert s.current is not None
    if s.actions == 0:
        return [Line("py_turn", {"player": player(s, s.current)}, chime="round_start")]
    return [Line("py_second", {"player": player(s, s.current)})]


def roll_lines(s: State) -> list[Line]:
    """P15: the app's roll, or a physical one keyed."""
    assert s.current is not None
    if s.options.roll == "app":
        return [Line("py_roll_app")]
    return [Line("py_roll_physical", {"player": player(s, s.current)})]


def turn_end_lines(s: State) -> list[Line]:
    """P7: both actions done; P19: the reminder when he may flip (unless "tough luck")."""
    assert s.current is not None
    return [Line("py_turn_end", {"player": player(s, s.current)}), *reminder_lines(s)]


def reminder_lines(s: State) -> list[Line]:
    if not flip_reminder(s):
        return []
    p = s.current
    params = {"player": player(s, p), "influence": s.influence(p), "target": s.target}
    return [Line("py_flip_reminder", params)]


STEP_LINES = {
    DEAL: deal_lines,
    FIRST: first_lines,
    ACTION: action_lines,
    ROLL: roll_lines,
    WINDOW: lambda s: [Line("py_window")],  # P16
    TURN_END: turn_end_lines,
}


def again_lines(s: State) -> list[Line]:
    """Said again after a take-back, an undo or on resume: the line of whoever acts now."""
    if s.step == ROLL:
        return rolling_lines(s) + roll_lines(s)
    if s.step == WINDOW:
        return window_lines(s)
    if s.step == OVER:
        return winner_lines(s)
    return step_lines(s)


# --- the actions (P8–P15) ---------------------------------------------------------------------


def rolling_lines(s: State) -> list[Line]:
    """P11, P12: the Citizen accused (by its owner and place) or exonerated (by its place on
    the Pyre), its defence; P15: out of the die's reach, only an automatic success works."""
    roll = s.rolling
    assert roll is not None and s.current is not None
    params = {"player": player(s, s.current), "defence": roll.defence}
    where = s.find(roll.citizen)
    place = where[2] + 1 if where else 0
    if roll.kind == "exonerate":
        lines = [Line("py_exonerate", {**params, "place": place})]
    elif where and where[1] == s.current:
        lines = [Line("py_accuse_own", {**params, "place": place})]
    else:
        owner = where[1] if where else roll.council
        lines = [Line("py_accuse", {**params, "place": place, "owner": player(s, owner)})]
    if out_of_reach(s.options, roll.kind, roll.defence):
        lines.append(Line("py_out_of_reach", {"defence": roll.defence}))
    return lines


SAID = {"≥": "at_least", "<": "less", ">": "more", "≤": "at_most"}


def comparison_line(roll: Roll) -> Line:
    """P15: "4 against defence 3: 4 is at least 3, success" (P11: ≥ or <; P12: > or ≤), the
    sign said in words: eSpeak's Russian voice says nothing for ≥ and ≤."""
    c = comparison(roll)
    said = Words(f"py.said.{SAID[c.sign]}")
    params = {"value": c.value, "defence": c.defence, "sign": said}
    return Line("py_roll_success" if c.success else "py_roll_failure", params)


def drew(before: State, e: ev.Drew, after: State) -> list[Line]:
    p = before.current
    return [Line("py_drew", {"player": player(after, p), "hand": after.hands[p]})]  # P9


def citizen_played(before: State, e: ev.CitizenPlayed, after: State) -> list[Line]:
    """P10: its place is final; its entering ability is resolved now."""
    p = before.current
    params = {"player": player(after, p), "influence": e.influence, "place": len(after.councils[p])}
    return [Line("py_citizen", params)]


def action_card(before: State, e: ev.ActionCardPlayed, after: State) -> list[Line]:
    """P14: its name and cost; its window opens first."""
    params = {"player": player(after, before.current), "card": e.card, "cost": e.cost}
    return [Line("py_action_card", params)]


def forfeited(before: State, e: ev.Forfeited, after: State) -> list[Line]:
    return [Line("py_forfeit", {"player": player(after, before.current)})]  # P8


# --- reactions and the close (P16, P24) -------------------------------------------------------


def window_lines(s: State) -> list[Line]:
    """The window as it stands: what it is for, who claims, who reacted, who reacts."""
    w = s.window
    assert w is not None
    if w.roll is not None:
        lines = [comparison_line(w.roll)]
    elif w.event == "action":
        lines = [Line("py_action_window", {"card": w.card})]
    else:
        lines = [Line("py_window_opened", {"card": w.card})]
    if w.reacted is not None:
        return [*lines, Line("py_reacted", {"player": player(s, w.reacted), "card": w.reaction})]
    return lines + claim_lines(s) + [Line("py_window")]


def claim_lines(s: State) -> list[Line]:
    """P16: of several who claim, the one whose turn comes soonest has priority."""
    claims = s.window.claims if s.window else ()
    if len(claims) < 2:
        return []
    first = first_claim(s)
    names = tuple(player(s, p) for p in claims)
    return [Line("py_priority", {"players": names, "player": player(s, first)})]


def window_opened(before: State, e: ev.WindowOpened, after: State) -> list[Line]:
    return [Line("py_window_opened", {"card": e.card})]  # P16: another event a card names


def claimed(before: State, e: ev.ReactionClaimed, after: State) -> list[Line]:
    claims = after.window.claims if after.window else ()
    said = "py_claim" if e.seat in claims else "py_claim_back"
    return [Line(said, {"player": player(after, e.seat)}), *claim_lines(after)]


def reacted(before: State, e: ev.Reacted, after: State) -> list[Line]:
    """P16: hand −1, no action; its effects are keyed next (P23)."""
    return [Line("py_reacted", {"player": player(after, e.seat), "card": e.card})]


def roll_changed(before: State, e: ev.RollChanged, after: State) -> list[Line]:
    """P16, P23: the changed roll and its comparison again."""
    assert after.window is not None and after.window.roll is not None
    changed = Line("py_roll_changed", {"card": e.card, "value": e.value})
    return [changed, comparison_line(after.window.roll)]


def window_closed(before: State, e: ev.WindowClosed, after: State) -> list[Line]:
    """P24: the outcome now: the Citizen to the Pyre or to a council, or nothing moves; an
    Action card's effects are resolved now (P14: none if a reaction cancelled it)."""
    w = before.window
    assert w is not None
    if w.event == "action":
        return [Line("py_close_action", {"card": w.card})]
    if w.roll is None:
        return [Line("py_close")]
    if not comparison(w.roll).success:
        return [Line(f"py_close_{w.roll.kind}_failed")]
    was, now = before.find(w.roll.citizen), after.find(w.roll.citizen)
    if was == now:  # a reaction's effect moved it away: it stays where it is (P24)
        return [Line("py_close_gone")]
    influence = w.roll.defence
    if w.roll.kind == "accuse":
        assert was is not None
        return [Line("py_close_burn", {"owner": player(after, was[1]), "influence": influence})]
    assert now is not None
    return [Line("py_close_freed", {"player": player(after, now[1]), "influence": influence})]


# --- the card effects (P9's marks, P13, P22, P23) ---------------------------------------------


def hand_changed(before: State, e: ev.HandChanged, after: State) -> list[Line]:
    said = "py_hand_up" if e.change > 0 else "py_hand_down"
    params = {"card": e.card, "player": player(after, e.seat), "change": abs(e.change)}
    return [Line(said, {**params, "hand": after.hands[e.seat]})]


def citizen_moved(before: State, e: ev.CitizenMoved, after: State) -> list[Line]:
    """P23: from where to where, the Citizen by its owner and place (or its influence, out
    of the discard pile, P1)."""
    params: dict = {"card": e.card, "place": e.place + 1, "influence": e.influence}
    if e.origin == "council":
        params |= {"owner": player(after, e.owner)}
        params["influence"] = before.councils[e.owner][e.place].influence
    elif e.origin == "pyre":
        params["influence"] = before.pyre[e.place].influence
    if e.to == "council":
        params["to_owner"] = player(after, e.to_owner)
    return [Line(f"py_move_{e.origin}_{e.to}", params)]


def auto_succeeded(before: State, e: ev.AutoSucceeded, after: State) -> list[Line]:
    """P13: no die, no window: the Citizen moves at once."""
    params = {"card": e.card, "place": e.place + 1}
    if e.kind == "accuse":
        return [Line("py_auto_accuse", {**params, "owner": player(after, e.owner)})]
    moved = before.pyre[e.place]
    where = after.find(moved.id)
    to = where[1] if where else e.by
    return [Line("py_auto_exonerate", {**params, "player": player(after, to)})]


def pointed_out(before: State, e: ev.HandPointedOut, after: State) -> list[Line]:
    params = {"player": player(after, e.seat), "hand": after.hands[e.seat]}
    return [Line("py_pointed_out", params)]  # P22: the app picks one


def card_picked(before: State, e: ev.CardPicked, after: State) -> list[Line]:
    """P22: the app's pick, by position: one card, the hand −1."""
    params = {"player": player(after, e.seat), "position": e.position}
    return [Line("py_card_picked", {**params, "hand": after.hands[e.seat]})]


def flipped(before: State, e: ev.DominanceFlipped, after: State) -> list[Line]:
    """P19: the token flipped active; P21: it wins if still active at his next turn."""
    params = {"player": player(after, e.seat), "influence": after.influence(e.seat)}
    return [Line("py_flipped", {**params, "target": after.target})]


EVENT_LINES = {
    ev.FirstPlayer: lambda b, e, a: [Line("py_first", {"player": player(a, e.seat)})],
    ev.Drew: drew,
    ev.DeckEmptied: lambda b, e, a: [Line("py_deck_empty")],  # P9
    ev.DeckRefilled: lambda b, e, a: [Line("py_deck_refilled")],  # P9
    ev.CitizenPlayed: citizen_played,
    ev.Accused: lambda b, e, a: rolling_lines(a),
    ev.Exonerated: lambda b, e, a: rolling_lines(a),
    ev.ActionCardPlayed: action_card,
    ev.Forfeited: forfeited,
    ev.WindowOpened: window_opened,
    ev.ReactionClaimed: claimed,
    ev.Reacted: reacted,
    ev.RollChanged: roll_changed,
    ev.WindowClosed: window_closed,
    ev.HandChanged: hand_changed,
    ev.CitizenMoved: citizen_moved,
    ev.AutoSucceeded: auto_succeeded,
    ev.HandPointedOut: pointed_out,
    ev.CardPicked: card_picked,
    ev.DominanceFlipped: flipped,
}


def event_lines(before: State, e: Event, after: State) -> list[Line]:
    """Said at once for an entry, then what followed from it: a hand above 7 (P22), the
    flip-backs (P20), the reminder that he may flip now (P19)."""
    said = EVENT_LINES.get(type(e))
    lines = said(before, e, after) if said else []
    if not before.dealt or after.step == OVER:
        return lines
    followed = hand_over_lines(before, after) + flip_back_lines(before, after)
    return lines + followed + late_reminder(before, after)


def late_reminder(before: State, after: State) -> list[Line]:
    """P19: a card's effect keyed at the turn's end brings him to the target: remind him."""
    return reminder_lines(after) if before.step == TURN_END and not flip_reminder(before) else []


def hand_over_lines(before: State, after: State) -> list[Line]:
    """P22: a hand grown above 7 may be pointed out."""
    grown = [
        p for p in after.seats if after.hands[p] > HAND_LIMIT and after.hands[p] > before.hands[p]
    ]
    return [
        Line("py_hand_over", {"player": player(after, p), "hand": after.hands[p]}) for p in grown
    ]


def flip_back_lines(before: State, after: State) -> list[Line]:
    """P20: an active token whose player fell below the target flips back at once."""
    fell = [p for p in after.seats if before.active[p] and not after.active[p]]
    return [
        Line("py_flip_back", {"player": player(after, p), "target": after.target}) for p in fell
    ]


# --- the moments held until Enter: the roll, the ignition, the win ----------------------------


def announcements(before: State, e: Event, after: State) -> list[Announcement]:
    """The roll and its comparison (P15); the Pyre's ignition (P17), whatever ignited it; the
    win at the start of a turn (P21)."""
    pages = []
    if isinstance(e, ev.Rolled) and after.window is not None and after.window.roll is not None:
        roll = after.window.roll
        pages.append(moment("py_roll", [comparison_line(roll)], roll.kind))
    igniters = [p for p in after.seats if before.dealt and after.permanent[p] > before.permanent[p]]
    for p in igniters:
        params = {"player": player(after, p), "points": PERMANENT_WORTH}
        params |= {"influence": after.influence(p), "target": after.target}
        params |= keys.ignition_params(after)  # P17: which Citizen was taken, which burnt
        pages.append(moment("py_ignition", [Line("py_ignites", params, chime="death")], "ignition"))
    if isinstance(e, ev.TurnEnded) and after.winner is not None:
        pages.append(moment("py_win", winner_lines(after), "win"))
    return pages


def moment(kind: str, lines: list[Line], why: str) -> Announcement:
    detail = Words(f"py.moment.{why}")
    return Announcement(kind, tuple(lines), detail, tuple(range(len(lines))), tone=PYRE_TONE)


def winner_lines(s: State) -> list[Line]:
    """P21: his token active at the start of his turn: he wins."""
    if s.winner is None:
        return []
    params = {"player": player(s, s.winner), "influence": s.influence(s.winner)}
    return [Line("py_win", {**params, "target": s.target}, chime="victory")]


def turn_timer_lines(s: State) -> dict[str, Line]:
    """P7 (configurable): the turn timer's own words: whose turn ran out, what the table does."""
    said = {"up": "py_turn_time_up", "paused": "py_turn_paused", "resumed": "py_turn_resumed"}
    return {k: Line(key, {"player": player(s, s.current)}) for k, key in said.items()}
