"""Server latency bench: time from an action sent to all six seats holding their update, update and snapshot
sizes, and how many busy tables one host process carries with p99 under 50 ms.

Runs `doorkick host` in a subprocess on 127.0.0.1 and drives six-seat tables of humans from this process.
    python bench/server_latency.py --game munchkin --actions 2000
    python bench/server_latency.py --tables 1,4,8,16,32 --pace 0.25
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import msgpack

from doorkick.shared import protocol as p

SEATS = 6
PROFILE: list[str] = []  # e.g. ["-m", "cProfile", "-o", "host.prof"] to profile the host


@dataclass
class Seat:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    state: dict[str, Any] | None = None
    seq: int = -1
    token: str = ""
    seat: int = -1
    replies: asyncio.Queue[p.Message] = field(default_factory=asyncio.Queue)
    update_bytes: list[int] = field(default_factory=list)
    snapshot_bytes: list[int] = field(default_factory=list)


class Table:
    """Six human seats driven from here; `arrived` fires when every seat holds the awaited sequence number."""

    def __init__(self) -> None:
        self.seats: list[Seat] = []
        self.target = -1
        self.arrived = asyncio.Event()
        self.latencies: list[float] = []
        self.refused: list[str] = []
        self.arrived_at = 0.0
        self.tasks: list[asyncio.Task[None]] = []

    def check(self) -> None:
        if self.target >= 0 and not self.arrived.is_set() and all(s.seq >= self.target for s in self.seats):
            self.arrived_at = time.perf_counter()
            self.arrived.set()

    async def read(self, seat: Seat) -> None:
        try:
            await self._read(seat)
        except Exception as exc:
            print(f"seat {seat.seat}: reader failed: {exc!r}", file=sys.stderr)
            raise

    async def _read(self, seat: Seat) -> None:
        # Frames are split here rather than by the framer so that each frame's exact size is known.
        buffer = bytearray()
        while True:
            data = await seat.reader.read(1 << 16)
            if not data:
                return
            buffer += data
            while len(buffer) >= 4:
                (length,) = p.HEADER.unpack_from(buffer)
                if len(buffer) < 4 + length:
                    break
                size = 4 + length
                raw = msgpack.unpackb(bytes(buffer[4:size]))
                del buffer[:size]
                self._take(seat, p.Message(raw.pop("type"), raw, raw.pop("id", None)), size)

    def _take(self, seat: Seat, message: p.Message, size: int) -> None:
        if message.type == p.UPDATE:
            seat.update_bytes.append(size)
            assert seat.state is not None and message.get("seq") == seat.seq + 1
            p.apply_changes(seat.state, message.get("changes"))
            seat.seq = message.get("seq")
            self.check()
        elif message.type == p.SNAPSHOT:
            seat.snapshot_bytes.append(size)
            seat.state, seat.seq = message.get("state"), message.get("seq")
            self.check()
        elif message.type == p.PING:
            seat.writer.write(p.encode(p.message(p.PONG)))
        elif message.id is not None:
            seat.replies.put_nowait(message)

    async def request(self, seat: Seat, type_: str, **fields: Any) -> p.Message:
        seat.writer.write(p.encode(p.message(type_, 1, **fields)))
        return await asyncio.wait_for(seat.replies.get(), 10)

    async def open(self, port: int, game: str) -> None:
        for i in range(SEATS):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            seat = Seat(reader, writer)
            self.seats.append(seat)
            self.tasks.append(asyncio.get_running_loop().create_task(self.read(seat)))
            await self.request(seat, p.HELLO, protocol=p.PROTOCOL_VERSION, app="bench", name=f"Bench {i}")
        host = self.seats[0]
        seated = await self.request(host, p.CREATE_TABLE, game=game, seats=SEATS)
        host.token, host.seat = seated.get("token"), 0
        for seat in self.seats[1:]:
            joined = await self.request(seat, p.JOIN_TABLE, table=seated.get("table"))
            seat.token, seat.seat = joined.get("token"), joined.get("seat")
            await self.request(seat, p.READY, ready=True)
        self.target = 0
        self.arrived.clear()
        assert (await self.request(host, p.START)).type == p.OK
        await asyncio.wait_for(self.arrived.wait(), 10)

    async def play(self, actions: int, pace: float, chooser: random.Random) -> None:
        """One action at a time: send, then wait until all six seats hold the update."""
        for _ in range(actions):
            movers = [s for s in self.seats if s.state and s.state["legal"] and not s.state["outcome"]]
            if not movers:
                return
            mover = chooser.choice(movers)
            action = chooser.choice(mover.state["legal"])  # type: ignore[index]
            self.target = mover.seq + 1
            self.arrived.clear()
            started = time.perf_counter()
            mover.writer.write(p.encode(p.message(p.ACTION, 2, token=mover.token, action=action)))
            reply = await asyncio.wait_for(mover.replies.get(), 10)
            if reply.type != p.OK:  # the engine refused a listed action: worth knowing, not a latency
                self.refused.append(f"{action} -> {reply.get('code')}: {reply.get('message')}")
                continue
            await asyncio.wait_for(self.arrived.wait(), 10)
            self.latencies.append(self.arrived_at - started)
            if pace:
                await asyncio.sleep(pace)

    async def close(self) -> None:
        for seat in self.seats:
            seat.writer.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def start_host(game_seed: int) -> tuple[subprocess.Popen[str], int, str]:
    data_dir = tempfile.mkdtemp(prefix="doorkick-bench-")
    process = subprocess.Popen(
        [sys.executable, *PROFILE, "-m", "doorkick.shared.cli", "host", "--port", "0", "--bind", "127.0.0.1",
         "--no-discovery", "--data-dir", data_dir, "--seed", str(game_seed), "--bot-delay", "0",
         "--pass-timeout", "0", "--turn-timeout", "0", "--max-connections", "2000", "--max-tables", "1000"],
        stdout=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("listening on"), line
    return process, int(line.strip().rsplit(":", 1)[1]), data_dir


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def describe(latencies: list[float]) -> str:
    ms = [v * 1000 for v in latencies]
    return (f"n={len(ms)} p50={percentile(ms, 0.5):.2f} ms p90={percentile(ms, 0.9):.2f} ms "
            f"p99={percentile(ms, 0.99):.2f} ms max={max(ms):.2f} ms mean={statistics.fmean(ms):.2f} ms")


async def latency(port: int, game: str, actions: int, seed: int) -> None:
    chooser = random.Random(seed)
    done = 0
    tables: list[Table] = []
    while done < actions:
        table = Table()
        await table.open(port, game)
        await table.play(actions - done, 0.0, chooser)
        done += len(table.latencies)
        tables.append(table)
        await table.close()
    lat = [v for t in tables for v in t.latencies]
    updates = [b for t in tables for s in t.seats for b in s.update_bytes]
    snapshots = [b for t in tables for s in t.seats for b in s.snapshot_bytes]
    print(f"{game}: action -> all {SEATS} seats updated: {describe(lat)}")
    print(f"  update bytes per seat: mean {statistics.fmean(updates):.0f}, p50 {percentile(updates, 0.5):.0f}, "
          f"p99 {percentile(updates, 0.99):.0f}, max {max(updates)}")
    print(f"  snapshot bytes per seat: mean {statistics.fmean(snapshots):.0f}, max {max(snapshots)}")
    refused = [r for t in tables for r in t.refused]
    if refused:
        print(f"  {len(refused)} listed actions refused by the engine, e.g. {refused[0]}")


async def capacity(port: int, game: str, counts: list[int], pace: float, actions: int, seed: int) -> None:
    for count in counts:
        tables = [Table() for _ in range(count)]
        for table in tables:
            await table.open(port, game)
        chooser = random.Random(seed)
        started = time.perf_counter()
        await asyncio.gather(*(t.play(actions, pace, random.Random(chooser.random())) for t in tables))
        elapsed = time.perf_counter() - started
        lat = [v for t in tables for v in t.latencies]
        rate = len(lat) / elapsed
        verdict = "ok" if percentile(lat, 0.99) < 0.050 else "OVER 50 ms"
        print(f"{count:3d} busy tables ({rate:.0f} actions/s in all): {describe(lat)}  [{verdict}]")
        for table in tables:
            await table.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="munchkin")
    parser.add_argument("--actions", type=int, default=1500, help="actions for the latency run")
    parser.add_argument("--tables", default="", help="comma-separated table counts for the capacity run")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds between a busy table's actions")
    parser.add_argument("--per-table", type=int, default=120, help="actions per table in the capacity run")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    process, port, _ = start_host(args.seed)
    try:
        asyncio.run(latency(port, args.game, args.actions, args.seed))
        if args.tables:
            counts = [int(c) for c in args.tables.split(",")]
            asyncio.run(capacity(port, args.game, counts, args.pace, args.per_table, args.seed))
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
