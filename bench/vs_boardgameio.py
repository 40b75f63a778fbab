"""DoorKick's host side by side with boardgame.io's server: busy six-seat tables, interleaved, in one run.

Latency is bench/server_latency.py's: one seat sends a move, the clock stops when all six clients hold the new
state; each table then waits 1/RATE s (it starts at a random point of its first pause). boardgame.io 0.50.2 is
driven by the anchor's own bench.js (`../shared/anchors/bgio`, or --anchor PATH). Every run gets a fresh server;
the systems take turns (the order rotates each repetition), so a busy spell of the shared machine hits both. Server
CPU per move is the server's utime+stime (with DoorKick's worker processes) over the timed phase / the moves
made. The machine's load is measured meanwhile: "others" is the share of both cores busy with neither the server
nor the load generator.
    python bench/vs_boardgameio.py                      # 1, 10, 50, 100 tables, three repetitions
    python bench/vs_boardgameio.py --quick              # 1 and 10 tables, one repetition, 20 moves per table
    python bench/vs_boardgameio.py --tree before=/tmp/wt-before --tree after=.   # two DoorKick trees and bgio
    python bench/vs_boardgameio.py --tables 50,100,200 --workers 0,2   # the host without and with workers
Without Node (or the anchor, or its packages) it says why and exits 0 with nothing measured.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from doorkick.bench.common import percentile, stop_process
from doorkick.bench.server_latency import Host, Table

REPO = Path(__file__).resolve().parents[1]
# ../shared beside the repository (the main checkout); a lane's worktree one folder deeper finds it one up more.
ANCHORS = (REPO.parent / "shared" / "anchors" / "bgio", REPO.parents[1] / "shared" / "anchors" / "bgio")
DEFAULT_ANCHOR = next((a for a in ANCHORS if a.is_dir()), ANCHORS[0])
BGIO = "boardgame.io"


class Skip(Exception):
    """Why this machine cannot run the comparison."""


# -- the machine ----------------------------------------------------------------------------------------
def machine_jiffies() -> tuple[int, int]:
    """(busy, total) jiffies of all cores together: everyone's work, the other people on this machine too."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return sum(values) - values[3] - values[4], sum(values)


def machine_busy_pct(before: tuple[int, int], after: tuple[int, int]) -> float:
    """Percent of one core, like the per-process figures (2 busy cores = 200)."""
    cores = os.cpu_count() or 1
    return 100 * cores * (after[0] - before[0]) / max(1, after[1] - before[1])


def loadavg() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


# -- boardgame.io ---------------------------------------------------------------------------------------
def prepare_anchor(anchor: Path) -> Path:
    """A folder holding the anchor with its npm packages installed: the anchor itself if they are there, else
    a copy in the temporary folder (made once per package-lock) where `npm ci` installs them."""
    if shutil.which("node") is None:
        raise Skip("node is not installed: boardgame.io cannot run here")
    if not (anchor / "bench.js").is_file():
        raise Skip(f"no boardgame.io anchor at {anchor} (give its folder as --anchor PATH)")
    if (anchor / "node_modules" / BGIO).is_dir():
        return anchor
    lock = (anchor / "package-lock.json").read_bytes()
    copy = Path(tempfile.gettempdir()) / f"doorkick-bgio-{hashlib.sha256(lock).hexdigest()[:12]}"
    if (copy / "node_modules" / BGIO).is_dir():
        return copy
    if shutil.which("npm") is None:
        raise Skip(f"npm is not installed, and {anchor} has no node_modules")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(anchor, copy, ignore=shutil.ignore_patterns("node_modules"))
    print(f"installing boardgame.io into {copy} (npm ci)", file=sys.stderr)
    done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=copy, capture_output=True, text=True)
    if done.returncode != 0 or not (copy / "node_modules" / BGIO).is_dir():
        raise Skip(f"npm ci failed in {copy}: {done.stderr.strip()[-300:]}")
    return copy


