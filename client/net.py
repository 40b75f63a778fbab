"""The connection to a host, run beside the frame loop: an asyncio thread, thread-safe queues, auto-reconnect.

The frame loop never waits on the network: it queues messages with `send` and drains what arrived with
`poll` (and `wake`, when set, tells an idle frame loop that something arrived). When the link drops, the
thread reconnects with backoff and, if a seat was taken, resumes it with the seat token; status changes
arrive through `poll` as `Status` items so a scene can tell the player.

Liveness: a host that says nothing for `PING_AFTER` seconds (or a third of `silent_after`) is pinged; one
silent (no frame, no pong) for `silent_after` seconds is taken for gone, reported ("the host is not
answering") and reconnected to. A host never reached fails within `first_contact` seconds, so a mistyped
address gets an answer, not a long wait.

Trust: nothing of ours (no resume, no queued action, no seat token) goes out before the host's `welcome`
has proved, by signing this session's nonce, that it holds the key this user knows for it (client/trust.py).
A host that cannot is refused for good: the link fails with the reason and does not reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ..shared import protocol
from ..shared.protocol import Framer, Message, ProtocolError
from .pack_cache import PackCache
from .seats import SeatStore, issued
from .trust import KnownHosts, Untrusted, check_welcome, new_nonce

APP_NAME = "doorkick-client"
BACKOFF = (0.2, 0.5, 1.0, 2.0, 3.0)
FIRST_CONTACT = 3.5  # seconds to reach a host never reached before, then "failed"
PING_AFTER = 2.0  # seconds of silence before asking the host whether it is still there (at most)
SILENT_AFTER = 7.0  # seconds of silence (no frame, not even a pong) before the host is taken for gone
NOT_ANSWERING = "the host is not answering"


@dataclass(frozen=True)
class Status:
    """What the link is doing: connecting, connected, reconnecting, failed or closed; `detail` says why."""

    state: str
    detail: str = ""


Incoming = Message | ProtocolError | Status


class Inbox(queue.Queue[Incoming]):
    """What arrived for the frame loop; every put rings `bell` so an idle loop wakes to read it."""

    def __init__(self, bell: Callable[[], None]) -> None:
        super().__init__()
        self.bell = bell

    def put(self, item: Incoming, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        self.bell()


class HostLink(Protocol):
    """What the lobby, a table's session and the big screen need from their link to the host: `Connection`, or a
    test's stand-in that answers as a host would."""

    wake: Callable[[], None] | None  # set by the scene: called (from any thread) when something arrives

    @property
    def server_id(self) -> str: ...  # the host's id from its welcome ("" before it)

    @property
    def token(self) -> str | None: ...  # the seat token to act with, once seated

    @property
    def packs(self) -> PackCache: ...  # the packs the host hands out, cached by hash

    def request(self, type_: str, **fields: Any) -> None: ...

    def poll(self) -> list[Incoming]: ...

    def close(self) -> None: ...


