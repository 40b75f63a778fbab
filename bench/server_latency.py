"""Server bench: time from an action sent to all six seats holding their update, update and snapshot sizes,
how many busy tables one host process carries with p99 under 50 ms, and the host's memory idle and with them.

Runs `doorkick host` in a subprocess on 127.0.0.1 and drives six-seat tables of humans from this process. Each
table count gets a fresh host, so that its memory is that of exactly that many tables. Progress goes to stderr,
the figures to --json PATH (or stdout).
    python bench/server_latency.py --game munchkin --actions 2000
    python bench/server_latency.py --tables 1,4,8,16,32 --pace 0.25 --json figures.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec

from doorkick.bench.common import (
    add_bench_arguments,
    host_command,
    listening_port,
    memory_mb,
    percentile,
    stop_process,
    write_figures,
)
from doorkick.shared import protocol as p

SEATS = 6
CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# Frames as msgpack-python reads them (maps to dicts, arrays to lists, bin to bytes), in less of the CPU the
# bench shares with the host.
DECODER = msgspec.msgpack.Decoder()
PROFILE: list[str] = []  # e.g. ["-m", "cProfile", "-o", "host.prof"] to profile the host


class Seat(asyncio.Protocol):
    """One client's connection. Frames are split here as they arrive (not by the framer, so that each frame's
    exact size is known) and handed to the table at once. The bench shares the host's cores, so this is lean: a
    protocol rather than a stream and a reader task (no task wake-up per frame), each frame decoded straight from
    the bytes received (msgspec, no copy of it), the leftover of a read kept only when a frame is split."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.transport: asyncio.Transport | None = None
        self.state: dict[str, Any] | None = None
        self.seq = -1
        self.token = ""
        self.seat = -1
        self.replies: asyncio.Queue[p.Message] = asyncio.Queue()
        self.update_bytes: list[int] = []
        self.snapshot_bytes: list[int] = []
        self._rest = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def write(self, frame: bytes) -> None:
        assert self.transport is not None
        self.transport.write(frame)

    def data_received(self, data: bytes) -> None:
        if self._rest:
            data = self._rest + data
        start, end = 0, len(data)
        try:
            with memoryview(data) as view:
                while end - start >= 4:
                    (length,) = p.HEADER.unpack_from(view, start)
                    size = 4 + length
                    if end - start < size:
                        break
                    raw = DECODER.decode(view[start + 4 : start + size])
                    start += size
                    self.table.take(self, p.Message(raw.pop("type"), raw, raw.pop("id", None)), size)
        except Exception as exc:  # said at once (the run may wait long for this seat), then raised by the run
            print(f"seat {self.seat}: reader failed: {exc!r}", file=sys.stderr)
            self.table.failed(exc)
            return
        self._rest = data[start:] if start < end else b""


