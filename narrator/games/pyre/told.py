"""Each moment of the Pyre as the table display tells it, in sentences. Everything here is
public (P1): whose turn and which action (P7), the roll being resolved and its comparison
(P15), the reaction window with its claims and who has priority (P16, P24), the Action card
whose effects are keyed (P14, P23), the Citizen just played (P10), the target (P3, P4), the
flip the player may make (P19) and the win (P21). A hand is only ever a size (P1)."""

from __future__ import annotations

from narrator.games.pyre.die import comparison, out_of_reach
from narrator.games.pyre.dominance import flip_reminder
from narrator.games.pyre.reactions import first_claim
from narrator.games.pyre.state import (
    ACTION,
    ACTIONS,
    DEAL,
    FIRST,
    OVER,
    PICK,
    ROLL,
    TURN_END,
    WINDOW,
    Roll,
    State,
)
from narrator.games.shell_data import Text
from narrator.prompts import Words


def action_number(s: State) -> int | None:
    """P7: which of the turn's two actions is being taken or resolved (1 or 2); None once
    both are done (the turn's end) or outside a turn."""
    if s.current is None or s.winner is not None:
        return None
    if s.step in (ROLL, WINDOW):  # the action keyed is spent: it is the one resolved
        return min(max(s.actions, 1), ACTIONS)
    return s.actions + 1 if s.actions < ACTIONS else None


def citizen_words(s: State, citizen: int) -> Words:
    """Where a Citizen is now, by its owner and place (1-based): "Bob's Citizen at place 2",
    "the Citizen at place 1 on the Pyre" (a card's effect may have moved it, P23)."""
    where = s.find(citizen)
    if where is None:
        return Words("py.display.citizen.gone")
    kind, owner, place = where
    if kind == "council":
        return Words("py.display.citizen.council", {"player": s.players[owner], "place": place + 1})
    return Words("py.display.citizen.pyre", {"place": place + 1})


def roll_of(s: State) -> Roll | None:
    """The accusation or exoneration being resolved: keyed and waiting for the die (P15), or
    rolled and waiting for the window's close (P24)."""
    if s.rolling is not None:
        return s.rolling
    return s.window.roll if s.window is not None else None


def roll_lines(s: State) -> tuple[Text, ...]:
    """P11, P12, P15: who accuses or exonerates which Citizen, then the die against its
    defence ("4 against defence 3: 4 ≥ 3, success"), or the warning that it is out of reach."""
    roll = roll_of(s)
    if roll is None or s.current is None:
        return ()
    params = {
        "player": s.players[s.current],
        "citizen": citizen_words(s, roll.citizen),
        "defence": roll.defence,
    }
    out: list[Text] = [Words(f"py.display.{roll.kind}", params)]
    if roll.value:
        c = comparison(roll)
        outcome = "success" if c.success else "failure"
        said = {"value": c.value, "defence": c.defence, "sign": c.sign}
        out.append(Words(f"py.display.comparison.{outcome}", said))
    elif out_of_reach(s.options, roll.kind, roll.defence):
        out.append(Words("py.display.out_of_reach"))
    return tuple(out)


def window_lines(s: State) -> tuple[Text, ...]:
    """P16: the open window, what it follows, who claims (in priority order) and who has
    priority; the reaction played, once (one per event)."""
    w = s.window
    if w is None:
        return ()
    out: list[Text] = [Words(f"py.display.window.{w.event}", {"card": w.card})]
    if w.reacted is not None:
        params = {"player": s.players[w.reacted], "card": w.reaction}
        out.append(Words("py.display.reacted", params))
    elif w.claims:
        ordered = tuple(s.players[p] for p in s.priority if p in w.claims)
        first = first_claim(s)
        assert first is not None
        params = {"players": ordered, "first": s.players[first]}
        out.append(Words("py.display.claims", params))
    return tuple(out)


def entered_citizen(s: State) -> tuple[int, int] | None:
    """P10: the Citizen just played (its owner and influence), whose ability is keyed now."""
    if s.entered is None:
        return None
    where = s.find(s.entered)
    if where is None or where[0] != "council":
        return None
    _, owner, place = where
    return owner, s.councils[owner][place].influence


