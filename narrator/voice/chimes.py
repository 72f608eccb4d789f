"""The chimes, made from code (standard library only): `scripts/make-sounds` writes them to sounds/.

Every chime is a few notes; each note's fundamental frequency is listed below, and tests check
the WAV files against it. Notes are a sine with two quiet overtones (so they ring rather than
beep), a 10 ms fade-in and a fade-out to zero, peaking at 0.6 of full scale: never clipped.

    round_start     G4 392.00 Hz, C5 523.25 Hz     rising fourth: a round begins
    warning_30s     A5 880.00 Hz twice             two short beeps: 30 seconds left
    tick            D6 1174.66 Hz                  one short tick for each of the last 5 seconds
    time_up         A4 440.00 Hz three times       three beeps: time is up
    vote_confirmed  C6 1046.50 Hz                  a short blip: a vote was recorded
    death           A3 220.00 Hz, E3 164.81 Hz     falling fifth, low and slow: a player dies
    victory         C5 E5 G5 C6 (523.25, 659.25, 783.99, 1046.50 Hz)   rising arpeggio: game won
"""

from __future__ import annotations

import math
import os
import struct
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

RATE = 22050  # Hz, mono, 16-bit: the same format as the synthesized speech
PEAK = 0.6  # of full scale, before the overtones (which add at most 0.28 * PEAK)
OVERTONES = ((2, 0.2), (3, 0.08))  # (multiple, relative amplitude): keeps 2 zero crossings a cycle
FADE_IN = 0.010  # seconds
FADE_OUT = 0.020


@dataclass(frozen=True)
class Note:
    frequency: float  # Hz, the fundamental
    seconds: float
    gap_after: float = 0.0  # silence after the note
    bell: bool = False  # True: rings and decays; False: a steady beep


@dataclass(frozen=True)
class Chime:
    name: str
    notes: tuple[Note, ...]
    meaning: str

    @property
    def seconds(self) -> float:
        return sum(note.seconds + note.gap_after for note in self.notes)


CHIMES: dict[str, Chime] = {
    chime.name: chime
    for chime in (
        Chime(
            "round_start",
            (Note(392.00, 0.16, 0.03), Note(523.25, 0.55, bell=True)),
            "a colour round begins",
        ),
        Chime("warning_30s", (Note(880.00, 0.15, 0.08), Note(880.00, 0.15)), "30 seconds left"),
        Chime("tick", (Note(1174.66, 0.10, bell=True),), "one of the last five seconds"),
        Chime(
            "time_up",
            (Note(440.00, 0.22, 0.08), Note(440.00, 0.22, 0.08), Note(440.00, 0.40)),
            "time is up",
        ),
        Chime("vote_confirmed", (Note(1046.50, 0.15, bell=True),), "a vote was recorded"),
        Chime(
            "death",
            (Note(220.00, 0.35, 0.05), Note(164.81, 0.90, bell=True)),
            "a player dies",
        ),
        Chime(
            "victory",
            (
                Note(523.25, 0.14, 0.03),
                Note(659.25, 0.14, 0.03),
                Note(783.99, 0.14, 0.03),
                Note(1046.50, 0.60, bell=True),
            ),
            "the game is won",
        ),
    )
}


def _note_samples(note: Note, rate: int) -> list[float]:
    count = round(note.seconds * rate)
    fade_in, fade_out = round(FADE_IN * rate), round(FADE_OUT * rate)
    decay = 4.0 / note.seconds  # a bell falls to e^-4 (about 2 %) by its end, then fades out
    samples = []
    for i in range(count):
        t = i / rate
        wave_value = math.sin(2 * math.pi * note.frequency * t)
        for multiple, amplitude in OVERTONES:
            wave_value += amplitude * math.sin(2 * math.pi * note.frequency * multiple * t)
        envelope = math.exp(-decay * t) if note.bell else 1.0
        if i < fade_in:
            envelope *= i / fade_in
        if i >= count - fade_out:
            envelope *= (count - 1 - i) / fade_out
        samples.append(PEAK * envelope * wave_value)
    samples.extend([0.0] * round(note.gap_after * rate))
    return samples


def render(chime: Chime | str, rate: int = RATE) -> bytes:
    """16-bit little-endian mono PCM of one chime."""
    chime = CHIMES[chime] if isinstance(chime, str) else chime
    samples: list[float] = []
    for note in chime.notes:
        samples.extend(_note_samples(note, rate))
    ints = [max(-32767, min(32767, round(value * 32767))) for value in samples]
    return struct.pack(f"<{len(ints)}h", *ints)


def write_wav(path: Path, pcm: bytes, rate: int = RATE) -> None:
    """Write mono 16-bit PCM to a WAV file atomically (temp name, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".wav", dir=path.parent)
    os.close(fd)
    try:
        with wave.open(tmp, "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(rate)
            out.writeframes(pcm)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; these are ordinary project files
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_all(directory: Path) -> list[Path]:
    """Write every chime as `<name>.wav` into directory; returns the paths."""
    written = []
    for name, chime in CHIMES.items():
        path = directory / f"{name}.wav"
        write_wav(path, render(chime))
        written.append(path)
    return written


REPO_SOUNDS = Path(__file__).resolve().parents[2] / "sounds"


def sounds_dir() -> Path:
    """Where the chime WAVs are: the project's sounds/, or (if missing) made in the cache."""
    if all((REPO_SOUNDS / f"{name}.wav").is_file() for name in CHIMES):
        return REPO_SOUNDS
    from narrator import paths

    made = paths.cache_dir() / "sounds"
    if not all((made / f"{name}.wav").is_file() for name in CHIMES):
        write_all(paths.private_dir(made))
    return made
