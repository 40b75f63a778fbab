"""A test client speaking the DoorKick protocol over a real socket, and a helper that hosts a test server."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import fake_game

from doorkick.server.config import ServerConfig
from doorkick.server.match import Match
from doorkick.server.net import Server
from doorkick.server.tables import Table
from doorkick.shared import protocol as p

TIMEOUT = 60.0  # a hang, not a slow reply: CI is a busy 2-core machine, and a reply that comes ends the wait


def fast_config(data_dir: Path, **overrides: Any) -> ServerConfig:
    """Fast, quiet settings: no discovery, instant bots, no clocks unless a test asks for them."""
    settings: dict[str, Any] = {
        "host": "127.0.0.1",
        "port": 0,
        "name": "Test host",
        "data_dir": data_dir,
        "discovery": False,
        "bot_delay": 0.0,
        "pass_timeout": None,
        "turn_timeout": None,
        "heartbeat": 30.0,
        "idle_timeout": 60.0,
        "rate": 2000.0,
        "burst": 5000,  # test clients play as fast as they can
        # every test client comes from 127.0.0.1: the per-address limits have their own tests (test_server_abuse)
        "max_connections_per_address": 1000,
        "max_tables_per_address": 1000,
        "chat_burst": 1000,
        "password_burst": 1000,
        "byte_rate": 1e9,
        # a test client reads only while it waits for something: a short seed round keeps starts quick
        "contribution_timeout": 0.5,
    }
    settings.update(overrides)
    return ServerConfig(**settings)


@contextlib.asynccontextmanager
async def hosted(
    data_dir: Path, rulesets: Any = fake_game.rulesets, games: list[str] | None = None, **overrides: Any
) -> AsyncIterator[Server]:
    # Built in a thread: the host reads and checks every pack before it serves anyone (about 0.1 s of CPU),
    # which would count as a slow callback of the test's own loop (conftest.py) while holding nobody up.
    server = await asyncio.to_thread(Server, fast_config(data_dir, **overrides), rulesets, games or ["dice"])
    await server.start()
    try:
        yield server
    finally:
        await server.close()


class WireClient:
    """Keeps every byte it received (for leak checks) and the state of its table, checked on every update."""

    def __init__(self, port: int, host: str = "127.0.0.1", local: str | None = None) -> None:
        self.host, self.port = host, port
        self.local = local  # the loopback address to connect from (127.0.0.2...: another machine, to the host)
        self.framer = p.Framer(p.SERVER_MESSAGES)
        self.raw = bytearray()
        self.inbox: list[p.Message] = []
        self.seen: list[p.Message] = []  # every snapshot and update, in order
        self.ids = itertools.count(1)
        self.state: dict[str, Any] | None = None
        self.seq = -1
        self.updates = 0
        self.events: list[dict[str, Any]] = []
        self.token: str | None = None
        self.seat: int | None = None
        self.table: str | None = None
        self.closed = False
        self.auto_pong = True
        self.contribution: str | None = random.randbytes(32).hex()  # None: never answers a `commit`
        self.reader: asyncio.StreamReader
        self.writer: asyncio.StreamWriter

    async def open(self) -> WireClient:
        local = (self.local, 0) if self.local else None
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port, local_addr=local)
        return self

    async def connect(self, name: str = "Alice") -> p.Message:
        await self.open()
        return await self.request("hello", protocol=p.PROTOCOL_VERSION, app="test", name=name)

    def send_raw(self, data: bytes) -> None:
        self.writer.write(data)

    def send(self, type_: str, id_: int | str | None = None, **fields: Any) -> None:
        self.writer.write(p.encode(p.message(type_, id_, **fields)))

    async def request(self, type_: str, **fields: Any) -> p.Message:
        """Send with a fresh id and wait for the reply carrying it (ok, error or the answer)."""
        request_id = next(self.ids)
        self.send(type_, request_id, **fields)
        return await self.wait_for(lambda m: m.id == request_id)

    async def act(self, action: dict[str, Any]) -> p.Message:
        assert self.token is not None
        return await self.request("action", token=self.token, action=action)

    async def _read_some(self, timeout: float) -> None:
        data = await asyncio.wait_for(self.reader.read(65_536), timeout)
        if not data:
            self.closed = True
            self.framer.receive_eof()
        self.raw += data
        self.framer.receive_data(data)
        for event in self.framer.events_received():
            assert isinstance(event, p.Message), f"the server sent something malformed: {event}"
            self._track(event)
            self.inbox.append(event)

    def _track(self, message: p.Message) -> None:
        """Apply snapshots and updates as a real client would, checking order and checksum."""
        if message.type == p.PING and self.auto_pong:
            self.send(p.PONG)
        elif message.type == p.COMMIT and self.contribution is not None:  # the dice of the seed round
            self.send(p.CONTRIBUTE, contribution=self.contribution)
        elif message.type == p.SEATED:
            self.token, self.seat = message.get("token"), message.get("seat")
            self.table = message.get("table")
        if message.type in (p.SNAPSHOT, p.UPDATE):
            self.seen.append(message)
        if message.type == p.SNAPSHOT:
            self.state, self.seq = copy.deepcopy(message.get("state")), message.get("seq")
            assert p.checksum(self.state) == message.get("checksum")
        elif message.type == p.UPDATE:
            assert self.state is not None, "an update before any snapshot"
            assert message.get("seq") == self.seq + 1, f"update {message.get('seq')} after {self.seq}"
            p.apply_changes(self.state, copy.deepcopy(message.get("changes")))  # the message is kept
            assert p.checksum(self.state) == message.get("checksum"), "checksum mismatch after an update"
            self.seq = message.get("seq")
            self.updates += 1
            self.events.extend(message.get("events"))

    async def wait_for(self, match: Any, timeout: float = TIMEOUT) -> p.Message:
        """The first message (kept or new) that `match` accepts; it is removed from the inbox."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            for i, message in enumerate(self.inbox):
                if match(message):
                    return self.inbox.pop(i)
            if self.closed:
                raise ConnectionError(f"closed while waiting; last said: {self.inbox[-3:]}"[:2000])
            await self._read_some(max(0.01, deadline - loop.time()))

    async def expect(self, type_: str, timeout: float = TIMEOUT) -> p.Message:
        return await self.wait_for(lambda m: m.type == type_, timeout)

    async def until_closed(self, timeout: float = TIMEOUT) -> list[p.Message]:
        """Read until the server closes the connection; everything it said on the way."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        with contextlib.suppress(ConnectionError):
            while not self.closed:
                await self._read_some(max(0.01, deadline - loop.time()))
        return self.inbox

    async def drain(self, seconds: float = 0.05) -> None:
        """Read whatever arrives for a short while."""
        with contextlib.suppress(TimeoutError, ConnectionError):
            loop = asyncio.get_running_loop()
            end = loop.time() + seconds
            while loop.time() < end and not self.closed:
                await self._read_some(max(0.001, end - loop.time()))

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()

    # -- game helpers ---------------------------------------------------------------------------------
    def my_legal(self) -> list[dict[str, Any]]:
        return [] if self.state is None else list(self.state["legal"])

    def my_decision(self) -> list[dict[str, Any]]:
        """The legal actions when the game waits for this seat (free actions at other times are left out,
        so that random play moves the game on)."""
        if self.state is None or self.seat not in self.state["to_act"]:
            return []
        return list(self.state["legal"])

    def finished(self) -> bool:
        return self.state is not None and self.state["outcome"] is not None


def hosted_table(server: Server, client: WireClient) -> Table:
    """The host's table where `client` sits (or watches)."""
    assert client.table is not None, "the client is at no table"
    return server.lobby.tables[client.table]


