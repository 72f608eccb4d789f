"""The game as told afterwards: one public line an entry (the undo dialog, the headless player,
the record), and the game record in Markdown.

Everything here is public (B14). The one secret, where the True Curse went (B19, B21), is never
named before the end: the curses' line names only who got a card; the record says where the
privacy screen put the True Curse only once the game is over (step END), beside the cards as
flipped (B26) and their mismatch if any (``State.curse_mismatch``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from narrator.games.base import Event
from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import keys, rules
from narrator.games.blood_bound.flow import CAPTURE, END, OFFERS
from narrator.games.blood_bound.state import (
    ALCHEMIST,
    BERSERKER,
    CLANS,
    FAN,
    INQUISITOR_CLAN,
    MAX_WOUNDS,
    Character,
    State,
    curse_cards,
)
from narrator.games.common.record import timeline
from narrator.prompts import Words, worded, words

WORDS = Path(__file__).parent / "words"  # the game's own words, whatever game is played


def story(key: str, **params) -> Words:
    return Words(f"bb.story.{key}", params)


clan_words = keys.clan  # B1: the table's naming, worded in one place (keys.py)
rank_words = keys.rank_name  # B2: a character's name by its rank (0: the Inquisitor)


def character_words(s: State, character: Character) -> Words:
    clan, rank = character
    if clan == INQUISITOR_CLAN:
        return story("character_inquisitor")
    return story("character", clan=clan_words(s, clan), name=rank_words(rank), rank=rank)


def token_words(s: State, code: str) -> Words:
    """A wound token (B13) by its state code: "rose", "beast", "unknown", "fleur", "1"–"9"."""
    if code in CLANS:
        return story("token.clan", clan=clan_words(s, code))
    if code.isdigit():
        return story("token.rank", rank=int(code), name=rank_words(int(code)))
    return story(f"token.{code}")


def short_token(s: State, code: str) -> Words | str:
    """A token as the record's table lists it."""
    if code in CLANS:
        return clan_words(s, code)
    return code if code.isdigit() else story(f"short.{code}")


def keyed_code(kind: str, rank: int) -> str:
    return str(rank) if kind == "rank" else kind


# --- one line an entry ---------------------------------------------------------------------


def entry_words(before: State, e: Event, after: State) -> Words | None:
    s = after
    if isinstance(e, ev.GameCreated):
        return story("created", count=s.count, players=s.players)

    def name(seat: int) -> str:
        return s.players[seat]

    if isinstance(e, ev.CardsDealt):
        true, false = curse_cards(s.count, s.options)
        return story("dealt", true=true, false=false)
    if isinstance(e, ev.CluesShown):
        return story("clues")
    if isinstance(e, ev.DaggerGiven):
        return story("dagger_drawn" if e.drawn else "dagger_picked", player=name(e.seat))
    if isinstance(e, ev.DaggerPassed):
        return story("passed", player=name(e.by), target=name(e.to))
    if isinstance(e, ev.Attacked):
        return story("attacked", player=name(e.by), target=name(e.target))
    if isinstance(e, ev.InterventionOffered):
        key = "offered" if e.seat in after.offers else "offer_back"
        return story(key, player=name(e.seat))
    if isinstance(e, ev.InterventionPicked):
        assert before.attack is not None
        target = name(before.attack[1])
        if e.seat is None:
            return story("picked_none", target=target)
        return story("picked", target=target, player=name(e.seat))
    if isinstance(e, ev.WoundTaken):
        token = token_words(s, keyed_code(e.kind, e.rank))
        return story("wound", player=name(e.seat), token=token, wounds=s.wounds_of(e.seat))
    if isinstance(e, ev.Healed):
        token = token_words(s, keyed_code(e.kind, e.rank))
        return story("healed", player=name(e.seat), token=token, wounds=s.wounds_of(e.seat))
    if isinstance(e, ev.AbilityDeclined | ev.AbilityUsed):
        return ability_words(before, e)
    if isinstance(e, ev.CursesGiven):  # B19, B21: who got a card, never which
        holders = tuple(name(h) for h in sorted(e.holders))
        return story("curses", player=name(e.seat), holders=holders)
    if isinstance(e, ev.CaptureKeyed):
        return story("captured", captured=name(e.captured), captor=name(e.captor))
    if isinstance(e, ev.CharacterKeyed):
        character = s.characters[e.seat]
        assert character is not None
        return story(
            "character_keyed", player=name(e.seat), character=character_words(s, character)
        )
    if isinstance(e, ev.CurseFlipped):
        return story("flipped_true" if e.true else "flipped_false", player=name(e.seat))
    return None


