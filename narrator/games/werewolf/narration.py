"""What the narrator says in Werewolf: each step's opening line, the physical moves for the
table after each entry ("take 3 votes and put them on C1", "move D1 to A2", "shuffle A1, C2
and D3; 5 votes back to the supply"), and the moments held on screen until Enter."""

from __future__ import annotations

from dataclasses import replace

from narrator.games.base import Event
from narrator.games.shell_data import Announcement, Line
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import village
from narrator.games.werewolf.night import attacked_spot
from narrator.games.werewolf.residents import hut_of, inquisitors, resident
from narrator.games.werewolf.state import State, Step
from narrator.prompts import Words

DEATH_TONE, TURN_TONE = "#e5534b", "#b58ad8"


def step_lines(s: State) -> list[Line]:
    """Said once, as the step begins."""
    step = s.step
    if step == Step.RESIDENTS:
        return [Line("ww_residents")]
    if step == Step.GRAND_INQUISITOR:
        return [Line("ww_gi_choose")]
    if step == Step.DEAL:
        villagers, werewolves = inquisitors(s.count)
        return [
            Line(
                "ww_deal",
                {"villagers": villagers, "werewolves": werewolves, "player": s.players[s.gi]},
            )
        ]
    if step == Step.HUTS:
        lines = [Line("ww_day", {"day": s.day, "player": s.players[s.gi]})] if s.turn == 0 else []
        if s.huts_left:
            return lines + [Line("ww_hut_turn", {"player": s.players[s.hut_seat]})]
        return lines + [Line("ww_no_hut_turn", {"player": s.players[s.hut_seat]})]
    if step == Step.DISCUSSION:
        return [Line("ww_discussion", {"seconds": s.options.discussion_seconds})]
    if step == Step.VOTE:
        skipped = tuple(s.players[p] for p in s.seats if p not in s.voters)
        lines = [Line("ww_vote_start")]
        if skipped:
            lines.append(Line("ww_vote_skipped", {"players": skipped}))
        return lines + voter_lines(s)
    if step == Step.NIGHT_COLUMN:
        key = "ww_second_attack" if s.second_attack else "ww_night"
        if s.unguarded:  # W22: only when the Bodyguard's hut lies on a card tonight
            key = "ww_night_bodyguard"
        return [Line(key, {"player": s.players[s.gi]})]
    if step == Step.ATTACK_REVEAL:
        return [Line("ww_pass_end", {"spot": attacked_spot(s)})]
    return []


def voter_lines(s: State) -> list[Line]:
    if s.voter is None:
        return [Line("ww_votes_in")]
    return [Line("ww_place_vote", {"player": s.players[s.voter]})]


def event_lines(before: State, e: Event, after: State) -> list[Line]:
    """Said at once for an entry: what the table does now."""
    if isinstance(e, ev.ResidentsSet):
        return [Line("ww_residents_set", {"sum": 0})] if e.how == "first_game" else []
    if isinstance(e, ev.GrandInquisitorChosen):
        return [Line("ww_gi_is", {"player": after.players[e.seat]})]
    if isinstance(e, ev.HutTaken | ev.NoHutLeft):
        return hut_lines(before, e, after)
    if isinstance(e, ev.VoteCast):
        return [
            Line("ww_vote_placed", {"player": after.players[e.seat], "spot": e.spot.upper()})
        ] + voter_lines(after)
    if isinstance(e, ev.ColumnChosen):
        if after.returned:
            return [Line("ww_column_votes", {"column": after.column, "votes": after.returned})]
        return [Line("ww_column", {"column": after.column})]
    return []


def hut_lines(before: State, e, after: State) -> list[Line]:
    """W17: each action said as the physical move the table makes."""
    name = after.players[e.seat]
    taken = max(0, before.supply - after.supply)
    if isinstance(e, ev.NoHutLeft):
        return [Line("ww_no_hut_take", {"player": name, "votes": taken})]
    if e.passed:
        return [Line("ww_pass_hut", {"player": name, "hut": resident(e.hut), "votes": taken})]
    params = {"player": name, "hut": resident(e.hut), "votes": taken}
    if e.spots:
        params["spot"] = e.spots[0].upper()
    if e.hut == "witch":
        moved = village.spot(before.spots, e.spots[0]).votes
        params.update(to=e.spots[1].upper(), votes=moved)
    if e.hut == "bodyguard":
        params["votes"] = after.returned
    if e.hut == "villager":
        params["placed"] = min(taken, 1)
    if e.hut in ("mason", "mayor"):
        params["target"] = after.players[e.seat_target]
    if e.hut == "troublemaker":
        params["spots"] = after.shuffled
    return [Line(f"ww_hut_{e.hut}", params)]


