"""The natural voice's worker with Piper's model faked: the real serve, render, pieces, trim
and yield of narrator/voice/piper_worker.py, but each piece is a tone (10 ms a phoneme, with
0.2 s of quiet either side, as the model leaves) made at once.

    python -m tests.voice.fake_piper FOLDER

A line with "slow" in it stops before each piece after its first while FOLDER/hold exists
(polling it, and onnxruntime's terminate flag, faked): a test holds a line half-rendered.
Each piece rendered is noted in FOLDER/pieces.txt.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from types import SimpleNamespace

from narrator.voice import piper_worker
from narrator.voice.stream import STRESS
from narrator.voice.synth_worker import main
from tests.voice.fakes import RATE, tone

QUIET = bytes(int(0.2 * RATE) * 2)


class FakeVoice:
    config = SimpleNamespace(sample_rate=RATE)

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.slow = False
        self.pieces_of_line = 0

    def phonemize(self, text: str) -> list[list[str]]:
        """Each sentence's words, a letter a phoneme, every word stressed."""
        self.slow = "slow" in text
        self.pieces_of_line = 0
        sentences = [s.split() for s in text.replace("!", ".").split(".") if s.strip()]
        return [list(" ".join(STRESS + word for word in words)) for words in sentences]


def audio(voice: FakeVoice, phonemes: list[str], _length_scale: float, run) -> bytes:
    voice.pieces_of_line += 1
    hold = voice.folder / "hold"
    while voice.slow and voice.pieces_of_line > 1 and hold.exists():
        if run.terminate:
            raise RuntimeError("Exiting due to terminate flag being set to true.")
        time.sleep(0.002)
    with open(voice.folder / "pieces.txt", "a", encoding="utf-8") as notes:
        notes.write("".join(phonemes).replace(STRESS, "") + "\n")
    return QUIET + tone(0.01 * len(phonemes)) + QUIET


def serve(folder: Path):
    return lambda lines, replies: piper_worker.serve(
        lines,
        replies,
        load=lambda: FakeVoice(folder),
        audio=audio,
        new_run=lambda: SimpleNamespace(terminate=False),
    )


if __name__ == "__main__":
    sys.exit(main(serve(Path(sys.argv[1]))))