def ability_words(before: State, e: ev.AbilityDeclined | ev.AbilityUsed) -> Words:
    """B17–B20, B27, B28: the ability of the rank token just taken."""
    r = before.reveals[0]
    player, character = before.players[e.seat], rank_words(r.rank)
    if isinstance(e, ev.AbilityDeclined):
        key = "no_effect" if e.no_effect else "declined"
        return story(key, player=player, character=character)
    if r.rank == BERSERKER:  # B27: his attacker
        targets: tuple[int, ...] = (r.wound.attacked_by,)  # type: ignore[assignment]
    elif r.rank == ALCHEMIST:  # B27: the player he intervened for
        targets = (r.wound.intervened_for,)  # type: ignore[assignment]
    else:
        targets = e.targets
    names = tuple(before.players[t] for t in targets)
    key = f"use.{r.rank}" + ("_heal" if r.rank == ALCHEMIST and e.heal else "")
    return story(key, player=player, target=names[0] if names else "", targets=names)


def aftermath(before: State, e: Event, after: State) -> list[Words]:
    """What an entry brought about beyond itself, in B29's order: the dagger (B15), a Sword's
    return (B18), a capture (B16); at the end the leaders (B23), the victorious clan (B25) and
    the winner (B24–B26)."""
    out: list[Words] = []
    if not before.players:
        return out
    if (
        after.dagger != before.dagger
        and before.dagger is not None
        and not isinstance(e, ev.DaggerPassed)
    ):
        out.append(story("dagger_to", player=after.players[after.dagger]))
    for sword, shield in before.swords:
        if (sword, shield) not in after.swords:
            out.append(
                story("swords_back", player=after.players[sword], holder=after.players[shield])
            )
    if after.step == CAPTURE and before.step != CAPTURE:
        assert after.capture is not None
        out.append(story("capture", player=after.players[after.capture.seat], wounds=MAX_WOUNDS))
    if e.type == ev.Attacked.type and after.step != OFFERS and after.attack is not None:
        target = after.attack[1]  # B3 (a Fan), B12 (nobody may offer): no intervention
        why = "fan" if after.holds(target, FAN) else "nobody"
        out.append(story(why, target=after.players[target]))
    if after.leaders and not before.leaders:
        leaders = tuple(
            story("leader", player=after.players[p], clan=clan_words(after, clan))
            for clan, p in zip(CLANS, after.leaders, strict=True)
        )
        out.append(story("leaders", leaders=leaders))
        if after.victorious is not None:
            out.append(story("victorious", clan=clan_words(after, after.victorious[0])))
    if after.step == END and before.step != END:
        out.append(winner_words(after))
    return out


def inquisitor_seat(s: State) -> int | None:
    return next((p for p, c in enumerate(s.characters) if c and c[0] == INQUISITOR_CLAN), None)


def winner_words(s: State) -> Words:
    """B24–B26: who won, and why."""
    assert s.reason is not None and s.captured is not None and s.captor is not None
    captured, captor = s.players[s.captured], s.players[s.captor]
    inquisitor = inquisitor_seat(s)
    if s.reason == "inquisitor_captured":  # B24
        return story("winner.inquisitor_captured", player=captured)
    if s.reason == "true_curse":  # B26
        assert s.victorious is not None and inquisitor is not None
        leader = s.leaders[CLANS.index(s.victorious[0])]
        return story(
            "winner.true_curse",
            player=s.players[inquisitor],
            leader=s.players[leader],
            clan=clan_words(s, s.victorious[0]),
        )
    assert s.winner is not None
    clan = clan_words(s, s.winner)
    return story(f"winner.{s.reason}", clan=clan, captor=captor, captured=captured)


def describe(before: State, e: Event, after: State, lang: str) -> str:
    """One public line for ``e``, which took ``before`` to ``after`` (B19: never the True
    Curse's holder)."""
    found = entry_words(before, e, after)
    if found is None:
        return ""
    return " ".join(worded(w, lang, WORDS) for w in (found, *aftermath(before, e, after)))


