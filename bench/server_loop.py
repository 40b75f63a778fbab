"""The host's event loop while hard bots think, and a lobby change's time on the loop: before and after, one run.

A ticker on the host's own loop sleeps 1 ms again and again; how often it gets round (ticks/s) and how late it
wakes (the latency every connection would get on top) say how free the loop is. Measured with no game, then
with one table of hard bots playing flat out (`bot_delay` 0), their thinking first in a thread (before: the
interpreter lock goes to the bot for most of the time), then in the host's process pool (`server/bot_pool.py`).
Then a client changes a table 100 times (`set_table`, each one saved): the loop's CPU per change and the
longest callback, with the saves in the disk thread and, for comparison, with them run on the loop.
    python bench/server_loop.py [--game wonderland] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import gc
import itertools
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

from doorkick.server import net
from doorkick.server.bot_pool import BotPool
from doorkick.server.config import ServerConfig
from doorkick.server.net import Server
from doorkick.shared import protocol as p

TICK = 0.001
WARM_UP = 8  # actions played before measuring (the pool's processes have started)
PACE = 0.05  # between two lobby changes: within the host's lobby rate limit (40 a second from one address)


class Client:
    """Just enough of a player: requests and their answers, everything else read and dropped."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.framer = p.Framer(p.SERVER_MESSAGES)
        self.ids = itertools.count(1)

    @classmethod
    async def open(cls, port: int, name: str) -> Client:
        client = cls(*await asyncio.open_connection("127.0.0.1", port))
        await client.request("hello", protocol=p.PROTOCOL_VERSION, app="loop bench", name=name)
        return client

    async def request(self, type_: str, **fields: Any) -> p.Message:
        message_id = next(self.ids)
        self.writer.write(p.encode(p.message(type_, message_id, **fields)))
        while True:
            data = await asyncio.wait_for(self.reader.read(65536), 30)
            if not data:
                raise ConnectionError("the host closed")
            self.framer.receive_data(data)
            for message in self.framer.events_received():
                if isinstance(message, p.Message) and message.id == message_id:
                    return message


@contextmanager
def loop_callbacks() -> Iterator[list[tuple[float, float]]]:
    """(CPU, wall) seconds of every event-loop callback run meanwhile."""
    real = asyncio.events.Handle._run
    spent: list[tuple[float, float]] = []

    def timed(handle: asyncio.Handle) -> None:
        cpu, wall = time.thread_time(), time.perf_counter()
        real(handle)
        spent.append((time.thread_time() - cpu, time.perf_counter() - wall))

    with patch.object(asyncio.events.Handle, "_run", timed):
        yield spent


@contextmanager
def collections() -> Iterator[list[float]]:
    """The CPU seconds of every garbage collection meanwhile (the host's own pauses)."""
    pauses: list[float] = []
    started = [0.0]

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.thread_time()
        else:
            pauses.append(time.thread_time() - started[0])

    gc.callbacks.append(note)
    try:
        yield pauses
    finally:
        gc.callbacks.remove(note)


