"""A journal's lines on disk: how one is written, and how a file is read back as a stream.

Version 2 (written since issue 37) ends every line, the header too, with a check of its own:
``{"n":3,"event":{…},"check":"<16 hex>"}``, the check a BLAKE2b hash (8 bytes) of the previous
line's check and this line's bytes before it. Chained, not per line: a changed byte is found,
and so is a line deleted, repeated or swapped with another, which a check of each line alone
would let replay as another game. A check against damage (a disk, an editor, a copy), not
against a forger: whoever can write the file can write its checks too. Version 1 lines (every
game saved before) carry no check and are read as they always were.

The file is read in chunks, never whole: a journal of 50 MB of blank lines costs one chunk,
and a line longer than ``LONGEST`` is refused as damaged, naming it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator
from typing import Any, BinaryIO

MAGIC = "inquisition-narrator-journal"
VERSION = 2  # the version written
READABLE = (1, 2)  # the versions read
CHECKED = 2  # from this version on, every line carries its check
LONGEST = 1 << 20  # a line's bytes at most: the app's longest entry is a few kilobytes
CHUNK = 1 << 16

_KEY = b',"check":"'
_TAIL = len(_KEY) + 16 + 2  # ,"check":"0123456789abcdef"}
_HEX = re.compile(rb"[0-9a-f]{16}")
_BLANKS = re.compile(rb"[\n]+")


def header_of(game: str, created: str, language: object = None, **more: object) -> dict:
    """A journal's first line: the file's kind, its version, its game, when it was created and
    the language it is played in (a resume keeps it, the history shows it), if known."""
    header = {"journal": MAGIC, "version": VERSION, "game": game, "created": created}
    if isinstance(language, str) and language:
        header["language"] = language
    return {**header, **more}


class Damaged(ValueError):
    """A line whose check does not match (raised with its line number by the reader)."""


def check_of(previous: bytes, body: bytes) -> bytes:
    return hashlib.blake2b(previous + body, digest_size=8).hexdigest().encode()


def encoded(record: dict[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def sealed(record: dict[str, Any], previous: bytes | None) -> tuple[bytes, bytes | None]:
    """The line that writes ``record`` and its check: checked after the line of check
    ``previous`` (b"" for the header), or a version 1 line when ``previous`` is None."""
    body = encoded(record)
    if previous is None:
        return body + b"\n", None
    check = check_of(previous, body)
    return body[:-1] + _KEY + check + b'"}\n', check


def unsealed(line: bytes, previous: bytes) -> tuple[bytes, bytes]:
    """The body of a checked line (its JSON without the check) and its check; ``Damaged`` if
    the check is missing or does not match."""
    if not has_seal(line):
        raise Damaged
    check = line[-18:-2]
    body = body_of(line)
    if not _HEX.fullmatch(check) or check != check_of(previous, body):
        raise Damaged
    return body, check


def has_seal(line: bytes) -> bool:
    """Whether ``line`` ends as a checked line does (a version 1 header never does)."""
    return len(line) > _TAIL and line[-_TAIL:-18] == _KEY and line[-2:] == b'"}'


def body_of(line: bytes) -> bytes:
    """A line's JSON without its check, unchecked: a header is read before its version says
    whether its check must hold."""
    return line[:-_TAIL] + b"}"


class TooLong(ValueError):
    """A line longer than ``LONGEST`` (raised with its line number by the reader)."""


class Reader:
    """The lines of one journal, read in chunks: ``lines()`` yields (number, bytes) of each
    line that is not blank; ``end`` is where the whole lines end (a torn last line, written
    without its newline, starts there) and ``torn`` whether such a line holds anything."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.number = 0  # the line last read, counted from 1
        self.end = 0
        self.torn = False

    def lines(self) -> Iterator[tuple[int, bytes]]:
        buffer, at, offset = b"", 0, 0  # ``offset``: where ``buffer`` starts in the file
        while True:
            blanks = _BLANKS.match(buffer, at)  # runs of empty lines, skipped in one step
            if blanks:
                self.number += blanks.end() - at
                at = blanks.end()
                self.end = offset + at
            newline = buffer.find(b"\n", at)
            if newline < 0:
                if len(buffer) - at > LONGEST:
                    raise TooLong(self.number + 1)
                chunk = self.stream.read(CHUNK)
                if not chunk:
                    self.torn = bool(buffer[at:].strip())
                    return
                offset += at
                buffer, at = buffer[at:] + chunk, 0
                continue
            self.number += 1
            line = buffer[at:newline]
            at = newline + 1
            self.end = offset + at
            if len(line) > LONGEST:
                raise TooLong(self.number)
            if line.strip():
                yield self.number, line


def write_line(fd: int, data: bytes) -> None:
    written = 0
    while written < len(data):  # one write in practice; loop for a short write
        written += os.write(fd, data[written:])
    os.fsync(fd)
