"""A host that uses every core: the tables' games run in worker processes, the players stay with this one.

The host process keeps the listening socket, every connection, the lobby and discovery, so players see one
host at one address. Each started table's game runs in one of `workers` worker processes
(server/worker_main.py), placed on the one with the fewest games in play, once this process runs
`local_games` games itself (none by default; each of those skips a hop each way). Here the table's
`match` is a `RemoteMatch`, which the lobby uses as it uses a `Match`: actions go to the worker, and the frames
the worker builds for each seat come back already encoded, to be written to that seat's connection as they are
(server/relay.py). This process still writes the tables' records; a worker writes their action logs.

A worker that dies (a crash, `kill -9`) is replaced at once, and each of its games is opened on the new one
from its save: the record this process holds and the action log on disk, which has every action any player
saw. Its seated players and spectators get a fresh snapshot and play on; an action that was on its way gets
an error saying so, and the snapshot shows whether it was played.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import logging
import os
import pickle
import socket
import subprocess
import sys
import weakref
from typing import Any

from ..shared import protocol as p
from . import relay
from .config import ServerConfig
from .tables import Client, Table

log = logging.getLogger(__name__)

STOP_GRACE = 5.0  # seconds a worker gets to close its games' logs when the host stops
START_TIMEOUT = 60.0  # seconds the host waits for its workers to start before it listens anyway
MAX_MOVES = 3  # a game whose workers died this often is given up (it would take every new worker down with it)
# The games `doorkick host` runs in its own process before it places the next on workers (`local_games`, and
# `--local-games`). None by default: measured 2026-12-02 at 10, 50, 100 and 200 busy tables (2 workers, two runs
# interleaved), 4 games here never lowered the CPU per move (0-15% more from 50 tables on) and at 10 tables
# doubled the p99 (38 and 93 ms against 26 and 36); the host process carries every connection and is the busiest
# one, so a game there waits on all of them. A game here skips two hops, which only a host with a table or two
# could feel.
LOCAL_GAMES = 0


def default_workers() -> int:
    """One worker per core; a one-core machine runs its games in the host process."""
    cores = os.cpu_count() or 1
    return cores if cores > 1 else 0


class RemoteMatch:
    """A table's game in a worker, as the lobby sees it (the part of `Match` the lobby uses)."""

    def __init__(self, pool: WorkerPool, table: Table, seq: int, on_finish: Any, on_progress: Any) -> None:
        self.pool, self.table, self.seq = pool, table, seq
        self.on_finish, self.on_progress = on_finish, on_progress
        self.finished = False
        self.log = None  # the worker keeps the action log
        self.worker: Worker | None = None
        self.started = False
        self.moves = 0  # times its worker died under it
        # Who waits for an answer to each action sent, oldest first: the worker answers a table's actions in order.
        self.waiting: collections.deque[tuple[Client, int | str | None]] = collections.deque()
        # Snapshots asked for and not yet back: seat -> viewer id, and the spectators' viewer ids. Until its
        # snapshot comes, a connection gets no update: the worker built those for the state the seat held before.
        self.unsent_seats: dict[int, int] = {}
        self.unsent_watchers: set[int] = set()

    def _send(self, kind: str, *rest: Any) -> None:
        if self.worker is not None:
            self.worker.channel.send(kind, self.table.id, *rest)

    def start(self) -> None:
        self.started = True
        self._send(relay.START)

    async def close(self) -> None:
        self._send(relay.CLOSE)
        if self.worker is not None:
            self.worker.matches.pop(self.table.id, None)
            self.worker = None

    def submit(self, client: Client, seat: int, wire: Any, request_id: int | str | None) -> None:
        self.waiting.append((client, request_id))
        self._send(relay.ACT, seat, wire, request_id)

    def send_snapshot(self, client: Client, seat: int | None, request_id: int | str | None = None) -> None:
        viewer = self.pool.viewer_id(client)
        if seat is None:
            self.unsent_watchers.add(viewer)
        else:
            self.unsent_seats[seat] = viewer
        self._send(relay.SNAP, viewer, seat, request_id)

    def forget(self, seat: int) -> None:
        self._send(relay.FORGET, seat)

    def hold(self, seat: int) -> None:
        self._send(relay.HOLD, seat)

    def seat_changed(self) -> None:
        self._send(relay.SEATS, [s.stand_in for s in self.table.seats])

    # -- from the worker ------------------------------------------------------------------------------
    def received(self, kind: str, rest: list[Any]) -> None:
        if kind == relay.FRAMES:
            self._deliver(rest)
        elif kind == relay.VIEWER:
            number, frame = rest
            self.unsent_watchers.discard(number)
            for seat in [s for s, v in self.unsent_seats.items() if v == number]:
                del self.unsent_seats[seat]
            viewer = self.pool.viewers.get(number)
            if viewer is not None:
                viewer.send_frame(frame)
        elif kind == relay.PROGRESS:
            self.seq = rest[0]
            self.on_progress(self.table)
        elif kind == relay.END:
            self.seq, outcome, final = rest
            self.finished = True
            self.on_finish(self.table, outcome, final)
        elif kind == relay.OPENED:
            self.seq = rest[0]
        elif kind == relay.LOST:
            self.give_up(rest[0])

    def _deliver(self, frames: list[Any]) -> None:
        """A FRAMES message: each frame, as it came, to whoever it is for (target, frame, target, frame...)."""
        seats = self.table.seats
        for i in range(0, len(frames), 2):
            target, frame = frames[i], frames[i + 1]
            if target >= 0:
                client = seats[target].client
                if client is not None and target not in self.unsent_seats:
                    client.send_frame(frame)
            elif target == relay.WATCHERS:
                if self.table.spectators:
                    for client in list(self.table.spectators):
                        if self.pool.viewer_id(client) not in self.unsent_watchers:
                            client.send_frame(frame)
            elif self.waiting:  # relay.REPLY
                client, _ = self.waiting.popleft()
                client.send_frame(frame)

    def give_up(self, why: str) -> None:
        """The game cannot be run here: it stays on disk (a restart of the host tries it again)."""
        log.error("table %s: its game cannot be opened again (%s); it stays on disk", self.table.id, why)
        text = "this table's game could not be opened again on this host"
        while self.waiting:
            client, request_id = self.waiting.popleft()
            client.send(p.message(p.ERROR, request_id, code="table_lost", message=text))
        self._tell_everyone("table_lost", text)
        if self.worker is not None:
            self.worker.matches.pop(self.table.id, None)
            self.worker = None

    def open_on(self, worker: Worker) -> None:
        """Open the game on `worker`, from its save (the record held here, the log on disk)."""
        self.worker = worker
        worker.matches[self.table.id] = self
        self._send(relay.OPEN, self.table.record())

    def moved(self, worker: Worker) -> None:
        """The worker died: open the game again on `worker`; whoever is at the table gets a snapshot of it, and
        whoever waited for an answer is told to look again."""
        self.moves += 1
        if self.moves > MAX_MOVES:
            self.give_up(f"its worker died {self.moves} times")
            return
        self.open_on(worker)
        while self.waiting:
            client, request_id = self.waiting.popleft()
            client.send(
                p.message(
                    p.ERROR,
                    request_id,
                    code="restarted",
                    message="the table's game was opened again from its save: look and act again",
                )
            )
        for seat in self.table.seats:
            if seat.client is not None:
                self.send_snapshot(seat.client, seat.index)
        for client in list(self.table.spectators):
            self.send_snapshot(client, None)
        if self.started:
            self.start()

    def _tell_everyone(self, code: str, text: str) -> None:
        for client in self.table.clients():
            client.send(p.message(p.ERROR, code=code, message=text))


