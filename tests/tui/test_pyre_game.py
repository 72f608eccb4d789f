"""The Pyre by keys through the shell (issue 21): the 4-player example game
(`examples/pyre-four-players.txt`: Citizens, accusations and an exoneration with the die keyed
(P10–P12, P15), a reaction with priority and a changed roll (P16), the window's outcome at its
close (P24), a flip and a flip-back (P19, P20), an ignition (P17), a Citizen back from the
discard pile (P23), and the win at the start of a turn, P21), every entry keyed as a narrator
would: each action's letter and what it needs, names and numbers typed, warnings confirmed.
The app ends where the script player ends, entry for entry. Then a 3-player game's first
rounds in Russian show no English word."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from narrator.games.pyre import events as ev
from narrator.games.pyre.game import GAME
from narrator.games.pyre.keys import resolving
from narrator.games.pyre.state import State
from narrator.journal import Journal
from narrator.play import play_script
from narrator.tui.game import GameScreen
from narrator.tui.modals import ConfirmScreen
from narrator.tui.speech import CaptionsOnly
from tests.tui.driver import screen_text, send_key, settled_text, wait_for
from tests.tui.russian import english_words

EXAMPLE = Path(__file__).parents[2] / "examples" / "pyre-four-players.txt"
SIZE = (110, 36)
MOVES = {"council": "c", "pyre": "p", "discard": "d"}


def example_events(tmp_path) -> list:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert play_script(lines, io.StringIO(), tmp_path / "script") == 0
    (path,) = (tmp_path / "script").glob("*.jsonl")
    return list(Journal.open(path).events)


def named(s: State, card: str) -> list[str]:
    """A card's effect: "g", and its name typed first unless it is the card being resolved."""
    return ["g"] if resolving(s) == card else ["g", *card, "enter"]


def keys_of(s: State, e) -> list[str]:
    """The keys a narrator presses for entry ``e`` at state ``s`` (seats 1–6, places 1–9)."""
    seat = lambda p: str(p + 1)  # noqa: E731
    match e:
        case ev.Dealt() | ev.WindowClosed() | ev.TurnEnded() | ev.CardPicked():
            return ["enter"]
        case ev.FirstPlayer(seat=p):
            return [seat(p)]
        case ev.Drew():
            return ["d"]
        case ev.CitizenPlayed(influence=n):
            return ["c", *str(n), "enter"]
        case ev.Accused(owner=o, place=i):
            return ["a", seat(o), str(i + 1)]
        case ev.Exonerated(place=i):
            return ["o", str(i + 1)]
        case ev.Rolled(value=v):
            return [str(v)]
        case ev.ActionCardPlayed(card=card, cost=cost):
            return ["k", str(cost), *card, "enter"]
        case ev.Forfeited():
            return ["f"]
        case ev.ReactionClaimed(seat=p):
            return [seat(p)]
        case ev.Reacted(seat=p, card=card):
            return ["r", seat(p), *card, "enter"]
        case ev.RollChanged(value=v, card=card):
            return [*named(s, card), "c", str(v)]
        case ev.WindowOpened(card=card):
            return [*named(s, card), "w"]
        case ev.Ignited(card=card):
            return [*named(s, card), "i"]
        case ev.HandChanged(seat=p, change=n, card=card):
            return [*named(s, card), "h", seat(p), *f"{n:+d}", "enter"]
        case ev.AutoSucceeded(kind="accuse", owner=o, place=i, card=card):
            return [*named(s, card), "u", "a", seat(o), str(i + 1)]
        case ev.AutoSucceeded(place=i, card=card):
            return [*named(s, card), "u", "o", str(i + 1)]
        case ev.CitizenMoved():
            return [*named(s, e.card), "m", *moved(e)]
        case ev.DeckEmptied():
            return ["n"]
        case ev.DeckRefilled():
            return ["y"]
        case ev.HandPointedOut(seat=p):
            return ["p", seat(p)]
        case ev.DominanceFlipped():
            return ["l"]
    raise AssertionError(f"no keys for {e!r}")


def moved(e: ev.CitizenMoved) -> list[str]:
    keys = [MOVES[e.origin]]
    if e.origin == "council":
        keys += [str(e.owner + 1), str(e.place + 1)]
    elif e.origin == "pyre":
        keys += [str(e.place + 1)]
    else:
        keys += [*str(e.influence), "enter"]
    keys.append(MOVES[e.to])
    if e.to == "council":
        keys.append(str(e.to_owner + 1))
    return keys


def resumed(tmp_path, journal: Journal, lang: str = "en"):
    """The app resuming ``journal`` (its first entry written: the setup form is tested
    elsewhere), captions only."""
    from narrator.tui.app import NarratorApp

    return NarratorApp(
        data_dir=tmp_path / "games",
        voice=CaptionsOnly(lang),
        pace=0.001,
        new=False,
        resume=journal.path,
        language=lang,
    )


async def keyed(pilot, app, event, frames: list[str]) -> None:
    """Press the keys of one entry (confirming a warning), wait for it on disk, then read every
    moment held until Enter."""
    before = len(app.journal.events)
    for key in keys_of(app.state, event):
        await pilot.press(key)
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
    await wait_for(pilot, lambda: len(app.journal.events) == before + 1)
    while app.pages:
        held = len(app.pages)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        frames.append(await settled_text(pilot))
        await pilot.press("enter")
        await wait_for(pilot, lambda held=held: len(app.pages) < held)
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
    frames.append(await settled_text(pilot))


