"""Ravnica's script reader (issue 17, item 11): a refused line changes nothing, a line of
settings included (R9–R27c)."""

from __future__ import annotations

import pytest

from narrator.games.base import Refusal
from narrator.games.ravnica import State
from narrator.games.ravnica.script import ScriptReader


def test_an_option_line_refused_keeps_none_of_its_options_R15():
    reader = ScriptReader()
    reader.event("option election_tie=revote", State(), 0)
    with pytest.raises(Refusal):
        reader.event("option final_tie=nobody election_tie=coin", State(), 0)
    assert reader.options == {"election_tie": "revote"}  # not final_tie=nobody: half a line
    reader.event("option final_tie=nobody round_seconds=90", State(), 0)
    assert reader.options == {"election_tie": "revote", "final_tie": "nobody", "round_seconds": 90}
