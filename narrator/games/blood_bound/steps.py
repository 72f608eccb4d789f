"""Each step of Blood Bound as the shell draws it (``Game.step``): the deal and the clue step
(B5–B8), the first dagger (B9), the turn (B10, B11), the intervention window (B12), the wound
token (B13), the ability (B17, B19, B27, B28), the heal (B14); the end is ``end_view``. The
tracker beside every step is the public view (``public.py``)."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.blood_bound import end_view, rules
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound.abilities import moves as ability_moves
from narrator.games.blood_bound.flow import (
    ABILITY,
    CLUES,
    DAGGER,
    DEAL,
    HEAL,
    OFFERS,
    RULE_OF_STEP,
    TURN,
    WOUND,
)
from narrator.games.blood_bound.keys import (
    ATTACK_KEY,
    DECLINE_KEY,
    HEAL_KEY,
    NOBODY_KEY,
    PASS_KEY,
    PICK_KEY,
    USE_KEY,
    WOUND_KEY,
    clan,
    key_of,
    rank_name,
    seat_choices,
    seat_keys,
    token_choices,
    token_keys,
)
from narrator.games.blood_bound.private_view import curses_view
from narrator.games.blood_bound.state import (
    ALCHEMIST,
    BEAST,
    BERSERKER,
    ELDER,
    HARLEQUIN,
    INQUISITOR,
    MAX_WOUNDS,
    ROSE,
    State,
    curse_cards,
)
from narrator.games.common.closed import with_closed_entries
from narrator.games.common.seats import seat_of_key
from narrator.games.shell_data import AppMove, Choice, Claims, StepView
from narrator.prompts import Localized, Words


def _setup(s: State, path: tuple[str, ...]) -> StepView:
    """B5–B7: the cards dealt face down, the supply beside them."""
    true, false = curse_cards(s.count, s.options)
    dealt = {"clan": s.count // 2, "rose": clan(s, ROSE), "beast": clan(s, BEAST)}  # B1: names
    body = (
        Words("bb.deal.characters", dealt),
        Words("bb.deal.curses", {"true": true, "false": false}),
        Words("bb.deal.supply"),
    )
    return StepView(
        "info",
        None,
        title=Words("bb.deal.title"),
        body=body,
        keys=Words("bb.deal.keys"),
        primary=Choice("enter", event=ev.CardsDealt()),
    )


def _clues(s: State, path: tuple[str, ...]) -> StepView:
    """B8: everyone shows his clue icon to the player on his left (clockwise)."""
    order = " → ".join((*s.players, s.players[0]))
    return StepView(
        "info",
        None,
        title=Words("bb.clues.title"),
        body=(Words("bb.clues.body"), "", Words("bb.clues.order", {"order": order})),
        keys=Words("bb.clues.keys"),
        primary=Choice("enter", event=ev.CluesShown()),
    )


def _dagger(s: State, path: tuple[str, ...]) -> StepView:
    """B9: the app draws the first holder, or the table names him (``picked``)."""
    drawn = s.options.first_dagger == "drawn"
    choices = seat_choices(s, lambda p: ev.DaggerGiven(p))
    return StepView(
        "choose",
        None,
        title=Words("bb.dagger.title"),
        body=(Words("bb.dagger.drawn" if drawn else "bb.dagger.picked"),),
        keys=Words(
            "bb.dagger.keys_drawn" if drawn else "bb.dagger.keys_picked", {"seats": seat_keys(s)}
        ),
        choices=choices,
        primary=Choice("enter", event=AppMove()) if drawn else None,
        refusal=None if drawn else Words("bb.dagger.pick_first", {"seats": seat_keys(s)}),
    )


def _turn(s: State, path: tuple[str, ...]) -> StepView:
    """B10: the dagger holder passes it to another player, or attacks one (B11: refused on
    himself or a Shield holder; warned before the fleur cross shows)."""
    assert s.dagger is not None
    by, player = s.dagger, s.players[s.dagger]
    if path[:1] == (PASS_KEY,):
        choices = seat_choices(s, lambda p: ev.DaggerPassed(by, p))
        return _turn_view(s, Words("bb.turn.pass_to", {"player": player}), choices)
    if path[:1] == (ATTACK_KEY,):
        choices = tuple(_warned(s, by, c) for c in seat_choices(s, lambda p: ev.Attacked(by, p)))
        return _turn_view(s, Words("bb.turn.attack_whom", {"player": player}), choices)
    choices = (
        Choice(PASS_KEY, Words("bb.turn.pass"), goto=(PASS_KEY,)),
        Choice(ATTACK_KEY, Words("bb.turn.attack"), goto=(ATTACK_KEY,)),
    )
    return StepView(
        "choose",
        None,
        title=Words("bb.turn.title", {"player": player}),
        body=(Words("bb.turn.body", {"player": player}),),
        keys=Words("bb.turn.keys"),
        choices=choices,
    )


def _turn_view(s: State, title: Words, choices: tuple[Choice, ...]) -> StepView:
    return StepView(
        "choose",
        None,
        title=title,
        body=(Words("bb.turn.seat", {"seats": seat_keys(s)}),),
        keys=Words("bb.turn.seat_keys", {"seats": seat_keys(s)}),
        choices=choices,
    )


def _warned(s: State, by: int, choice: Choice) -> Choice:
    """B11: an attack on a player with 3 wounds by one who never showed a rank token: the
    Inquisitor may not make it, and nobody knows yet who he is. Asked first."""
    event = choice.event
    if not isinstance(event, ev.Attacked) or not rules.warns_inquisitor(s, by, event.target):
        return choice
    params = {"player": s.players[by], "target": s.players[event.target]}
    return replace(choice, warning=Words("bb.turn.warning", params))


def _offers(s: State, path: tuple[str, ...]) -> StepView:
    """B12: anyone but the two who has not shown his rank token offers (his key, again: taken
    back); the target picks one of them (i, then his seat) or nobody (n)."""
    assert s.attack is not None
    by, target = s.attack
    names = {"player": s.players[by], "target": s.players[target]}
    if path[:1] == (PICK_KEY,):
        choices = seat_choices(s, ev.InterventionPicked, listed=s.offers)
        return StepView(
            "choose",
            None,
            title=Words("bb.offers.pick_title", names),
            body=(Words("bb.offers.pick_body", names),),
            keys=Words("bb.offers.pick_keys"),
            choices=choices,
        )
    may = rules.offerers(s)  # never empty: with nobody, the window is skipped (B12)
    window = Claims(
        Words("bb.offers.heading", names),
        may,
        s.offers,
        note=Words("bb.offers.note"),
        mark=Words("bb.offers.offers"),
    )
    choices = seat_choices(s, ev.InterventionOffered, listed=may) + (
        Choice(PICK_KEY, Words("bb.offers.pick", names), **_pick_goto(s, names)),
        Choice(NOBODY_KEY, Words("bb.offers.nobody", names), ev.InterventionPicked(None)),
    )
    nobody = not s.offers
    return StepView(
        "choose",
        None,
        title=Words("bb.offers.title", names),
        body=(window,),
        keys=Words("bb.offers.keys" if nobody else "bb.offers.keys_offered", names),
        choices=choices,
        primary=Choice("enter", event=ev.InterventionPicked(None)) if nobody else None,
        refusal=None if nobody else Words("bb.offers.pick_first", names),
    )


def _pick_goto(s: State, names: dict) -> dict:
    """B12: i goes on to the intervener's seat once someone offered; before, it says so."""
    if s.offers:
        return {"goto": (PICK_KEY,)}
    return {"refusal": Words("bb.offers.none_offered", names), "listed": False}


