"""What one peer address may spend: token buckets for its messages, lobby requests, chat and password checks.

A connection has its own message and byte budgets (in net.py); these are shared by every connection from one
address, so opening more connections buys a client nothing. The state of an address outlives its connections
for a while, so reconnecting does not refill a spent budget.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .config import ServerConfig
from .tables import ServerError

TOO_FAST = "too_fast"  # a refused request, not a closed connection: the client may try again later


class Bucket:
    """`rate` tokens a second, at most `burst` saved up; `spend` says whether there were enough."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, now

    def spend(self, now: float, cost: float = 1.0) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def full(self, now: float) -> bool:
        return self.tokens + (now - self.at) * self.rate >= self.burst


@dataclass
class Address:
    """One peer address: how many connections it holds and what it has left to spend."""

    connections: int
    lobby: Bucket
    chat: Bucket
    password: Bucket

    def buckets(self) -> tuple[Bucket, ...]:
        return self.lobby, self.chat, self.password


class AddressLimits:
    """Every address the host hears from, and the checks that refuse one that asks too much."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.addresses: dict[str, Address] = {}

    def _get(self, address: str) -> Address:
        now = time.monotonic()
        found = self.addresses.get(address)
        if found is None:
            config = self.config
            # Lobby requests scale with the connections an address may hold: each of them may look for a table.
            lobby_rate = config.lobby_rate * config.max_connections_per_address
            found = self.addresses[address] = Address(
                0,
                Bucket(lobby_rate, 2 * lobby_rate, now),
                Bucket(config.chat_rate, config.chat_burst, now),
                Bucket(config.password_rate, config.password_burst, now),
            )
        return found

    def connect(self, address: str) -> bool:
        """Count a new connection from `address`, or refuse it if that address holds its maximum already."""
        entry = self._get(address)
        if entry.connections >= self.config.max_connections_per_address:
            return False
        entry.connections += 1
        return True

    def disconnect(self, address: str) -> None:
        entry = self.addresses.get(address)
        if entry is not None:
            entry.connections = max(0, entry.connections - 1)

    def spend(self, address: str, kind: str) -> None:
        """Spend one `lobby`, `chat` or `password` token of `address`; none left: `too_fast`."""
        entry = self._get(address)
        bucket: Bucket = getattr(entry, kind)
        if not bucket.spend(time.monotonic()):
            what = {"lobby": "lobby requests", "chat": "chat messages", "password": "password tries"}[kind]
            raise ServerError(TOO_FAST, f"too many {what} from your address: wait a moment and try again")

    def prune(self) -> None:
        """Forget addresses with no connection whose budgets have filled up again (called by the heartbeat)."""
        now = time.monotonic()
        for address, entry in list(self.addresses.items()):
            if entry.connections == 0 and all(b.full(now) for b in entry.buckets()):
                del self.addresses[address]
