"""Who may open each seat's own page: a link per seat with a fresh token, swapped once for a
session cookie, and the cookie of each joined seat. Plain data with a lock (the server's
thread and the app's both read it); no network, no file.

A link's token (``secrets``, 192 bits) works once: its first visit takes the seat and gets a
cookie (192 bits too); a second phone on a joined seat is refused until the narrator revokes
it. Only digests are kept (``saved``): what is written beside the journal holds no token in
clear, and a resumed game's joined seats go on with the cookies their phones hold. A seat
whose link was not used gets a fresh one after a resume (its old one was never written down).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

TOKEN_BYTES = 24  # 192 bits: at least the 128 the W3C note on capability URLs asks for
MAX_KEY = 8  # the longest key a phone may send ("enter", "escape", "ready", "01", "b3")


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class SeatPass:
    """One seat's way in: its link's token (in memory only), the digest of its cookie once
    joined, and since when."""

    link: str | None = None
    cookie: str | None = None  # sha256 of the cookie's value
    since: float | None = None  # Unix time it was joined


class SeatDoor:
    """The seats of one game (``game``: its journal's name, so a previous game's cookie never
    opens this one's pages)."""

    def __init__(self, game: str, names: Sequence[str]) -> None:
        self.game = game
        self.names = tuple(names)
        self.passes = [SeatPass() for _ in self.names]
        self.lock = threading.Lock()
        self.refused = 0  # refused visits, entries and streams: counted, never logged

    # --- links ------------------------------------------------------------------------------
    def link_token(self, seat: int) -> str | None:
        """The token of ``seat``'s link, made now if it has none; None once it is joined (a
        joined seat shows no link until it is revoked)."""
        with self.lock:
            seat_pass = self.passes[seat]
            if seat_pass.cookie is not None:
                return None
            if seat_pass.link is None:
                seat_pass.link = secrets.token_urlsafe(TOKEN_BYTES)
            return seat_pass.link

    def join(self, token: str, now: float | None = None) -> tuple[int, str] | None:
        """A link's first visit: (the seat, the cookie's value), and the link is spent. None
        for a token that is not a seat's live link (used, guessed, revoked, another game's)."""
        with self.lock:
            for seat, seat_pass in enumerate(self.passes):
                if seat_pass.link is not None and hmac.compare_digest(seat_pass.link, token):
                    cookie = secrets.token_urlsafe(TOKEN_BYTES)
                    seat_pass.link = None
                    seat_pass.cookie = digest(cookie)
                    seat_pass.since = time.time() if now is None else now
                    return seat, cookie
            self.refused += 1
            return None

    def seat_of(self, cookie: str | None, *, refusing: bool = True) -> int | None:
        """The seat whose page ``cookie`` opens, or None (counted as refused when
        ``refusing``: not when a join only asks whether the phone holds a seat already)."""
        if cookie:
            mine = digest(cookie)
            with self.lock:
                for seat, seat_pass in enumerate(self.passes):
                    if seat_pass.cookie is not None and hmac.compare_digest(seat_pass.cookie, mine):
                        return seat
        with self.lock:
            self.refused += refusing
        return None

    def revoke(self, seat: int) -> None:
        """A lost phone, or one given to the wrong player: its cookie opens nothing from now
        on, and the seat has a fresh link."""
        with self.lock:
            self.passes[seat] = SeatPass(link=secrets.token_urlsafe(TOKEN_BYTES))

    def joined(self) -> dict[int, float]:
        """Each joined seat and since when (Unix time)."""
        with self.lock:
            return {
                seat: p.since or 0.0 for seat, p in enumerate(self.passes) if p.cookie is not None
            }

    # --- kept beside the journal ------------------------------------------------------------
    def saved(self) -> dict[str, Any]:
        """What is written beside the journal: the digests of the joined seats' cookies."""
        with self.lock:
            seats = {
                str(seat): {"cookie": p.cookie, "since": p.since}
                for seat, p in enumerate(self.passes)
                if p.cookie is not None
            }
        return {"game": self.game, "seats": seats}

    @classmethod
    def from_saved(cls, game: str, names: Sequence[str], data: Any) -> SeatDoor:
        """The seats of a resumed game: its joined seats as they were; anything damaged, or
        another game's, is dropped (those phones join again)."""
        door = cls(game, names)
        if not isinstance(data, Mapping) or data.get("game") != game:
            return door
        seats = data.get("seats")
        for key, kept in seats.items() if isinstance(seats, Mapping) else ():
            if not (isinstance(key, str) and key.isdigit() and isinstance(kept, Mapping)):
                continue
            seat, cookie, since = int(key), kept.get("cookie"), kept.get("since")
            if seat >= len(door.passes) or not isinstance(cookie, str) or len(cookie) != 64:
                continue
            when = float(since) if isinstance(since, int | float) else None
            door.passes[seat] = SeatPass(cookie=cookie, since=when)
        return door
