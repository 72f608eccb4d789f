"""Events whose fields are tuples of pairs, fixed tuples or mappings round-trip through the
journal's JSON and are checked as they are read (issue 18, item 8)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

import pytest

from narrator.games.entries import Event, EventCodec


@dataclass(frozen=True)
class Scored(Event):
    type = "scored"
    roll: tuple[str, int]
    pairs: tuple[tuple[int, int], ...]
    points: Mapping[int, int]
    names: Mapping[str, tuple[int, ...]] | None = None


CODEC = EventCodec([Scored])


def round_trip(event: Event) -> Event:
    return CODEC.decode(json.loads(json.dumps(event.to_json())))


def test_tuples_of_pairs_and_mappings_round_trip():
    event = Scored(("d6", 4), ((0, 1), (2, 3)), {0: 3, 2: 11}, {"Ann": (1, 2)})
    assert round_trip(event) == event
    assert round_trip(Scored(("d20", 12), (), {})) == Scored(("d20", 12), (), {})


@pytest.mark.parametrize(
    "field, value",
    [
        ("roll", ["d6"]),  # a fixed tuple: two items
        ("roll", ["d6", "4"]),  # its second is a number
        ("pairs", [[0, "1"]]),
        ("pairs", [[0]]),
        ("points", [[0, 3]]),  # an object, not a list
        ("points", {"zero": 3}),  # its keys are seats
        ("points", {"0": "3"}),
        ("names", {"Ann": [1, "2"]}),
    ],
)
def test_a_field_that_does_not_fit_is_refused(field, value):
    data = Scored(("d6", 4), ((0, 1),), {0: 3}).to_json()
    data[field] = value
    with pytest.raises(ValueError, match=field):
        CODEC.decode(data)
