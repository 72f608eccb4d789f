"""Each step of the Pyre as the shell draws it (``Game.step``): the deal (P5), the starting
player (P6), the action (P7–P14, P22), the die (P15), the reaction window (P16, P24), the app's
pick of a card (P22), the turn's end with the Dominance flip (P19) and the winner (P21). A card's
effect after "g" is ``effects_view``. The tracker beside every step is ``public.py``."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.common.seats import seat_key, seat_of_key
from narrator.games.pyre import events as ev
from narrator.games.pyre.actions import action_possible
from narrator.games.pyre.closed import (
    EMPTY,
    REFILLED,
    refused_at_first_key,
    with_closed_entries,
)
from narrator.games.pyre.die import comparison, out_of_reach
from narrator.games.pyre.dominance import flip_reminder, turn_too_soon
from narrator.games.pyre.effects_view import effect_view
from narrator.games.pyre.keys import (
    ACCUSE,
    CARD,
    CITIZEN,
    DRAW,
    EFFECT,
    EXONERATE,
    FLIP,
    FORFEIT,
    POINT,
    REACT,
    influences,
    name_view,
    place_choices,
    seat_choices,
    seat_keys,
)
from narrator.games.pyre.narration import turn_timer_lines
from narrator.games.pyre.reactions import first_claim
from narrator.games.pyre.state import (
    ACTION,
    DEAL,
    FIRST,
    OVER,
    PICK,
    ROLL,
    TURN_END,
    WINDOW,
    State,
)
from narrator.games.shell_data import AppMove, Choice, Claims, Over, StepView, Timer, Typed
from narrator.prompts import Words


def _setup(s: State, path) -> StepView:
    return StepView("info", None)  # the shell's setup form comes first


def _deal(s: State, path) -> StepView:
    return StepView(
        "info",
        None,
        title=Words("py.deal.title"),
        body=(Words("py.deal.body"), "", Words("py.deal.target", {"target": s.target})),
        keys=Words("py.deal.keys"),
        primary=Choice("enter", event=ev.Dealt()),
    )


def _first(s: State, path) -> StepView:
    """P6: the app draws the starting player, or the narrator picks him."""
    drawn = s.options.first_player == "drawn"
    return StepView(
        "choose",
        None,
        title=Words("py.first.title"),
        body=(Words("py.first.drawn" if drawn else "py.first.picked"),),
        keys=Words("py.first.keys_drawn" if drawn else "py.first.keys", {"seats": seat_keys(s)}),
        choices=() if drawn else seat_choices(s, lambda p: ev.FirstPlayer(p)),
        primary=Choice("enter", event=AppMove()) if drawn else None,
        refusal=None if drawn else Words("py.first.pick", {"seats": seat_keys(s)}),
    )


def _deck_marks() -> tuple[Choice, ...]:
    """P9: the deck marked empty when its last card is taken, and refilled; in every play step
    (a card an effect draws may empty it while a window is open)."""
    return (
        Choice(EMPTY, Words("py.action.deck_empty"), ev.DeckEmptied()),
        Choice(REFILLED, Words("py.action.deck_refilled"), ev.DeckRefilled()),
    )


def _marks(s: State) -> tuple[Choice, ...]:
    """What may be keyed at an action and at the turn's end besides it: a hand over 7 pointed
    out (P22), the deck's marks (P9), a card's effect (P23)."""
    return (
        Choice(POINT, Words("py.action.point"), goto=(POINT,)),
        *_deck_marks(),
        Choice(EFFECT, Words("py.action.effect"), goto=(EFFECT,)),
    )


def _action(s: State, path) -> StepView:
    """P7: the current player's first or second action: one letter, then what it needs."""
    player = s.players[s.current]
    params = {"player": player, "n": s.actions + 1, "seats": seat_keys(s)}
    if path:
        return _action_keys(s, path, params)
    forfeit = Words("py.action.forfeit_warning", params) if not action_possible(s) else None
    choices = (
        Choice(DRAW, Words("py.action.draw"), ev.Drew()),
        Choice(CITIZEN, Words("py.action.citizen"), goto=(CITIZEN,)),
        Choice(ACCUSE, Words("py.action.accuse"), goto=(ACCUSE,)),
        Choice(EXONERATE, Words("py.action.exonerate"), goto=(EXONERATE,)),
        Choice(CARD, Words("py.action.card"), goto=(CARD,)),
        Choice(FORFEIT, Words("py.action.forfeit"), ev.Forfeited(), warning=forfeit),
        Choice(FLIP, Words("py.action.flip"), ev.DominanceFlipped(s.current), listed=False),
        *_marks(s),
    )
    body: list = [Words("py.action.body", params)]
    if s.entered is not None:  # P10: its entering ability, keyed now (P23)
        body.append(Words("py.action.entered"))
    if s.action_card:
        body.append(Words("py.action.resolving", {"card": s.action_card}))
    return StepView(
        "choose",
        None,
        title=Words("py.action.title", params),
        body=tuple(body),
        keys=Words("py.action.keys"),
        choices=choices,
        refusal=turn_too_soon(s),  # Enter, as if to end the turn: not before two actions (P7)
        timer=_timer(s),
    )


