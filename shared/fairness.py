"""Fair dice by commit-reveal: the game's seed made by everyone at the table, and the check any player can run.

Before the deal the host publishes `commitment(secret)` for a 32-byte random secret; every seated player sends
a random contribution; the seed is SHA-256 over a plain-text listing of the secret and every seat's
contribution (`seed_text`), first 8 bytes, top bit cleared. The host cannot choose its secret after seeing the
contributions (the commitment binds it), and no player can predict or steer the seed (the secret stays hidden
until the game is over). At the end the host reveals the secret and the whole action log; `verify` checks the
commitment, derives the seed again and replays the game with the engine, comparing what the player was shown
along the way. Pure: no sockets, no clock; a client runs it in a worker thread.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from . import protocol as p
from .rules.base import RuleError, Ruleset, SeatSetup
from .viewer import outcome_map, viewer_state

SECRET_BYTES = 32
MAX_CONTRIBUTION_HEX = 128  # 64 bytes; 32 are recommended
PLAYER, HOST, MISSING = "player", "host", "missing"  # who gave a seat's contribution
_WORDS = {PLAYER: "its player's dice", HOST: "a bot (the host's secret)", MISSING: "no answer in time"}
_HEX = re.compile(r"(?:[0-9a-f]{2})+")


def is_contribution(text: object) -> bool:
    """Lowercase hex, whole bytes, 1 to 64 of them."""
    return isinstance(text, str) and len(text) <= MAX_CONTRIBUTION_HEX and _HEX.fullmatch(text) is not None


def commitment(secret_hex: str) -> str:
    """What the host publishes before the deal: SHA-256 of the secret's raw bytes, in hex."""
    return hashlib.sha256(bytes.fromhex(secret_hex)).hexdigest()


@dataclass(frozen=True)
class Contribution:
    seat: int
    by: str  # PLAYER (the seat's client sent it), HOST (a bot's seat: the host's secret covers it), MISSING
    value: str | None = None  # the player's hex; None unless `by` is PLAYER

    def wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "by": self.by, "contribution": self.value}

    @classmethod
    def from_wire(cls, wire: Any) -> Contribution:
        if (
            not isinstance(wire, Mapping)
            or not isinstance(wire.get("seat"), int)
            or wire.get("by") not in (PLAYER, HOST, MISSING)
        ):
            raise ValueError(f"not a contribution: {wire!r}")
        value = wire.get("contribution")
        if (wire["by"] == PLAYER) != is_contribution(value) or (wire["by"] != PLAYER and value is not None):
            raise ValueError(f"seat {wire['seat']}: a player's contribution is hex, any other is nil")
        return cls(wire["seat"], wire["by"], value)


def seed_text(secret_hex: str, contributions: Sequence[Contribution]) -> str:
    """The canonical listing the seed is hashed from (docs/protocol.md, Fair dice), seats in order."""
    lines = ["doorkick seed v1", f"secret {secret_hex}"]
    for c in sorted(contributions, key=lambda c: c.seat):
        lines.append(f"seat {c.seat} {c.by}" + (f" {c.value}" if c.value is not None else ""))
    return "\n".join(lines) + "\n"