class Connection:
    """One client link. Thread-safe: `send` and `poll` may be called from the frame loop at any time."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        reconnect: bool = True,
        give_up_after: float = 120.0,
        first_contact: float = FIRST_CONTACT,
        silent_after: float = SILENT_AFTER,
        seats: SeatStore | None = None,
        hosts: KnownHosts | None = None,
        packs: PackCache | None = None,
    ) -> None:
        self.host, self.port, self.name = host, port, name
        self.seats = seats  # where seat tokens are kept on disk (None: not kept, as in most tests)
        # the keys of hosts met before, kept beside the seats (None: this connection pins the first key it sees)
        self.hosts = hosts if hosts is not None or seats is None else KnownHosts.beside(seats)
        self.host_key: str | None = None  # the key this host proved it holds
        self.refused = ""  # why the host was refused (it could not prove who it is)
        self.packs = packs or PackCache()  # a table's card packs the host hands out, cached by hash
        self.table_packs: dict[str, list[Any]] = {}  # table id -> its `pack_files`, from its latest detail
        # The seed round (docs/protocol.md, Fair dice): table id -> the host's commitment, and our contribution.
        self.commitments: dict[str, str] = {}
        self.contributions: dict[str, str] = {}
        self.server_id = ""  # the host's id from its welcome
        self.reconnect = reconnect
        self.give_up_after = give_up_after
        self.first_contact, self.silent_after = first_contact, silent_after
        self.wake: Callable[[], None] | None = None  # called from the network thread when something arrives
        self.reached = False  # the host has answered at least once
        self.inbox = Inbox(self._ring)
        self._outbox: asyncio.Queue[Mapping[str, Any]] | None = None
        self._pending: list[Mapping[str, Any]] = []  # queued before the loop was ready
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._writer: asyncio.StreamWriter | None = None
        self.state = "idle"
        # The seat to resume after a drop (set from `seated` messages).
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None

    # -- frame-loop side ---------------------------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="doorkick-net", daemon=True)
        self._thread.start()

    def send(self, message: Mapping[str, Any]) -> None:
        with self._lock:
            loop, box = self._loop, self._outbox
            if loop is None or box is None:
                self._pending.append(message)
                return
        with contextlib.suppress(RuntimeError):  # the link has ended (failed, refused, closed): nothing goes out
            loop.call_soon_threadsafe(box.put_nowait, message)

    def request(self, type_: str, **fields: Any) -> None:
        self.send(protocol.message(type_, **fields))

    def poll(self) -> list[Incoming]:
        out: list[Incoming] = []
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                return out
            if isinstance(item, Message) and item.type == protocol.SEATED:
                self.table, self.seat, self.token = item.get("table"), item.get("seat"), item.get("token")
            elif isinstance(item, Message) and item.type == protocol.LEFT:
                self.table = self.seat = self.token = None
            out.append(item)

    def drop(self) -> None:
        """Cut the socket (as a flaky network would); the reconnect logic then takes over."""
        loop, writer = self._loop, self._writer
        if loop is not None and writer is not None:
            loop.call_soon_threadsafe(writer.close)

    def close(self) -> None:
        self._stop.set()
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(lambda: None)
        if self._thread is not None:
            self._thread.join(timeout=3)

    # -- network thread ----------------------------------------------------------------------------
    def _ring(self) -> None:
        wake = self.wake
        if wake is not None:
            wake()

    def _status(self, state: str, detail: str = "") -> None:
        self.state = state
        self.inbox.put(Status(state, detail))

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._main(loop))
        finally:
            loop.close()

    async def _main(self, loop: asyncio.AbstractEventLoop) -> None:
        with self._lock:
            self._loop = loop
            self._outbox = asyncio.Queue()
            for message in self._pending:
                self._outbox.put_nowait(message)
            self._pending.clear()
        attempt = 0
        first = True
        began = loop.time()
        lost_since: float | None = None
        self._status("connecting", f"{self.host}:{self.port}")
        while not self._stop.is_set():
            # Until the host first answers, the whole attempt has `first_contact` seconds; later, 5 s a try.
            left = self.first_contact - (loop.time() - began) if not self.reached else 5.0
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(self.host, self.port), max(0.5, left))
            except (OSError, TimeoutError) as exc:
                lost_since = lost_since if lost_since is not None else loop.time()
                pause = BACKOFF[min(attempt, len(BACKOFF) - 1)]
                if not self.reached:  # the first contact keeps to its budget, pauses included
                    pause = min(pause, self.first_contact - (loop.time() - began))
                never = not self.reached and pause < BACKOFF[0] / 2
                if never or not self.reconnect or loop.time() - lost_since > self.give_up_after:
                    self._status("failed", f"cannot reach {self.host}:{self.port}: {_why(exc)}")
                    return
                await self._sleep(pause)
                attempt += 1
                continue
            attempt, lost_since = 0, None
            reason = await self._session(reader, writer, resume=not first)
            first = False
            if self._stop.is_set():
                break
            if self.refused or not self.reconnect:
                self._status("failed", reason)
                return
            self._status("reconnecting", reason)
            lost_since = loop.time()
            await self._sleep(BACKOFF[0])
        self._status("closed")

    async def _sleep(self, seconds: float) -> None:
        end = asyncio.get_running_loop().time() + seconds
        while not self._stop.is_set() and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.05)

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, resume: bool) -> str:
        """Talk until the link drops; the reason it ended."""
        self._writer = writer
        framer = Framer(protocol.SERVER_MESSAGES)
        nonce = new_nonce()
        hello = protocol.message(
            protocol.HELLO, protocol=protocol.PROTOCOL_VERSION, app=APP_NAME, name=self.name, nonce=nonce
        )
        writer.write(protocol.encode(hello))
        assert self._outbox is not None
        sender: asyncio.Task[None] | None = None  # started once the host has proved who it is
        clock = asyncio.get_running_loop().time
        heard = asked = clock()
        ping_after = min(PING_AFTER, self.silent_after / 3)
        try:
            while not self._stop.is_set():
                try:
                    data = await asyncio.wait_for(reader.read(65536), 0.25)
                except TimeoutError:
                    if clock() - heard > self.silent_after:
                        return NOT_ANSWERING
                    if clock() - heard > ping_after and clock() - asked > ping_after:
                        writer.write(protocol.encode(protocol.message(protocol.PING)))
                        asked = clock()
                    continue
                heard = clock()
                if not data:
                    framer.receive_eof()
                    self._forward(framer)
                    return "the host closed the connection"
                self.reached = True  # it speaks; "connected" once its welcome proves who it is
                framer.receive_data(data)
                for item in framer.events_received():
                    if isinstance(item, Message) and item.type == protocol.PING:
                        writer.write(protocol.encode(protocol.message(protocol.PONG)))
                        continue
                    if isinstance(item, Message) and item.type == protocol.PONG:
                        continue  # the answer to our ping: `heard` already noted it
                    if sender is None and isinstance(item, Message):
                        if item.type == protocol.WELCOME:
                            try:
                                self.host_key = check_welcome(item, nonce, self.hosts, self.host_key)
                            except Untrusted as exc:
                                self.refused = str(exc)
                                return self.refused
                            if resume and self.table and self.token:
                                resume_seat = protocol.message(protocol.RESUME, table=self.table, token=self.token)
                                writer.write(protocol.encode(resume_seat))
                            sender = asyncio.create_task(self._pump_out(writer, self._outbox))
                            self.packs.session_started()
                            self._status("connected", f"{self.host}:{self.port}")
                        elif item.type != protocol.ERROR:
                            continue  # before its welcome a host has nothing to tell
                    if isinstance(item, Message) and PackCache.ours(item):
                        for request in self.packs.absorb(item):  # card data: the network thread's own errand
                            writer.write(protocol.encode(request))
                        continue
                    if isinstance(item, Message) and item.type == protocol.COMMIT:
                        writer.write(protocol.encode(self._contribute(item)))  # at once: the deal waits for it
                    if isinstance(item, Message) and item.type == protocol.TABLE:
                        self._note_packs(item.get("table"))
                        for request in self.packs.wanted(item.get("table")):
                            writer.write(protocol.encode(request))
                    if isinstance(item, Message):
                        self._keep_seat(item)
                    self.inbox.put(item)
                if framer.closed_by_error is not None:
                    return framer.closed_by_error.reason
            return "closed"
        except OSError as exc:
            return f"connection lost: {exc}"
        finally:
            if sender is not None:
                sender.cancel()
                with contextlib.suppress(asyncio.CancelledError, OSError):
                    await sender
            writer.close()
            with contextlib.suppress(OSError, ConnectionError):
                await writer.wait_closed()
            self._writer = None

    def _keep_seat(self, item: Message) -> None:
        """The token path: remember the seat to resume, here and (the moment it is issued) on disk."""
        if item.type == protocol.WELCOME:
            self.server_id = str(item.get("server"))
        elif item.type == protocol.SEATED:
            self.table, self.token = item.get("table"), item.get("token")
            if self.seats is not None and self.server_id:
                self.seats.keep(
                    issued(self.server_id, item.get("table"), item.get("seat"), item.get("token"), self.host, self.port)
                )
        elif item.type == protocol.LEFT and self.seats is not None:
            self.seats.forget(self.server_id, item.get("table"))  # given up on purpose: nothing to come back to
        elif item.type == protocol.TABLE and self.seats is not None and self.table:
            detail = item.get("table")
            if isinstance(detail, dict) and detail.get("table") == self.table and detail.get("name"):
                self.seats.rename(self.server_id, self.table, str(detail["name"]))

    def _contribute(self, commit: Message) -> dict[str, Any]:
        """Our random part of the game's seed, kept with the host's commitment for the check at the end."""
        table = str(commit.get("table"))
        self.commitments[table] = str(commit.get("commitment"))
        self.contributions[table] = secrets.token_hex(32)
        return protocol.message(protocol.CONTRIBUTE, contribution=self.contributions[table])

    def _note_packs(self, detail: Any) -> None:
        if isinstance(detail, dict) and isinstance(detail.get("pack_files"), list):
            self.table_packs[str(detail.get("table"))] = detail["pack_files"]

    def _forward(self, framer: Framer) -> None:
        for item in framer.events_received():
            self.inbox.put(item)

    async def _pump_out(self, writer: asyncio.StreamWriter, box: asyncio.Queue[Mapping[str, Any]]) -> None:
        while True:
            message = await box.get()
            try:
                writer.write(protocol.encode(message))
                await writer.drain()
            except (OSError, ConnectionError):
                # Keep the message for the next session rather than lose a player's action.
                box.put_nowait(message)
                return


def _why(exc: BaseException) -> str:
    """A failed connect in a player's words."""
    if isinstance(exc, ConnectionRefusedError):
        return "nothing is listening there"
    if isinstance(exc, TimeoutError):
        return "no answer"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc) or type(exc).__name__
