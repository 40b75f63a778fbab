"""What the bench/ scripts share: their command line, JSON output, the memory of a process, percentiles.

Each script imports them from here whether it runs alone (`python bench/server_latency.py`) or under
`doorkick bench` (bench/runner.py).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..shared.simulate import percentile

__all__ = [
    "add_bench_arguments",
    "host_command",
    "listening_port",
    "memory_mb",
    "percentile",
    "run_main",
    "stop_process",
    "write_figures",
]

LOOPBACK = "127.0.0.1"  # a bench's host listens here only: nothing of a bench reaches the network


def memory_mb(pid: int | None = None) -> dict[str, float]:
    """Resident memory of a process (this one by default) in MiB: `rss_mb` now and `hwm_mb`, its peak so far.

    Read from /proc/<pid>/status (VmRSS, VmHWM); empty where there is no /proc (not Linux).
    """
    fields = {"VmRSS:": "rss_mb", "VmHWM:": "hwm_mb"}
    try:
        text = Path(f"/proc/{'self' if pid is None else pid}/status").read_text()
    except OSError:
        return {}
    out: dict[str, float] = {}
    for line in text.splitlines():
        parts = line.split()
        if parts and parts[0] in fields:
            out[fields[parts[0]]] = round(int(parts[1]) / 1024, 1)  # the kernel writes kB
    return out


def write_figures(figures: dict[str, Any], json_path: str = "") -> None:
    """A bench's result: written as JSON to `json_path` (how `doorkick bench` reads it back), else printed."""
    text = json.dumps(figures, indent=2) + "\n"
    if json_path:
        Path(json_path).write_text(text)
    else:
        print(text, end="")


def add_bench_arguments(parser: argparse.ArgumentParser, quick: str = "shorter runs") -> None:
    """--quick and --json PATH, the two options `doorkick bench` looks for in a bench's --help."""
    parser.add_argument("--quick", action="store_true", help=f"a smoke test, not figures to quote: {quick}")
    parser.add_argument("--json", default="", metavar="PATH", help="write the figures here (default: print them)")


def host_command(data_dir: str | Path, *options: str, python: Sequence[str] = ()) -> list[str]:
    """`doorkick host` as a bench starts it: this Python (`python`: its own options, a profiler), a free port on
    127.0.0.1 (`listening_port` reads which), its saves in `data_dir`, then the bench's `options`."""
    return [
        sys.executable,
        *python,
        "-m",
        "doorkick.client.main",
        "host",
        "--port",
        "0",
        "--bind",
        LOOPBACK,
        "--data-dir",
        str(data_dir),
        *options,
    ]


def listening_port(process: subprocess.Popen[str]) -> int:
    """The port a host started with `host_command` (its stdout piped) listens on: its first line names it."""
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("listening on"), line
    return int(line.strip().rsplit(":", 1)[1])


def stop_process(process: subprocess.Popen[str], grace: float = 10.0) -> None:
    """SIGTERM (a host closes cleanly: saves, withdraws its advertisement), SIGKILL if it takes over `grace` s."""
    process.terminate()
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def run_main(bench: Callable[[bool], dict[str, Any]], doc: str | None, argv: Sequence[str] | None = None) -> int:
    """The command line of a bench that is one function of `quick`: [--quick] [--json PATH]."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    add_bench_arguments(parser)
    args = parser.parse_args(argv)
    write_figures(bench(args.quick), args.json)
    return 0