def derive_seed(secret_hex: str, contributions: Sequence[Contribution]) -> int:
    digest = hashlib.sha256(seed_text(secret_hex, contributions).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 63 bits, as a host's own seeds are


def view_state(ruleset: Ruleset[Any], state: Any, seat: int | None) -> dict[str, Any]:
    """The viewer state the host sends a seat (docs/protocol.md, `viewer.ViewerState`), as a plain map."""
    return msgspec.to_builtins(viewer_state(ruleset, state, seat))  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Reveal:
    """Everything the host tells the table at the end, as the `reveal` message carries it."""

    verifiable: bool
    reason: str = ""  # why not, when not
    commitment: str = ""
    secret: str = ""
    contributions: tuple[Contribution, ...] = ()
    seed: int = 0
    players: tuple[SeatSetup, ...] = ()
    actions: tuple[dict[str, Any], ...] = ()

    @classmethod
    def from_wire(cls, fields: Mapping[str, Any]) -> Reveal:
        if not fields.get("verifiable"):
            return cls(False, str(fields.get("reason") or "the host did not commit to a seed"))
        players = tuple(SeatSetup(str(s["name"]), str(s["sex"])) for s in fields["players"])
        return cls(
            True,
            "",
            str(fields["commitment"]),
            str(fields["secret"]),
            tuple(Contribution.from_wire(c) for c in fields["contributions"]),
            int(fields["seed"]),
            players,
            tuple(dict(a) for a in fields["actions"]),
        )


@dataclass
class Verdict:
    fair: bool | None  # None: nothing to check (the host fixed the seed, or arranged the table)
    headline: str
    details: list[str] = field(default_factory=list)
    differs_at: int | None = None  # the action number where the replay first differs (0: the deal)


@dataclass
class Seen:
    """What this client itself saw during the game, to hold the host's reveal against."""

    seat: int | None = None
    commitment: str | None = None  # from the `commit` before the deal
    contribution: str | None = None  # what this client sent
    checksums: dict[int, int] = field(default_factory=dict)  # seq -> the checksum of this seat's state
    outcome: dict[str, Any] | None = None


FAIR = "Verified: every shuffle and die was fair"


def verify(ruleset: Ruleset[Any], reveal: Reveal, packs: tuple[str, ...], options: Any, seen: Seen) -> Verdict:
    """Check the commitment, derive the seed, replay every action; the first difference is the verdict."""
    if not reveal.verifiable:
        return Verdict(None, "Not verifiable: " + reveal.reason, [reveal.reason])
    if not re.fullmatch(r"[0-9a-f]{64}", reveal.secret) or commitment(reveal.secret) != reveal.commitment:
        return Verdict(
            False,
            "Not fair: the host's secret does not match its commitment",
            [f"commitment {reveal.commitment}", f"SHA-256 of the secret {reveal.secret!r} differs"],
            0,
        )
    if seen.commitment is not None and seen.commitment != reveal.commitment:
        return Verdict(
            False,
            "Not fair: the host committed to another secret before the deal",
            [f"before the deal: {seen.commitment}", f"at the end: {reveal.commitment}"],
            0,
        )
    seed = derive_seed(reveal.secret, reveal.contributions)
    details = [
        f"The host's secret matches the commitment it showed before the deal ({reveal.commitment[:12]}…)",
        f"Seed {seed} made from: " + "; ".join(f"seat {c.seat + 1} {_WORDS[c.by]}" for c in reveal.contributions),
    ]
    if seed != reveal.seed:
        return Verdict(
            False,
            "Not fair: the seed is not the one the contributions make",
            [*details, f"the host says it used {reveal.seed}"],
            0,
        )
    mine = next((c for c in reveal.contributions if c.seat == seen.seat), None)
    counted = seen.contribution is None or (mine is not None and mine.value == seen.contribution)
    if not counted:
        details.append("your contribution was not counted (it came too late, or the host left it out)")
    try:
        state = ruleset.new_game(reveal.players, seed, packs, options)
    except (RuleError, ValueError) as exc:  # the engine refuses a setup with one of these and says why
        return Verdict(False, "Cannot check: this client cannot set up the game", [*details, str(exc)], 0)
    difference = _compare(ruleset, state, 0, seen)
    if difference:
        return Verdict(False, "Not fair: the deal differs from the one you were shown", [*details, difference], 0)
    for n, wire in enumerate(reveal.actions, 1):
        try:
            action = ruleset.action_from_wire(wire)
            if action not in ruleset.legal_actions(state, action.seat):
                raise RuleError(f"{_whose(reveal, action.seat)} {action.kind.replace('_', ' ')} was not legal then")
            state, _ = ruleset.apply(state, action)
        except (RuleError, ValueError, KeyError, TypeError) as exc:
            return Verdict(False, f"Not fair: the replay differs at action {n}", [*details, f"action {n}: {exc}"], n)
        difference = _compare(ruleset, state, n, seen)
        if difference:
            return Verdict(
                False,
                f"Not fair: the replay differs at action {n}",
                [*details, f"action {n}, {_whose(reveal, action.seat)} {action.kind.replace('_', ' ')}: {difference}"],
                n,
            )
    last = max(seen.checksums, default=0)
    if last > len(reveal.actions):
        return Verdict(
            False,
            f"Not fair: the log stops at action {len(reveal.actions)} of {last}",
            details,
            len(reveal.actions) + 1,
        )
    outcome = outcome_map(ruleset.outcome(state))
    if seen.outcome is not None and outcome != seen.outcome:
        return Verdict(
            False,
            "Not fair: the replay ends with another outcome",
            [*details, f"replayed {outcome}, shown {seen.outcome}"],
            len(reveal.actions),
        )
    checked = sum(1 for n in seen.checksums if 1 <= n <= len(reveal.actions))
    details.append(
        f"{len(reveal.actions)} actions replayed, {checked} of them held against what you were shown; "
        "the outcome is the one shown"
    )
    return Verdict(True, FAIR if counted else FAIR + ", though your dice were not counted", details)


def _whose(reveal: Reveal, seat: int) -> str:
    """A seat as the table names it ("Bob's"), for a player reading why a replay failed."""
    if 0 <= seat < len(reveal.players):
        return f"{reveal.players[seat].name}'s"
    return f"seat {seat + 1}'s"


def _compare(ruleset: Ruleset[Any], state: Any, n: int, seen: Seen) -> str:
    """'' when the state after action `n` is what the seat was shown (or it was shown nothing then)."""
    shown = seen.checksums.get(n)
    if shown is None:
        return ""
    replayed = p.checksum(viewer_state(ruleset, state, seen.seat))
    return "" if replayed == shown else f"your view's checksum was {shown}, the replay gives {replayed}"
