"""Each moment of Blood Bound as the table display tells it, in sentences (B14: all but the True
Curse's seat is public): whose turn the dagger makes it (B10), the attack and the offers to
intervene (B12), each wound and whose it is (B13), the ability a rank token revealed (B17,
B19), the heal (B14), the capture (B16) and the end (B22–B26). Nothing here reads
``State.true_curse`` before the game's end (B19, B21): only ``mismatch_line`` at END does."""

from __future__ import annotations

from narrator.games.blood_bound import keys
from narrator.games.blood_bound.flow import (
    ABILITY,
    CAPTURE,
    CHARACTERS,
    CLUES,
    DAGGER,
    DEAL,
    END,
    FLIPS,
    HEAL,
    OFFERS,
    TURN,
    WOUND,
)
from narrator.games.blood_bound.state import (
    CLANS,
    FLEUR,
    INQUISITOR,
    INQUISITOR_CLAN,
    Character,
    State,
)
from narrator.games.shell_data import Text
from narrator.prompts import Words


def clan_words(s: State, clan: str) -> Words:
    """B1: "Rose" or "Gargoyle" for the rules' ``rose`` (the game's one naming, keys.py)."""
    return keys.clan(s, clan)


def rank_words(rank: int) -> Words:
    """A rank token face up (B13): its number, and the character it names ("2 Assassin"); the
    fleur cross is the Inquisitor's."""
    if rank == INQUISITOR:
        return Words(f"bb.token.{FLEUR}")
    return Words("bb.table.rank", {"rank": rank, "character": keys.rank_name(rank)})


def character_words(s: State, character: Character) -> Words:
    """B22: a revealed character: "Rose 2 · Assassin", or "Inquisitor"."""
    return keys.character(s, *character)


def attack_lines(s: State) -> tuple[Text, ...]:
    """B10, B12: the attack being resolved, the offers so far, the intervener picked."""
    if s.attack is None or s.step not in (OFFERS, WOUND, ABILITY, HEAL, CAPTURE):
        return ()
    by, target = s.attack
    out: list[Text] = [
        Words("bb.display.attack", {"attacker": s.players[by], "target": s.players[target]})
    ]
    if s.step == OFFERS and s.offers:
        out.append(Words("bb.display.offers", {"players": tuple(s.players[p] for p in s.offers)}))
    intervener = next((w for w in s.wounds if w.source == "intervention"), None)
    if intervener is None:
        intervener = next((r.wound for r in s.reveals if r.wound.source == "intervention"), None)
    if intervener is not None:
        params = {"player": s.players[intervener.seat], "target": s.players[target]}
        out.append(Words("bb.display.intervenes", params))
    return tuple(out)


def inquisitor_line(s: State) -> tuple[Text, ...]:
    """B11: the fleur cross shown makes its holder the Inquisitor, known for good."""
    if s.fleur_shown is None or s.step == END:
        return ()
    return (Words("bb.display.inquisitor", {"player": s.players[s.fleur_shown]}),)


def capture_line(s: State) -> tuple[Text, ...]:
    """B16, B22: who is captured (and, once keyed, by whom)."""
    if s.captured is not None and s.captor is not None:
        params = {"captured": s.players[s.captured], "captor": s.players[s.captor]}
        return (Words("bb.display.captured_by", params),)
    if s.capture is not None:
        return (Words("bb.display.captured", {"player": s.players[s.capture.seat]}),)
    return ()


def leader_lines(s: State) -> tuple[Text, ...]:
    """B23: each clan's leader, once every character is keyed; B25: the victorious clan."""
    out: list[Text] = []
    for clan, p in zip(CLANS, s.leaders, strict=False):
        character = s.characters[p]
        assert character is not None
        params = {
            "clan": clan_words(s, clan),
            "player": s.players[p],
            "rank": rank_words(character[1]),  # B23: a leader is never the Inquisitor
        }
        out.append(Words("bb.display.leader", params))
    if s.victorious is not None:
        out.append(Words("bb.display.victorious", {"clan": clan_words(s, s.victorious[0])}))
    return tuple(out)


def flip_lines(s: State) -> tuple[Text, ...]:
    """B26: each curse card flipped, as keyed, in seat order."""
    if not s.flipped:
        return ()
    flips = tuple(
        Words(f"bb.display.flip.{'true' if true else 'false'}", {"player": s.players[p]})
        for p, true in s.flipped
    )
    return (Words("bb.display.flips", {"flips": flips}),)


def mismatch_line(s: State) -> tuple[Text, ...]:
    """B26, only at the end: the cards flipped differ from the privacy screen (the app followed
    the cards). The one place that reads where the True Curse was given."""
    if s.step != END or not s.curse_mismatch or s.true_curse is None:
        return ()
    return (Words("bb.display.mismatch", {"player": s.players[s.true_curse]}),)


def seat_of(s: State, clan: str) -> int | None:
    return next((p for p, c in enumerate(s.characters) if c and c[0] == clan), None)


