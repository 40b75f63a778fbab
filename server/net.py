"""The asyncio glue: accept connections, feed bytes to the framer, hand messages to the lobby, write replies.

Per connection: a send queue bounded in frames and bytes (a client that stops reading is dropped), message and
byte rate limits, a handshake deadline and a heartbeat that wants a whole message now and then; per address (see
limits.py): connections, lobby requests, chat and password tries; per server: a maximum number of connections.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import gc
import importlib.metadata
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ..shared import protocol as p
from ..shared.rules import registry
from ..shared.rules.base import RuleError, Ruleset
from .config import ServerConfig
from .identity import HostKey
from .limits import AddressLimits, Bucket
from .lobby import Lobby
from .names import clean_name
from .store import Store
from .tables import ServerError, Table
from .workers import WorkerPool

log = logging.getLogger(__name__)

CLOSE_GRACE = 5.0  # seconds a closing connection gets to take its last frames
TURN = 0.005  # seconds of one connection's requests before every other connection gets its turn
FEATURES = [
    "chat",
    "spectate",
    "resume",
    "passwords",
    "bots",
    "timers",
    "resync",
    "set_table",
    "hold",
    "signed_welcome",
    "packs",
]


@functools.cache
def app_version() -> str:
    """This install's version, read once: the metadata lookup costs about 2 ms, and every hello asks for it."""
    try:
        return importlib.metadata.version("doorkick")
    except importlib.metadata.PackageNotFoundError:
        return "0.0.0"


def available_games(rulesets: Callable[[str], Ruleset[Any]]) -> list[str]:
    """The registered games whose engine imports (an engine still being written is left out)."""
    found = []
    for game in registry.GAMES:
        try:
            rulesets(game)
        except (ImportError, AttributeError, KeyError):
            continue
        found.append(game)
    return found


