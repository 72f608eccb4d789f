"""Werewolf's night as the shell draws it: the Grand Inquisitor's column (W22–W23), the pass
paced by the app with no key (W24: the same cue and the same time for every seat, so timing
tells nothing), the attacked resident's identity (W25–W29), and the end (W31, W38)."""

from __future__ import annotations

import unicodedata

from narrator.games.common.seats import seat_key
from narrator.games.shell_data import Choice, Over, Paced, StepView
from narrator.games.werewolf import events as ev
from narrator.games.werewolf import village
from narrator.games.werewolf.day_view import reveal_view
from narrator.games.werewolf.keys import column_choices, seat_choices, seat_keys_words
from narrator.games.werewolf.night import attacked_spot, columns_open
from narrator.games.werewolf.residents import resident
from narrator.games.werewolf.state import State, Step
from narrator.prompts import Either, Localized, Words, worded

WINNER_TONES = {"villagers": "#3fb96b", "werewolves": "#e5534b"}
PASS_START_SECONDS = 6.0  # the opening line of the pass, before the first turn
CARD_KEYS = (("l", "villager"), ("w", "werewolf"))  # W38
CARDS_WIDTH = 76  # the cards' two columns at most: 80 columns less the screen's margins
GAP = 4  # between the two columns


def column_view(s: State, path: tuple[str, ...]) -> StepView:
    open_ = columns_open(s)
    counts = tuple(
        Words("ww.column_count", {"column": c, "n": len(village.in_column(s.spots, c))})
        for c in open_
    )
    title = "ww.night.second_title" if s.second_attack else "ww.night.title"
    return StepView(
        "choose",
        None,
        title=Words(title, {"day": s.day}),
        body=(
            *((Words("ww.night.bodyguard"),) if s.unguarded else ()),
            Words("ww.night.columns", {"player": s.players[s.gi], "columns": counts}),
        ),
        keys=Words("ww.night.keys"),
        choices=column_choices(ev.ColumnChosen, open_),
        unkeyed=Words("ww.night.unkeyed", {"columns": Either(open_)}),
    )


def pass_view(s: State, path: tuple[str, ...]) -> StepView:
    """W24: N turns of T seconds, each begun by the same cue; only Pause is taken."""
    cue = (("ww_pass", float(s.options.pass_seconds)),)
    lines = ((("ww_pass_start", PASS_START_SECONDS),) if s.passes == 0 else ()) + cue
    turn = {"column": s.column, "turn": s.passes + 1, "turns": s.count}
    title = Words("ww.pass.turn", turn)  # public: turn 1 of N from the first cue on
    paced = Paced(
        lines,
        ev.PassTurned(),
        title,
        Words("ww.pass.note"),
        auto=True,
        pausable=True,
        restart=len(lines) - 1,  # a pause starts the turn again, not the pass
        resumed=(("ww_keep_closed", 3.0),) if s.passes else (),
    )
    return StepView(
        "info",
        None,
        title=Words("ww.pass.title", {"column": s.column}),
        body=(Words("ww.eyes_closed"),),
        primary=Choice("enter", event=paced),
    )


def attack_view(s: State, path: tuple[str, ...]) -> StepView:
    spot = attacked_spot(s)
    return reveal_view(
        s,
        spot,
        Words("ww.attack.title", {"spot": spot}),
        Words("ww.attack.body", {"spot": spot, "player": s.players[s.gi]}),
    )


def over_view(s: State, path: tuple[str, ...]) -> StepView:
    """W31: the winners, full screen; W38: the Inquisitor cards may be keyed, for the record."""
    if path:
        seat = int(path[0])
        choices = tuple(
            Choice(key, Words(f"term.card.{card}"), ev.InquisitorKeyed(seat, card))
            for key, card in CARD_KEYS
        )
        return StepView(
            "choose",
            None,
            title=Words("ww.over.card_title", {"player": s.players[seat]}),
            body=(Words("ww.over.card_body", {"player": s.players[seat]}),),
            keys=Words("ww.over.card_keys"),
            choices=choices,
        )
    cards = s.inquisitors or (None,) * s.count
    dead = tuple(resident(k) for k in s.dead)
    over = Over(
        Words(f"ww.over.banner.{s.winner}"),
        Words(f"ww.over.line.{s.winner}", {"w": s.werewolves_alive, "o": s.others_alive}),
        (Words("ww.over.dead", {"kinds": dead, "day": s.day}),),
        WINNER_TONES.get(s.winner or ""),
    )
    return StepView(
        "over",
        None,
        body=(over, Words("ww.over.cards", {"keys": seat_keys_words(s)}), card_columns(s, cards)),
        choices=seat_choices(s, lambda p: (str(p),)),
        theme="ww-over",  # the winner and every seat's card on one screen (theme.tcss)
    )


def cells(text: str) -> int:
    """The columns ``text`` takes on a terminal (a wide character takes two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def card_columns(s: State, cards: tuple) -> Localized:
    """W38: each seat's Inquisitor card as keyed ("?" until then), seat by seat down two
    columns, so that at 80×24 every seat's line is on screen under the winner; one column when
    two would not fit (long names)."""

    def text(lang: str) -> str:
        lines = [
            f"[{seat_key(p, s.count)}] {name}: "
            + (worded(Words(f"term.card.{card}"), lang) if card else "?")
            for p, (name, card) in enumerate(zip(s.players, cards, strict=True))
        ]
        half = (len(lines) + 1) // 2
        left, right = lines[:half], lines[half:]
        width = max(cells(line) for line in left)
        if width + GAP + max((cells(line) for line in right), default=0) > CARDS_WIDTH:
            return "\n".join(lines)
        rows = [a + " " * (width - cells(a) + GAP) + b for a, b in zip(left, right, strict=False)]
        return "\n".join(rows + left[len(right) :])

    return Localized(text)


NIGHT_VIEWS = {
    Step.NIGHT_COLUMN: column_view,  # W22–W23
    Step.NIGHT_PASS: pass_view,  # W24
    Step.ATTACK_REVEAL: attack_view,  # W25–W29
    Step.OVER: over_view,  # W31, W38
}