def _action_keys(s: State, path, params) -> StepView:
    what = path[0]
    if what == EFFECT:
        return effect_view(s, path)
    if what == POINT:  # P22
        choices = seat_choices(s, lambda p: ev.HandPointedOut(p))
        return _ask(s, "point", {**params, "seats": seat_keys(s)}, choices)
    if what == CITIZEN:  # P10: its influence typed
        high = s.options.influence_max
        typed = Typed(Words("py.ask.citizen.label", {"high": high}), ev.CitizenPlayed, high=high)
        return _ask(s, "citizen", {**params, "high": high}, (), typed)
    if what == EXONERATE:  # P12: a place on the Pyre
        choices = place_choices(len(s.pyre), lambda i: ev.Exonerated(i))
        choices = tuple(_warned(s, "exonerate", c, s.pyre) for c in choices)
        return _ask(s, "exonerate", {**params, "pyre": influences(s.pyre)}, choices)
    if what == ACCUSE and len(path) == 1:  # P11: whose council first
        choices = seat_choices(s, lambda p: (ACCUSE, seat_key(p, s.count)))
        return _ask(s, "accuse", params, choices)
    if what == ACCUSE:
        owner = seat_of_key(path[1], s.count) or 0
        council = s.councils[owner]
        choices = place_choices(len(council), lambda i: ev.Accused(owner, i))
        choices = tuple(_warned(s, "accuse", c, council) for c in choices)
        shown = {**params, "owner": s.players[owner], "council": influences(council)}
        return _ask(s, "accuse_place", shown, choices)
    if len(path) == 1:  # CARD (P14): its cost, then its name
        choices = tuple(Choice(k, k, goto=(CARD, k)) for k in ("1", "2"))
        return _ask(s, "cost", params, choices)
    cost = int(path[1])
    return name_view(Words("py.card.title", {"cost": cost}), lambda n: ev.ActionCardPlayed(n, cost))


def _warned(s: State, kind: str, choice: Choice, citizens) -> Choice:
    """P15: a defence out of the die's reach: only an automatic success can work; asked."""
    event = choice.event
    place = getattr(event, "place", None)
    if place is None or place >= len(citizens):
        return choice
    defence = citizens[place].influence
    if not out_of_reach(s.options, kind, defence):
        return choice
    params = {"defence": defence, "faces": s.options.die_faces}
    return replace(choice, warning=Words(f"py.{kind}.out_of_reach", params))


def _ask(s: State, what: str, params, choices, typed=None) -> StepView:
    return StepView(
        "choose",
        None,
        title=Words(f"py.ask.{what}.title", params),
        body=(Words(f"py.ask.{what}.body", params),),
        keys=Words(f"py.ask.{what}.keys", params),
        choices=tuple(choices),
        typed=typed,
        timer=_timer(s),
    )


def _roll(s: State, path) -> StepView:
    """P15: the app rolls (Enter), or the narrator keys a physical roll: a face keyed is taken
    at any roll, whatever the game-wide setting (a table may roll a real die once)."""
    r = s.rolling
    params = {"defence": r.defence, "faces": s.options.die_faces}
    app = s.options.roll == "app"
    faces = range(1, min(s.options.die_faces, 9) + 1)
    return StepView(
        "choose",
        None,
        title=Words(f"py.roll.{r.kind}", params),
        body=(Words(f"py.roll.{r.kind}_body", params),),
        keys=Words("py.roll.keys_app" if app else "py.roll.keys", params),
        choices=tuple(Choice(str(v), str(v), ev.Rolled(v)) for v in faces),
        primary=Choice("enter", event=AppMove()) if app else None,
        refusal=None if app else Words("py.roll.key_it", params),
        timer=_timer(s),
    )