def moves_lines(s: State) -> list[Line]:
    """W21: each card moved, said as the move."""
    return [Line("ww_move", {"source": a, "target": b}) for a, b in s.moves]


def announcements(before: State, e: Event, after: State) -> list[Announcement]:
    """Every page shows the table as it was before the entry until it is read: the grid,
    the votes and the Grand Inquisitor move only when the table has made the moves. The
    winner's page shows the end itself (W31)."""
    pages = pages_of(before, e, after)
    return [replace(page, shows_before=page.kind != "ww_over") for page in pages]


def again_lines(s: State) -> list[Line]:
    """Said again after a take-back or an undo: whose hut turn or vote it is now."""
    if s.step == Step.HUTS:
        return step_lines(s)[-1:]
    if s.step == Step.VOTE:
        return voter_lines(s)
    return step_lines(s)


def pages_of(before: State, e: Event, after: State) -> list[Announcement]:
    if isinstance(e, ev.VotesCounted):
        if after.step == Step.LYNCH_TIE:
            params = {"spots": after.tied, "player": after.players[after.gi]}
            return [Announcement("ww_tie", (Line("ww_tie", params),), headline=(0,))]
        votes = village.spot(after.spots, after.lynched).votes
        line = Line("ww_lynched", {"spot": after.lynched, "votes": votes})
        return [Announcement("ww_lynch", (line,), headline=(0,), tone=DEATH_TONE)]
    if isinstance(e, ev.Revealed):
        return reveal_pages(before, e, after)
    return []


def every(lines) -> tuple[int, ...]:
    """Every line of a page shown large: the moves the table makes are read, not only heard."""
    return tuple(range(len(lines)))


def reveal_pages(before: State, e: ev.Revealed, after: State) -> list[Announcement]:
    kind = resident(e.kind)
    pages: list[Announcement] = []
    if before.step == Step.LYNCH_REVEAL:
        spot = before.lynched
        lines = [Line("ww_lynch_dies", {"spot": spot, "kind": kind, "votes": after.returned})]
        lines += moves_lines(after) if after.step != Step.OVER else []
        detail = Words("ww.dies_detail", {"kind": kind, "hut": hut_words(e.kind)})
        pages.append(Announcement("ww_death", tuple(lines), detail, every(lines), DEATH_TONE))
    else:
        spot = attacked_spot(before)
        if after.converted and not before.converted:
            lines = [Line("ww_cursed_turns", {"spot": spot, "column": before.column})]
            pages.append(Announcement("ww_cursed", tuple(lines), headline=(0,), tone=TURN_TONE))
        else:
            lines = [Line("ww_attack_dies", {"spot": spot, "kind": kind})]
            if after.shuffled:
                lines.append(
                    Line("ww_reshuffle", {"spots": after.shuffled, "votes": after.returned})
                )
            detail = Words("ww.dies_detail", {"kind": kind, "hut": hut_words(e.kind)})
            pages.append(Announcement("ww_death", tuple(lines), detail, every(lines), DEATH_TONE))
        if after.step == Step.NIGHT_COLUMN:  # W29
            more = moves_lines(after)
            pages.append(
                Announcement(
                    "ww_wolf_cub",
                    (Line("ww_wolf_cub_again"), *more),
                    headline=every([None, *more]),
                    tone=DEATH_TONE,
                )
            )
        elif after.step == Step.HUTS and after.moves:  # W30, W21: the table moves cards
            more = tuple(moves_lines(after))
            pages.append(Announcement("ww_combine", more, headline=every(more)))
    if after.step == Step.OVER:
        line = Line(
            f"ww_win_{after.winner}", {"w": after.werewolves_alive, "o": after.others_alive}
        )
        pages.append(Announcement("ww_over", (line,), headline=(0,)))
    return pages


def hut_words(kind: str) -> Words:
    return resident(hut_of(kind))
