"""Blood Bound's game record and its one line an entry (issue 20, item 4): every entry worded in
en and ru, the end with the winner and why (B22–B26), and the secret kept (B19, B21): two games
that differ only in where the True Curse went read the same until the end."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from narrator.games.blood_bound import events as ev
from narrator.games.blood_bound import rules, story
from narrator.games.blood_bound.events import Options
from narrator.games.blood_bound.flow import END
from narrator.games.blood_bound.state import State
from narrator.prompts import use_game

WORDS = Path(rules.__file__).parent / "words"
NAMES = ("Ann", "Bob", "Carl", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim")
A, B, C, D, E, F, G, H, IVY = range(9)
LANGS = ("en", "ru")

# The example's game (examples/blood-bound-nine-players.txt) as events.
EXAMPLE = [
    ev.GameCreated(NAMES[:9], Options(), seed=41),
    ev.CardsDealt(),
    ev.CluesShown(),
    ev.DaggerGiven(A, drawn=True),
    ev.DaggerPassed(A, B),
    ev.DaggerPassed(B, C),
    ev.Attacked(C, D),
    ev.InterventionOffered(E),
    ev.InterventionOffered(F),
    ev.InterventionOffered(E),
    ev.InterventionPicked(F),
    ev.WoundTaken(F, "rank", 6),
    ev.AbilityUsed(F, (H,)),
    ev.Attacked(F, A),
    ev.InterventionPicked(None),
    ev.WoundTaken(A, "unknown"),
    ev.Attacked(A, C),
    ev.InterventionPicked(None),
    ev.WoundTaken(C, "rank", 7),
    ev.AbilityUsed(C),
    ev.WoundTaken(A, "unknown"),
    ev.DaggerPassed(C, D),
    ev.DaggerPassed(D, G),
    ev.Attacked(G, D),
    ev.InterventionOffered(IVY),
    ev.InterventionPicked(None),
    ev.WoundTaken(D, "fleur"),
    ev.CursesGiven(D, (A, B, IVY), true_curse=A),
    ev.Attacked(D, B),
    ev.InterventionPicked(None),
    ev.WoundTaken(B, "unknown"),
    ev.DaggerPassed(B, E),
    ev.Attacked(E, B),
    ev.InterventionOffered(IVY),
    ev.InterventionPicked(IVY),
    ev.WoundTaken(IVY, "rank", 8),
    ev.AbilityUsed(IVY, (G,)),
    ev.Attacked(IVY, B),
    ev.InterventionPicked(None),
    ev.WoundTaken(B, "unknown"),
    ev.Attacked(B, G),
    ev.InterventionPicked(None),
    ev.WoundTaken(G, "unknown"),
    ev.Attacked(G, B),
    ev.InterventionPicked(None),
    ev.WoundTaken(B, "rank", 3),
    ev.AbilityUsed(B, (D, E)),
    ev.DaggerPassed(B, E),
    ev.Attacked(E, B),
    ev.InterventionPicked(None),
    ev.CaptureKeyed(B, E),
    ev.CharacterKeyed(A, "beast", 2),
    ev.CharacterKeyed(B, "rose", 3),
    ev.CharacterKeyed(C, "rose", 7),
    ev.CharacterKeyed(D, "inquisitor"),
    ev.CharacterKeyed(E, "beast", 4),
    ev.CharacterKeyed(F, "rose", 6),
    ev.CharacterKeyed(G, "beast", 9),
    ev.CharacterKeyed(H, "rose", 5),
    ev.CharacterKeyed(IVY, "beast", 8),
    ev.CurseFlipped(A, True),
    ev.CurseFlipped(B, False),
    ev.CurseFlipped(IVY, False),
]


@pytest.fixture(autouse=True)
def _words():
    use_game(WORDS)
    yield
    use_game(None)


def states(events) -> list[State]:
    """The state after each event (the first: before any)."""
    out = [State()]
    for e in events:
        out.append(rules.apply(out[-1], e))
    return out


def lines(events, lang: str = "en") -> list[str]:
    s = states(events)
    return [story.describe(s[i], e, s[i + 1], lang) for i, e in enumerate(events)]


def with_true_curse(events, seat: int) -> list:
    """The same game with the True Curse given to ``seat`` (keyed first, as the privacy screen
    takes it: the True Curse's seat, then each False Curse's)."""

    def moved(e: ev.CursesGiven) -> ev.CursesGiven:
        holders = (seat, *(h for h in e.holders if h != seat))
        return dataclasses.replace(e, holders=holders, true_curse=seat)

    return [moved(e) if isinstance(e, ev.CursesGiven) else e for e in events]


def test_the_example_ends_with_the_inquisitor_stealing_the_win_B26():
    end = states(EXAMPLE)[-1]
    assert (end.step, end.winner, end.reason) == (END, "inquisitor", "true_curse")
    assert lines(EXAMPLE)[-1].endswith(
        "Dan, the Inquisitor, wins alone: the True Curse is on Ann, who leads the victorious "
        "Beast (B26)."
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_has_one_worded_line_B14(lang):
    for line in lines(EXAMPLE, lang):
        assert line and "{" not in line and "bb." not in line


def test_the_curses_line_names_only_who_got_a_card_B19_B21():
    i = next(n for n, e in enumerate(EXAMPLE) if isinstance(e, ev.CursesGiven))
    assert lines(EXAMPLE)[i] == "Dan gives curse cards to Ann, Bob and Ivy."
    assert lines(EXAMPLE, "ru")[i] == "Dan раздаёт карты проклятий: Ann, Bob и Ivy."


@pytest.mark.parametrize("lang", LANGS)
def test_games_differing_only_in_the_true_curse_read_the_same_until_the_end_B19_B21(lang):
    other = with_true_curse(EXAMPLE, IVY)  # the cards as flipped now differ: a mismatch (B26)
    assert lines(other, lang) == lines(EXAMPLE, lang)
    mine, theirs = states(EXAMPLE), states(other)
    for n in range(len(EXAMPLE)):
        if mine[n + 1].step == END:
            break
        seen = EXAMPLE[: n + 1]
        assert story.record(mine[n + 1], seen, lang) == story.record(
            theirs[n + 1], other[: n + 1], lang
        )
    else:
        pytest.fail("the game never ended")
    assert n == len(EXAMPLE) - 1  # only the last flip ends it
    ends = story.record(mine[-1], EXAMPLE, lang), story.record(theirs[-1], other, lang)
    assert ends[0] != ends[1]  # B26: once over, the record says where it went


def test_once_over_the_record_says_where_the_true_curse_went_and_any_mismatch_B26():
    end = states(EXAMPLE)[-1]
    text = story.record(end, EXAMPLE, "en")
    assert "On the privacy screen the Inquisitor gave the True Curse to Ann (B19)." in text
    assert "differ from the privacy screen" not in text
    other = with_true_curse(EXAMPLE, IVY)
    mismatched = states(other)[-1]
    assert mismatched.curse_mismatch and mismatched.reason == "true_curse"  # the cards decide
    text = story.record(mismatched, other, "en")
    assert "gave the True Curse to Ivy (B19)." in text
    assert "The cards as flipped differ from the privacy screen: the cards decide (B26)." in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_record_is_complete_B14_B22_B26(lang):
    end = states(EXAMPLE)[-1]
    text = story.record(end, EXAMPLE, lang)
    heads = [line for line in text.splitlines() if line.startswith("#")]
    assert len(heads) == 5  # the title, the players, the rulings, the timeline, the end
    assert sum(line.startswith("| ") for line in text.splitlines()) == 1 + 9  # a row a seat
    timeline = [line for line in text.splitlines() if line.startswith("- ")]
    assert len(timeline) == 5 + len(EXAMPLE) + 5  # rulings, every entry, the end's five
    assert text.rstrip().endswith("(B26).**")
    assert "{" not in text and "bb." not in text
    if lang == "en":
        for said in (
            "| 4 | Dan | fleur cross | — | the Inquisitor |",
            "| 1 | Ann | Unknown, Unknown | curse card | the Beast Assassin (2) |",
            "- Curse cards (B7): By the count: 1 True and 1, 2 or 3 False (1 True, 2 False)",
            "- Bob is captured by Eve.",
            "- The leaders (B23): Bob leads the Rose and Ann leads the Beast.",
            "- The Beast clan is victorious (B25).",
            "- The curse cards flipped (B26): Ann: True, Bob: False and Ivy: False.",
        ):
            assert said in text, said


def test_a_record_before_the_end_has_no_end_and_no_true_curse_B21():
    seen = EXAMPLE[:40]
    text = story.record(states(seen)[-1], seen, "en")
    assert "## The end" not in text and "True Curse" not in text and "**" not in text


def test_gargoyle_and_phoenix_name_the_clans_B1():
    created = ev.GameCreated(NAMES[:7], Options(clans="gargoyle_phoenix"))
    events = [created, ev.CardsDealt(), ev.CluesShown(), ev.DaggerGiven(A)]
    events += [ev.Attacked(A, B), ev.InterventionPicked(None), ev.WoundTaken(B, "rose")]
    assert lines(events)[-1] == "Bob takes a Gargoyle token: 1 wound. Bob takes the dagger."
    assert lines(events, "ru")[-1] == "Bob берёт жетон «Горгулья»: 1 рана. Bob получает кинжал."
    assert lines(events)[3] == "Ann takes the dagger first."


@pytest.mark.parametrize(
    "reason, winner",
    [
        ("inquisitor_captured", "inquisitor"),  # B24
        ("rival_leader_captured", "beast"),  # B25
        ("rival_leader_missed", "rose"),
        ("inquisitor_captor", "rose"),
        ("true_curse", "inquisitor"),  # B26
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_every_winner_is_worded_with_why_B24_B26(reason, winner, lang):
    end = dataclasses.replace(states(EXAMPLE)[-1], reason=reason, winner=winner)
    text = story.winner_words(end).text(lang, WORDS)
    assert text and "{" not in text and f"(B2{4 if reason == 'inquisitor_captured' else ''}" in text


def walk(seed: int, count: int, limit: int = 400) -> list:
    """Random legal entries from one seed (the app's draw stands in for the first dagger)."""
    rng = random.Random(seed)
    s = rules.apply(State(), ev.GameCreated(NAMES[:count], seed=seed))
    events: list = [ev.GameCreated(NAMES[:count], seed=seed)]
    for _ in range(limit):
        moves = rules.legal_moves(s)
        if not moves:
            break
        e = rng.choice(moves)
        s = rules.apply(s, e)
        events.append(e)
    return events


@pytest.mark.parametrize("seed, count", [(1, 7), (2, 9), (3, 11), (4, 7)])
def test_random_games_are_worded_and_keep_the_secret_B19_B21(seed, count):
    events = walk(seed, count)
    given = next((e for e in events if isinstance(e, ev.CursesGiven)), None)
    for lang in LANGS:
        said = lines(events, lang)
        assert all(said) and not any("{" in line for line in said)
        if given is None:
            continue
        other = next(h for h in given.holders if h != given.true_curse)
        changed = with_true_curse(events, other)
        assert lines(changed, lang) == said
        mine, theirs = states(events)[-2], states(changed)[-2]  # the last entry ends it
        assert mine.step != END
        assert story.record(mine, events[:-1], lang) == story.record(theirs, changed[:-1], lang)