class Worker:
    """One worker process and the channel to it."""

    def __init__(self, pool: WorkerPool, number: int) -> None:
        self.pool, self.number = pool, number
        self.matches: dict[str, RemoteMatch] = {}
        self.channel = relay.Relay(self._on_message, self._on_lost)
        self.process: subprocess.Popen[bytes] | None = None
        self.stopping = False
        self.ready = asyncio.get_running_loop().create_future()  # set once the worker says it takes games

    async def start(self) -> None:
        ours, theirs = socket.socketpair()
        with theirs:
            self.process = subprocess.Popen(
                # its slot names its journal, which the worker that replaces it folds in (server/journal.py)
                [sys.executable, "-m", "doorkick.server.worker_main", str(theirs.fileno()), str(self.number)],
                stdin=subprocess.PIPE,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,  # Ctrl-C stops the host, which then stops its workers in order
            )
        assert self.process.stdin is not None
        self.process.stdin.write(pickle.dumps(self.pool.config))
        self.process.stdin.close()
        await asyncio.get_running_loop().create_connection(lambda: self.channel, sock=ours)

    async def started(self) -> None:
        """Until the worker has started (imported its engines): a host listens only once its workers are up, so
        that their start-up is not paid by the first games' moves. A worker that dies meanwhile ends the wait."""
        await asyncio.wait({self.ready}, timeout=START_TIMEOUT)

    @property
    def pid(self) -> int:
        return self.process.pid if self.process is not None else 0

    def load(self) -> int:
        return sum(1 for m in self.matches.values() if not m.finished)

    def _on_message(self, item: list[Any]) -> None:
        kind, table_id, *rest = item
        if kind == relay.READY:
            if not self.ready.done():
                self.ready.set_result(None)
            return
        match = self.matches.get(table_id)
        if match is not None:
            match.received(kind, rest)

    def _on_lost(self) -> None:
        if not self.ready.done():
            self.ready.set_result(None)
        if not self.stopping:
            self.pool.lost(self)

    async def stop(self) -> None:
        self.stopping = True
        self.channel.close()  # the worker closes its games and their logs, then ends
        if self.process is not None:
            try:
                await asyncio.wait_for(asyncio.to_thread(self.process.wait), STOP_GRACE)
            except TimeoutError:
                self.process.kill()
                await asyncio.to_thread(self.process.wait)