async def ticks(seconds: float) -> dict[str, float]:
    loop = asyncio.get_running_loop()
    late: list[float] = []
    end = loop.time() + seconds
    with collections() as pauses:
        while (now := time.perf_counter()) and loop.time() < end:
            await asyncio.sleep(TICK)
            late.append(time.perf_counter() - now - TICK)
    late.sort()
    return {
        "ticks_per_s": len(late) / seconds,
        "late_p50_ms": 1000 * late[len(late) // 2],
        "late_p99_ms": 1000 * late[int(len(late) * 0.99)],
        "late_max_ms": 1000 * late[-1],
        "gc_max_ms": 1000 * max(pauses, default=0.0),
    }


def config(data: Path) -> ServerConfig:
    return ServerConfig(
        host="127.0.0.1",
        port=0,
        data_dir=data,
        discovery=False,
        bot_delay=0.0,
        pass_timeout=None,
        turn_timeout=None,
        contribution_timeout=0.5,
    )


async def with_bots(data: Path, game: str, seconds: float, pool: Callable[[], BotPool] | None) -> dict[str, Any]:
    server = Server(config(data), games=[game])
    await server.start()
    try:
        if pool is not None:
            server.lobby.bot_pool = pool()
            creator = await Client.open(server.port, "Creator")
            seated = await creator.request("create_table", game=game, seats=4, bots=3, bot_level="hard")
            assert seated.type == "seated", seated
            assert (await creator.request("start")).type == "ok"
            assert (await creator.request("leave")).type == "left"  # a stand-in plays the seat: all bots now
            match = server.lobby.tables[str(seated.get("table"))].match
            assert match is not None
            while match.seq < WARM_UP:  # the pool's processes start, the game gets going
                await asyncio.sleep(0.1)
            before = match.seq
        figures: dict[str, Any] = await ticks(seconds)
        if pool is not None:
            assert match is not None
            figures["actions_per_s"] = (match.seq - before) / seconds
            figures["pool_submissions"] = server.lobby.bot_pool.submitted
            sent = server.lobby.bot_pool
            if sent.submitted:
                figures["bytes_per_submission"] = sent.sent_bytes / sent.submitted
                figures["loop_ms_per_submission"] = 1000 * sent.pickling / sent.submitted
        return figures
    finally:
        await server.close()


async def lobby_changes(data: Path, saves_on_loop: bool, changes: int = 100) -> dict[str, float]:
    server = Server(config(data), games=["munchkin"])
    if saves_on_loop:  # as the host did before the disk thread: every save written and fsynced right here

        def inline(job: Callable[[], Any]) -> concurrent.futures.Future[Any]:
            done: concurrent.futures.Future[Any] = concurrent.futures.Future()
            done.set_result(job())
            return done

        server.store.disk.call = inline  # type: ignore[method-assign]
    await server.start()
    try:
        alice = await Client.open(server.port, "Alice")
        assert (await alice.request("create_table", game="munchkin", seats=4)).type == "seated"
        with loop_callbacks() as spent:
            for i in range(changes):
                reply = await alice.request("set_table", seats=3 + i % 2)
                assert reply.type == "ok", reply
                await asyncio.sleep(PACE)
        await server.store.settled()
        return {
            "loop_cpu_per_change_ms": 1000 * sum(cpu for cpu, _ in spent) / changes,
            "longest_callback_wall_ms": 1000 * max(w for _, w in spent),
        }
    finally:
        await server.close()


def show(label: str, figures: dict[str, float]) -> None:
    print(
        f"{label:34}" + "  ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}" for k, v in figures.items()),
        flush=True,
    )


async def main(game: str, seconds: float, repeat: int) -> None:
    root = Path(tempfile.mkdtemp(prefix="doorkick-loop-bench-"))
    n = itertools.count()
    runs: dict[str, list[dict[str, float]]] = {}
    for _ in range(repeat):
        for label, pool in (
            ("no game", None),
            ("hard bots in a thread (before)", lambda: BotPool(processes=False)),
            ("hard bots in the pool (after)", BotPool),
        ):
            figures = await with_bots(root / str(next(n)), game, seconds, pool)
            runs.setdefault(label, []).append(figures)
            show(label, figures)
        for label, on_loop in (("lobby changes, saves on the loop", True), ("lobby changes, disk thread", False)):
            figures = await lobby_changes(root / str(next(n)), on_loop)
            runs.setdefault(label, []).append(figures)
            show(label, figures)
    if repeat > 1:
        print("medians:")
        for label, all_figures in runs.items():
            show(label, {k: statistics.median(f[k] for f in all_figures) for k in all_figures[0]})


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="wonderland", choices=["munchkin", "wonderland"])
    parser.add_argument("--seconds", type=float, default=10.0, help="each measurement's length")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--gc-young", type=int, help="the host's young-generation threshold (net.GC_THRESHOLDS)")
    args = parser.parse_args()
    if args.gc_young:
        net.GC_THRESHOLDS = (args.gc_young, *net.GC_THRESHOLDS[1:])
    asyncio.run(main(args.game, args.seconds, args.repeat))