# --- the record ----------------------------------------------------------------------------


def rulings(s: State, lang: str) -> list[str]:
    """The ⚖ rulings chosen before the game (B1, B7, B9, B17, B19), worded as the setup form."""
    w = words(lang, WORDS)
    o = s.options
    chosen = (
        ("clans", o.clans),
        ("curses", o.curses),
        ("first_dagger", o.first_dagger),
        ("abilities", o.abilities),
        ("curse_to_self", "yes" if o.curse_to_self else "no"),
    )
    out = []
    for option, value in chosen:
        label = w.format(f"bb.setup.{option}.label")
        text = w.format(f"bb.setup.{option}.{value}")
        if option == "curses":
            true, false = curse_cards(s.count, o)
            text += " " + w.format("bb.story.curse_cards", true=true, false=false)
        out.append(f"- {label}: {text}")
    return out


def seat_rows(s: State, lang: str) -> list[str]:
    """B14's tracker as it ended, and each character as keyed (B22)."""
    w = words(lang, WORDS)
    head = [
        w.format(f"bb.story.record.{k}") for k in ("seat", "player", "tokens", "cards", "character")
    ]
    out = ["| " + " | ".join(head) + " |", "|---|---|---|---|---|"]
    keyed = s.characters or (None,) * s.count
    none = w.format("bb.story.record.none")
    for p in s.seats:
        tokens = ", ".join(str(w.text_of(short_token(s, t))) for t in s.tokens[p]) or none
        cards = ", ".join(w.format(f"bb.card.{c}") for c in s.cards[p]) or none
        character = keyed[p]
        who = worded(character_words(s, character), lang, WORDS) if character else "?"
        out.append(f"| {p + 1} | {s.players[p]} | {tokens} | {cards} | {who} |")
    return out


def end_lines(s: State, lang: str) -> list[str]:
    """B22–B26: the capture, the leaders, the victorious clan, the curses flipped; once over,
    where the privacy screen put the True Curse (B19 ends here)."""
    w = words(lang, WORDS)
    say = lambda found: worded(found, lang, WORDS)  # noqa: E731
    out = []
    if s.captured is not None and s.captor is not None:
        out.append(
            say(story("captured", captured=s.players[s.captured], captor=s.players[s.captor]))
        )
    if s.leaders:
        leaders = tuple(
            story("leader", player=s.players[p], clan=clan_words(s, clan))
            for clan, p in zip(CLANS, s.leaders, strict=True)
        )
        out.append(say(story("leaders", leaders=leaders)))
    if s.victorious is not None:
        out.append(say(story("victorious", clan=clan_words(s, s.victorious[0]))))
    if s.flipped:
        cards = tuple(
            story("flip_true" if true else "flip_false", player=s.players[p])
            for p, true in s.flipped
        )
        out.append(say(story("flips", cards=cards)))
    if s.step == END and s.true_curse is not None:  # B26: the secret ends with the game
        out.append(w.format("bb.story.true_curse_went", player=s.players[s.true_curse]))
        if s.curse_mismatch:
            out.append(w.format("bb.story.mismatch"))
    return [f"- {line}" for line in out]


def record(state: State, events: Sequence[Event], lang: str) -> str:
    """The record, Markdown: the players and their tracker, the rulings, every entry's public
    line, and the end (B22–B26) with the winner and why."""
    w = words(lang, WORDS)
    title = lambda key: w.format(f"bb.story.record.{key}")  # noqa: E731
    head = w.format("bb.story.record.title", game=Words("about.title"))
    out = [f"# {head}", "", f"## {title('players')}", ""]
    out += seat_rows(state, lang)
    out += ["", f"## {title('rulings')}", ""]
    out += rulings(state, lang)
    out += ["", f"## {title('timeline')}", ""]
    out += timeline(events, State(), rules.apply, describe, lang)
    if state.captured is not None:
        out += ["", f"## {title('end')}", ""]
        out += end_lines(state, lang)
    if state.step == END:
        out += ["", f"**{worded(winner_words(state), lang, WORDS)}**"]
    return "\n".join(out) + "\n"
