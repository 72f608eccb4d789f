"""The end of a game of Blood Bound as the shell draws it: the capture (B16, B22), every
character keyed as revealed (B22), the curse cards flipped (B26) and the winner (B23–B26)."""

from __future__ import annotations

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import rules
from narrator.games.blood_bound.flow import CAPTURE, CHARACTERS, END, FLIPS
from narrator.games.blood_bound.keys import (
    FALSE_KEY,
    INQUISITOR_KEY,
    RANKS,
    TRUE_KEY,
    character,
    clan,
    clan_key,
    clan_params,
    seat_choices,
    seat_keys,
)
from narrator.games.blood_bound.state import BEAST, INQUISITOR_CLAN, ROSE, State
from narrator.games.shell_data import Choice, Over, Rows, StepView
from narrator.prompts import Localized, Words

TONES = {ROSE: "#e5534b", BEAST: "#3fb96b", INQUISITOR_CLAN: "#d4a72c"}


def plain(s: State, path: tuple[str, ...]) -> StepView:
    return StepView("info", None)


def _capture(s: State, path: tuple[str, ...]) -> StepView:
    """B16: a fourth wound captures; B22: the captured and the captor, as the app read them
    (Enter confirms them: the game ends at once)."""
    w = s.capture
    assert w is not None
    params = {"player": s.players[w.seat], "captor": s.players[w.by]}
    return StepView(
        "info",
        None,
        title=Words("bb.capture.title", params),
        body=(Words("bb.capture.body", params), "", Words(f"bb.capture.by.{w.source}", params)),
        keys=Words("bb.capture.keys"),
        primary=Choice("enter", event=ev.CaptureKeyed(w.seat, w.by)),
        choices=seat_choices(s, None, Words("bb.capture.enter")),
    )


def _characters(s: State, path: tuple[str, ...]) -> StepView:
    """B22: everyone reveals; the narrator keys each seat's character in seat order: its
    clan's key and the rank, or i for the Inquisitor."""
    cursor = next(p for p in s.seats if s.characters[p] is None)
    rows = tuple(
        (p, character(s, *c) if c is not None else None) for p, c in enumerate(s.characters)
    )
    player = s.players[cursor]
    if path:
        code = ROSE if path[0] == clan_key(s, ROSE) else BEAST
        choices = tuple(Choice(str(n), str(n), ev.CharacterKeyed(cursor, code, n)) for n in RANKS)
        ask = Words("bb.characters.rank", {"player": player, "clan": clan(s, code)})
        keys = Words("bb.characters.rank_keys")
    else:
        choices = (
            *(
                Choice(clan_key(s, code), clan(s, code), **_clan_goto(s, cursor, code))
                for code in (ROSE, BEAST)
            ),
            Choice(
                INQUISITOR_KEY,
                Words("bb.clan.inquisitor"),
                ev.CharacterKeyed(cursor, INQUISITOR_CLAN),
            ),
        )
        ask = Words("bb.characters.ask", {"player": player})
        keys = Words("bb.characters.keys", clan_params(s))
    return StepView(
        "choose",
        None,
        title=Words("bb.characters.title"),
        body=(Words("bb.characters.body"), Rows(rows, cursor), "", ask),
        keys=keys,
        choices=choices,
        take_back=any(c is not None for c in s.characters),
    )


def _clan_goto(s: State, seat: int, code: str) -> dict:
    """B22: a clan's key goes on to the rank, or says at once that no rank of it is left for
    this seat (the clan's characters all keyed, or each one ruled out by the tokens)."""
    keyed = (ev.CharacterKeyed(seat, code, n) for n in RANKS)  # type: ignore[arg-type]
    refusals = [rules.check(s, e) for e in keyed]
    if any(refusal is None for refusal in refusals):
        return {"goto": (clan_key(s, code),)}
    full = [refusal for refusal in refusals if refusal.key == "bb_clan_full"]
    if full:  # whatever the rank: the clan's characters are all keyed
        return {"refusal": Localized(full[0].text)}
    params = {"clan": clan(s, code), "player": s.players[seat]}
    return {"refusal": Words("bb.characters.clan_none", params)}


def _flips(s: State, path: tuple[str, ...]) -> StepView:
    """B26: the curse cards players hold flipped in seat order, each keyed as the card reads
    (the card wins over the privacy screen)."""
    done = dict(s.flipped)
    cursor = next(p for p in s.curse_holders if p not in done)
    rows = tuple(
        (p, Words("bb.flips.true" if done[p] else "bb.flips.false") if p in done else None)
        for p in s.curse_holders
    )
    player = s.players[cursor]
    choices = (
        Choice(TRUE_KEY, Words("bb.flips.true"), ev.CurseFlipped(cursor, True)),
        Choice(FALSE_KEY, Words("bb.flips.false"), ev.CurseFlipped(cursor, False)),
    )
    assert s.victorious is not None
    victorious = {"clan": clan(s, s.victorious[0])}
    return StepView(
        "choose",
        None,
        title=Words("bb.flips.title"),
        body=(
            Words("bb.flips.body", victorious),
            Rows(rows, cursor),
            "",
            Words("bb.flips.ask", {"player": player}),
        ),
        keys=Words("bb.flips.keys"),
        choices=choices,
        take_back=bool(s.flipped),
    )


def _over(s: State, path: tuple[str, ...]) -> StepView:
    """B24–B26: the winner and why, the leaders, the captured and his captor, the curses."""
    assert s.winner is not None and s.reason is not None
    names = {
        "captured": s.players[s.captured] if s.captured is not None else "",
        "captor": s.players[s.captor] if s.captor is not None else "",
    }
    winners = ", ".join(s.players[p] for p in s.winners)
    details: list = [
        Words("bb.over.winners", {"winners": winners}),
        Words("bb.over.capture", names),
    ]
    for code, leader in zip((ROSE, BEAST), s.leaders, strict=False):
        details.append(
            Words("bb.over.leader", {"clan": clan(s, code), "player": s.players[leader]})
        )
    if s.true_curse is not None and s.flipped:  # B26: flipped, no secret any more
        flipped_true = [p for p, true in s.flipped if true]
        holder = s.players[flipped_true[0]] if flipped_true else ""
        details.append(Words("bb.over.true_curse", {"player": holder}))
        if s.curse_mismatch:
            details.append(Words("bb.over.mismatch", {"player": s.players[s.true_curse]}))
    over = Over(
        Words(f"bb.over.banner.{s.winner}", {"clan": clan(s, s.winner)}),
        Words(f"bb.over.reason.{s.reason}", {"clan": clan(s, s.winner)}),
        tuple(details),
        TONES.get(s.winner),
    )
    rows = tuple(
        (p, character(s, *c) if c is not None else None) for p, c in enumerate(s.characters)
    )
    return StepView(
        "over",
        None,
        body=(over, Rows(rows)),
        keys=Words("bb.over.keys"),
        choices=seat_choices(s, None, Words("bb.over.done", {"seats": seat_keys(s)})),
    )


END_VIEWS = {CAPTURE: _capture, CHARACTERS: _characters, FLIPS: _flips, END: _over}