class Connection:
    """One client: its framer, its send queue, its place in the lobby."""

    def __init__(self, server: Server, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.config = server.config
        self.reader = reader
        self.writer = writer
        peername = writer.get_extra_info("peername")
        self.peer = str(peername)
        self.address = address_of(peername)
        self.framer = p.Framer(p.CLIENT_MESSAGES, self.config.max_frame, self.config.max_items, whole_floats=True)
        self.transport = writer.transport
        self._high_water = self.transport.get_write_buffer_limits()[1]
        # Frames sent in this turn of the loop: written together at its end, in one write (`flush`).
        self._out: list[bytes] = []
        self._out_bytes = 0
        # What the transport would not take yet (a client that reads slowly): chunks and their frames, written
        # as it drains. Frames and bytes waiting here and in `_out` count against the send queue's limits.
        self._backlog: collections.deque[tuple[bytes, int]] = collections.deque()
        self._backlog_bytes = self._backlog_frames = 0
        self._draining: asyncio.Task[None] | None = None
        self._flush_due = False
        self.name = ""
        self.table: Table | None = None
        self.seat: int | None = None
        self.greeted = False
        self.closing = False
        # The loop, asked for once: `asyncio.get_running_loop()` makes a getpid() system call each time, and the
        # read path would ask for it several times per message.
        self._loop = loop = asyncio.get_running_loop()
        self.opened_at = self.last_heard = loop.time()
        self._allowance = float(self.config.burst)
        self._allowance_at = self.opened_at
        self._bytes = Bucket(self.config.byte_rate, 4 * self.config.max_frame, self.opened_at)

    # -- the Client protocol the lobby uses -----------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        self.send_frame(p.encode(message))

    def send_frame(self, frame: bytes) -> None:
        if self.closing:
            return
        waiting = self._out_bytes + self._backlog_bytes + self.transport.get_write_buffer_size()
        if waiting + len(frame) > self.config.send_queue_bytes:
            log.info("%s: dropped, it stopped reading (%d bytes waiting)", self.peer, waiting)
            self.abort()
            return
        if len(self._out) + self._backlog_frames >= self.config.send_queue:
            log.info("%s: dropped, it stopped reading (%d frames waiting)", self.peer, self._backlog_frames)
            self.abort()
            return
        self._out.append(frame)
        self._out_bytes += len(frame)
        if not self._flush_due:
            self._flush_due = True
            self.server.flush_later(self)

    def flush(self) -> None:
        """Hand this turn's frames to the transport in one write; behind a backlog, or when the transport holds
        more than its high-water mark, they wait in the backlog (in order) until it drains."""
        self._flush_due = False
        if not self._out:
            return
        data = self._out[0] if len(self._out) == 1 else b"".join(self._out)
        frames = len(self._out)
        self._out, self._out_bytes = [], 0
        if self.transport.is_closing():
            return
        if not self._backlog and self.transport.get_write_buffer_size() <= self._high_water:
            self.transport.write(data)
            return
        self._backlog.append((data, frames))
        self._backlog_bytes += len(data)
        self._backlog_frames += frames
        if self._draining is None:
            self._draining = self._loop.create_task(self._drain())

    async def _drain(self) -> None:
        try:
            while self._backlog:
                await self.writer.drain()
                data, frames = self._backlog.popleft()
                self._backlog_bytes -= len(data)
                self._backlog_frames -= frames
                self.transport.write(data)
        except (ConnectionError, OSError):
            self.transport.abort()
        finally:
            self._draining = None
        if self.closing:
            self._end()

    def close(self, reason: str, code: str = "closed", id_: int | str | None = None) -> None:
        """Say why (in reply to request `id_`, if one asked), then close once everything queued is written."""
        if self.closing:
            return
        self._out.append(p.encode(p.message(p.ERROR, id_, code=code, message=reason, fatal=True)))
        self.closing = True
        self.flush()
        if self._draining is None:
            self._end()
        # a peer that neither reads nor writes would keep the goodbye (and this connection) pending forever
        self._loop.call_later(CLOSE_GRACE, self._abort_if_open)

    def _end(self) -> None:
        """Close once the transport has written what it holds."""
        if self.transport.is_closing():
            return
        try:
            if self.writer.can_write_eof():
                self.writer.write_eof()
        except OSError:  # the peer is gone already
            self.transport.abort()
            return
        self.transport.close()

    def _abort_if_open(self) -> None:
        if not self.transport.is_closing() or self.transport.get_write_buffer_size():
            self.abort()

    def abort(self) -> None:
        self.closing = True
        self.transport.abort()

    # -- reading --------------------------------------------------------------------------------------
    async def serve(self) -> None:
        loop = self._loop
        try:
            while not self.closing:
                data = await self.reader.read(65_536)
                if not data:
                    self.framer.receive_eof()
                    await self._process()
                    break
                if not self._bytes.spend(loop.time(), len(data)):
                    self.close(f"more than {self.config.byte_rate:g} bytes a second", "rate_limited")
                    break
                whole = self.framer.frames_received
                self.framer.receive_data(data)
                if self.framer.frames_received > whole:  # a byte now and then is no sign of life: a message is
                    self.last_heard = loop.time()
                await self._process()
        except (ConnectionError, OSError):
            pass
        finally:
            if self.greeted:
                self.server.lobby.remove(self)
            self.closing = True
            self.flush()
            if self._draining is not None:
                try:
                    await asyncio.wait_for(asyncio.shield(self._draining), 5.0)
                except (TimeoutError, asyncio.CancelledError):
                    self.transport.abort()
            self._end()

    def _within_rate(self) -> bool:
        now = self._loop.time()
        earned = (now - self._allowance_at) * self.config.rate
        self._allowance = min(self.config.burst, self._allowance + earned)
        self._allowance_at = now
        if self._allowance < 1.0:
            return False
        self._allowance -= 1.0
        return True

    async def _process(self) -> None:
        loop = self._loop
        turn = loop.time()
        for event in self.framer.events_received():
            if self.closing:
                return
            if not self._within_rate():
                self.close(f"more than {self.config.rate:g} messages a second", "rate_limited")
                return
            if isinstance(event, p.ProtocolError):
                if event.fatal:
                    self.close(event.reason, event.code)
                    return
                self.send(p.message(p.ERROR, event.id, code=event.code, message=event.reason))
            elif not self.greeted:
                self._greet(event)
            elif event.type == p.HELLO:
                self.send(p.message(p.ERROR, event.id, code="already_greeted", message="hello only once"))
            else:
                await self._dispatch(event)
            if loop.time() - turn > TURN:
                # every other connection has its turn now and then: a burst of costly requests (snapshots) from
                # one client must not hold the event loop for all of them at once
                await asyncio.sleep(0)
                turn = loop.time()

    def _greet(self, hello: p.Message) -> None:
        if hello.type != p.HELLO:
            self.close("the first message must be hello", "handshake_required")
            return
        if hello.get("protocol") != p.PROTOCOL_VERSION:
            self.close(
                f"this host speaks protocol {p.PROTOCOL_VERSION}, you sent {hello.get('protocol')}",
                "version_mismatch",
                hello.id,
            )
            return
        try:
            self.name = clean_name(hello.get("name"))
        except ServerError as exc:
            self.close(str(exc), exc.code, hello.id)
            return
        self.greeted = True
        self.server.lobby.add(self)
        server = self.server
        proof = (
            {} if hello.get("nonce") is None else {"proof": server.identity.prove(server.server_id, hello.get("nonce"))}
        )
        self.send(
            p.message(
                p.WELCOME,
                hello.id,
                server=server.server_id,
                name=self.config.name,
                protocol=p.PROTOCOL_VERSION,
                app=app_version(),
                features=FEATURES,
                games=server.games,
                key=server.identity.public_hex,
                packs=server.lobby.served.catalogue(server.games),
                **proof,
            )
        )

    async def _dispatch(self, message: p.Message) -> None:
        """One request; one that waits (a password check in a worker) holds back this connection's next ones,
        so that its replies keep their order, while every other connection goes on."""
        try:
            pending: Awaitable[None] | None = self.server.lobby.handle(self, message)
            if pending is not None:
                await pending
        except (ServerError, RuleError) as exc:
            self.send(p.message(p.ERROR, message.id, code=exc.code, message=str(exc)))
        except Exception:  # a bug in one request must not end the connection or the host
            log.exception("%s: %s failed", self.peer, message.type)
            self.send(p.message(p.ERROR, message.id, code="internal", message="the host failed on that"))


def address_of(peername: Any) -> str:
    """The peer's IP address (the port left out): what per-address limits count."""
    if isinstance(peername, tuple) and peername:
        return str(peername[0])
    return str(peername)


# Every action builds thousands of short-lived records (states, views, frames) and almost no cycles, so the
# default young-generation threshold (700 allocations) runs the collector hundreds of times a minute on a busy
# host. Measured over bench/server_latency.py's 100 busy tables: 336 collections and 1.0 s of pauses in all
# with the default; 2 collections and 22 ms with these thresholds, and the same memory.
GC_THRESHOLDS = (50_000, 20, 20)


def _tune_gc() -> None:
    """Fewer, rarer collections for the whole process; what exists at start-up is frozen out of their way."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class Server:
    """The host: a listening socket, the lobby, the heartbeat and (optionally) discovery."""

    def __init__(
        self,
        config: ServerConfig,
        rulesets: Callable[[str], Ruleset[Any]] = registry.ruleset,
        games: list[str] | None = None,
    ) -> None:
        self.config = config
        self.rulesets = rulesets
        self.games = games if games is not None else available_games(rulesets)
        self.store = Store(config.data_dir)
        self.server_id = self.store.server_id()
        self.identity = HostKey.load_or_create(config.data_dir)
        self.limits = AddressLimits(config)
        self.lobby = Lobby(config, self.store, rulesets, self.games, on_change=self._lobby_changed, limits=self.limits)
        self.connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Server | None = None
        self._heartbeat_task: asyncio.Task[Any] | None = None
        self.discovery: Any = None
        self.port = 0
        self.workers = WorkerPool(config, config.workers) if config.workers > 0 else None
        self._unflushed: list[Connection] = []  # connections sent a frame in this turn of the loop

    def flush_later(self, connection: Connection) -> None:
        """Write `connection`'s frames at the end of this turn of the loop, with every other connection's: an
        update for six seats and the reply to its action go out as one write per connection."""
        if not self._unflushed:
            connection._loop.call_soon(self._flush)
        self._unflushed.append(connection)

    def _flush(self) -> None:
        due, self._unflushed = self._unflushed, []
        for connection in due:
            connection.flush()

    async def start(self) -> None:
        if self.workers is not None:
            await self.workers.start()
            self.lobby.workers = self.workers
        self.lobby.restore()
        _tune_gc()
        self._listener = await asyncio.start_server(self._accept, self.config.host, self.config.port)
        self.port = self._listener.sockets[0].getsockname()[1]
        self._heartbeat_task = self._spawn(self._heartbeat())
        if self.config.discovery:
            from .discovery import Advertiser  # zeroconf is only loaded when advertising

            self.discovery = Advertiser(self)
            await self.discovery.async_start()

    @property
    def address(self) -> tuple[str, int]:
        return self.config.host, self.port

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        for connection in list(self.connections):
            connection.close("the host is shutting down", "shutdown")
        if self._heartbeat_task is not None:
            self._heartbeat_task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=5.0)
        await self.lobby.close()
        if self.workers is not None:
            await self.workers.close()
        if self.discovery is not None:
            await self.discovery.async_close()
        if self._listener is not None:
            await self._listener.wait_closed()

    async def __aenter__(self) -> Server:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _spawn(self, coro: Any, name: str = "heartbeat") -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        address = address_of(writer.get_extra_info("peername"))
        reason = ""
        if len(self.connections) >= self.config.max_connections:
            reason = f"this host takes {self.config.max_connections} connections"
        elif not self.limits.connect(address):
            reason = f"this host takes {self.config.max_connections_per_address} connections from one address"
        if reason:
            writer.write(p.encode(p.message(p.ERROR, code="server_full", fatal=True, message=reason)))
            writer.close()
            return
        connection = Connection(self, reader, writer)
        self.connections.add(connection)
        task = self._spawn(connection.serve(), name=f"connection {connection.peer}")
        task.add_done_callback(lambda _: self._gone(connection))

    def _gone(self, connection: Connection) -> None:
        self.connections.discard(connection)
        self.limits.disconnect(connection.address)

    async def _heartbeat(self) -> None:
        """Ping every client now and then; close those silent too long or never saying hello."""
        config = self.config
        tick = min(config.heartbeat, config.idle_timeout / 4, config.handshake_timeout / 4)
        loop = asyncio.get_running_loop()
        last_ping = loop.time()
        ping = p.encode(p.message(p.PING))
        while True:
            await asyncio.sleep(tick)
            now = loop.time()
            send_ping = now - last_ping >= config.heartbeat
            if send_ping:
                last_ping = now
            if send_ping:
                self.limits.prune()
            for connection in list(self.connections):
                if not connection.greeted and now - connection.opened_at > config.handshake_timeout:
                    connection.close("no hello in time", "handshake_timeout")
                elif now - connection.last_heard > config.idle_timeout:
                    connection.close(f"no whole message for {config.idle_timeout:g} s", "timeout")
                elif send_ping and connection.greeted:
                    connection.send_frame(ping)

    def _lobby_changed(self) -> None:
        if self.discovery is not None:
            self.discovery.changed()
