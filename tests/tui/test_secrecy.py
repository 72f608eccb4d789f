"""Secrets stay secret: the public screen and every spoken line are the same whoever the
Ultimate Price targets, and whatever the secret draws were, until the reveal (R23, R29)."""

from __future__ import annotations

import pytest

from narrator.games.ravnica import Options
from narrator.games.ravnica import events as ev
from narrator.games.ravnica.state import Step
from narrator.tui.game import GameScreen
from tests.tui.driver import (
    journal_until,
    play_step,
    screen_text,
    settled_text,
    tie_planner,
    wait_for,
)

SIZE = (100, 30)


async def public_frames(make_app, target_index: int, tmp_path) -> tuple[list[str], list[str], int]:
    """The public frames and spoken lines from the Black leader's choice to the reveal: up to
    that choice the two games are the same journal (played by the engine, to save time)."""
    journal = journal_until(
        tmp_path / f"g{target_index}",
        lambda s: s.step is Step.CHOOSE and s.round_colour == "B",
        seed=8,
        names=("Ann", "Bob", "Cid", "Dee", "Eve", "Fay"),
        options=Options(deck_mode="app"),
        pick=tie_planner,
    )
    app = make_app(clock=lambda: 0.0, resume=journal.path, new=False)
    frames: list[str] = []
    target = -1
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None)

        def pick(s, moves):
            nonlocal target
            if moves and isinstance(moves[0], ev.UltimatePriceNoted):
                chosen = moves[target_index]
                target = chosen.player
                return chosen
            return tie_planner(s, moves)

        while not app.state.ultimate_price_revealed:
            await play_step(pilot, app, pick)
            if isinstance(app.screen, GameScreen) and app.state.step is not Step.ROLES:
                frames.append(await settled_text(pilot))
        spoken = list(app.voice.spoken)
        # the reveal itself names the target, and only then
        reveal_at = next(
            i
            for i, line in enumerate(spoken)
            if "Ultimate Price" in line and app.state.players[target] in line
        )
        return frames, spoken[:reveal_at], target


@pytest.mark.long
async def test_ultimate_price_target_never_shown_or_spoken_before_reveal_R23_R29(
    make_app, tmp_path
):
    frames_a, spoken_a, target_a = await public_frames(make_app, 0, tmp_path)
    frames_b, spoken_b, target_b = await public_frames(make_app, -1, tmp_path)
    assert target_a != target_b
    assert len(frames_a) == len(frames_b) > 25
    for a, b in zip(frames_a, frames_b, strict=True):
        assert a == b
    assert spoken_a == spoken_b


# --- a refused card at Blue's public draw names no secret draw (R18) ---------------------------


def white_drew(drawn: str):
    """Choices for a game whose White round comes first and whose White leader draws
    ``drawn`` (G or R) and chooses the Gruul (R/G) player, whichever card it was; Blue next."""

    def pick(s, moves):
        if s.step is Step.TURN_LEADER_CARD:
            return ev.LeaderCardTurned("WU"[s.round])
        if s.step is Step.DRAW and s.round_colour == "W":
            return ev.TargetDrawn(drawn)
        if s.step is Step.CHOOSE and s.round_colour == "W":
            return ev.PlayerChosen(s.guilds.index("Gruul"))
        return moves[0]

    return pick


async def blue_draw_after_white_drew(make_app, tmp_path, drawn: str):
    """The public Blue draw, White's secret card pressed there: the screen before and after
    the key (toasts included), and the refusals."""
    games = tmp_path / f"white-{drawn}"
    journal = journal_until(
        games,
        lambda s: s.step is Step.DRAW and s.round_colour == "U",
        pick=white_drew(drawn),
        stem="game",  # both journals have the same name: the resumed caption names the file
    )
    assert journal.state.draw_of("W").colour == drawn
    app = make_app(clock=lambda: 0.0, data_dir=games, resume=journal.path, new=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:  # toasts shown
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        while app.pages:  # the election's result, shown again on resume: read it
            await play_step(pilot, app, lambda s, moves: moves[0])
        assert app.state.step is Step.DRAW and app.state.round_colour == "U"
        before = await settled_text(pilot)
        await pilot.press(drawn.lower())  # the card White drew in secret: not in the deck
        await wait_for(pilot, lambda: bool(app.refusals))
        # until it is up in the message line under the step (never a toast)
        await wait_for(pilot, lambda: screen_text(app).count(app.refusals[-1][:20]) == 1)
        assert len(journal.events) == len(app.journal.events)  # nothing was entered
        return before, await settled_text(pilot), list(app.refusals)


async def test_blue_draw_refuses_whites_secret_card_without_naming_it_R18(make_app, tmp_path):
    before_g, screen_g, refused_g = await blue_draw_after_white_drew(make_app, tmp_path, "G")
    before_r, screen_r, refused_r = await blue_draw_after_white_drew(make_app, tmp_path, "R")
    assert before_g == before_r
    assert refused_g == refused_r and len(refused_g) == 1
    assert screen_g == screen_r
    colours = ("White", "Blue", "Black", "Red", "Green")
    assert not [c for c in colours if c.lower() in refused_g[0].lower()], refused_g[0]
    # The refusal brought no colour's name on screen (the key line names them all, before too).
    for colour in colours:
        assert screen_g.count(colour) == before_g.count(colour), (colour, screen_g)
