"""The game's rules (X1–X5): a whole game by its example, each refusal with its rule, and
the secret seat on no public view before its reveal. Plain functions, no fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.games.base import Refusal, fold
from narrator.prompts import use_game, worded
from tests.games.skeleton import events as ev
from tests.games.skeleton import rules
from tests.games.skeleton.game import GAME

EXAMPLE = Path(__file__).with_name("example.txt")
if not EXAMPLE.exists():  # written into the repo: the test beside the others
    EXAMPLE = Path(GAME.words_dir).parent / "example.txt"


def a_game(*events: ev.Event) -> rules.State:
    return fold(GAME, [ev.GameCreated(("Ann", "Bob", "Cid"), rounds=1), *events])


def refused(state: rules.State, event: ev.Event) -> Refusal:
    with pytest.raises(Refusal) as caught:
        GAME.apply(state, event)
    return caught.value


def test_a_whole_game_ends_with_the_most_points_X4_X5():
    s = a_game(ev.SecretChosen(2), ev.VoteCast(0, 1), ev.VoteCast(1, 2), ev.VoteCast(2, 1))
    s = GAME.apply(s, ev.VotesCounted())
    assert s.points == (0, 1, 0) and s.step == rules.REVEAL  # X4: Bob's two votes
    s = GAME.apply(s, ev.Revealed())
    assert GAME.is_over(s) and s.points == (0, 1, 1)  # X5: Cid's secret seat
    assert GAME.winners(s) == (1, 2)


def test_a_tie_wins_no_point_X4():
    s = a_game(ev.SecretChosen(0), ev.VoteCast(0, 1), ev.VoteCast(1, 2), ev.VoteCast(2, 0))
    assert GAME.apply(s, ev.VotesCounted()).points == (0, 0, 0)


def test_refusals_name_their_rule():
    s = a_game(ev.SecretChosen(0))
    assert refused(s, ev.VoteCast(1, 0)).rule == "X3"  # out of turn
    assert refused(s, ev.VoteCast(0, 0)).rule == "X3"  # not for oneself
    assert refused(s, ev.VoteCast(0, 7)).key == "no_seat"
    assert refused(s, ev.VotesCounted()).rule == "X4"  # still to vote
    assert refused(s, ev.Revealed()).key == "not_now"
    assert refused(rules.State(), ev.GameCreated(("Ann", "Bob"))).rule == "X1"
    use_game(GAME.words_dir)  # worded as the app words it, with the rule, in both languages
    try:
        for lang in ("en", "ru"):
            assert "(X3)" in refused(s, ev.VoteCast(1, 0)).text(lang)
            assert "(X3)" in refused(s, ev.Revealed()).text(lang)  # the common not_now
    finally:
        use_game(None)


def test_the_secret_seat_is_public_only_once_revealed_X2_X5():
    s = a_game(ev.SecretChosen(2))
    assert not GAME.public_view(s).seats[2].marks
    s = fold(GAME, [ev.VoteCast(0, 1), ev.VoteCast(1, 2), ev.VoteCast(2, 1)], s)
    s = fold(GAME, [ev.VotesCounted(), ev.Revealed()], s)
    assert GAME.public_view(s).seats[2].marks


def test_the_secret_seat_is_seen_by_its_picker_alone_X2():
    """Each seat's own page (``seen_by``): the first player, who picked it, sees the secret
    seat, before and after the reveal; no other seat ever does."""
    s = a_game()
    assert all(not GAME.seen_by(s, seat) for seat in range(3))
    s = GAME.apply(s, ev.SecretChosen(2))
    use_game(GAME.words_dir)
    try:
        for lang in ("en", "ru"):
            (line,) = (worded(t, lang) for t in GAME.seen_by(s, 0))
            assert "Cid" in line and "{" not in line
    finally:
        use_game(None)
    s = fold(GAME, [ev.VoteCast(0, 1), ev.VoteCast(1, 2), ev.VoteCast(2, 1)], s)
    s = fold(GAME, [ev.VotesCounted(), ev.Revealed()], s)
    assert len(GAME.seen_by(s, 0)) == 1 and not GAME.seen_by(s, 1) and not GAME.seen_by(s, 2)


def test_legal_moves_reach_the_end():
    s = a_game()
    while not GAME.is_over(s):
        s = GAME.apply(s, GAME.legal_moves(s)[-1])
    assert GAME.winners(s)


def test_the_example_is_a_whole_game():
    """example.txt, read by the game's script reader: its settings, then its entries."""
    reader, s = GAME.script(), GAME.initial()
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if s == GAME.initial() and not reader.is_setting(line) and line.strip()[:1] not in "#":
            s = GAME.apply(s, reader.game_created())  # the settings are read: the game begins
        made = reader.event(line, s, 0)
        if made is not None:
            s = GAME.apply(s, made)
    assert GAME.is_over(s)
