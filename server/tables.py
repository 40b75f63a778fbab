"""A table's seats and settings as data: who sits where, their secret tokens, and the forms sent and saved."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..shared.messages import BOT as BOT
from ..shared.messages import HUMAN as HUMAN
from ..shared.messages import OPEN as OPEN
from ..shared.messages import SeatKind
from ..shared.rules.base import SeatSetup

if TYPE_CHECKING:
    import asyncio

    from .match import Match
    from .workers import RemoteMatch

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")


class Client(Protocol):
    """What the lobby and matches need from a connection."""

    name: str
    table: Table | None
    seat: int | None  # None while watching

    def send(self, message: dict[str, Any]) -> None: ...

    def send_frame(self, frame: bytes) -> None: ...

    def close(self, reason: str) -> None: ...


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_password(password: str, salt: bytes | None = None) -> str:
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, 20_000)
    return salt.hex() + ":" + digest.hex()


def password_matches(stored: str, attempt: str) -> bool:
    salt_hex, _, _ = stored.partition(":")
    return hmac.compare_digest(hash_password(attempt, bytes.fromhex(salt_hex)), stored)


def setups(seats: list[Seat]) -> tuple[SeatSetup, ...]:
    """Who sits where, as the game engine wants it."""
    return tuple(SeatSetup(s.name, s.sex) for s in seats)


@dataclass
class Seat:
    index: int
    kind: SeatKind = OPEN
    name: str = ""
    sex: str = "male"
    colour: str = ""
    token: str = ""
    ready: bool = False
    client: Client | None = None
    stand_in: bool = False  # a bot plays this human's seat until they come back
    away_timer: asyncio.TimerHandle | None = None

    @property
    def bot_controlled(self) -> bool:
        return self.kind == BOT or (self.kind == HUMAN and self.stand_in)

    def public(self, now: float | None = None) -> dict[str, Any]:
        """What everyone at the table sees of this seat; `now` (the loop's clock) dates the away countdown."""
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.name,
            "sex": self.sex,
            "colour": self.colour,
            "ready": self.ready,
            "connected": self.client is not None or self.kind == BOT,
            "stand_in": self.stand_in,
            "stand_in_after": self.stand_in_after(now),
        }

    def stand_in_after(self, now: float | None) -> float | None:
        """Seconds until a bot takes this away player's seat; None when nobody is counting down."""
        if self.away_timer is None or self.client is not None or now is None:
            return None
        return round(max(0.0, self.away_timer.when() - now), 1)

    def record(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "sex": self.sex,
            "colour": self.colour,
            "token": self.token,
            "ready": self.ready,
            "stand_in": self.stand_in,
        }


@dataclass
class Table:
    id: str
    name: str
    game: str
    seats: list[Seat]
    creator: int = 0
    options: Any = None
    packs: tuple[str, ...] = ()
    bot_level: str = "normal"  # how the table's bot seats play: easy, normal or hard
    password_hash: str | None = None
    seed: int | None = None
    started: bool = False
    finished: bool = False
    outcome: dict[str, Any] | None = None
    sources: dict[str, str] = field(default_factory=dict)  # the host user's files behind board and pack names
    spectators: set[Client] = field(default_factory=set)
    match: Match | RemoteMatch | None = None  # here, or in a worker process of a sharded host
    # A table arranged by the host player's own scenario file (docs/scenarios.md): its text and where it was
    # read, kept so that the same game is built at the start and again after a host restart.
    scenario: dict[str, str] | None = None
    # How the seed was made (server/fairness.py): the commitment, the contributions and the secret; on the host
    # only, revealed to the table with the outcome.
    fairness: dict[str, Any] | None = None

    def clients(self) -> list[Client]:
        """Everybody at the table: seated players with a connection, then spectators."""
        seated = [s.client for s in self.seats if s.client is not None]
        return [*seated, *self.spectators]

    def seat_with_token(self, token: str) -> Seat | None:
        """The seat holding `token`, compared in constant time against every seat (no early exit)."""
        found = None
        wanted = token.encode()
        for seat in self.seats:
            if seat.token and hmac.compare_digest(seat.token.encode(), wanted):
                found = seat
        return found

    def open_seats(self) -> int:
        return sum(1 for s in self.seats if s.kind == OPEN)

    def free_colour(self, wanted: str | None = None) -> str:
        taken = {s.colour for s in self.seats if s.kind != OPEN}
        if wanted is not None and wanted not in taken:
            return wanted
        return next(c for c in COLOURS if c not in taken)

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.id,
            "name": self.name,
            "game": self.game,
            "packs": list(self.packs),
            "seats": len(self.seats),
            "open_seats": self.open_seats(),
            # Players whose connection dropped (their seat kept for them): after a host restart a waiting
            # table can be all away, and the list should tell it from the live one beside it.
            "away": sum(1 for s in self.seats if s.kind == HUMAN and s.client is None),
            "bots": sum(1 for s in self.seats if s.kind == BOT),
            "bot_level": self.bot_level,
            "started": self.started,
            "finished": self.finished,
            "password": self.password_hash is not None,
            "spectators": len(self.spectators),
            "scenario": (self.scenario or {}).get("name", ""),
        }

    def detail(self, now: float | None = None) -> dict[str, Any]:
        return {
            **self.summary(),
            "creator": self.creator,
            "options": self.options,
            "players": [s.public(now) for s in self.seats],
            "outcome": self.outcome,
        }

    def record(self) -> dict[str, Any]:
        """What is saved: enough to rebuild the table and, with the action log, the game."""
        return {
            "version": 1,
            "id": self.id,
            "name": self.name,
            "game": self.game,
            "creator": self.creator,
            "options": self.options,
            "packs": list(self.packs),
            "bot_level": self.bot_level,
            "password_hash": self.password_hash,
            "seed": self.seed,
            "started": self.started,
            "finished": self.finished,
            "outcome": self.outcome,
            "seats": [s.record() for s in self.seats],
            # the actions acknowledged when this was saved: a log found shorter on loading has lost some
            "seq": self.match.seq if self.match is not None else 0,
            "sources": self.sources,
            "scenario": self.scenario,
            "fairness": self.fairness,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Table:
        seats = [
            Seat(
                i,
                kind=s["kind"],
                name=s["name"],
                sex=s["sex"],
                colour=s["colour"],
                token=s["token"],
                ready=s["ready"],
                stand_in=s.get("stand_in", False),
            )
            for i, s in enumerate(record["seats"])
        ]
        return cls(
            id=record["id"],
            name=record["name"],
            game=record["game"],
            seats=seats,
            creator=record["creator"],
            options=record["options"],
            packs=tuple(record["packs"]),
            bot_level=record.get("bot_level", "normal"),
            password_hash=record["password_hash"],
            seed=record["seed"],
            started=record["started"],
            finished=record["finished"],
            outcome=record["outcome"],
            sources=dict(record.get("sources") or {}),
            scenario=record.get("scenario"),
            fairness=record.get("fairness"),
        )


class ServerError(Exception):
    """A request the server refuses, with a stable code for the `error` message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