class WorkerPool:
    """The worker processes of this host; `host` places a started table's game on the least busy one."""

    def __init__(self, config: ServerConfig, size: int) -> None:
        self.config = config
        self.size = size
        self.workers: list[Worker] = []
        # Connections by a number the workers use to address one of them (a snapshot it asked for).
        self.viewers: weakref.WeakValueDictionary[int, Client] = weakref.WeakValueDictionary()
        self._viewer_ids: weakref.WeakKeyDictionary[Client, int] = weakref.WeakKeyDictionary()
        self._numbers = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()
        self.restarts = 0  # workers replaced after dying

    async def start(self) -> None:
        for number in range(self.size):
            worker = Worker(self, number)
            await worker.start()
            self.workers.append(worker)
        await asyncio.gather(*(w.started() for w in self.workers))  # they import side by side

    async def close(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.gather(*(w.stop() for w in self.workers))

    def host(self, table: Table, seq: int, on_finish: Any, on_progress: Any) -> RemoteMatch:
        """The game of a started table, opened from its save on the worker with the fewest games in play."""
        worker = min(self.workers, key=Worker.load)
        match = RemoteMatch(self, table, seq, on_finish, on_progress)
        match.open_on(worker)
        return match

    def viewer_id(self, client: Client) -> int:
        number = self._viewer_ids.get(client)
        if number is None:
            number = self._viewer_ids[client] = next(self._numbers)
            self.viewers[number] = client
        return number

    def lost(self, worker: Worker) -> None:
        """A worker died: a new one takes its place and opens its unfinished games again from their saves; its
        finished games are read back from the history when somebody asks for one."""
        log.warning(
            "worker %d (pid %d) died; its %d game(s) open again on a new worker",
            worker.number,
            worker.pid,
            worker.load(),
        )
        self.restarts += 1
        replacement = Worker(self, worker.number)
        self.workers[self.workers.index(worker)] = replacement
        task = asyncio.get_running_loop().create_task(self._replace(worker, replacement))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _replace(self, dead: Worker, replacement: Worker) -> None:
        if dead.process is not None:
            with contextlib.suppress(ProcessLookupError):
                dead.process.kill()
            await asyncio.to_thread(dead.process.wait)
        for match in list(dead.matches.values()):
            if match.finished:
                match.table.match = None
            else:
                match.moved(replacement)  # queued on the channel until the new worker is there
        await replacement.start()