async def play_keyed(pilot, app, events: list, frames: list[str]) -> None:
    journal = app.journal
    assert journal is not None
    for event in events:
        await keyed(pilot, app, event, frames)


@pytest.mark.long
async def test_the_example_by_keys_ends_as_the_script_does_P21(tmp_path):
    events = example_events(tmp_path)
    created, rest = events[0], events[1:]
    journal = Journal.create("pyre", tmp_path / "games", stem="example")
    journal.append(created)
    app = resumed(tmp_path, journal)
    frames: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None and app.state.players)
        await play_keyed(pilot, app, rest, frames)
        shown = screen_text(app)
    kinds = [e.type for e in events]
    assert [e.type for e in Journal.open(journal.path).events] == kinds  # every entry on disk
    script_state = GAME.apply(State(), created)
    for e in rest:
        script_state = GAME.apply(script_state, e)
    assert app.state.winner == script_state.winner is not None
    assert app.state.councils == script_state.councils and app.state.pyre == script_state.pyre
    assert app.state.permanent == script_state.permanent
    assert f"{app.state.players[app.state.winner]} wins" in shown
    seen = "\n".join(frames)
    for line in ("≥", "success", "Reactions", "has priority"):
        assert line in seen, line


async def test_a_three_player_game_s_first_rounds_in_russian(tmp_path):
    created = ev.GameCreated(
        ("Аня", "Боря", "Вика"), ev.Options(first_player="picked", roll="physical"), seed=3
    )
    journal = Journal.create("pyre", tmp_path / "games", stem="ru")
    journal.append(created)
    app = resumed(tmp_path, journal, "ru")
    rounds = [
        ev.Dealt(),
        ev.FirstPlayer(0),
        ev.CitizenPlayed(4),
        ev.Drew(),
        ev.TurnEnded(),
        ev.CitizenPlayed(3),
        ev.Accused(0, 0),
        ev.Rolled(5),
        ev.ReactionClaimed(2),
        ev.WindowClosed(),
        ev.TurnEnded(),
        ev.ActionCardPlayed("Пожар", 1),
        ev.WindowClosed(),
        ev.Ignited("Пожар"),
        ev.Drew(),
        ev.TurnEnded(),
    ]
    frames: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None and app.state.players)
        await play_keyed(pilot, app, rounds, frames)
        spoken = list(app.voice.spoken)
    assert app.state.permanent[2] == 1  # Вика ignited the Pyre (P17)
    allowed = ["Аня", "Боря", "Вика", "Markdown"]
    for frame in frames:
        assert not english_words(frame, allowed), frame
    for line in spoken:
        assert not english_words(line, allowed), line


def resumed_before(tmp_path, stem: str, wanted):
    """The example resumed just before its first entry ``wanted`` holds for: (the app, its
    journal, that entry's position, the entry)."""
    events = example_events(tmp_path)
    at = next(i for i, e in enumerate(events) if wanted(e))
    journal = Journal.create("pyre", tmp_path / "games", stem=stem)
    for event in events[:at]:
        journal.append(event)
    return resumed(tmp_path, journal), journal, at, events[at]


def before_a_named_card(tmp_path, stem: str):
    """Before the example's first Action card with a space in its name."""
    return resumed_before(
        tmp_path, stem, lambda e: isinstance(e, ev.ActionCardPlayed) and " " in e.card
    )


async def keyed_in_one_burst(app, journal: Journal, at: int, entry) -> None:
    """Every key of ``entry`` in the app's queue at once; it is journaled as keyed."""
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None and app.state.players)
        for key in keys_of(app.state, entry):
            send_key(app, key)
        await wait_for(pilot, lambda: len(app.journal.events) == at + 1)
    assert Journal.open(journal.path).events[at] == entry


async def test_a_card_s_name_typed_in_one_burst_keeps_its_space_P23(tmp_path):
    """scripts/torture found it: "k", the cost and "Grave Robber" typed at once (a terminal
    hands a fast narrator's keys over together) lost the space when it came before the
    name's field had the focus (the card journaled as "GraveRobber"), and every letter sent
    to the screen as the field took the focus (the name refused as empty)."""
    await keyed_in_one_burst(*before_a_named_card(tmp_path, "burst"))


async def test_the_keys_after_a_typed_value_s_enter_are_the_next_step_s_P23(tmp_path):
    """A Citizen out of the discard pile (P23): its influence typed, Enter, then where it goes
    (c, a seat) in one burst: Enter waited as a binding while "c" and "3" went into the field,
    and "43" was refused (P10)."""
    moved = resumed_before(
        tmp_path, "moved", lambda e: isinstance(e, ev.CitizenMoved) and e.origin == "discard"
    )
    await keyed_in_one_burst(*moved)


async def test_letters_typed_before_the_name_s_field_has_the_focus_stay_in_it_P23(tmp_path):
    """The first letters of a card's name typed before its field has the focus (the cost's key
    and "G" at once), the rest once it has it: a field that selected its text as it took the
    focus replaced the "G" with the next letter ("rave Robber")."""
    app, journal, at, played = before_a_named_card(tmp_path, "focus")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.journal is not None and app.state.step == "action")
        keys = keys_of(app.state, played)
        first = keys.index(played.card[0]) + 1  # "k", the cost, the name's first letter
        for key in keys[:first]:
            send_key(app, key)
        field = app.screen.query_one("#typed")
        await wait_for(pilot, lambda: field.has_focus and field.value == played.card[0])
        for key in keys[first:]:
            send_key(app, key)
        await wait_for(pilot, lambda: len(app.journal.events) == at + 1)
    assert Journal.open(journal.path).events[at] == played
