"""B19: the Inquisitor's curses, given on the privacy screen: the True Curse's seat first, then
each False Curse's, one key each; the last key gives them all at once. The public screen says
only "everyone but the Inquisitor, look away" (B21: nobody looks at a curse card)."""

from __future__ import annotations

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound.keys import DECLINE_KEY, key_of, seat_choices, seat_keys
from narrator.games.blood_bound.state import State, curse_cards
from narrator.games.common.seats import seat_of_key
from narrator.games.shell_data import Choice, Line, Privacy, StepView, Text
from narrator.prompts import Words


def curses_view(s: State, path: tuple[str, ...]) -> StepView:
    r = s.reveals[0]
    user = s.players[r.seat]
    true, false = curse_cards(s.count, s.options)
    chosen = tuple(p for p in (seat_of_key(k, s.count) for k in path) if p is not None)
    left = true + false - len(chosen)

    def pick(p: int):
        if p in chosen:  # B19: each card to a different player
            return Words("bb.curses.twice", {"player": s.players[p]})
        if p == r.seat and not s.options.curse_to_self:
            return Words("bb.curses.self", {"player": user})
        if left > 1:
            return (*path, key_of(s, p))
        holders = (*chosen, p)
        return ev.CursesGiven(r.seat, holders, holders[0])

    choices = tuple(_seat_choice(c, pick) for c in seat_choices(s, lambda p: p))
    decline = Choice(DECLINE_KEY, Words("bb.curses.decline"), ev.AbilityDeclined(r.seat))
    given = tuple(
        Words("bb.curses.given_true" if i == 0 else "bb.curses.given_false", {"player": n})
        for i, n in enumerate(s.players[p] for p in chosen)
    )
    ask = "bb.curses.ask_true" if not chosen else "bb.curses.ask_false"
    params = {"player": user, "left": left, "false": false, "seats": seat_keys(s)}
    keys = Words("bb.curses.keys" if not chosen else "bb.curses.keys_more", params)
    return StepView(
        "private",
        None,
        title=Words("bb.curses.title", params),
        body=(
            Words("bb.curses.body", {**params, "true": true}),
            *given,
            "",
            Words(ask, params),
            "",
            keys,  # the privacy screen draws the body alone
        ),
        keys=keys,
        choices=(*choices, decline),
        private=Privacy(
            session=("curses", r.seat),
            cover=Words("bb.curses.cover", params),
            close_eyes=Line("bb_look_away", {"player": user}),
            seat=r.seat,
        ),
        public=(
            Words("bb.curses.public_title", params),
            (Words("bb.curses.public_body", params),),
            Words("bb.curses.public_keys", params),
        ),
    )


def _seat_choice(c: Choice, pick) -> Choice:
    """A seat's key: the next card to it, the cards given, or why not (said on the page)."""
    if not isinstance(c.event, int):  # a key past the last seat: refused already
        return c
    made = pick(c.event)
    if isinstance(made, Words):
        return Choice(c.key, c.label, refusal=made)
    if isinstance(made, tuple):
        return Choice(c.key, c.label, goto=made)
    return Choice(c.key, c.label, made)


def seen_by(s: State, seat: int) -> tuple[Text, ...]:
    """B19 for the Inquisitor's own page alone (issue 38): whom he gave the True Curse, then
    each False one, in seat order (as the table display lists the holders). A receiver has
    seen nothing (B21: nobody looks at a curse card before the end); who holds one is public."""
    if not s.curses_given or s.true_curse is None or seat != s.fleur_shown:
        return ()  # only the Inquisitor gives (B19), and he is shown by then (B11)
    false = (p for p in s.curse_holders if p != s.true_curse)
    return tuple(gift_seen(s, seat, p, p == s.true_curse) for p in (s.true_curse, *false))


def gift_seen(s: State, inquisitor: int, holder: int, true: bool) -> Words:
    """One curse card of the gift as the Inquisitor's page says it (B19: kept, when allowed)."""
    card = "true" if true else "false"
    if holder == inquisitor:
        return Words(f"bb.seen.kept_{card}")
    return Words(f"bb.seen.gave_{card}", {"player": s.players[holder]})
