"""Each moment of Werewolf as the table display tells it, in sentences (W33, W36: the app holds
no secret): whose hut turn it is (W12), who votes now and each seat's vote (W18), the lynch and
what it was (W19, W20), the column being passed (W23, W24), the attack (W25), and the end
(W31, W38): the winners and why, the dead, the Inquisitor cards keyed."""

from __future__ import annotations

from narrator.games.shell_data import Text
from narrator.games.werewolf.night import attacked_spot
from narrator.games.werewolf.residents import resident
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.story import seat_name
from narrator.prompts import Words


def votes_lines(s: State) -> tuple[Text, ...]:
    """W18: who votes now, and each vote placed so far (votes are open)."""
    out: list[Text] = []
    if s.voter is not None:
        out.append(Words("ww.display.told.votes_now", {"seat": seat_name(s, s.voter)}))
    cast = tuple(
        Words("ww.display.told.cast", {"seat": seat_name(s, seat), "spot": spot.upper()})
        for seat, spot in s.cast
    )
    if cast:
        out.append(Words("ww.display.told.cast_so_far", {"votes": cast}))
    return tuple(out)


def end_lines(s: State) -> tuple[Text, ...]:
    """W31: the winners and why; the dead; W38: each Inquisitor card keyed."""
    if s.winner is None:
        return ()
    out: list[Text] = [
        Words(f"ww.over.banner.{s.winner}"),
        Words(f"ww.over.line.{s.winner}", {"w": s.werewolves_alive, "o": s.others_alive}),
    ]
    if s.dead:  # each with how it died (W20: lynched, W26: attacked at night)
        dead = tuple(
            Words(f"ww.display.told.died_{cause}", {"kind": resident(kind)})
            for kind, cause in zip(s.dead, s.causes, strict=True)
        )
        out.append(Words("ww.over.dead", {"kinds": dead, "day": s.day}))
    for seat, card in enumerate(s.inquisitors):
        if card is not None:
            params = {"seat": seat_name(s, seat), "card": Words(f"term.card.{card}")}
            out.append(Words("ww.display.told.card", params))
    return tuple(out)


def told(s: State) -> tuple[Text, ...]:
    """What the moment tells the table, one sentence a line."""
    step = s.step
    if step == Step.HUTS and s.hut_seat is not None:
        return (Words("ww.display.told.hut", {"seat": seat_name(s, s.hut_seat)}),)
    if step == Step.DISCUSSION:
        return (Words("ww.display.told.discussion"),)
    if step == Step.VOTE:
        return votes_lines(s)
    if step == Step.LYNCH_TIE:
        spots = tuple(t.upper() for t in s.tied)
        return (Words("ww.display.told.tie", {"spots": spots}), *votes_lines(s))
    if step == Step.LYNCH_REVEAL and s.lynched:
        return (Words("ww.display.told.lynch", {"spot": s.lynched.upper()}),)
    if step == Step.NIGHT_COLUMN:
        out: list[Text] = []
        if s.lynched and s.dead and not s.second_attack:  # W20: what the lynch turned over
            kind = resident(s.dead[-1])
            out.append(Words("ww.story.lynched", {"spot": s.lynched.upper(), "kind": kind}))
        return (*out, Words("ww.display.told.column"))
    if step == Step.NIGHT_PASS and s.column:
        params = {"column": s.column.upper(), "turn": s.passes + 1, "turns": s.count}
        return (Words("ww.display.told.pass", params),)
    if step == Step.ATTACK_REVEAL and s.column:
        return (Words("ww.display.told.attack", {"spot": attacked_spot(s).upper()}),)
    return ()
