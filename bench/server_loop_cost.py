"""The event loop's CPU per move with a trivial game: everything the host does for a move besides the game's own
work and the disk, before and after, interleaved in one run.

A host process serves only the dice race of tests/server/fake_game.py (a few squares and a hand: its check,
apply and views cost a few microseconds), clocks off, bots none, games in the host process. N six-seat tables
of humans driven from this process play at 4 Hz, each move sent by one seat and an update for all six. The
figure is the CPU of the host's main thread (the event loop: reading and framing, the lobby, the match's queue
and task, the clocks, the writes, heartbeats) per move, read from /proc; the disk thread's fsyncs are beside
it, in the process's total. Each tree's host runs under that tree's own Python (its venv), so `--before
/work/main` measures another checkout against this one.
    python bench/server_loop_cost.py --before /work/main --tables 50 --repeat 2
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
FAKE_GAME = HERE.parent.parent / "tests" / "server" / "fake_game.py"
GOAL = 1_000_000  # the race never ends within a run


def _serve(data_dir: str) -> None:
    """The host side (`--serve`): a Server with the dice race only, on 127.0.0.1; stops when stdin closes."""
    from doorkick.server.config import ServerConfig
    from doorkick.server.net import Server

    spec = importlib.util.spec_from_file_location("fake_game", FAKE_GAME)
    assert spec is not None and spec.loader is not None
    fake_game = sys.modules["fake_game"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fake_game)
    config = ServerConfig(
        host="127.0.0.1",
        port=0,
        data_dir=Path(data_dir),
        discovery=False,
        pass_timeout=None,
        turn_timeout=None,
        bot_delay=0.0,
        max_connections=4000,
        max_connections_per_address=4000,
        max_tables=2000,
        max_tables_per_address=2000,
        seed=7,
        workers=0,
    )

    async def run() -> None:
        async with Server(config, rulesets=fake_game.rulesets, games=["dice"]) as server:
            print(f"listening on 127.0.0.1:{server.port}", flush=True)
            await asyncio.to_thread(sys.stdin.read)

    split = os.environ.get("LOOP_COST_SPLIT")  # a path: the loop's CPU by kind of callback is written there
    if split:
        _split_callbacks(split)
    if os.environ.get("LOOP_COST_UVLOOP"):  # an experiment: the same host on uvloop's event loop, if installed
        uvloop = importlib.import_module("uvloop")  # no dependency of DoorKick's: not imported by name
        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    profile = os.environ.get("LOOP_COST_PROFILE")  # a path: the host's cProfile is written there
    if not profile:
        asyncio.run(run())
        return
    import cProfile

    with cProfile.Profile(time.thread_time) as profiler:  # CPU, not wall: this machine is shared
        asyncio.run(run())
    profiler.dump_stats(profile)


def _kind(handle: asyncio.Handle) -> str:
    """What a callback of the loop is for: a task's step by the task's name, else the callback's own name."""
    callback = handle._callback  # type: ignore[attr-defined]
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        return task.get_name().split(" ")[0]  # "match", "connection", "heartbeat"...
    return getattr(callback, "__qualname__", type(callback).__name__)


def _split_callbacks(path: str) -> None:
    """Time every callback of the host's loop by this thread's CPU clock, summed by kind, written at exit."""
    import atexit
    import json

    spent: dict[str, list[float]] = {}
    run = asyncio.events.Handle._run

    def timed(handle: asyncio.Handle) -> None:
        started = time.thread_time()
        run(handle)
        entry = spent.setdefault(_kind(handle), [0.0, 0])
        entry[0] += time.thread_time() - started
        entry[1] += 1

    asyncio.events.Handle._run = timed  # type: ignore[method-assign,assignment]
    started = time.thread_time()
    atexit.register(lambda: Path(path).write_text(json.dumps({"total": time.thread_time() - started, **spent})))


def thread_cpu_s(pid: int, tid: int) -> tuple[float, float]:
    """The user and the system CPU of one thread of a process so far, in seconds (Linux's /proc)."""
    from doorkick.bench.server_latency import CLK_TCK

    text = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[11]) / CLK_TCK, int(fields[12]) / CLK_TCK