def free_port_pair() -> int:
    """A port P with P+1 free too: boardgame.io serves its game on P and its lobby API on P+1."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port: int = probe.getsockname()[1]
        if port < 65535:
            with socket.socket() as other:
                try:
                    other.bind(("127.0.0.1", port + 1))
                except OSError:
                    continue
            return port
    raise RuntimeError("no two free ports in a row")


def run_bgio(folder: Path, tables: int, moves: int, rate: float, seed: int) -> dict[str, Any]:
    port = free_port_pair()
    server = subprocess.Popen(["node", "server.js", str(port)], cwd=folder, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = ""
        while not line.startswith("listening on"):  # it says so once its lobby API (on the next port) is up
            line = server.stdout.readline()
            if not line:
                raise RuntimeError("boardgame.io's server stopped before it listened")
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "bgio.json"
            busy0 = machine_jiffies()
            subprocess.run(
                [
                    "node",
                    "bench.js",
                    str(port),
                    str(tables),
                    str(moves),
                    str(rate),
                    "--server-pid",
                    str(server.pid),
                    "--json",
                    str(out),
                    "--seed",
                    str(seed),
                ],
                cwd=folder,
                check=True,
                timeout=600,
                stderr=subprocess.DEVNULL,
            )
            busy1 = machine_jiffies()
            raw = json.loads(out.read_text())
    finally:
        stop_process(server)
    return {
        "latencies_ms": raw["latencies_ms"],
        "moves": raw["actions"],
        "server_cpu_s": raw["server_cpu_s"],
        "elapsed_s": raw["elapsed_s"],
        "server_pct": raw["server_cpu_pct"],
        "client_pct": raw["client_cpu_pct"],
        # bench.js measures the machine over its timed phase only; that is the figure to compare
        "machine_pct": raw["machine_cpu_pct"] if "machine_cpu_pct" in raw else machine_busy_pct(busy0, busy1),
    }


# -- DoorKick -------------------------------------------------------------------------------------------
def tree_env(tree: Path, overlays: Path) -> dict[str, str] | None:
    """The environment in which `python -m doorkick...` is the DoorKick of `tree` (None: this repository's)."""
    tree = tree.resolve()
    if tree == REPO:
        return None
    package = overlays / hashlib.sha256(str(tree).encode()).hexdigest()[:12] / "doorkick"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    for part in ("shared", "server", "client", "assets"):
        link = package / part
        if not link.exists():
            link.symlink_to(tree / part)
    env = {**os.environ, "PYTHONPATH": str(package.parent)}
    found = subprocess.run(
        [sys.executable, "-c", "import doorkick.server.match as m; print(m.__file__)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(found).resolve().is_relative_to(tree):
        raise RuntimeError(f"{tree}'s DoorKick is not the one imported ({found})")
    return env


async def _drive(host: Host, tables: int, moves: int, rate: float, seed: int) -> dict[str, Any]:
    seated = [Table() for _ in range(tables)]
    for table in seated:
        await table.open(host.port, "munchkin")
    chooser = random.Random(seed)
    me0, cpu0, busy0 = os.times(), host.cpu_s(), machine_jiffies()
    started = time.perf_counter()
    await asyncio.gather(*(t.play(moves, 1 / rate, random.Random(chooser.random())) for t in seated))
    elapsed = time.perf_counter() - started
    me1, cpu1, busy1 = os.times(), host.cpu_s(), machine_jiffies()
    for table in seated:
        await table.close()
    latencies = [v * 1000 for t in seated for v in t.latencies]
    client_s = (me1.user + me1.system) - (me0.user + me0.system)
    return {
        "latencies_ms": latencies,
        "moves": len(latencies),
        "server_cpu_s": cpu1 - cpu0,
        "elapsed_s": elapsed,
        "server_pct": 100 * (cpu1 - cpu0) / elapsed,
        "client_pct": 100 * client_s / elapsed,
        "machine_pct": machine_busy_pct(busy0, busy1),
    }


def run_doorkick(
    env: dict[str, str] | None, tables: int, moves: int, rate: float, seed: int, workers: int | None = None
) -> dict[str, Any]:
    host = Host(seed, env=env, workers=workers)
    try:
        return asyncio.run(_drive(host, tables, moves, rate, seed))
    finally:
        host.stop()


# -- the table ------------------------------------------------------------------------------------------
def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians over the repetitions of each repetition's p50, p99 and CPU per move."""

    def med(values: list[float]) -> float:
        return round(statistics.median(values), 3)

    return {
        "p50_ms": med([percentile(r["latencies_ms"], 0.5) for r in runs]),
        "p99_ms": med([percentile(r["latencies_ms"], 0.99) for r in runs]),
        "p99_each_ms": [round(percentile(r["latencies_ms"], 0.99), 2) for r in runs],
        "cpu_per_move_ms": med([1000 * r["server_cpu_s"] / max(1, r["moves"]) for r in runs]),
        "moves": [r["moves"] for r in runs],
        "others_pct": med([r["machine_pct"] - r["server_pct"] - r["client_pct"] for r in runs]),
    }


def ratio(mine: float, theirs: float) -> str:
    return f"{mine / theirs:.2f}" if theirs else "n/a"  # a run too short for one clock tick of CPU


def render(figures: dict[str, Any], systems: list[str], counts: list[int]) -> str:
    doorkicks = [s for s in systems if s != BGIO]
    rows = figures["results"]
    head = [
        "tables",
        *(f"{s} p50 / p99 ms" for s in systems),
        *(f"p99 ratio {s}" for s in doorkicks),
        *(f"CPU/move ms {s}" for s in systems),
        *(f"CPU ratio {s}" for s in doorkicks),
        "others' load %",
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for count in counts:
        row = rows[str(count)]
        bgio = row[BGIO]
        cells = [
            str(count),
            *(f"{row[s]['p50_ms']:.1f} / {row[s]['p99_ms']:.1f}" for s in systems),
            *(ratio(row[s]["p99_ms"], bgio["p99_ms"]) for s in doorkicks),
            *(f"{row[s]['cpu_per_move_ms']:.2f}" for s in systems),
            *(ratio(row[s]["cpu_per_move_ms"], bgio["cpu_per_move_ms"]) for s in doorkicks),
            "/".join(f"{row[s]['others_pct']:.0f}" for s in systems),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchor", type=Path, default=DEFAULT_ANCHOR, help="the boardgame.io anchor's folder")
    parser.add_argument("--tables", default="1,10,50,100", help="comma-separated table counts")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--moves", type=int, default=100, help="moves per table")
    parser.add_argument("--rate", type=float, default=4.0, help="moves per second at each table")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--tree",
        action="append",
        default=[],
        metavar="LABEL=PATH",
        help="a DoorKick tree to run the host from (repeatable; default: this repository)",
    )
    parser.add_argument(
        "--workers",
        default="",
        metavar="N,M",
        help="run each DoorKick tree's host with each of these worker counts in turn, as systems "
        "'LABEL wN' (default: the host's own; a tree from before workers takes none)",
    )
    parser.add_argument("--quick", action="store_true", help="1 and 10 tables, one repetition, 20 moves a table")
    parser.add_argument("--json", default="", metavar="PATH", help="also write every figure here")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.repetitions, args.moves = "1,10", 1, min(args.moves, 20)
    counts = [int(c) for c in args.tables.split(",") if c.strip()]
    try:
        folder = prepare_anchor(args.anchor.resolve())
    except Skip as why:
        print(f"skipped: {why}")
        return 0
    trees = dict(t.split("=", 1) for t in args.tree) or {"DoorKick": str(REPO)}
    with tempfile.TemporaryDirectory(prefix="doorkick-trees-") as overlays:
        envs = {label: tree_env(Path(path), Path(overlays)) for label, path in trees.items()}
        counts_of_workers: list[int | None] = [int(w) for w in args.workers.split(",") if w.strip()]
        # Each DoorKick system: its tree's environment and its worker count (None: the host's default)
        doorkick: dict[str, tuple[dict[str, str] | None, int | None]] = {
            (f"{label} w{w}" if w is not None else label): (env, w)
            for label, env in envs.items()
            for w in (counts_of_workers or [None])
        }
        systems = [*doorkick, BGIO]
        runs: dict[str, dict[str, list[dict[str, Any]]]] = {str(c): {s: [] for s in systems} for c in counts}
        load_start = loadavg()
        for rep in range(args.repetitions):
            for count in counts:
                order = systems[rep % len(systems) :] + systems[: rep % len(systems)]
                for system in order:
                    seed = args.seed + rep
                    if system == BGIO:
                        result = run_bgio(folder, count, args.moves, args.rate, seed)
                    else:
                        env, workers = doorkick[system]
                        result = run_doorkick(env, count, args.moves, args.rate, seed, workers)
                    runs[str(count)][system].append(result)
                    print(
                        f"rep {rep + 1} {count:3d} tables {system}: p50 "
                        f"{percentile(result['latencies_ms'], 0.5):.1f} p99 "
                        f"{percentile(result['latencies_ms'], 0.99):.1f} ms, "
                        f"{1000 * result['server_cpu_s'] / max(1, result['moves']):.2f} ms CPU/move, "
                        f"machine {result['machine_pct']:.0f}% of a core",
                        file=sys.stderr,
                    )
    figures: dict[str, Any] = {
        "tables": counts,
        "repetitions": args.repetitions,
        "moves_per_table": args.moves,
        "rate_hz": args.rate,
        "trees": trees,
        "cores": os.cpu_count(),
        "loadavg_start": load_start,
        "loadavg_end": loadavg(),
        "results": {c: {s: summary(r) for s, r in row.items()} for c, row in runs.items()},
    }
    print(
        f"{args.repetitions} repetition(s), {args.moves} moves per table at {args.rate:g} Hz, medians; "
        f"{os.cpu_count()} cores, load average {load_start:.1f} at the start, {figures['loadavg_end']:.1f} at the "
        "end; others' load: % of a core busy with neither server nor load generator, per system"
    )
    print(render(figures, systems, counts))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
