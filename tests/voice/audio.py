"""Measuring audio in tests with the standard library: loudness, notes and their pitch."""

from __future__ import annotations

import math
import sys
import wave
from array import array
from pathlib import Path

FULL_SCALE = 32767


def read_wav(path: Path | str) -> tuple[array, int]:
    """(16-bit mono samples, sample rate)."""
    with wave.open(str(path), "rb") as source:
        assert source.getsampwidth() == 2, f"{path}: not 16-bit"
        assert source.getnchannels() == 1, f"{path}: not mono"
        return samples_of(source.readframes(source.getnframes())), source.getframerate()


def samples_of(pcm: bytes) -> array:
    samples = array("h")
    samples.frombytes(pcm[: len(pcm) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    return samples


def rms(samples: array) -> float:
    if not samples:
        return 0.0
    return math.sqrt(sum(s * s for s in samples) / len(samples))


def peak(samples: array) -> float:
    """Largest magnitude as a fraction of full scale."""
    return max((abs(s) for s in samples), default=0) / FULL_SCALE


def voiced_fraction(samples: array, rate: int, threshold: float = 300.0) -> float:
    """Share of 20 ms frames whose RMS is above threshold (speech has pauses; silence has none)."""
    size = int(rate * 0.02)
    frames = [samples[i : i + size] for i in range(0, len(samples) - size + 1, size)]
    return sum(rms(frame) > threshold for frame in frames) / max(1, len(frames))


def notes(samples: array, rate: int, quiet: int = 8, min_gap: float = 0.02) -> list[array]:
    """Split a chime at its silences (runs of |sample| <= quiet lasting min_gap or more)."""
    gap = int(rate * min_gap)
    found, start, silent_run = [], None, 0
    for i, sample in enumerate(samples):
        if abs(sample) > quiet:
            if start is None:
                start = i
            silent_run = 0
        elif start is not None:
            silent_run += 1
            if silent_run >= gap:
                found.append(samples[start : i - silent_run + 1])
                start, silent_run = None, 0
    if start is not None:
        found.append(samples[start : len(samples) - silent_run])
    return found


def pitch(samples: array, rate: int) -> float:
    """Fundamental frequency by counting zero crossings over the loud part of a note.

    Valid for the chimes: their overtones are too weak to add crossings (see chimes.py).
    """
    loud = 0.1 * max(abs(s) for s in samples)
    first = next(i for i, s in enumerate(samples) if abs(s) >= loud)
    last = len(samples) - next(i for i, s in enumerate(reversed(samples)) if abs(s) >= loud)
    crossings = []
    previous = samples[first]
    for i in range(first + 1, last):
        sample = samples[i]
        if (previous < 0 <= sample) or (previous >= 0 > sample):
            # interpolate where the wave crosses zero between the two samples
            crossings.append(i - 1 + previous / (previous - sample) if previous != sample else i)
        previous = sample
    assert len(crossings) >= 3, "too few zero crossings to measure a pitch"
    seconds = (crossings[-1] - crossings[0]) / rate
    return (len(crossings) - 1) / (2 * seconds)