def _wound(s: State, path: tuple[str, ...]) -> StepView:
    """B13: the wounded player takes a token face up, his choice (B12, the Mentalist: his
    rank token); the narrator keys its kind."""
    w = s.wounds[0]
    player = s.players[w.seat]
    params = {"player": player, "wounds": s.wounds_of(w.seat), "by": s.players[w.by]}
    body = [Words(f"bb.wound.{w.source}", params)]
    if w.forced and s.rank_of(w.seat) is None:  # B12, B2: his rank token, no choice
        forced = "intervention" if w.source == "intervention" else "mentalist"
        body += [Words("bb.wound.count_forced", params), Words(f"bb.wound.forced.{forced}", params)]
    else:
        body.append(Words("bb.wound.count", params))  # B13: his choice
    shields = tuple(s.players[shield] for sword, shield in s.swords if sword == w.seat)
    if s.wounds_of(w.seat) == MAX_WOUNDS - 1 and shields:  # B18: only a Sword he holds
        body.append(Words("bb.wound.third", {**params, "holders": shields}))
    choices = token_choices(s, lambda kind, rank: ev.WoundTaken(w.seat, kind, rank))
    return StepView(
        "choose",
        None,
        title=Words("bb.wound.title", params),
        body=tuple(body),
        keys=token_keys(s),
        choices=choices,
    )


def _heal(s: State, path: tuple[str, ...]) -> StepView:
    """B14: the healed player returns one token he holds, his choice."""
    p = s.reveals[0].wound.intervened_for
    assert p is not None
    params = {"player": s.players[p], "by": s.players[s.reveals[0].seat]}
    choices = token_choices(s, lambda kind, rank: ev.Healed(p, kind, rank), s.tokens[p])
    return StepView(
        "choose",
        None,
        title=Words("bb.heal.title", params),
        body=(Words("bb.heal.body", params),),
        keys=token_keys(s),
        choices=choices,
    )


