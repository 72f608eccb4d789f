"""What the story says: what decided each vote (R15, R27, R27a–c), the record in both
languages, and no secret before its reveal (R18, R23, R29)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from narrator.games.ravnica import State, Step, apply
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import Stage
from narrator.games.ravnica.story import (
    STAGE_NAMES,
    death_lines,
    describe,
    reason,
    record_markdown,
    result_line,
    stage_name,
    winner_line,
)
from narrator.games.ravnica.tables import GUILD_ORDER
from narrator.prompts import LANGUAGES, prompt, words
from tests.games.table import (
    ANN,
    BOB,
    CID,
    DEE,
    EVE,
    EVERYONE_LEADS,
    FAY,
    FOUR_LEADERS,
    THREE_LEADERS,
    election,
    final_vote,
    five_rounds,
    new_game,
    run,
    vote_all,
)
from tests.games.walk import next_move, random_game_created

BLUE_TIE = {ANN: DEE, BOB: FAY, CID: DEE, DEE: DEE, EVE: FAY, FAY: FAY}  # Dee 3, Fay 3
FIVE_WAY = {ANN: BOB, BOB: CID, CID: DEE, DEE: EVE, EVE: ANN}
NARROW_TO_DEE_EVE = {ANN: DEE, BOB: DEE, CID: EVE, DEE: EVE, EVE: ANN}
RULE_ID = re.compile(r"\bR\d+[a-c]?\b")


def latin_words(text: str, names) -> list[str]:
    """Words in Latin letters that are not a player's or a guild's name (nor a rule id)."""
    allowed = set(GUILD_ORDER) | {w for n in names for w in re.findall(r"[A-Za-z]+", n)}
    return sorted({w for w in re.findall(r"[A-Za-z]+", RULE_ID.sub("", text))} - allowed)


def test_the_latin_word_check_finds_english():
    assert latin_words("Eve (Orzhov) умирает (R27c)", ["Eve"]) == []
    assert latin_words("Ann votes for Bob (R14)", ["Ann", "Bob"]) == ["for", "votes"]


# --- what decided a counted ballot ----------------------------------------------------------


def _election_majority():
    return election(new_game(), "W", {ANN: ANN, BOB: EVE, CID: EVE, DEE: ANN, EVE: EVE})


def _final_after_voteoff(**options):
    return vote_all(vote_all(final_vote(**options), FIVE_WAY), NARROW_TO_DEE_EVE)


def _final_after_non_leaders(**options):
    state = vote_all(final_vote(THREE_LEADERS, **options), {ANN: BOB, BOB: CID, CID: DEE})
    state = vote_all(state, {ANN: CID, BOB: DEE, CID: BOB})  # still Bob, Cid and Dee
    return vote_all(state, {DEE: CID, EVE: DEE})  # Cid and Dee tied


SKIPPED_EN = (
    "Dee and Eve are still tied after the vote-off, and every player leads a colour, so there "
    "is no vote of the players who lead no colour (R27b); "
)
SKIPPED_RU = (
    "после переголосования снова ничья — Dee и Eve; каждый игрок — лидер цвета, поэтому "
    "голосования тех, кто не лидер, нет (R27b); "
)
AFTER_R27B_EN = (
    "Cid and Dee are still tied after the vote of the players who lead no colour (R27b); "
)
AFTER_R27B_RU = "после голосования тех, кто не лидер, снова ничья — Cid и Dee (R27b); "
REASONS = {  # name: (the game, decided_by, English, Russian)
    "majority_R14": (
        _election_majority,
        "majority",
        "most votes: 3 of 5",
        "больше всех голосов: 3 из 5",
    ),
    "guild_order_R15": (
        lambda: election(new_game(6), "U", BLUE_TIE),
        "guild_order",
        "Dimir (Fay) comes before Simic (Dee) in the guild order",
        "гильдия Dimir (Fay) идёт в порядке гильдий раньше, чем Simic (Dee)",
    ),
    "three_way_guild_order_R15": (
        lambda: election(
            new_game(6), "U", {ANN: ANN, BOB: ANN, CID: DEE, DEE: DEE, EVE: FAY, FAY: FAY}
        ),
        "guild_order",
        "Azorius (Ann) comes before Dimir (Fay) and Simic (Dee) in the guild order",
        "гильдия Azorius (Ann) идёт в порядке гильдий раньше, чем Dimir (Fay) и Simic (Dee)",
    ),
    "revote_R15": (
        lambda: election(new_game(6, election_tie="revote"), "U", BLUE_TIE),
        "next_vote",
        "Dee and Fay are tied: a re-vote among them (R15)",
        "ничья — Dee и Fay: переголосование среди них (R15)",
    ),
    "revote_tied_again_R15": (
        lambda: vote_all(election(new_game(6, election_tie="revote"), "U", BLUE_TIE), BLUE_TIE),
        "guild_order",
        "the re-vote tied again, and Dimir (Fay) comes before Simic (Dee) in the guild order",
        (
            "переголосование снова дало ничью, а гильдия Dimir (Fay) идёт в порядке гильдий "
            "раньше, чем Simic (Dee)"
        ),
    ),
    "narrator_R15": (
        lambda: apply(
            election(new_game(6, election_tie="narrator"), "U", BLUE_TIE), ev.TieBroken(DEE)
        ),
        "narrator",
        "the narrator picks among the tied",
        "выбор ведущего среди игроков с ничьей",
    ),
    "majority_R27": (
        lambda: vote_all(final_vote(), {ANN: CID, BOB: CID, CID: DEE, DEE: CID, EVE: ANN}),
        "majority",
        "most votes: 3 of 5",
        "больше всех голосов: 3 из 5",
    ),
    "voteoff_R27a": (
        lambda: vote_all(final_vote(), FIVE_WAY),
        "next_vote",
        "Ann, Bob, Cid, Dee and Eve are tied: a vote-off among them, by the same leaders (R27a)",
        "ничья — Ann, Bob, Cid, Dee и Eve: те же лидеры переголосовывают среди них (R27a)",
    ),
    "non_leaders_R27b": (
        lambda: vote_all(
            vote_all(final_vote(FOUR_LEADERS), {ANN: BOB, BOB: CID, CID: DEE, EVE: ANN}),
            {ANN: ANN, BOB: BOB, CID: ANN, EVE: BOB},
        ),
        "next_vote",
        "Ann and Bob are still tied: the players who lead no colour vote among them (R27b)",
        "снова ничья — Ann и Bob: среди них голосуют те, кто не лидер (R27b)",
    ),
    "guild_order_R27b_skipped_R27c": (
        _final_after_voteoff,
        "guild_order",
        SKIPPED_EN + "Orzhov (Eve) comes before Simic (Dee) in the guild order (R27c)",
        SKIPPED_RU + "гильдия Orzhov (Eve) идёт в порядке гильдий раньше, чем Simic (Dee) (R27c)",
    ),
    "nobody_R27b_skipped_R27c": (
        lambda: _final_after_voteoff(final_tie="nobody"),
        "nobody",
        SKIPPED_EN + "nobody dies by vote (R27c)",
        SKIPPED_RU + "по итогам голосования никто не умирает (R27c)",
    ),
    "narrator_R27b_skipped_R27c": (
        lambda: apply(_final_after_voteoff(final_tie="narrator"), ev.TieBroken(DEE)),
        "narrator",
        SKIPPED_EN + "the narrator picks among the tied (R27c)",
        SKIPPED_RU + "выбор ведущего среди игроков с ничьей (R27c)",
    ),
    "guild_order_after_R27b_R27c": (
        _final_after_non_leaders,
        "guild_order",
        AFTER_R27B_EN + "Gruul (Cid) comes before Simic (Dee) in the guild order (R27c)",
        AFTER_R27B_RU + "гильдия Gruul (Cid) идёт в порядке гильдий раньше, чем Simic (Dee) (R27c)",
    ),
    "nobody_after_R27b_R27c": (
        lambda: _final_after_non_leaders(final_tie="nobody"),
        "nobody",
        AFTER_R27B_EN + "nobody dies by vote (R27c)",
        AFTER_R27B_RU + "по итогам голосования никто не умирает (R27c)",
    ),
}


@pytest.mark.parametrize("case", REASONS)
def test_reason_says_what_decided_the_vote_R15_R27(case):
    game, decided_by, english, russian = REASONS[case]
    state = game()
    result = state.results[-1]
    assert result.decided_by == decided_by
    assert reason(state, result) == reason(state, result, "en") == english
    assert reason(state, result, "ru") == russian
    assert latin_words(russian, state.players) == []


def test_reason_covers_every_way_a_vote_is_decided():
    assert {case[1] for case in REASONS.values()} == {
        "majority",
        "guild_order",
        "narrator",
        "nobody",
        "next_vote",
    }


def test_r27b_is_skipped_only_when_everyone_leads_a_colour_R27b():
    skipped = _final_after_voteoff()
    assert skipped.non_leaders() == () and skipped.results[-1].stage is Stage.VOTEOFF
    assert "every player leads a colour" in reason(skipped, skipped.results[-1])
    held = _final_after_non_leaders()
    assert held.non_leaders() == (DEE, EVE)
    assert "every player leads a colour" not in reason(held, held.results[-1])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reason_reads_in_the_spoken_tie_line_R15(lang):
    state = election(new_game(6), "U", BLUE_TIE)
    result = state.results[-1]
    line = prompt(
        "election_tie",
        lang,
        players=("Dee", "Fay"),
        player="Fay",
        reason=reason(state, result, lang),
    )
    expected = {
        "en": "A tie between Dee and Fay. Fay wins the tie: Dimir (Fay) comes before Simic (Dee) "
        "in the guild order.",
        "ru": "Ничья: Dee и Fay. Ничью выигрывает Fay: гильдия Dimir (Fay) идёт в порядке "
        "гильдий раньше, чем Simic (Dee).",
    }
    assert line == expected[lang]
    assert "R15" not in line  # spoken: no rule id read aloud


def test_result_line_gives_the_tally_and_the_reason_R15():
    state = election(new_game(6), "U", BLUE_TIE)
    assert result_line(state, state.results[-1]) == (
        "Blue leader election: Dee 3, Fay 3. "
        "Fay leads: Dimir (Fay) comes before Simic (Dee) in the guild order."
    )
    assert result_line(state, state.results[-1], "ru") == (
        "Выборы лидера (цвет — синий): Dee 3, Fay 3. "
        "Новый лидер — Fay: гильдия Dimir (Fay) идёт в порядке гильдий раньше, чем Simic (Dee)."
    )
    state = _final_after_voteoff(final_tie="nobody")
    assert result_line(state, state.results[-1]).endswith("; nobody dies by vote (R27c).")


def test_stage_names_in_both_languages_R27():
    assert (
        STAGE_NAMES[Stage.VOTEOFF] == stage_name(Stage.VOTEOFF) == "vote-off among the tied (R27a)"
    )
    assert set(STAGE_NAMES) == set(Stage)
    assert stage_name(Stage.NON_LEADERS, "ru") == "голосование тех, кто не лидер (R27b)"


# --- the record in Russian ------------------------------------------------------------------

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivo", "Jan")


def random_game(seed: int):
    rng = random.Random(seed)
    count = rng.randint(5, 10)
    created = replace(random_game_created(rng, count), players=NAMES[:count])
    events, states = [created], [State(), apply(State(), created)]
    while states[-1].step is not Step.OVER:
        events.append(next_move(states[-1], rng, count))
        states.append(apply(states[-1], events[-1]))
    return events, states


def test_russian_record_and_lines_hold_no_english_but_names():
    decided, stages = set(), set()
    for seed in range(30):
        events, states = random_game(seed)
        for before, event, after in zip(states[:-1], events, states[1:], strict=True):
            line = describe(before, event, after, "ru")
            assert latin_words(line, after.players) == [], (event, line)
        state = states[-1]
        record = record_markdown(state, events, "ru")
        assert latin_words(record, state.players) == [], seed
        assert "Равника: Инквизиция" in record and state.players[-1] in record
        assert (
            latin_words(winner_line(state, "ru") + " ".join(death_lines(state, "ru")), NAMES) == []
        )
        decided |= {r.decided_by for r in state.results}
        stages |= {r.stage for r in state.results}
    assert decided == {"majority", "guild_order", "narrator", "next_vote"}
    assert stages == set(Stage)  # every kind of vote was worded
    for game, *_ in REASONS.values():  # and every way a vote is decided ("nobody" too)
        state = game()
        line = result_line(state, state.results[-1], "ru")
        assert latin_words(line, state.players) == [], line


def test_english_record_has_the_outcome():
    events, states = random_game(3)
    record = record_markdown(states[-1], events)
    assert record.startswith("# Ravnica: Inquisition — game record\n")
    assert "| seat | player | guild | leads | role |" in record
    assert winner_line(states[-1]) in record and "## Deaths" in record


# --- secrets ----------------------------------------------------------------------------------

# The Black leader (Eve) draws Black and notes Bob; or draws Red and notes Bob: Bob is both.
BLACK_DRAWS_RED = tuple(
    ("B", EVE, "R", BOB) if colour == "B" else (colour, leader, draw, choice)
    for colour, leader, draw, choice in EVERYONE_LEADS
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_record_before_the_reveal_names_no_secret_R18_R23_R29(lang):
    def record(plan, target: int, last: str) -> tuple[str, State]:
        events = [
            ev.GameCreated(NAMES[:5], new_game().options, seed=1),
            ev.GuildsDealt(("Azorius", "Rakdos", "Gruul", "Simic", "Orzhov")),
            ev.OpeningDone(),
        ]
        for colour, leader, draw, choice in plan:
            events += [ev.LeaderCardTurned(colour), ev.DiscussionEnded()]
            events += [ev.VoteCast(v, leader) for v in range(5)] + [ev.VotesClosed()]
            if draw is not None:
                pick = ev.UltimatePriceNoted(target) if colour == "B" else ev.PlayerChosen(choice)
                events += [ev.TargetDrawn(draw), pick]
            events.append(ev.AbilityDone())
        events += [ev.TargetDrawn(last), ev.AblazeGiven(BOB), ev.DiscussionEnded()]
        state = run(State(), *events)
        return record_markdown(state, events, lang), state

    shown, state = record(EVERYONE_LEADS, BOB, "R")
    assert state.step is Step.FINAL_VOTE and state.ultimate_price == BOB
    assert record(EVERYONE_LEADS, EVE, "R")[0] == shown  # whom the price is on (R23)
    assert record(BLACK_DRAWS_RED, BOB, "B")[0] == shown  # which cards were drawn (R18)
    state = five_rounds(new_game(), EVERYONE_LEADS)
    before, after = state, apply(state, ev.TargetDrawn("R"))
    assert describe(before, ev.TargetDrawn("R"), after, lang) in shown


def test_story_words_have_the_same_ids_and_placeholders_in_both_languages():
    en, ru = words("en"), words("ru")
    mine = {i for i in en.ids | ru.ids if i.startswith(("story.", "refusal.script_"))}
    assert mine <= en.ids and mine <= ru.ids
    assert {i for i in mine if en.placeholders(i) != ru.placeholders(i)} == set()
    assert len(mine) > 60