def hosted_match(server: Server, client: WireClient) -> Match:
    """The game being played at `client`'s table."""
    match = hosted_table(server, client).match
    assert isinstance(match, Match), "the table's game has not started here (or it plays in a worker)"
    return match


async def table_of(
    server_port: int, names: list[str], seats: int, bots: int = 0, game: str = "dice", **create: object
) -> list[WireClient]:
    """The first name creates a table; the others join it."""
    clients = [WireClient(server_port) for _ in names]
    for client, name in zip(clients, names, strict=True):
        await client.connect(name)
    created = await clients[0].request("create_table", game=game, seats=seats, bots=bots, **create)
    assert created.type == "seated", created
    for client in clients[1:]:
        joined = await client.request("join_table", table=created.get("table"), password=create.get("password", ""))
        assert joined.type == "seated", joined
    return clients


async def started(server_port: int, names: list[str], seats: int | None = None, bots: int = 0) -> list[WireClient]:
    """A table of `names` (and `bots`), everyone ready, the game started and every snapshot in."""
    clients = await table_of(server_port, names, seats if seats is not None else len(names), bots)
    for client in clients[1:]:
        assert (await client.request("ready", ready=True)).type == "ok"
    assert (await clients[0].request("start")).type == "ok"
    for client in clients:
        await client.expect("snapshot")
    return clients


async def play_until_over(clients: list[WireClient], timeout: float = 30.0, seed: int = 1) -> None:
    """Every human plays a random legal action whenever it has one, until the game has an outcome."""
    chooser = random.Random(seed)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not all(c.finished() for c in clients):
        assert loop.time() < deadline, "the game did not finish in time"
        acted = False
        for client in clients:
            if client.finished() or not client.my_decision():
                continue
            reply = await client.act(chooser.choice(client.my_decision()))
            # another seat may have moved first and made our action stale: that is a clean refusal
            assert reply.type in ("ok", "error"), reply
            acted = True
        for client in clients:
            await client.drain(0.002 if acted else 0.02)