def _ability(s: State, path: tuple[str, ...]) -> StepView:
    """B17: the ability the rank token just taken reveals, used once or declined; B28: one
    that can do nothing is journaled "no effect" with Enter; B19: the Inquisitor's curses."""
    r = s.reveals[0]
    user = s.players[r.seat]
    params = {"player": user, "name": rank_name(r.rank)}
    allowed = ability_moves(s, rules.check)[1:]  # after the decline
    if not allowed:
        return StepView(
            "info",
            None,
            title=Words("bb.ability.title", params),
            body=(Words(f"bb.ability.text.{r.rank}"), "", Words("bb.ability.no_effect", params)),
            keys=Words("bb.ability.no_effect_keys"),
            primary=Choice("enter", event=ev.AbilityDeclined(r.seat, no_effect=True)),
        )
    if r.rank == INQUISITOR:
        return curses_view(s, path)
    decline = Choice(DECLINE_KEY, Words("bb.ability.decline"), ev.AbilityDeclined(r.seat))
    if r.rank == ELDER:
        own = (Choice(USE_KEY, Words("bb.ability.use"), ev.AbilityUsed(r.seat)),)
    elif r.rank == BERSERKER:  # B27: his attacker, named in the entry
        used = ev.AbilityUsed(r.seat, (r.wound.attacked_by,))
        own = (Choice(USE_KEY, Words("bb.ability.use"), used),)
    elif r.rank == ALCHEMIST:  # B27: the player he intervened for, named in the entry
        him = (r.wound.intervened_for,)
        own = (
            Choice(WOUND_KEY, Words("bb.ability.wound"), ev.AbilityUsed(r.seat, him)),
            Choice(HEAL_KEY, Words("bb.ability.heal"), ev.AbilityUsed(r.seat, him, heal=True)),
        )
    elif r.rank == HARLEQUIN and path:
        first = seat_of_key(path[0], s.count)
        own = seat_choices(s, lambda p: ev.AbilityUsed(r.seat, (first, p)))
        params = {**params, "first": s.players[first] if first is not None else ""}
    elif r.rank == HARLEQUIN:
        own = tuple(_harlequin_first(s, r.seat, c) for c in seat_choices(s, lambda p: p))
    else:
        own = seat_choices(s, lambda p: ev.AbilityUsed(r.seat, (p,)))
    how = "second" if r.rank == HARLEQUIN and path else r.rank
    return StepView(
        "choose",
        None,
        title=Words("bb.ability.title", params),
        body=(Words(f"bb.ability.text.{r.rank}"), "", Words(f"bb.ability.ask.{how}", params)),
        keys=Words(f"bb.ability.keys.{how}", {"seats": seat_keys(s)}),
        choices=(*own, decline),
    )


def _harlequin_first(s: State, user: int, choice: Choice) -> Choice:
    """B27: the Harlequin's first player's key goes on to the second, or is refused at once
    when no second makes a pair the rules take (himself: two other players)."""
    first = choice.event
    if not isinstance(first, int):  # a key past the last seat: refused already
        return choice
    refusals = [rules.check(s, ev.AbilityUsed(user, (first, p))) for p in s.seats]
    if any(refusal is None for refusal in refusals):
        return replace(choice, event=None, goto=(key_of(s, first),))
    return replace(choice, event=None, refusal=Localized(refusals[0].text))


STEP_VIEWS = {
    DEAL: _setup,
    CLUES: _clues,
    DAGGER: _dagger,
    TURN: _turn,
    OFFERS: _offers,
    WOUND: _wound,
    HEAL: _heal,
    ABILITY: _ability,
    **end_view.END_VIEWS,
}


def step_key(s: State) -> tuple:
    """A new key is a new step (its lines are said once): each turn, each wound, each ability
    is one; the offers, the characters and the flips are one step however many entries."""
    tokens = sum(map(len, s.tokens))
    return (s.step, s.dagger, tokens, s.attack, len(s.reveals), len(s.wounds))


def banner(s: State) -> tuple:
    """The header: the players, the dagger's holder, the step (``None``: its name)."""
    where = Words("bb.banner", {"players": s.count})
    if s.dagger is not None and s.winner is None:
        where = Words("bb.banner_dagger", {"players": s.count, "player": s.players[s.dagger]})
    return ((" ", "bold"), (where, "bold"), (" · ", ""), (None, "bold"), (" ", ""))


def step_view(s: State, path: tuple[str, ...] = ()) -> StepView:
    view = STEP_VIEWS.get(s.step, end_view.plain)(s, path)
    if not path and view.typed is None and view.kind != "private" and view.keys is not None:
        rule = RULE_OF_STEP.get(s.step)  # each closed entry names the step's rule
        why = Words("bb.closed", {"rule": rule})  # the key line is under it: not again
        view = with_closed_entries(view, ENTRY_KEYS, lambda key: why)
    return replace(view, key=step_key(s), name=Words(f"bb.step.{s.step}"), banner=banner(s))


# The keys that enter something at some step (B9–B26): refused with the step's rule elsewhere.
ENTRY_KEYS = (*"pairnudwlfbg", *"0123456789")
