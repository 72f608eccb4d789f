"""How a line is cut into pieces for the natural voice (Piper) to render in turn, so that it
can be played from its first piece while the rest renders (piper_worker.py renders them; the
parent appends each to a `Stream`, sinks.py, which the sink plays as it comes).

The whole line is still written to the cache, so the next time it is a plain WAV file.
"""

from __future__ import annotations

import sys
import time
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from narrator.voice.sinks import Stream, late

__all__ = ["FIRST_PIECE", "Pace", "Piece", "Stream", "late", "pieces", "trim"]


# -- how a line is cut into pieces (used by the natural voice's worker) -------------------
FIRST_PIECE = 12  # phonemes: a word or two, rendered in about 0.1 s (docs/performance.md)
CLAUSE_MARKS = frozenset(",;:—–")
STRESS = "ˈ"  # eSpeak's primary stress: a content word
MIN_REST = 8  # phonemes: a shorter rest is not cut off (a word alone sounds clipped)
KEEP = 0.03  # seconds of quiet kept either side of a cut between two words
QUIET = 300  # below this a 16-bit sample is quiet (the pieces are normalized to 32767)


@dataclass(frozen=True)
class Piece:
    phonemes: list[str]
    cut_after: bool = False  # a cut between two words follows: no pause of the line's own


def pieces(
    sentences: list[list[str]],
    first: int | None = FIRST_PIECE,
    budget: Callable[[int], int] | None = None,
) -> Iterator[Piece]:
    """Cut a line's phonemes (Piper's, a list per sentence) into the pieces rendered in turn.

    ``first`` None: the sentences as they are (a line rendered ahead: nobody waits for it).
    Otherwise the first piece is at most ``first`` phonemes, cut after a clause mark (a
    comma…) where there is one, else between words; each next piece at most
    ``budget(phonemes so far)`` (asked when it is cut: a `Pace` measures what fits), by default
    twice as long as all the pieces before it. A sentence is never joined to another, and a
    word is never cut.
    """
    if first is None:
        yield from (Piece(list(sentence)) for sentence in sentences if sentence)
        return
    emitted = 0
    for sentence in sentences:
        rest = list(sentence)
        while rest:
            most = max(first, budget(emitted) if budget and emitted else 2 * emitted)
            cut = _cut(rest, most) if len(rest) > most else None
            if cut is None:
                yield Piece(rest)
                break
            piece, rest = rest[:cut], rest[cut + 1 :]
            emitted += len(piece)
            yield Piece(piece, cut_after=piece[-1] not in CLAUSE_MARKS)


class Pace:
    """How long the next piece may be so that it is rendered before a listener, who started
    at the first piece, has heard all the pieces before it: measured on the line's own pieces
    (a loaded machine renders slower, and gets shorter pieces)."""

    MARGIN = 0.7  # of the audio still to be heard, the time a piece may take to render

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.phonemes = 0
        self.seconds = 0.0  # of audio
        self.rendering = 0.0  # seconds spent rendering it
        self.started: float | None = None  # when the first piece was ready

    def rendered(self, phonemes: int, seconds: float, took: float) -> None:
        self.phonemes += phonemes
        self.seconds += seconds
        self.rendering += took
        if self.started is None:
            self.started = self.clock()

    def budget(self, _emitted: int) -> int:
        if self.started is None or not self.phonemes or self.seconds <= 0:
            return FIRST_PIECE
        left = self.seconds - (self.clock() - self.started)  # still to be heard
        speed = self.seconds / max(self.rendering, 1e-6)  # seconds of audio a second
        audio = max(0.0, left) * self.MARGIN * speed  # what can be rendered in that time
        return int(audio / (self.seconds / self.phonemes))


def _cut(phonemes: list[str], budget: int) -> int | None:
    """Where to cut (the index of a space), at most ``budget`` phonemes in where it can be:
    after a clause mark, else after a stressed word (eSpeak stresses no article, preposition
    or conjunction: "the | Blue" is never cut, "Blue | leader" may be). None: not worth it (no
    such place leaves MIN_REST phonemes after it)."""
    spaces = [i for i, p in enumerate(phonemes) if p == " " and 0 < i < len(phonemes) - MIN_REST]
    clauses = [i for i in spaces if phonemes[i - 1] in CLAUSE_MARKS]
    stressed = [i for i in spaces if STRESS in _word_before(phonemes, i)]
    for places in (clauses, stressed):
        if within := [i for i in places if i <= budget]:
            return within[-1]
    return stressed[0] if stressed else (clauses[0] if clauses else None)


def _word_before(phonemes: list[str], space: int) -> list[str]:
    start = space
    while start > 0 and phonemes[start - 1] != " ":
        start -= 1
    return phonemes[start:space]


def trim(pcm: bytes, rate: int, head: bool, tail: bool) -> bytes:
    """16-bit mono PCM with the quiet at its head and/or tail cut to KEEP seconds: the model
    ends every piece as if the line ended there (a pause of about 0.25 s), which a cut between
    two words must not make heard."""
    samples = array("h")
    samples.frombytes(pcm[: len(pcm) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    keep = int(KEEP * rate)
    start, end = 0, len(samples)
    if head:
        loud = next((i for i, v in enumerate(samples) if abs(v) > QUIET), end)
        start = max(0, loud - keep)
    if tail:
        loud = next((i for i in range(end - 1, start - 1, -1) if abs(samples[i]) > QUIET), start)
        end = min(end, loud + 1 + keep)
    return pcm[start * 2 : end * 2]
