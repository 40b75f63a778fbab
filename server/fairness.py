"""The host's half of fair dice: the seed round before the deal, and the reveal at the end.

At the start the host draws a 32-byte secret and sends its commitment to every seated, connected human, who
answers with a random contribution; once all have answered (or the contribution time is up) the seed is
derived from the secret and the contributions (shared/fairness.py). Bots' seats add nothing of their own: the
host's committed secret covers them, so the host has no input it could choose after seeing the players'. The
secret stays in the table's record on the host (the host runs the engine, so it knows the seed anyway) and
reaches the players only with the outcome, in `reveal`, together with the whole action log.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..shared import fairness as f
from ..shared import protocol as p
from .tables import BOT, HUMAN, OPEN, Client, ServerError, Table

FIXED_SEED = "the host fixed the seed (--seed), for tests and benchmarks"
SCENARIO = "the host's player arranged this table from a scenario file"


def unverifiable(reason: str) -> dict[str, Any]:
    """A table's fairness record when there was no seed round."""
    return {"verifiable": False, "reason": reason}


@dataclass
class SeedRound:
    """One table's seed being made: who was asked, what came back."""

    table: Table
    secret: str = field(default_factory=lambda: secrets.token_hex(f.SECRET_BYTES))
    asked: dict[int, Client] = field(default_factory=dict)  # seat -> the connection asked
    got: dict[int, str] = field(default_factory=dict)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def commitment(self) -> str:
        return f.commitment(self.secret)

    def ask(self, seconds: float) -> None:
        """Send the commitment to every seated human who is here now; a round with nobody to ask is done."""
        self.asked = {
            s.index: s.client for s in self.table.seats if s.kind == HUMAN and s.client is not None and not s.stand_in
        }
        frame = p.encode(
            p.message(
                p.COMMIT, table=self.table.id, commitment=self.commitment, seats=sorted(self.asked), seconds=seconds
            )
        )
        for client in self.asked.values():
            client.send_frame(frame)
        if not self.asked:
            self.done.set()

    def take(self, client: Client, value: Any) -> None:
        """A contribution from `client`; refusals change nothing."""
        seat = client.seat
        if seat is None or self.asked.get(seat) is not client:
            raise ServerError("not_asked", "this connection was not asked for a contribution")
        if seat in self.got:
            raise ServerError("already_contributed", "your seat has contributed already")
        if not f.is_contribution(value):
            raise ServerError(
                "bad_contribution", f"a contribution is 1 to {f.MAX_CONTRIBUTION_HEX // 2} bytes in lowercase hex"
            )
        self.got[seat] = value
        if len(self.got) == len(self.asked):
            self.done.set()

    async def wait(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):  # the host goes on without the late ones: listed as missing
            await asyncio.wait_for(self.done.wait(), seconds)

    def contributions(self) -> list[f.Contribution]:
        out = []
        for seat in self.table.seats:
            if seat.index in self.got:
                out.append(f.Contribution(seat.index, f.PLAYER, self.got[seat.index]))
            elif seat.kind in (BOT, OPEN):
                out.append(f.Contribution(seat.index, f.HOST))
            else:
                out.append(f.Contribution(seat.index, f.MISSING))
        return out

    def record(self) -> tuple[int, dict[str, Any]]:
        """The seed and what the table keeps of the round (the secret included: revealed at the end)."""
        made = self.contributions()
        record = {
            "verifiable": True,
            "commitment": self.commitment,
            "secret": self.secret,
            "contributions": [c.wire() for c in made],
        }
        return f.derive_seed(self.secret, made), record


def reveal_message(table: Table, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """`reveal`: the secret, the contributions, the seed and every action, for the table to check."""
    fairness = table.fairness or unverifiable("this game was started by a host that made no seed round")
    if not fairness.get("verifiable"):
        return p.message(p.REVEAL, table=table.id, verifiable=False, reason=str(fairness.get("reason", "")))
    return p.message(
        p.REVEAL,
        table=table.id,
        verifiable=True,
        reason="",
        commitment=fairness["commitment"],
        secret=fairness["secret"],
        contributions=fairness["contributions"],
        seed=table.seed,
        players=[{"name": s.name, "sex": s.sex} for s in table.seats],
        packs=list(table.packs),
        options=table.options,
        actions=actions,
        outcome=table.outcome,
    )
