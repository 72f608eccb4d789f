"""What the narrator says in Blood Bound with the Inquisitor: each step's opening line (whose
turn the dagger makes it, whose wound, whose ability), what each entry does at the table (the
token and its wound count, the dagger moving, a Sword's return), and the end as moments held
until Enter (the capture, the leaders, the victorious clan, the curses flipped, the winner).

The one secret is ``State.true_curse`` (B19, B21): nothing here reads it before the flips are
done (the end, B26), and the look-back after the gift names who holds a curse, never which.
Names stay in the nominative (the Russian lines put them first or after a colon); the clans
and characters are worded by ``keys`` (B1: as this table names them)."""

from __future__ import annotations

from narrator.games.base import Event
from narrator.games.blood_bound import abilities, keys, rules
from narrator.games.blood_bound import events as ev
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
    ALCHEMIST,
    BEAST,
    BERSERKER,
    BOX_TOKENS,
    CLANS,
    ELDER,
    FAN,
    FLEUR,
    INQUISITOR,
    INQUISITOR_CLAN,
    QUILL,
    ROSE,
    UNKNOWN,
    State,
    curse_cards,
)
from narrator.games.shell_data import Announcement, Line
from narrator.prompts import Words

END_TONE = "#c0392b"  # the blood red of the box
# B2: each rank as its lines' ids name it (0: the fleur cross, the Inquisitor)
RANK_IDS = ("inquisitor", "elder", "assassin", "harlequin", "alchemist", "mentalist")
RANK_IDS += ("guardian", "berserker", "mage", "courtesan")


def player(s: State, p: int) -> str:
    return s.players[p]


# --- each step's opening line -----------------------------------------------------------------


def step_lines(s: State) -> list[Line]:
    """Said once, as the step begins."""
    said = STEP_LINES.get(s.step)
    return said(s) if said else []


