"""What every part of the lobby shares: its tables and clients, the host's settings and store, and how a change
reaches everyone who looks."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..shared import protocol as p
from ..shared.rules.base import Ruleset
from .bot_pool import BotPool
from .config import ServerConfig
from .fairness import SeedRound
from .limits import AddressLimits
from .offer import Offer
from .packs_served import ServedPacks
from .store import Store
from .tables import Client, Seat, ServerError, Table
from .workers import WorkerPool

RulesetLookup = Callable[[str], Ruleset[Any]]


class LobbyRoom:
    """The lobby's state, and the helpers every kind of request uses."""

    def __init__(
        self,
        config: ServerConfig,
        store: Store,
        rulesets: RulesetLookup,
        games: list[str],
        on_change: Callable[[], None] | None = None,
        limits: AddressLimits | None = None,
    ) -> None:
        self.config = config
        self.limits = limits if limits is not None else AddressLimits(config)
        # Password hashing (~13 ms of CPU each) runs here, one at a time, so that it never stalls the event loop
        # and guessing clients share one worker rather than every core.
        self._passwords = ThreadPoolExecutor(max_workers=1, thread_name_prefix="passwords")
        self.bot_pool = BotPool()  # hard bots think in worker processes, started when the first one thinks
        self._created_by: dict[str, str] = {}  # table id -> the address that created it
        self.store = store
        self.rulesets = rulesets
        self.games = games
        self.on_change = on_change
        # boards and packs by name only: nothing a client sends reaches the file system
        self.offer = Offer.load(config.boards, config.packs)
        self.served = ServedPacks(self.offer.packs.values())  # the packs offered here, also by hash
        self.tables: dict[str, Table] = {}
        self.clients: set[Client] = set()
        self.browsers: set[Client] = set()  # clients looking at the table list
        self._push_pending = False
        self._tasks: set[asyncio.Task[None]] = set()  # matches closing, finished games read back
        self.rounds: dict[str, SeedRound] = {}  # table id -> its seed being made before the deal
        self.workers: WorkerPool | None = None  # the worker processes games run in (server/workers.py), if any

    def _spend(self, client: Client, kind: str) -> None:
        self.limits.spend(getattr(client, "address", ""), kind)

    def _table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ServerError("no_such_table", f"no table {table_id!r} here")
        return table

    def _my_seat(self, client: Client) -> tuple[Table, Seat]:
        table = client.table
        if table is None or client.seat is None:
            raise ServerError("not_seated", "you do not sit at a table")
        return table, table.seats[client.seat]

    def _not_at_a_table(self, client: Client) -> None:
        if client.table is not None:
            raise ServerError("already_at_table", "leave your table first")

    def _bind(self, client: Client, table: Table, seat: int | None) -> None:
        client.table, client.seat = table, seat
        # Someone waiting at a table still sees the table list change beside it; a game in play does not need it.
        if table.started:
            self.browsers.discard(client)
        else:
            self.browsers.add(client)

    def _assign_colours(self, table: Table) -> None:
        for seat in table.seats:
            if not seat.colour:
                seat.colour = table.free_colour()

    def _summaries(self) -> list[dict[str, Any]]:
        return [t.summary() for t in self.tables.values()]

    def _changed(self, table: Table) -> None:
        """Save the table, show everybody at it the new lobby state, and tell browsers and discovery soon."""
        if table.id in self.tables:
            self.store.save_record(table.id, table.record())
            shown = table.detail(asyncio.get_running_loop().time())
            shown["pack_files"] = self.served.offer(table.game, table.packs)  # what to ask for by hash
            detail = p.encode(p.message(p.TABLE, table=shown))
            for client in table.clients():
                client.send_frame(detail)
        if not self._push_pending:
            self._push_pending = True
            asyncio.get_running_loop().call_soon(self._push_tables)

    def _push_tables(self) -> None:
        self._push_pending = False
        if self.browsers:
            frame = p.encode(p.message(p.TABLES, tables=self._summaries()))
            for client in list(self.browsers):
                client.send_frame(frame)
        if self.on_change is not None:
            self.on_change()

    def open_tables(self) -> tuple[int, int]:
        """Tables waiting for players, and their free seats: what discovery advertises."""
        waiting = [t for t in self.tables.values() if not t.started]
        return len(waiting), sum(t.open_seats() for t in waiting)
