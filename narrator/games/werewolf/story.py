"""The game as told afterwards: one public line an entry (the undo dialog, the headless player,
the record, W35: "seat 3: Seer on B2"), and the game record in Markdown. Nothing secret is
ever in it: the app holds none (W36); the Inquisitor cards only as keyed at the end (W38)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from narrator.games.base import Event
from narrator.games.common.record import timeline
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import rules
from narrator.games.werewolf.night import attacked_spot
from narrator.games.werewolf.residents import balance, resident
from narrator.games.werewolf.state import State, Step
from narrator.games.werewolf.village import COLUMNS
from narrator.prompts import Words, worded, words


def seat_name(s: State, seat: int) -> str:
    return f"{seat + 1} ({s.players[seat]})"


def hut_words(before: State, e: ev.HutTaken) -> Words:
    params = {"seat": seat_name(before, e.seat), "hut": resident(e.hut)}
    if e.passed:
        return Words("ww.story.hut_pass", params)
    if e.seat_target is not None:
        return Words("ww.story.hut_seat", params | {"target": seat_name(before, e.seat_target)})
    if e.line is not None:  # W17: the Troublemaker's row or column, named as such
        line = e.line.upper()
        key = "ww.story.hut_column" if line in COLUMNS else "ww.story.hut_row"
        return Words(key, params | {"target": line})
    if len(e.spots) == 2:  # W17: the Witch's votes from one spot to another
        source, target = (x.upper() for x in e.spots)
        return Words("ww.story.hut_witch", params | {"source": source, "target": target})
    if e.spots:
        return Words("ww.story.hut_on", params | {"target": e.spots[0].upper()})
    return Words("ww.story.hut", params)


def story_words(before: State, e: Event, after: State) -> Words | None:
    if isinstance(e, ev.GameCreated):
        return Words("ww.story.created", {"count": after.count, "players": after.players})
    if isinstance(e, ev.ResidentAdded):
        return Words("ww.story.added", {"kind": resident(e.kind), "picked": len(after.residents)})
    if isinstance(e, ev.ResidentRemoved):
        return Words("ww.story.removed", {"kind": resident(e.kind), "picked": len(after.residents)})
    if isinstance(e, ev.ResidentsSet):
        return Words(f"ww.story.set_{e.how}", {"sum": balance(after.residents)})
    if isinstance(e, ev.ResidentsConfirmed):
        return Words("ww.story.residents", {"kinds": kinds_words(after.residents)})
    if isinstance(e, ev.GrandInquisitorChosen):
        key = "ww.story.gi_drawn" if e.drawn else "ww.story.gi"
        return Words(key, {"player": after.players[e.seat]})
    if isinstance(e, ev.VillageDealt):
        return Words("ww.story.dealt", {"supply": after.supply})
    if isinstance(e, ev.FirstNightDone):
        return Words("ww.story.first_night")
    if isinstance(e, ev.HutTaken):
        return hut_words(before, e)
    if isinstance(e, ev.NoHutLeft):
        return Words("ww.story.no_hut", {"seat": seat_name(before, e.seat)})
    if isinstance(e, ev.DiscussionEnded):
        return Words("ww.story.discussion_over")
    if isinstance(e, ev.VoteCast):
        return Words("ww.story.vote", {"seat": seat_name(before, e.seat), "spot": e.spot.upper()})
    if isinstance(e, ev.VotesCounted):
        if after.step == Step.LYNCH_TIE:
            return Words("ww.story.tie", {"spots": after.tied})
        return Words("ww.story.lynch", {"spot": after.lynched})
    if isinstance(e, ev.LynchChosen):
        return Words("ww.story.gi_picks", {"spot": e.spot.upper()})
    if isinstance(e, ev.Revealed):
        return reveal_words(before, e, after)
    if isinstance(e, ev.ColumnChosen):
        return Words("ww.story.column", {"column": after.column, "votes": after.returned})
    if isinstance(e, ev.PassTurned):
        return Words("ww.story.pass", {"turn": after.passes, "turns": after.count})
    if isinstance(e, ev.InquisitorKeyed):
        card = Words(f"term.card.{e.card}")
        return Words("ww.story.inquisitor", {"seat": seat_name(after, e.seat), "card": card})
    return None


def reveal_words(before: State, e: ev.Revealed, after: State) -> Words:
    kind = resident(e.kind)
    if before.step == Step.LYNCH_REVEAL:
        line = Words("ww.story.lynched", {"spot": before.lynched, "kind": kind})
    elif after.converted and not before.converted:
        line = Words("ww.story.converted", {"spot": attacked_spot(before)})
    else:
        line = Words("ww.story.attacked", {"spot": attacked_spot(before), "kind": kind})
    if after.step == Step.OVER:
        return Words("ww.story.and_winner", {"line": line, "winner": winner_words(after)})
    return line


def winner_words(s: State) -> Words:
    return Words(f"ww.over.line.{s.winner}", {"w": s.werewolves_alive, "o": s.others_alive})


def kinds_words(kinds) -> tuple[Words, ...]:
    """Kinds with their duplicates: "Werewolf ×3, Seer" (the set chosen W8, the pool W33)."""
    counts = Counter(kinds)
    return tuple(
        Words("ww.kind_times", {"kind": resident(k), "n": n}) if n > 1 else resident(k)
        for k, n in counts.items()
    )


def aftermath(before: State, e: Event, after: State) -> list[Words]:
    """What an entry brought about beyond itself, in the order it happened: a werewolf's
    death reshuffles (W27); then the second attack begins (W29) or a new day (W30), and only
    then are the columns combined (W21); after a lynch, they are combined at once (W20)."""
    out: list[Words] = []
    if isinstance(e, ev.Revealed) and after.shuffled and not (after.converted > before.converted):
        out.append(Words("ww.story.reshuffled", {"spots": after.shuffled}))
    if after.step == Step.NIGHT_COLUMN and after.second_attack and not before.second_attack:
        out.append(Words("ww.story.second_attack"))
    if after.step == Step.HUTS and after.day != before.day:
        out.append(Words("ww.story.day", {"day": after.day, "player": after.players[after.gi]}))
    out += [Words("ww.story.moved", {"source": a, "target": b}) for a, b in after.moves]
    return out


def describe(before: State, e: Event, after: State, lang: str) -> str:
    found = story_words(before, e, after)
    if found is None:
        return ""
    return " ".join(worded(w, lang) for w in (found, *aftermath(before, e, after)))


def record(state: State, events: Sequence[Event], lang: str) -> str:
    """The record, Markdown: the seats, the residents, each entry's public line."""
    w = words(lang)
    out = [f"# {w.format('ww.story.record_title')}", ""]
    out.append(f"## {w.format('ww.story.seats')}")
    out.append("")
    cards = state.inquisitors or (None,) * state.count
    for seat, name in enumerate(state.players):
        card = w.format(f"term.card.{cards[seat]}") if cards[seat] else "?"
        out.append(f"- {seat + 1}. {name}: {card}")
    out += ["", f"## {w.format('ww.story.timeline')}", ""]
    out += timeline(events, State(), rules.apply, describe, lang)
    if state.winner:
        out += ["", f"**{worded(winner_words(state), lang)}**"]
    return "\n".join(out) + "\n"
