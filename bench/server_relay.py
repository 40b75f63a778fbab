"""Relay bench: what the channel between a host process and its worker costs per move, both ends in one process.

A move at a six-seat table crosses the channel (server/relay.py) as one action in and eight messages out (six
seats' frames of about 1 KB, the action's answer, the progress count). Both ends run here over a real socketpair,
so the CPU per move is that of both ends together, without the game's own work.
    python bench/server_relay.py --moves 20000
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys
import time
from typing import Any

from doorkick.bench.common import add_bench_arguments, write_figures
from doorkick.server import relay

FRAME = bytes(1000)  # a typical update frame for one seat (docs/server.md: 0.95 KB mean)


async def run(moves: int) -> dict[str, Any]:
    done = asyncio.Event()
    got = 0

    def host_hears(item: list[Any]) -> None:
        nonlocal got
        got += 1
        if got == moves * 8:
            done.set()

    def worker_hears(item: list[Any]) -> None:
        worker.send(relay.PROGRESS, item[1], 1)
        for seat in range(6):
            worker.send(relay.SEAT, item[1], seat, FRAME)
        worker.send(relay.REPLY, item[1], FRAME[:40])

    host = relay.Relay(host_hears, lambda: None)
    worker = relay.Relay(worker_hears, lambda: None)
    ours, theirs = socket.socketpair()
    loop = asyncio.get_running_loop()
    await loop.create_connection(lambda: host, sock=ours)
    await loop.create_connection(lambda: worker, sock=theirs)
    cpu, started = time.process_time(), time.perf_counter()
    for n in range(moves):
        host.send(relay.ACT, "table01", n % 6, {"type": "pass", "seat": n % 6}, n)
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
    add_bench_arguments(parser, quick="2,000 moves")
    args = parser.parse_args()
    moves = min(args.moves, 2000) if args.quick else args.moves
    figures = asyncio.run(run(moves))
    print(
        f"relay: {figures['cpu_per_move_us']:.1f} µs of CPU per move, both ends "
        f"({figures['moves_per_s']} moves/s through one channel)",
        file=sys.stderr,
    )
    write_figures({"relay": figures}, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
