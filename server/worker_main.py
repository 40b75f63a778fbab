"""A worker process of a sharded host: the games of some tables, each a `Match` as in a one-process host.

The host process (server/workers.py) starts this as `python -m doorkick.server.worker_main FD SLOT` with the
pickled `ServerConfig` on stdin and its end of a socketpair as FD. Players never connect here: the host relays
their actions in and their frames out (server/relay.py). A game is rebuilt from its save on disk when it is
opened (its record comes with the request, its action log is read here), so a worker that dies is replaced and
its tables opened again on the new one with nothing lost that a player saw. This process writes only its
tables' action logs; the host process writes their records and moves finished games to the history.

A bot that thinks long would hold this worker's other tables meanwhile, so this worker's hard bots think in a
process pool of its own (server/bot_pool.py, one process: the workers already use every core between them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import socket
import sys
from typing import Any

from ..shared import protocol as p
from ..shared.fairness import view_state
from ..shared.rules import registry
from ..shared.rules.base import RuleError
from . import actionlog, journal, relay
from .bot_pool import BotPool
from .config import ServerConfig
from .match import Match
from .net import _tune_gc
from .offer import Offer
from .rebuild import first_state, replay
from .store import ACTIONS, Saved, Store
from .tables import ServerError, Table

log = logging.getLogger(__name__)


class _SeatLine:
    """The worker's stand-in for whoever sits at one seat: what is sent goes to the host for that seat."""

    def __init__(self, channel: relay.Relay, table_id: str, target: int) -> None:
        self.channel, self.table_id, self.target = channel, table_id, target

    def send(self, message: dict[str, Any]) -> None:
        self.send_frame(p.encode(message))

    def send_frame(self, frame: bytes) -> None:
        # Gathered with the table's other frames of this turn into one FRAMES message (server/relay.py).
        self.channel.send_frame(self.table_id, self.target, frame)

    def close(self, reason: str) -> None:
        pass


def _watchers_line(channel: relay.Relay, table_id: str) -> _SeatLine:
    """Every spectator of a table at once: the host hands the one frame to each."""
    return _SeatLine(channel, table_id, relay.WATCHERS)


def _reply_line(channel: relay.Relay, table_id: str) -> _SeatLine:
    """The answer to one action: the host knows whose it is (each table answers its actions in order)."""
    return _SeatLine(channel, table_id, relay.REPLY)


class _ViewerLine(_SeatLine):
    """One connection, by the id the host gave it (a snapshot it asked for)."""

    def send_frame(self, frame: bytes) -> None:
        self.channel.send(relay.VIEWER, self.table_id, self.target, frame)


class WorkerHost:
    """The tables of this worker by id, and the channel to the host process."""

    def __init__(self, config: ServerConfig, slot: int = 0) -> None:
        self.config = config
        # Its slot's journal, folded in first: a worker that died in this slot left its last actions there.
        self.store = Store(config.data_dir, journal.worker_name(slot))
        self.bot_pool = BotPool(workers=1)
        self.offer = Offer.load(config.boards, config.packs)
        self.matches: dict[str, Match] = {}
        self.done = asyncio.Event()
        self.channel = relay.Relay(self._on_message, self.done.set)
        self._tasks: set[asyncio.Task[None]] = set()

    def _on_message(self, item: list[Any]) -> None:
        kind, table_id, *rest = item
        if kind == relay.OPEN:
            self._open(table_id, rest[0])
            return
        match = self.matches.get(table_id)
        if match is None:
            return  # closed meanwhile
        if kind == relay.ACT:
            seat, wire, request_id = rest
            reply = _reply_line(self.channel, table_id)
            try:
                match.submit(reply, seat, wire, request_id)  # type: ignore[arg-type]
            except (ServerError, RuleError) as exc:
                reply.send(p.message(p.ERROR, request_id, code=exc.code, message=str(exc)))
        elif kind == relay.SNAP:
            viewer, seat, request_id = rest
            match.send_snapshot(_ViewerLine(self.channel, table_id, viewer), seat, request_id)  # type: ignore[arg-type]
        elif kind == relay.START:
            match.start()
        elif kind == relay.FORGET:
            match.forget(rest[0])
        elif kind == relay.HOLD:
            match.hold(rest[0])
        elif kind == relay.SEATS:
            for seat, stand_in in zip(match.table.seats, rest[0], strict=False):
                seat.stand_in = stand_in
            match.seat_changed()
        elif kind == relay.CLOSE:
            self._spawn(self._close(table_id))

    def _open(self, table_id: str, record: dict[str, Any]) -> None:
        """The game at this table from its save: replayed from its log, or dealt afresh if it has none yet."""
        try:
            table = Table.from_record(record)
            ruleset = registry.ruleset(table.game)
            folder = self.store.tables / table_id
            if (folder / ACTIONS).exists():
                saved = Saved(folder, record, actionlog.read(folder / ACTIONS))
                replayed = replay(ruleset, table, self.offer, saved.reading)
                self.store.repair(saved, replayed.actions, replayed.rebuilt)
                state, seq = replayed.state, len(replayed.actions)
            else:
                state, seq = first_state(ruleset, table, self.offer), 0
        except Exception as exc:  # the host gives the table up and says why; this worker's other tables go on
            log.exception("table %s cannot be opened", table_id)
            self.channel.send(relay.LOST, table_id, f"{type(exc).__name__}: {exc}")
            return
        for seat in table.seats:
            seat.client = _SeatLine(self.channel, table_id, seat.index)  # type: ignore[assignment]
        table.spectators = {_watchers_line(self.channel, table_id)}  # type: ignore[arg-type]
        match = Match(
            table,
            ruleset,
            state,
            seq,
            self.store.open_log(table_id),
            self.config,
            self._finished,
            self._progressed,
            self.bot_pool,
        )
        table.match = match
        self.matches[table_id] = match
        self.channel.send(relay.OPENED, table_id, seq)

    def _progressed(self, table: Table) -> None:
        assert table.match is not None
        self.channel.send(relay.PROGRESS, table.id, table.match.seq)

    def _finished(self, table: Table, outcome: dict[str, Any]) -> None:
        match = self.matches[table.id]  # this worker's own Match (the table's, typed for either kind)
        final = None
        if table.fairness is not None and table.fairness.get("verifiable"):
            final = p.checksum(view_state(match.ruleset, match.state, None))
        if match.log is not None:
            match.log.close()
        self._spawn(self._ended(table.id, match.seq, outcome, final))

    async def _ended(self, table_id: str, seq: int, outcome: dict[str, Any], final: int | None) -> None:
        await self.store.settled()  # the log is closed before the host moves the game's folder to the history
        self.channel.send(relay.END, table_id, seq, outcome, final)

    async def _close(self, table_id: str) -> None:
        match = self.matches.pop(table_id, None)
        if match is not None:
            await match.close()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def run(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        await loop.create_connection(lambda: self.channel, sock=sock)
        _tune_gc()
        self.channel.send(relay.READY, None)
        await self.done.wait()  # the host closed its end (or is gone): this worker has nothing left to do
        for table_id in list(self.matches):
            await self._close(table_id)
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.to_thread(self.bot_pool.close)
        await asyncio.to_thread(self.store.close)


def main() -> None:
    config: ServerConfig = pickle.loads(sys.stdin.buffer.read())  # from the host process that started this one
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s worker %(name)s: %(message)s")
    sock = socket.socket(fileno=int(sys.argv[1]))
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C reaches the whole group: the host process stops us
        asyncio.run(WorkerHost(config, int(sys.argv[2]) if len(sys.argv) > 2 else 0).run(sock))


if __name__ == "__main__":
    main()