class Table:
    """Six human seats driven from here; `arrived` fires when every seat holds the awaited sequence number."""

    def __init__(self) -> None:
        self.seats: list[Seat] = []
        self.target = -1
        self.arrived = asyncio.Event()
        self.latencies: list[float] = []
        self.refused: list[str] = []
        self.arrived_at = 0.0
        self.errors: list[Exception] = []

    def check(self) -> None:
        if self.target >= 0 and not self.arrived.is_set() and all(s.seq >= self.target for s in self.seats):
            self.arrived_at = time.perf_counter()
            self.arrived.set()

    def failed(self, exc: Exception) -> None:
        """A seat could not take what came: the run stops at its next wait and raises it."""
        self.errors.append(exc)
        self.arrived.set()
        for seat in self.seats:
            seat.replies.put_nowait(p.Message("failed", {}, None))

    def _raise_failure(self) -> None:
        if self.errors:
            raise self.errors[0]

    def take(self, seat: Seat, message: p.Message, size: int) -> None:
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
            seat.write(p.encode(p.message(p.PONG)))
        elif message.id is not None:
            seat.replies.put_nowait(message)

    async def request(self, seat: Seat, type_: str, **fields: Any) -> p.Message:
        seat.write(p.encode(p.message(type_, 1, **fields)))
        reply = await asyncio.wait_for(seat.replies.get(), 10)
        self._raise_failure()
        return reply

    async def open(self, port: int, game: str, options: dict[str, Any] | None = None) -> None:
        """Six seats seated at a new table of `game` (with its `options`, if any), and the game started."""
        loop = asyncio.get_running_loop()
        for i in range(SEATS):
            _, seat = await loop.create_connection(lambda: Seat(self), "127.0.0.1", port)
            self.seats.append(seat)
            await self.request(seat, p.HELLO, protocol=p.PROTOCOL_VERSION, app="bench", name=f"Bench {i}")
        host = self.seats[0]
        extra = {} if options is None else {"options": options}
        seated = await self.request(host, p.CREATE_TABLE, game=game, seats=SEATS, **extra)
        host.token, host.seat = seated.get("token"), 0
        for seat in self.seats[1:]:
            joined = await self.request(seat, p.JOIN_TABLE, table=seated.get("table"))
            seat.token, seat.seat = joined.get("token"), joined.get("seat")
            await self.request(seat, p.READY, ready=True)
        self.target = 0
        self.arrived.clear()
        assert (await self.request(host, p.START)).type == p.OK
        await asyncio.wait_for(self.arrived.wait(), 10)
        self._raise_failure()

    async def play(self, actions: int, pace: float, chooser: random.Random) -> None:
        """One action at a time: send, then wait until all six seats hold the update. Tables start at a random
        point of their first pause: players at a LAN party do not all click in the same millisecond, and a
        bench whose hundred tables act in lockstep measures its own bursts rather than the host."""
        if pace:
            await asyncio.sleep(chooser.random() * pace)
        for _ in range(actions):
            movers = [s for s in self.seats if s.state and s.state["legal"] and not s.state["outcome"]]
            if not movers:
                return
            mover = chooser.choice(movers)
            action = chooser.choice(mover.state["legal"])  # type: ignore[index]
            self.target = mover.seq + 1
            self.arrived.clear()
            started = time.perf_counter()
            mover.write(p.encode(p.message(p.ACTION, 2, token=mover.token, action=action)))
            reply = await asyncio.wait_for(mover.replies.get(), 10)
            self._raise_failure()
            if reply.type != p.OK:  # the engine refused a listed action: worth knowing, not a latency
                self.refused.append(f"{action} -> {reply.get('code')}: {reply.get('message')}")
                continue
            await asyncio.wait_for(self.arrived.wait(), 10)
            self._raise_failure()
            self.latencies.append(self.arrived_at - started)
            if pace:
                await asyncio.sleep(pace)

    async def close(self) -> None:
        for seat in self.seats:
            if seat.transport is not None:
                seat.transport.close()
        await asyncio.sleep(0)  # the transports close on the next turn of the loop


def process_cpu_s(pid: int) -> float:
    """utime+stime of a process so far, in seconds (0 once it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def process_tree(pid: int) -> list[int]:
    """A process and its children, theirs too (a host and its worker processes); Linux's /proc."""
    found, todo = [], [pid]
    while todo:
        one = todo.pop()
        found.append(one)
        for task in Path(f"/proc/{one}/task").glob("*/children"):
            with contextlib.suppress(OSError):
                todo.extend(int(c) for c in task.read_text().split())
    return found