async def _busy(port: int, pid: int, tables_count: int, moves: int, pace: float, seed: int) -> dict[str, float]:
    from doorkick.bench.server_latency import Table, process_cpu_s

    tables = [Table() for _ in range(tables_count)]
    for table in tables:
        await table.open(port, "dice", {"goal": GOAL})
    chooser = random.Random(seed)
    (user, system), cpu = thread_cpu_s(pid, pid), process_cpu_s(pid)
    started = time.perf_counter()
    await asyncio.gather(*(t.play(moves, pace, random.Random(chooser.random())) for t in tables))
    elapsed = time.perf_counter() - started
    user_after, system_after = thread_cpu_s(pid, pid)
    user, system, cpu = user_after - user, system_after - system, process_cpu_s(pid) - cpu
    played = sum(len(t.latencies) for t in tables)
    latencies = sorted(v for t in tables for v in t.latencies)
    refused = sum(len(t.refused) for t in tables)
    for table in tables:
        await table.close()
    return {
        "moves": played,
        "refused": refused,
        "moves_per_s": played / elapsed,
        "loop_cpu_per_move_ms": 1000 * (user + system) / max(1, played),
        # the kernel's share: socket reads and writes, epoll, the wake-ups from the disk thread
        "loop_system_cpu_per_move_ms": 1000 * system / max(1, played),
        "host_cpu_per_move_ms": 1000 * cpu / max(1, played),
        "p50_ms": 1000 * latencies[len(latencies) // 2],
        "p99_ms": 1000 * latencies[int(len(latencies) * 0.99)],
    }


def _one(tree: Path, tables: int, moves: int, pace: float, seed: int) -> dict[str, float]:
    from doorkick.bench.common import listening_port, stop_process

    python = tree / ".venv" / "bin" / "python"
    if not python.exists():  # a tree without its own venv: this Python (its doorkick is then this one's)
        python = Path(sys.executable)
    with tempfile.TemporaryDirectory(prefix="doorkick-loop-cost-") as data_dir:
        process = subprocess.Popen(
            [str(python), str(HERE), "--serve", data_dir],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            port = listening_port(process)
            return asyncio.run(_busy(port, process.pid, tables, moves, pace, seed))
        finally:
            assert process.stdin is not None
            process.stdin.close()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                stop_process(process)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", metavar="DATA_DIR", help=argparse.SUPPRESS)
    parser.add_argument("--before", default="", help="another checkout (with its .venv) to measure first, in turn")
    parser.add_argument("--tables", default="50", help="comma-separated table counts")
    parser.add_argument("--per-table", type=int, default=100, help="moves per table")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds between a table's moves")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each tree, interleaved (2 for figures)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="a smoke test: 20 moves a table, once")
    parser.add_argument("--json", default="", metavar="PATH", help="write the figures here (default: print them)")
    args = parser.parse_args()
    if args.serve:
        _serve(args.serve)
        return 0
    from doorkick.bench.common import write_figures

    if args.quick:
        args.per_table, args.repeat = 20, 1
    if not FAKE_GAME.exists():  # an installed wheel has no tests/: nothing to measure with
        print(f"skipped: the dice race {FAKE_GAME} is not here (run this from a checkout)", file=sys.stderr)
        write_figures({"skipped": "needs a checkout's tests/server/fake_game.py"}, args.json)
        return 0
    counts = [int(c) for c in args.tables.split(",") if c.strip()]
    trees = {"after": HERE.parent.parent}
    if args.before:
        trees = {"before": Path(args.before).resolve(), **trees}
    figures: dict[str, Any] = {"per_table": args.per_table, "pace_s": args.pace, "tables": {}}
    for count in counts:
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for _ in range(args.repeat):  # interleaved: before, after, before, after
            for name, tree in trees.items():
                result = _one(tree, count, args.per_table, args.pace, args.seed)
                runs[name].append(result)
                print(
                    f"{name:6s} {count} tables: {result['moves']} moves, loop CPU "
                    f"{result['loop_cpu_per_move_ms'] * 1000:.0f} us/move (system "
                    f"{result['loop_system_cpu_per_move_ms'] * 1000:.0f}), host process "
                    f"{result['host_cpu_per_move_ms'] * 1000:.0f} us/move, p50 {result['p50_ms']:.1f} ms, "
                    f"p99 {result['p99_ms']:.1f} ms",
                    file=sys.stderr,
                )
        shown: dict[str, Any] = {}
        for name, results in runs.items():
            shown[name] = {
                key: round(statistics.median(r[key] for r in results), 3) for key in results[0] if key != "refused"
            }
            shown[name]["runs"] = results
        figures["tables"][str(count)] = shown
    write_figures(figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