def _window(s: State, path) -> StepView:
    """P16: any player may claim (his seat's key); the first in turn order has priority; "r",
    his seat and the Reaction's name; P24: Enter closes the window, and its outcome follows."""
    w = s.window
    if path[:1] == (EFFECT,):
        return effect_view(s, path)
    if path[:1] == (REACT,) and len(path) == 1:
        return _ask(
            s,
            "react",
            {"seats": seat_keys(s)},
            seat_choices(s, lambda p: (REACT, seat_key(p, s.count))),
        )
    if path[:1] == (REACT,):
        p = seat_of_key(path[1], s.count) or 0
        return name_view(
            Words("py.react.title", {"player": s.players[p]}), lambda n: ev.Reacted(p, n)
        )
    claimed = tuple(p for p in s.priority if p in w.claims)
    body: list = []
    if w.roll is not None:
        c = comparison(w.roll)
        verdict = "success" if c.success else "failure"
        body.append(Words(f"py.window.roll_{verdict}", {**c.__dict__}))
    else:
        body.append(Words(f"py.window.{w.event}", {"card": w.card}))
    if w.reacted is not None:
        body.append(
            Words("py.window.reacted", {"player": s.players[w.reacted], "card": w.reaction})
        )
    else:
        body.append(
            Claims(
                Words("py.window.heading"),
                tuple(s.seats),
                claimed,
                priority=True,
                note=Words("py.window.note"),
            )
        )
    first = first_claim(s)
    params = {"player": s.players[first] if first is not None else ""}
    return StepView(
        "choose",
        None,
        title=Words("py.window.title"),
        body=tuple(body),
        keys=Words("py.window.keys" if w.reacted is None else "py.window.keys_reacted", params),
        choices=(
            *seat_choices(s, lambda p: ev.ReactionClaimed(p)),
            Choice(REACT, Words("py.window.react"), goto=(REACT,)),
            Choice(EFFECT, Words("py.action.effect"), goto=(EFFECT,)),
            *_deck_marks(),
        ),
        primary=Choice("enter", Words("py.window.enter"), ev.WindowClosed()),
        timer=_timer(s),
    )


def _pick(s: State, path) -> StepView:
    """P22: the app picks one of the pointed-out hand's face-down cards at random."""
    params = {"player": s.players[s.pointed], "hand": s.hands[s.pointed]}
    return StepView(
        "info",
        None,
        title=Words("py.pick.title", params),
        body=(Words("py.pick.body", params),),
        keys=Words("py.pick.keys"),
        primary=Choice("enter", event=AppMove()),
    )


def _turn_end(s: State, path) -> StepView:
    """P19: the flip, if he may (the app reminds him); P7: Enter ends the turn."""
    player = s.players[s.current]
    params = {"player": player, "influence": s.influence(s.current), "target": s.target}
    if path:
        return _action_keys(s, path, params)
    body: list = [Words("py.turn_end.body", params)]
    if flip_reminder(s):
        body.append(Words("py.turn_end.reminder", params))
    if s.action_card:
        body.append(Words("py.action.resolving", {"card": s.action_card}))
    return StepView(
        "choose",
        None,
        title=Words("py.turn_end.title", params),
        body=tuple(body),
        keys=Words("py.turn_end.keys"),
        choices=(Choice(FLIP, Words("py.action.flip"), ev.DominanceFlipped(s.current)), *_marks(s)),
        primary=Choice("enter", Words("py.turn_end.enter"), ev.TurnEnded()),
        timer=_timer(s),
    )


def _over(s: State, path) -> StepView:
    """P21: the winner, and everyone's influence against the target."""
    winner = s.players[s.winner]
    lines = tuple(
        Words(
            "py.over.influence",
            {"player": s.players[p], "influence": s.influence(p), "target": s.target},
        )
        for p in s.seats
    )
    over = Over(
        Words("py.over.banner", {"player": winner}),
        Words("py.over.line", {"player": winner, "target": s.target}),
        lines,
        "#d4a72c",
    )
    return StepView("over", None, body=(over,), keys=Words("py.over.keys"))


def _timer(s: State) -> Timer | None:
    """P7 (configurable): one clock for the whole turn, which only says when time is up."""
    seconds = s.options.turn_timer
    if not seconds:
        return None
    caption = Words("py.timer.paused", {"player": s.players[s.current]})
    said = turn_timer_lines(s)  # P7: its own words, never the discussion's
    return Timer(seconds, None, f"pyre-turn-{s.turn}", turn=True, paused_caption=caption, **said)


STEP_VIEWS = {
    DEAL: _deal,
    FIRST: _first,
    ACTION: _action,
    ROLL: _roll,
    WINDOW: _window,
    PICK: _pick,
    TURN_END: _turn_end,
    OVER: _over,
}


def step_key(s: State) -> tuple:
    """A new key is a new step (its lines said once): each action, roll, window and turn end."""
    return (s.step, s.turn, s.actions, s.window is not None and s.window.event, s.pointed)


def banner(s: State) -> tuple:
    if not s.players:  # before the first entry: no target yet
        return ((" ", "bold"), (None, "bold"), (" ", ""))
    where = Words("py.banner", {"players": s.count, "target": s.target})
    if s.current is not None and s.winner is None:
        params = {"players": s.count, "target": s.target, "player": s.players[s.current]}
        where = Words("py.banner_turn", params)
    return ((" ", "bold"), (where, "bold"), (" · ", ""), (None, "bold"), (" ", ""))


def step_view(s: State, path: tuple[str, ...] = ()) -> StepView:
    view = STEP_VIEWS.get(s.step, _setup)(s, path)
    if not path and view.typed is None and s.players:  # each closed entry says its rule
        view = with_closed_entries(s, view)
    if s.players and s.winner is None:  # refused at the key that decides it
        view = refused_at_first_key(s, view, path)
    return replace(view, key=step_key(s), name=Words(f"py.step.{s.step}"), banner=banner(s))
