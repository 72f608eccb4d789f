"""Which characters the table's public tokens allow (B2, B5, B13, B22), and whether some deal
of B5 (⌊n/2⌋ Rose, ⌊n/2⌋ Beast, one Inquisitor, each character once) still fits them all.

⚖ B13 (the stuck case): B13 checks a token only against its holder's shown rank, so a table
could key tokens no deal fits (a player with Rose and Beast once the fleur cross showed
elsewhere: no token he could take would fit). The app refuses the token that leaves no deal
(B13, ``bb_no_deal``): a truthful table never meets it, since its real deal fits. Whenever some
deal fits, every wound has a token that keeps one (that deal's own), so no game is stuck.
The same check refuses a character that leaves the other players none (B22).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from narrator.games.blood_bound.state import (
    CLANS,
    FLEUR,
    ICONS,
    INQUISITOR_CLAN,
    UNKNOWN,
    Character,
    State,
)

CHARACTERS: tuple[Character, ...] = (
    (INQUISITOR_CLAN, 0),
    *((clan, rank) for clan in CLANS for rank in range(1, 10)),
)
# one seat as the check sees it: its tokens, its Unknowns a Staff bound (B13), showed the
# fleur cross, keyed as
Seat = tuple[tuple[str, ...], int, bool, Character | None]


def fits(character: Character, tokens: tuple[str, ...], staffed: int, fleur: bool) -> bool:
    """B22: a character his tokens do not rule out (B2's icons, C: his clan; B13: an Unknown
    taken while he held a Staff counts for no icon, one taken before for a ?; a fleur cross
    shown, even healed, is the Inquisitor's)."""
    clan, rank = character
    ranks = [t for t in tokens if t == FLEUR or t.isdigit()]
    if clan == INQUISITOR_CLAN:  # wild: any affiliation token, no numbered rank
        return all(t == FLEUR for t in ranks)
    if fleur or any(t != str(rank) for t in ranks):
        return False
    clans = [t for t in tokens if t in CLANS]
    plain_unknown = sum(t == UNKNOWN for t in tokens) - staffed
    icons = ICONS[rank]
    fit_unknown = plain_unknown <= icons.count("?")
    return all(t == clan for t in clans) and len(clans) <= icons.count("C") and fit_unknown


def seats_of(
    s: State,
    tokens: tuple[tuple[str, ...], ...] | None = None,
    staffed: tuple[int, ...] | None = None,
) -> tuple[Seat, ...]:
    tokens = s.tokens if tokens is None else tokens
    staffed = staffed or s.staffed or (0,) * s.count
    keyed = s.characters or (None,) * s.count
    return tuple((tokens[p], staffed[p], s.fleur_shown == p, keyed[p]) for p in s.seats)


@lru_cache(maxsize=16384)
def conflicting(count: int, seats: tuple[Seat, ...]) -> tuple[int, ...]:
    """B5: the seats no deal fits together (none: some deal fits every seat). A seat with no
    token, no fleur cross and no character keyed fits anything, and the deal has exactly as
    many characters per clan as seats, so only the others are matched: a flow from seats to
    characters to their clans (⌊n/2⌋ each, one Inquisitor). When it falls short, the seats
    still reachable from the source are a set whose tokens allow fewer characters than they
    are (Hall): those are named."""
    cap: dict[object, dict[object, int]] = defaultdict(dict)
    bound = [(p, seat) for p, seat in enumerate(seats) if seat[0] or seat[2] or seat[3]]
    for p, (tokens, staffed, fleur, keyed) in bound:
        cap["source"][p] = 1
        for character in (keyed,) if keyed else CHARACTERS:
            if fits(character, tokens, staffed, fleur):
                cap[p][character] = 1
                cap[character][character[0]] = 1
    for clan in CLANS:
        cap[clan]["sink"] = count // 2
    cap[INQUISITOR_CLAN]["sink"] = 1
    flow, reached = _max_flow(cap)
    if flow == len(bound):
        return ()
    return tuple(sorted(p for p in reached if isinstance(p, int)))


def deal_possible(count: int, seats: tuple[Seat, ...]) -> bool:
    return not conflicting(count, seats)


def _max_flow(cap: dict[object, dict[object, int]]) -> tuple[int, set[object]]:
    """Unit augmenting paths, depth first (at most 11 seats, 19 characters); with the flow,
    what the source still reaches."""
    flow = 0
    while True:
        parent: dict[object, object] = {"source": None}
        stack: list[object] = ["source"]
        while stack and "sink" not in parent:
            u = stack.pop()
            for v, c in cap[u].items():
                if c > 0 and v not in parent:
                    parent[v] = u
                    stack.append(v)
        if "sink" not in parent:
            return flow, set(parent)
        v = "sink"
        while parent[v] is not None:
            u = parent[v]
            cap[u][v] -= 1
            cap[v][u] = cap[v].get(u, 0) + 1
            v = u
        flow += 1


def conflict(
    s: State,
    tokens: tuple[tuple[str, ...], ...] | None = None,
    staffed: tuple[int, ...] | None = None,
) -> tuple[int, ...]:
    return conflicting(s.count, seats_of(s, tokens, staffed))


def possible(s: State, tokens: tuple[tuple[str, ...], ...] | None = None) -> bool:
    return not conflict(s, tokens)
