"""Relay bench: what the channel between a host process and its worker costs per move, both ends in one process.

A move at a six-seat table crosses the channel (server/relay.py) as one action in and, out, the progress count
and one FRAMES message with six seats' frames of about 1 KB and the action's answer (against, in the same run,
one message per frame, as before the batching). Both ends run here over a real socketpair,
so the CPU per move is that of both ends together, without the game's own work.
    python bench/server_relay.py --moves 20000
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import sys
import time
from typing import Any

from doorkick.bench.common import add_bench_arguments, write_figures
from doorkick.server import relay

FRAME = bytes(1000)  # a typical update frame for one seat (docs/server.md: 0.95 KB mean)


async def run(moves: int, batched: bool) -> dict[str, Any]:
    """`batched`: a move's frames as one FRAMES message, as a worker sends them; else one message per frame (as
    before the batching), for the comparison."""
    done = asyncio.Event()
    frames = 0

    def host_hears(item: list[Any]) -> None:
        nonlocal frames
        if item[0] == relay.FRAMES:
            frames += (len(item) - 2) // 2
            if frames == moves * 7:
                done.set()

    def worker_hears(item: list[Any]) -> None:
        table = item[1]
        worker.send(relay.PROGRESS, table, 1)
        if batched:
            for seat in range(6):
                worker.send_frame(table, seat, FRAME)
            worker.send_frame(table, relay.REPLY, FRAME[:40])
        else:
            for seat in range(6):
                worker.send(relay.FRAMES, table, seat, FRAME)
            worker.send(relay.FRAMES, table, relay.REPLY, FRAME[:40])

    host = relay.Relay(host_hears, lambda: None)
    worker = relay.Relay(worker_hears, lambda: None)
    ours, theirs = socket.socketpair()
    loop = asyncio.get_running_loop()
    await loop.create_connection(lambda: host, sock=ours)
    await loop.create_connection(lambda: worker, sock=theirs)
    cpu, started = time.process_time(), time.perf_counter()
    for n in range(moves):
        host.send(relay.ACT, f"table{n % 50:02d}", n % 6, {"type": "pass", "seat": n % 6}, n)
        if n % 50 == 49:  # tables act a few at a time, not all in one turn of the loop
            await asyncio.sleep(0)
    await asyncio.wait_for(done.wait(), 120)
    cpu, elapsed = time.process_time() - cpu, time.perf_counter() - started
    host.close()
    worker.close()
    return {"moves": moves, "cpu_per_move_us": round(1e6 * cpu / moves, 1), "moves_per_s": round(moves / elapsed)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each kind, interleaved (medians)")
    add_bench_arguments(parser, quick="2,000 moves, one run of each")
    args = parser.parse_args()
    moves = min(args.moves, 2000) if args.quick else args.moves
    repeat = 1 if args.quick else args.repeat
    runs: dict[str, list[dict[str, Any]]] = {"batched": [], "per_frame": []}
    for _ in range(repeat):
        for kind in runs:
            runs[kind].append(asyncio.run(run(moves, kind == "batched")))
    figures: dict[str, Any] = {}
    for kind, results in runs.items():
        figures[kind] = {
            "moves": moves,
            "cpu_per_move_us": statistics.median(r["cpu_per_move_us"] for r in results),
            "moves_per_s": statistics.median(r["moves_per_s"] for r in results),
        }
        print(
            f"relay, {kind.replace('_', ' ')}: {figures[kind]['cpu_per_move_us']:.1f} µs of CPU per move, both ends "
            f"({figures[kind]['moves_per_s']:.0f} moves/s through one channel)",
            file=sys.stderr,
        )
    write_figures({"relay": figures}, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