def deal_lines(s: State) -> list[Line]:
    """B5–B7: the characters dealt face down; the curses beside the fleur cross."""
    true, false = curse_cards(s.count, s.options)
    clans = {"rose": keys.clan(s, ROSE), "beast": keys.clan(s, BEAST)}
    return [Line("bb_deal", {"clan": s.count // 2, **clans, "true": true, "false": false})]


def dagger_lines(s: State) -> list[Line]:
    """B9: the app draws the first dagger holder, or the table picks him."""
    return [Line("bb_dagger_drawn" if s.options.first_dagger == "drawn" else "bb_dagger_pick")]


def turn_lines(s: State) -> list[Line]:
    """B10: the dagger holder passes or attacks."""
    assert s.dagger is not None
    return [Line("bb_turn", {"player": player(s, s.dagger)})]


def wound_lines(s: State) -> list[Line]:
    """B13: whose wound it is; B12 and the Mentalist force his rank token while it is his;
    the Assassin's second wound."""
    w = s.wounds[0]
    said = "bb_wound"
    if w.forced and s.rank_of(w.seat) is None:
        said = "bb_wound_rank"
    elif w.source == "assassin" and w.left == 0:  # B2: his second wound, one after the other
        said = "bb_wound_second"
    return [Line(said, {"player": player(s, w.seat)})]


def ability_lines(s: State) -> list[Line]:
    """B17: the ability due and who decides; B28: one that can do nothing; B19: the
    Inquisitor's curses, given alone at the privacy screen."""
    r = s.reveals[0]
    params = {"player": player(s, r.seat), "name": keys.rank_name(r.rank)}
    if can_do_nothing(s):
        return [Line("bb_ability_nothing", params)]
    if r.rank == ALCHEMIST:
        params["target"] = player(s, r.wound.intervened_for)
    if r.rank == BERSERKER:
        params["target"] = player(s, r.wound.attacked_by)
    if r.rank == INQUISITOR:
        params["cards"] = sum(curse_cards(s.count, s.options))
    return [Line(f"bb_ability_{RANK_IDS[r.rank]}", params)]


def can_do_nothing(s: State) -> bool:
    """B28: no use of the ability due would be allowed (the rules' own list of moves)."""
    return all(isinstance(m, ev.AbilityDeclined) for m in abilities.moves(s, rules.check))


def heal_lines(s: State) -> list[Line]:
    """B14: the healed player returns one token, his choice."""
    healed = s.reveals[0].wound.intervened_for
    return [Line("bb_heal", {"player": player(s, healed)})]


def capture_lines(s: State) -> list[Line]:
    """B16: a fourth wound captures; the game ends at once."""
    assert s.capture is not None
    return [Line("bb_capture", {"player": player(s, s.capture.seat)}, chime="death")]


def flip_lines(s: State) -> list[Line]:
    """B26: the next curse holder, in seat order, flips his card."""
    done = {p for p, _ in s.flipped}
    left = [p for p in s.curse_holders if p not in done]
    return [Line("bb_flip_next", {"player": player(s, left[0])})] if left else []


STEP_LINES = {
    DEAL: deal_lines,
    CLUES: lambda s: [Line("bb_clues")],  # B8
    DAGGER: dagger_lines,
    TURN: turn_lines,
    WOUND: wound_lines,
    ABILITY: ability_lines,
    HEAL: heal_lines,
    CAPTURE: capture_lines,
    CHARACTERS: lambda s: [Line("bb_reveal")],  # B22
    FLIPS: flip_lines,
}


def again_lines(s: State) -> list[Line]:
    """Said again after a take-back, an undo or on resume: the line of whoever acts now (the
    offers window: the attack and the offers so far)."""
    if s.step == OFFERS:
        return attack_lines(s) + offer_lines(s)
    if s.step == END:
        return winner_lines(s)
    return step_lines(s)


# --- what an entry does at the table ----------------------------------------------------------


def event_lines(before: State, e: Event, after: State) -> list[Line]:
    """Said at once for an entry."""
    said = EVENT_LINES.get(type(e))
    return said(before, e, after) if said else []


def dagger_given(before: State, e: ev.DaggerGiven, after: State) -> list[Line]:
    return [Line("bb_dagger_given", {"player": player(after, e.seat)})]  # B9


def dagger_passed(before: State, e: ev.DaggerPassed, after: State) -> list[Line]:
    return [Line("bb_pass", {"player": player(after, e.by), "target": player(after, e.to)})]


def attack_lines(s: State) -> list[Line]:
    """B10, B12: the attack and who may intervene (B3: nobody, for a Fan holder)."""
    assert s.attack is not None
    by, target = s.attack
    params = {"player": player(s, by), "target": player(s, target)}
    return [Line("bb_attack", params)]


def offer_lines(s: State) -> list[Line]:
    """B12: who offered so far."""
    if not s.offers:
        return []
    return [Line("bb_offers", {"players": tuple(player(s, p) for p in s.offers)})]


def attacked(before: State, e: ev.Attacked, after: State) -> list[Line]:
    if after.step == OFFERS:
        return attack_lines(after)
    params = {"player": player(after, e.by), "target": player(after, e.target)}
    if after.holds(e.target, FAN):
        return [Line("bb_attack_fan", params)]  # B3: the wound is his own
    return [Line("bb_attack_nobody", params)]  # B12: everyone else shows his rank token


def offered(before: State, e: ev.InterventionOffered, after: State) -> list[Line]:
    assert after.attack is not None
    params = {"player": player(after, e.seat), "target": player(after, after.attack[1])}
    return [Line("bb_offer" if e.seat in after.offers else "bb_offer_back", params)]


def picked(before: State, e: ev.InterventionPicked, after: State) -> list[Line]:
    assert before.attack is not None
    target = player(after, before.attack[1])
    if e.seat is None:
        return [Line("bb_no_intervention", {"player": target})]
    return [Line("bb_intervenes", {"player": player(after, e.seat), "target": target})]


def wound_taken(before: State, e: ev.WoundTaken, after: State) -> list[Line]:
    """B13 the token and the wounds; B15 the dagger; B18 a Sword's return (B29's order)."""
    p = e.seat
    params = {"player": player(after, p), "wounds": after.wounds_of(p)}
    if e.kind in CLANS:
        lines = [Line("bb_token_clan", {**params, "clan": keys.clan(after, e.kind)})]
    elif e.kind == UNKNOWN:
        standin = after.out(UNKNOWN) > BOX_TOKENS[UNKNOWN]  # B30: none left in the box
        lines = [Line("bb_token_standin" if standin else "bb_token_unknown", params)]
    elif e.kind == FLEUR:
        lines = [Line("bb_token_fleur", params)]
    else:
        lines = [Line("bb_token_rank", {**params, "rank": e.rank, "name": keys.rank_name(e.rank)})]
    if after.dagger != before.dagger and after.dagger is not None:
        lines.append(Line("bb_dagger_to", {"player": player(after, after.dagger)}))
    for sword, shield in before.swords:
        if sword == p and (sword, shield) not in after.swords:
            names = {"player": player(after, p), "target": player(after, shield)}
            lines.append(Line("bb_sword_back", names))
    return lines


def declined(before: State, e: ev.AbilityDeclined, after: State) -> list[Line]:
    r = before.reveals[0]
    params = {"player": player(after, r.seat), "name": keys.rank_name(r.rank)}
    if e.no_effect:
        return [Line("bb_no_effect", params)]  # B28
    if r.rank == INQUISITOR:
        return [Line("bb_curses_stay", params)]  # B20
    return [Line("bb_declined", params)]  # B17


def used(before: State, e: ev.AbilityUsed, after: State) -> list[Line]:
    """B17, B27: each ability as the table does it."""
    r = before.reveals[0]
    params: dict = {"player": player(after, r.seat)}
    if r.rank == ALCHEMIST:
        params["target"] = player(after, r.wound.intervened_for)
        return [Line("bb_used_alchemist_heal" if e.heal else "bb_used_alchemist", params)]
    if r.rank == BERSERKER:  # B27: his attacker
        params["target"] = player(after, r.wound.attacked_by)
    elif e.targets:  # the Elder names nobody
        params["target"] = player(after, e.targets[0])
    if len(e.targets) == 2:  # the Harlequin's look
        params["other"] = player(after, e.targets[1])
    return [Line(f"bb_used_{RANK_IDS[r.rank]}", params)]


def curses_given(before: State, e: ev.CursesGiven, after: State) -> list[Line]:
    """B19: look back; who holds a curse card, never which (the seat order hides the gift's)."""
    return [Line("bb_look_back", {"players": tuple(player(after, p) for p in after.curse_holders)})]


def healed(before: State, e: ev.Healed, after: State) -> list[Line]:
    code = str(e.rank) if e.kind == "rank" else e.kind
    params = {"player": player(after, e.seat), "wounds": after.wounds_of(e.seat)}
    return [Line("bb_healed", {**params, "token": keys.token(after, code)})]  # B14


def curse_flipped(before: State, e: ev.CurseFlipped, after: State) -> list[Line]:
    """B26: the card as the narrator reads it (the flips are public: the end), then the next
    holder's (the flips are one step: its opening line is said once)."""
    card = Line(
        "bb_flipped_true" if e.true else "bb_flipped_false", {"player": player(after, e.seat)}
    )
    return [card, *flip_lines(after)] if after.step == FLIPS else [card]


EVENT_LINES = {
    ev.DaggerGiven: dagger_given,
    ev.DaggerPassed: dagger_passed,
    ev.Attacked: attacked,
    ev.InterventionOffered: offered,
    ev.InterventionPicked: picked,
    ev.WoundTaken: wound_taken,
    ev.AbilityDeclined: declined,
    ev.AbilityUsed: used,
    ev.CursesGiven: curses_given,
    ev.Healed: healed,
    ev.CurseFlipped: curse_flipped,
}


# --- the end, held until Enter (B22–B26) -------------------------------------------------------


def announcements(before: State, e: Event, after: State) -> list[Announcement]:
    """The capture (B22); once every character is keyed, the leaders and the victorious clan
    (B23–B25); once every curse is flipped, the curses and the winner (B26). Each shows the
    table after its entry: the characters, the flips are what it tells."""
    if isinstance(e, ev.CaptureKeyed):
        params = {"player": player(after, e.captured), "captor": player(after, e.captor)}
        return [moment("bb_capture", [Line("bb_captured", params)], "capture")]
    if isinstance(e, ev.CharacterKeyed) and before.step == CHARACTERS != after.step:
        lines = leader_lines(after) + victory_lines(after)
        if after.step == END:  # B24, or no curse held: the winner now
            lines += winner_lines(after)
        return [moment("bb_end", lines, "end" if after.victorious else "inquisitor")]
    if isinstance(e, ev.CurseFlipped) and after.step == END:
        return [moment("bb_curses", curse_lines(after) + winner_lines(after), "curses")]
    return []


def moment(kind: str, lines: list[Line], why: str) -> Announcement:
    detail = Words(f"bb.moment.{why}")
    return Announcement(kind, tuple(lines), detail, every(lines), tone=END_TONE)


def every(lines: list[Line]) -> tuple[int, ...]:
    return tuple(range(len(lines)))


def leader_lines(s: State) -> list[Line]:
    """B23: each clan's leader; with the Quill, the Elder's clan is led by its highest rank."""
    lines = []
    for clan, seat in zip(CLANS, s.leaders, strict=True):
        character = s.characters[seat]
        assert character is not None
        params = {"clan": keys.clan(s, clan), "player": player(s, seat), "rank": character[1]}
        elder = next((p for p, c in enumerate(s.characters) if c == (clan, ELDER)), None)
        if elder is not None and s.holds(elder, QUILL):
            lines.append(Line("bb_leader_quill", {**params, "elder": player(s, elder)}))
        else:
            lines.append(Line("bb_leader", params))
    return lines


def inquisitor_seat(s: State) -> int:
    return next(p for p, c in enumerate(s.characters) if c and c[0] == INQUISITOR_CLAN)


def victory_lines(s: State) -> list[Line]:
    """B24: the Inquisitor captured wins alone; B25: the victorious clan and why."""
    assert s.captured is not None and s.captor is not None
    params = {"player": player(s, s.captured), "captor": player(s, s.captor)}
    if s.victorious is None:  # B24
        return [Line("bb_inquisitor_captured", params)]
    clan, why = s.victorious
    captor, captured = s.characters[s.captor], s.characters[s.captured]
    assert captor is not None and captured is not None
    params["clan"] = keys.clan(s, clan)
    if why == "inquisitor_captor":
        params["of"] = keys.clan(s, captured[0])
    else:
        params["of"] = keys.clan(s, captor[0])
        params["rival"] = keys.clan(s, CLANS[1 - CLANS.index(captor[0])])
    return [Line(f"bb_victory_{why}", params)]


def curse_lines(s: State) -> list[Line]:
    """B26: where the True Curse was, as the cards read (the app follows them); on the
    victorious leader the winner's line says it."""
    lines = [Line("bb_curse_mismatch")] if s.curse_mismatch else []
    true = [p for p, is_true in s.flipped if is_true]
    if not true:
        lines.append(Line("bb_true_curse_none"))
    elif s.reason != "true_curse":
        lines.append(Line("bb_true_curse_idle", {"player": player(s, true[0])}))
    return lines


def winner_lines(s: State) -> list[Line]:
    """B24–B26: the winner and why."""
    if s.winner is None:
        return []
    if s.winner == INQUISITOR_CLAN:
        params = {"player": player(s, inquisitor_seat(s))}
        if s.reason == "true_curse":
            assert s.victorious is not None
            clan = s.victorious[0]
            params |= {
                "leader": player(s, s.leaders[CLANS.index(clan)]),
                "clan": keys.clan(s, clan),
            }
            return [Line("bb_win_true_curse", params, chime="victory")]
        return [Line("bb_win_inquisitor", params, chime="victory")]
    return [Line("bb_win_clan", {"clan": keys.clan(s, s.winner)}, chime="victory")]