def card_lines(s: State) -> tuple[Text, ...]:
    """P10: the Citizen just played, its ability resolved now; P14, P23: the Action card whose
    effects are keyed."""
    out: list[Text] = []
    entered = entered_citizen(s)
    if entered is not None:
        owner, influence = entered
        params = {"player": s.players[owner], "influence": influence}
        out.append(Words("py.display.entered", params))
    if s.action_card is not None:
        out.append(Words("py.display.action_card", {"card": s.action_card}))
    return tuple(out)


def target_line(s: State) -> tuple[Text, ...]:
    """P3, P4: the influence each player needs, with the variant that set it."""
    if not s.players:
        return ()
    variant = Words(f"py.display.variant.{s.options.variant}")
    return (Words("py.display.target", {"target": s.target, "variant": variant}),)


def reminder_line(s: State) -> tuple[Text, ...]:
    """P19: the app reminds a player who may flip (unless the table plays "tough luck")."""
    if s.current is None or not flip_reminder(s):
        return ()
    return (Words("py.display.may_flip", {"player": s.players[s.current]}),)


def winner_heading(s: State) -> Words:
    assert s.winner is not None
    return Words("py.display.winner", {"player": s.players[s.winner]})


def end_lines(s: State) -> tuple[Text, ...]:
    """P21: the winner (the page's heading) and why: his token was active at the start of his
    turn, so his influence stood at the target or above (P20)."""
    if s.winner is None:
        return ()
    p = s.winner
    params = {"player": s.players[p], "influence": s.influence(p), "target": s.target}
    return (winner_heading(s), Words("py.display.why", params))


def table_lines(s: State) -> tuple[Text, ...]:
    """The public lines under the seats: the target, the roll and its comparison, the
    window, the cards being resolved, the flip reminder; at the end, why the winner won."""
    if s.step == OVER:
        return (*end_lines(s)[1:], *target_line(s))
    return (
        *target_line(s),
        *roll_lines(s),
        *window_lines(s),
        *card_lines(s),
        *reminder_line(s),
    )


def window_told(s: State) -> Words:
    """P16, P24: who may react now, and that Enter closes the window."""
    w = s.window
    assert w is not None
    if w.reacted is not None:
        return Words("py.display.told.reacted", {"player": s.players[w.reacted]})
    first = first_claim(s)
    if first is not None:
        return Words("py.display.told.priority", {"player": s.players[first]})
    return Words("py.display.told.window")


def action_told(s: State) -> tuple[Text, ...]:
    """P7: whose turn and which action."""
    assert s.current is not None
    player = s.players[s.current]
    return (Words("py.display.told.action", {"player": player, "n": action_number(s)}),)


def keyed_told(s: State) -> tuple[Text, ...]:
    """P10: the Citizen just played, its ability keyed now; P14, P23: the Action card's."""
    out: list[Text] = []
    if entered_citizen(s) is not None:
        out.append(Words("py.display.told.entered"))
    if s.action_card is not None:
        out.append(Words("py.display.told.action_card", {"card": s.action_card}))
    return tuple(out)


def told(s: State) -> tuple[Text, ...]:
    """What the moment tells the table, one sentence a line (nothing at the end: the end
    lines say it)."""
    step = s.step
    if step == DEAL:
        return (Words("py.display.told.deal"),)
    if step == FIRST:
        return (Words(f"py.display.told.first.{s.options.first_player}"),)
    if step == ACTION:
        return (*action_told(s), *keyed_told(s))
    if step == ROLL and s.rolling is not None:
        how = "app" if s.options.roll == "app" else "physical"
        params = {"player": s.players[s.current], "defence": s.rolling.defence}
        return (Words(f"py.display.told.roll.{how}", params),)
    if step == WINDOW:
        return (window_told(s),)
    if step == PICK and s.pointed is not None:
        params = {"player": s.players[s.pointed], "n": s.hands[s.pointed]}
        return (Words("py.display.told.pick", params),)
    if step == TURN_END and s.current is not None:
        turn_end = Words("py.display.told.turn_end", {"player": s.players[s.current]})
        return (turn_end, *keyed_told(s))
    return ()
