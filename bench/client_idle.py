"""Idle cost of a real game window: CPU (share of one core) and resident memory of a `doorkick` process left
alone, measured from outside through /proc, in two places a player sits and waits:

- `lobby`: `doorkick play` hosting its table (embedded host, the server browser under the lobby);
- `table`: a hot-seat Munchkin game against one bot, waiting for the player's move.

The window is a real one when DISPLAY is set (e.g. under Xvfb: the x11 driver, as a player's desktop would
run it), else SDL's dummy driver; the figures say which. The host advertises nothing and the LAN search
listens on 127.0.0.1 only, so nothing leaves the machine. Figures go to --json PATH or stdout.

Run: .venv/bin/python bench/client_idle.py [--settle 6] [--seconds 10] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from doorkick.bench.common import add_bench_arguments, memory_mb, stop_process, write_figures

PLACES = {
    "lobby": ["play", "--no-discovery", "--interface", "127.0.0.1"],
    "table": ["play", "--hot-seat", "Ada", "--seats", "2", "--seed", "4"],
}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and all its threads so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(place: str, settle: float, seconds: float, video: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "SDL_VIDEODRIVER": video,
            "SDL_AUDIODRIVER": "dummy",
            "DOORKICK_CONFIG_DIR": f"{tmp}/config",
            "XDG_DATA_HOME": f"{tmp}/data",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        }
        process = subprocess.Popen(
            [sys.executable, "-m", "doorkick.client.main", *PLACES[place], "--time-limit", str(settle + seconds + 30)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            time.sleep(settle)  # start-up, the first frames, the bot's opening moves
            if process.poll() is not None:
                said = process.stderr.read() if process.stderr else ""
                raise RuntimeError(f"the {place} window closed early: {said[-400:]}")
            cpu0, wall0 = cpu_seconds(process.pid), time.monotonic()
            time.sleep(seconds)
            cpu1, wall1 = cpu_seconds(process.pid), time.monotonic()
            memory = memory_mb(process.pid)
        finally:
            stop_process(process)
    return {
        "idle_cpu_percent": round(100 * (cpu1 - cpu0) / (wall1 - wall0), 2),
        "rss_mb": memory.get("rss_mb", 0.0),
        "hwm_mb": memory.get("hwm_mb", 0.0),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--settle", type=float, default=6.0, help="seconds before measuring (start-up)")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of idle measured")
    add_bench_arguments(parser, quick="3 s of idle after 4 s of start-up")
    args = parser.parse_args()
    if args.quick:
        args.settle, args.seconds = min(args.settle, 4.0), min(args.seconds, 3.0)
    if not Path("/proc/self/stat").exists():
        print("no /proc here: nothing to measure", file=sys.stderr)
        return 1
    video = "x11" if os.environ.get("DISPLAY") else "dummy"
    figures: dict[str, Any] = {"video": video, "seconds": args.seconds}
    for place in PLACES:
        figures[place] = measure(place, args.settle, args.seconds, video)
        got = figures[place]
        print(
            f"idle {place} window ({video}): {got['idle_cpu_percent']:.1f}% of a core over {args.seconds:g} s, "
            f"RSS {got['rss_mb']:.1f} MiB (peak {got['hwm_mb']:.1f} MiB)",
            file=sys.stderr,
        )
    write_figures(figures, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
