"""Back to your seat: the kept seats (`seats.py`) checked against what the hosts still hold, offered or taken.

Two places use it. At a host (the lobby), `Rejoin` waits for the host's id and table list: seats at tables the
host no longer lists (or lists as finished) are forgotten, one live seat is resumed at once, several are offered.
Before any host is chosen (`doorkick join` with no address), `SeatFinder` asks each host of a kept seat, in a
thread of its own, whether that table still plays, so the window can offer (or take) the seat straight away.
Back at the seat, the snapshot's `history` (the host's recent events, as this seat knows them) becomes the first
lines of the game's log: `history_lines`.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..shared import protocol
from .net import APP_NAME
from .seats import KeptSeat, SeatStore
from .trust import KnownHosts, Untrusted, check_welcome, new_nonce

if TYPE_CHECKING:
    from ..shared.rules.base import Event
    from .app import App
    from .words import Words

log = logging.getLogger(__name__)

REJOIN_ID = "rejoin:"  # the id of our `resume` requests, so that the answer can be told from others
PROBE_TIMEOUT = 2.0
GONE = ("bad_token", "no_such_table")  # refusals that mean a kept seat is stale

Take = Callable[[KeptSeat], None]


def live_tables(tables: Iterable[Any]) -> set[str]:
    """The ids of listed tables a seat can still be resumed at (a finished game has nothing to come back to)."""
    return {str(t.get("table")) for t in tables if isinstance(t, dict) and not t.get("finished")}


class Rejoin:
    """A lobby's kept seats at the host it talks to. Feed it every message with `absorb`."""

    def __init__(self, store: SeatStore | None, server_id: Callable[[], str], resume: Callable[..., None]) -> None:
        self.store = store
        self.server_id = server_id  # the connection's idea of the host id (set when its welcome arrives)
        self.resume = resume  # sends a request: resume(type, id_=..., **fields)
        self.settled = store is None  # the kept seats have been checked against the host's tables
        self.offers: list[KeptSeat] = []  # live seats, to offer when there is more than one
        self.taking: KeptSeat | None = None  # the seat being resumed, until the host answers
        self.taken: KeptSeat | None = None
        self.note = ""  # what to tell the player (a seat that was gone)

    @property
    def holds(self) -> bool:
        """True while a lobby should not make a table of its own: checking, resuming, or seats on offer."""
        return not self.settled or self.taking is not None or self.taken is not None or bool(self.offers)

    def absorb(self, item: Any) -> None:
        if not isinstance(item, protocol.Message) or self.store is None:
            return
        if item.type == protocol.TABLES and not self.settled and self.server_id():
            self._check(item.get("tables"))
        elif item.type == protocol.SEATED and self.taking is not None and _ours(item, self.taking):
            self.taken, self.taking = self.taking, None
        elif item.type == protocol.ERROR and self.taking is not None and _ours(item, self.taking):
            gone, self.taking = self.taking, None
            if item.get("code") in GONE:  # the host holds nothing for that token now
                self.store.forget(gone.host_id, gone.table)
            self.note = f"Could not sit down again at {gone.label}: {item.get('message')}"

    def take(self, seat: KeptSeat) -> None:
        """Sit down again at `seat` (a button, or the only live seat)."""
        self.offers = []
        self.taking = seat
        self.resume(protocol.RESUME, id_=REJOIN_ID + seat.table, table=seat.table, token=seat.token)

    def decline(self) -> None:
        self.offers = []

    def _check(self, tables: Any) -> None:
        assert self.store is not None
        self.settled = True
        live = live_tables(tables or [])
        kept = self.store.at_host(self.server_id())
        for seat in kept:
            if seat.table not in live:
                self.store.forget(seat.host_id, seat.table)
        self.offers = [s for s in kept if s.table in live]
        if len(self.offers) == 1:
            self.take(self.offers[0])


def history_lines(words: Words, events: Iterable[Event]) -> list[str]:
    """The log lines of the events a window missed, oldest first; one the log leaves out gives no line."""
    return [text for event in events if (text := words.event(event))]


def offer(app: App, seats: list[KeptSeat], take: Take, decline: Callable[[], None]) -> None:
    """A box with "Back to your seat at <table>" for each live seat, and "Not now"."""
    from .scenes.seat_offer import SeatOfferScene

    app.push(SeatOfferScene(app, seats, take, decline))


def _ours(item: protocol.Message, seat: KeptSeat) -> bool:
    return bool(item.id == REJOIN_ID + seat.table)


def probe(
    address: str, port: int, timeout: float = PROBE_TIMEOUT, hosts: KnownHosts | None = None
) -> tuple[str, list[Any]] | None:
    """Ask a host who it is and what tables it holds: `(host id, table summaries)`, or None when it does not
    answer in time or cannot prove it is the host `hosts` knows under its id (an impostor must not make us
    forget our seats). A plain blocking socket: it runs in the finder's thread, not beside the frame loop."""
    deadline = time.monotonic() + timeout
    nonce = new_nonce()
    try:
        with socket.create_connection((address, port), timeout=timeout) as sock:
            hello = protocol.message(
                protocol.HELLO, protocol=protocol.PROTOCOL_VERSION, app=APP_NAME, name="probe", nonce=nonce
            )
            sock.sendall(protocol.encode(hello) + protocol.encode(protocol.message(protocol.LIST_TABLES)))
            framer = protocol.Framer(protocol.SERVER_MESSAGES)
            host_id = ""
            while time.monotonic() < deadline:
                sock.settimeout(max(0.05, deadline - time.monotonic()))
                data = sock.recv(65536)
                if not data:
                    return None
                framer.receive_data(data)
                for item in framer.events_received():
                    if not isinstance(item, protocol.Message):
                        return None
                    if item.type == protocol.WELCOME:
                        try:
                            check_welcome(item, nonce, hosts)
                        except Untrusted:
                            return None
                        host_id = str(item.get("server"))
                    elif item.type == protocol.TABLES and host_id:
                        return host_id, list(item.get("tables"))
    except OSError:
        return None
    return None


class SeatFinder:
    """Checks every kept seat's host in the background; `done` once all have answered or timed out."""

    def __init__(self, store: SeatStore, skip_hosts: Iterable[str] = (), timeout: float = PROBE_TIMEOUT) -> None:
        self.store = store
        self.skip = set(skip_hosts)
        self.timeout = timeout
        self.live: list[KeptSeat] = []
        self.done = False
        self._thread = threading.Thread(target=self._run, name="doorkick-seats", daemon=True)

    def start(self) -> SeatFinder:
        self._thread.start()
        return self

    def _run(self) -> None:
        kept = [s for s in self.store.all() if s.host_id not in self.skip and s.address and s.port]
        hosts = {(s.address, s.port) for s in kept}
        known = KnownHosts.beside(self.store)
        found = {where: probe(*where, timeout=self.timeout, hosts=known) for where in hosts}
        live = []
        for seat in kept:
            answer = found[(seat.address, seat.port)]
            if answer is None or answer[0] != seat.host_id:
                continue  # not there now (switched off, another host on that port): keep the seat for later
            if seat.table in live_tables(answer[1]):
                live.append(seat)
            else:
                self.store.forget(seat.host_id, seat.table)
        self.live = live
        self.done = True