def winner_heading(s: State) -> Words:
    """B24–B26: who won, the page's heading at the end (the game's banner words)."""
    assert s.winner is not None
    return Words(f"bb.over.banner.{s.winner}", {"clan": clan_words(s, s.winner)})


def why_line(s: State) -> Words:
    """B24–B26: why the winner won, with the players it names."""
    assert s.reason is not None and s.captured is not None and s.captor is not None
    inquisitor = seat_of(s, INQUISITOR_CLAN)
    params: dict = {
        "captured": s.players[s.captured],
        "captor": s.players[s.captor],
        "inquisitor": s.players[inquisitor] if inquisitor is not None else "",
        "clan": clan_words(s, s.winner) if s.winner in CLANS else "",
    }
    if s.victorious is not None:
        clan = s.victorious[0]
        params["clan"] = clan_words(s, clan)
        params["leader"] = s.players[s.leaders[CLANS.index(clan)]]
    return Words(f"bb.display.why.{s.reason}", params)


def end_lines(s: State) -> tuple[Text, ...]:
    """B22–B26, at the end: the winner (the heading), why, the capture, the leaders and the
    victorious clan, the curses flipped and only now any mismatch with the privacy screen."""
    if s.step != END or s.winner is None:
        return ()
    return (
        winner_heading(s),
        why_line(s),
        *capture_line(s),
        *leader_lines(s),
        *flip_lines(s),
        *mismatch_line(s),
    )


def table_lines(s: State) -> tuple[Text, ...]:
    """The public lines under the seats before the end: the attack, the Inquisitor shown, the
    capture, the leaders and the curses flipped so far."""
    if s.step == END:
        return end_lines(s)[1:]
    lines = (*attack_lines(s), *inquisitor_line(s), *capture_line(s))
    if s.step == FLIPS:
        lines = (*lines, *leader_lines(s), *flip_lines(s))
    return lines


def wound_told(s: State) -> tuple[Text, ...]:
    """B13: who takes a token now, and whose wound it is (B12, B2's abilities)."""
    w = s.wounds[0]
    params: dict = {"player": s.players[w.seat], "by": s.players[w.by]}
    if w.source == "intervention" and w.intervened_for is not None:
        params["target"] = s.players[w.intervened_for]
    if w.source == "assassin":
        params["n"] = 2 - w.left
    out: list[Text] = [Words(f"bb.display.told.wound.{w.source}", params)]
    nth = s.wounds_of(w.seat) + 1  # B16: the fourth would have captured (step CAPTURE)
    out.append(Words("bb.display.told.nth_wound", {"player": s.players[w.seat], "n": nth}))
    return tuple(out)


def ability_told(s: State) -> tuple[Text, ...]:
    """B17, B19, B20: the ability the rank token just taken revealed."""
    r = s.reveals[0]
    player = s.players[r.seat]
    if r.rank == INQUISITOR:
        key = "bb.display.told.no_curses" if s.curses_given else "bb.display.told.curses"
        return (Words(key, {"player": player}),)
    params = {"player": player, "rank": rank_words(r.rank)}
    return (Words("bb.display.told.ability", params),)


def heal_told(s: State) -> tuple[Text, ...]:
    """B14: the Alchemist heals the player he intervened for, who returns one token."""
    r = s.reveals[0]
    healed = r.wound.intervened_for
    assert healed is not None
    params = {"player": s.players[r.seat], "healed": s.players[healed]}
    return (Words("bb.display.told.heal", params),)


def flips_told(s: State) -> tuple[Text, ...]:
    """B26: the next curse card flipped, in seat order."""
    p = next_flip(s)
    return () if p is None else (Words("bb.display.told.flip", {"player": s.players[p]}),)


def next_flip(s: State) -> int | None:
    """B26: the seat whose curse card is flipped next (seat order)."""
    if s.step != FLIPS:
        return None
    done = {p for p, _ in s.flipped}
    return next((p for p in s.curse_holders if p not in done), None)


def told(s: State) -> tuple[Text, ...]:
    """What the moment tells the table, one sentence a line (nothing at the end: the end
    lines say it)."""
    step = s.step
    if step in (DEAL, CLUES, DAGGER):
        return (Words(f"bb.display.told.{step}"),)
    if step == TURN and s.dagger is not None:
        return (Words("bb.display.told.turn", {"player": s.players[s.dagger]}),)
    if step == OFFERS and s.attack is not None:
        return (Words("bb.display.told.offers", {"target": s.players[s.attack[1]]}),)
    if step == WOUND and s.wounds:
        return wound_told(s)
    if step == ABILITY and s.reveals:
        return ability_told(s)
    if step == HEAL and s.reveals:
        return heal_told(s)
    if step == CAPTURE and s.capture is not None:
        return (Words("bb.display.told.capture", {"player": s.players[s.capture.seat]}),)
    if step == CHARACTERS:
        keyed = sum(c is not None for c in s.characters)
        return (Words("bb.display.told.characters", {"n": keyed, "count": s.count}),)
    if step == FLIPS:
        return flips_told(s)
    return ()