class Host:
    """A `doorkick host` process on 127.0.0.1 without discovery, every game from the same seed."""

    def __init__(
        self,
        game_seed: int,
        env: dict[str, str] | None = None,
        workers: int | None = None,
        local_games: int | None = None,
    ) -> None:
        """`env`: the host process's environment (another tree's DoorKick on PYTHONPATH, for a before/after);
        `workers`: its worker processes (None: the host's default, and no --workers for a tree without it);
        `local_games`: the games its own process runs with workers (None: the host's default)."""
        self.workers, self.local_games = workers, local_games
        self.data_dir = data_dir = tempfile.mkdtemp(prefix="doorkick-bench-")
        self.process = subprocess.Popen(
            host_command(
                data_dir,
                "--no-discovery",
                "--seed",
                str(game_seed),
                "--bot-delay",
                "0",
                "--pass-timeout",
                "0",
                "--turn-timeout",
                "0",
                "--max-connections",
                "2000",
                "--max-tables",
                "1000",
                "--max-per-address",
                "2000",
                "--max-tables-per-address",
                "1000",
                *([] if workers is None else ["--workers", str(workers)]),
                *([] if local_games is None else ["--local-games", str(local_games)]),
                python=PROFILE,
            ),
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.port = listening_port(self.process)
        self.idle = self.memory()  # imports done, socket open, workers started, no table yet

    def memory(self) -> dict[str, float]:
        """The host's memory, its workers' added in."""
        found = [memory_mb(pid) for pid in process_tree(self.process.pid)]
        return {key: round(sum(m.get(key, 0.0) for m in found), 1) for key in ("rss_mb", "hwm_mb")}

    def cpu_s(self) -> float:
        """CPU seconds the host and its workers have used so far."""
        return sum(process_cpu_s(pid) for pid in process_tree(self.process.pid))

    def stop(self) -> None:
        stop_process(self.process)
        shutil.rmtree(self.data_dir, ignore_errors=True)  # its saves of the bench's games


def timings(latencies: list[float]) -> dict[str, Any]:
    ms = [v * 1000 for v in latencies]
    return {
        "actions": len(ms),
        "p50_ms": round(percentile(ms, 0.5), 3),
        "p90_ms": round(percentile(ms, 0.9), 3),
        "p99_ms": round(percentile(ms, 0.99), 3),
        "max_ms": round(max(ms), 3),
        "mean_ms": round(statistics.fmean(ms), 3),
    }


def describe(figures: dict[str, Any]) -> str:
    return " ".join(
        f"{k.removesuffix('_ms')}={v:.2f} ms" if k.endswith("_ms") else f"n={v}" for k, v in figures.items()
    )


async def latency(port: int, game: str, actions: int, seed: int) -> dict[str, Any]:
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
    refused = [r for t in tables for r in t.refused]
    one = timings(lat)
    print(f"{game}: action -> all {SEATS} seats updated: {describe(one)}", file=sys.stderr)
    if refused:
        print(f"  {len(refused)} listed actions refused by the engine, e.g. {refused[0]}", file=sys.stderr)
    return {
        "one_table": one,
        "update_bytes_per_seat": {
            "mean": round(statistics.fmean(updates)),
            "p50": percentile(updates, 0.5),
            "p99": percentile(updates, 0.99),
            "max": max(updates),
        },
        "snapshot_bytes_per_seat": {"mean": round(statistics.fmean(snapshots)), "max": max(snapshots)},
        "refused_actions": len(refused),
    }


async def busy(host: Host, game: str, count: int, pace: float, actions: int, seed: int) -> dict[str, Any]:
    """`count` six-seat tables seated, then all playing at once; the host's memory is sampled meanwhile."""
    tables = [Table() for _ in range(count)]
    for table in tables:
        await table.open(host.port, game)
    seated = host.memory().get("rss_mb", 0.0)
    samples: list[float] = []

    async def sample() -> None:
        while True:
            samples.append(host.memory().get("rss_mb", 0.0))
            await asyncio.sleep(0.5)

    sampler = asyncio.get_running_loop().create_task(sample())
    chooser = random.Random(seed)
    cpu, main_cpu, own_cpu = host.cpu_s(), process_cpu_s(host.process.pid), time.process_time()
    started = time.perf_counter()
    await asyncio.gather(*(t.play(actions, pace, random.Random(chooser.random())) for t in tables))
    elapsed = time.perf_counter() - started
    cpu, main_cpu = host.cpu_s() - cpu, process_cpu_s(host.process.pid) - main_cpu
    own_cpu = time.process_time() - own_cpu  # the bench's clients, which share the machine with the host
    sampler.cancel()
    await asyncio.gather(sampler, return_exceptions=True)
    end = host.memory()
    for table in tables:
        await table.close()
    lat = [v for t in tables for v in t.latencies]
    figures = timings(lat)
    figures["actions_per_s"] = round(len(lat) / elapsed, 1)
    figures["server_cpu_per_action_ms"] = round(1000 * cpu / max(1, len(lat)), 3)
    figures["host_process_cpu_per_action_ms"] = round(1000 * main_cpu / max(1, len(lat)), 3)  # without workers
    figures["bench_cpu_per_action_ms"] = round(1000 * own_cpu / max(1, len(lat)), 3)
    figures["workers"] = host.workers
    figures["p99_under_50ms"] = figures["p99_ms"] < 50.0
    figures["server_rss_seated_mb"] = seated
    # The largest resident size seen while every table played (the end of the run, as a rule), and the peak.
    figures["server_rss_mb"] = max([*samples, end.get("rss_mb", 0.0)])
    figures["server_hwm_mb"] = end.get("hwm_mb", 0.0)
    verdict = "ok" if figures["p99_under_50ms"] else "OVER 50 ms"
    print(
        f"{count:3d} busy tables, {host.workers} workers ({figures['actions_per_s']:.0f} actions/s in all, "
        f"{figures['server_cpu_per_action_ms']:.2f} ms host CPU each, "
        f"{figures['host_process_cpu_per_action_ms']:.2f} of them in the host process; "
        f"the bench's clients {figures['bench_cpu_per_action_ms']:.2f} ms): "
        f"{describe(timings(lat))}  [{verdict}]  "
        f"host RSS {figures['server_rss_mb']:.1f} MiB (idle {host.idle.get('rss_mb', 0.0):.1f})",
        file=sys.stderr,
    )
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="munchkin")
    parser.add_argument("--actions", type=int, default=1500, help="actions for the one-table latency run")
    parser.add_argument("--tables", default="", help="comma-separated table counts for the capacity run")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds between a busy table's actions")
    parser.add_argument("--per-table", type=int, default=100, help="actions per table in the capacity run")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--workers",
        default="",
        help="comma-separated worker counts, each table count run with "
        "each in turn (default: the host's own); the figures of 50 tables and 2 workers are under "
        "busy_tables['50 w2']",
    )
    add_bench_arguments(parser, quick="200 actions, 12 per busy table")
    args = parser.parse_args()
    if args.quick:
        args.actions, args.per_table = min(args.actions, 200), min(args.per_table, 12)
    figures: dict[str, Any] = {"game": args.game}
    host = Host(args.seed)
    figures["server_rss_idle_mb"] = host.idle.get("rss_mb", 0.0)  # right after start: imports, socket, no table
    try:
        figures.update(asyncio.run(latency(host.port, args.game, args.actions, args.seed)))
    finally:
        host.stop()
    counts = [int(c) for c in args.tables.split(",") if c.strip()]
    if counts:
        figures["busy_tables_pace_s"] = args.pace
        figures["busy_tables_actions_each"] = args.per_table
        figures["busy_tables"] = {}
    workers: list[int | None] = [int(w) for w in args.workers.split(",") if w.strip()] or [None]
    for count in counts:
        for each in workers:
            host = Host(args.seed, workers=each)
            try:
                result = asyncio.run(busy(host, args.game, count, args.pace, args.per_table, args.seed))
            finally:
                host.stop()
            figures["busy_tables"][str(count) if len(workers) == 1 else f"{count} w{each}"] = result
        if count == max(counts) and len(workers) == 1:  # the named rows issue 6 asks for
            idle = host.idle.get("rss_mb", 0.0)
            figures[f"server_rss_with_{count}_tables_mb"] = result["server_rss_mb"]
            figures[f"server_hwm_with_{count}_tables_mb"] = result["server_hwm_mb"]
            figures["server_rss_per_busy_table_kb"] = round((result["server_rss_mb"] - idle) * 1024 / count, 1)
    write_figures(figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
