"""Discovery bench: seconds from starting `doorkick host` to the client's own LAN browser listing it.

Zeroconf is bound to 127.0.0.1 on both sides, so no packet leaves the machine. The client's `Browser`
(doorkick.client.discovery, the server browser's real code) is already watching, as a player in the server
browser would be, when each host starts; each run uses a fresh host with its own name. Also timed: when the host
says its registration is done ("advertised as": probes and announcements sent), and a browser opened after that
(a player who opens the server browser later: no announcement to catch, only its query and the answer).
Figures go to --json PATH or stdout.
    python bench/server_discovery.py --runs 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

from doorkick.bench.common import add_bench_arguments, host_command, stop_process, write_figures
from doorkick.client.discovery import Browser

LOOPBACK = "127.0.0.1"
POLL = 0.005  # seconds between looks at the browser's list, as a frame loop would look (much more often, here)


def start_host(name: str, data_dir: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        host_command(data_dir, "--interface", LOOPBACK, "--name", name), stdout=subprocess.PIPE, text=True
    )


def until_listed(browser: Browser, name: str, timeout: float) -> float:
    """Seconds (perf_counter) at which `name` appears in the browser's list; raises on timeout."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if any(found.name == name for found in browser.found()):
            return time.perf_counter()
        time.sleep(POLL)
    raise TimeoutError(f"{name!r} not listed after {timeout:.0f} s; listed: {[f.name for f in browser.found()]}")


class HostLines:
    """When the host printed each of its lines, read on a thread so that the browser is watched meanwhile."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.seen: dict[str, float] = {}
        self._thread = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._thread.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.seen.setdefault(line.split(" ", 1)[0], time.perf_counter())  # "listening", "advertised", ...

    def at(self, word: str, timeout: float = 20.0) -> float:
        deadline = time.perf_counter() + timeout
        while word not in self.seen:
            if time.perf_counter() > deadline or not self._thread.is_alive():
                raise RuntimeError(f"the host never printed {word!r}")
            time.sleep(POLL)
        return self.seen[word]


def one_run(run: int, timeout: float) -> dict[str, float]:
    name = f"Bench discovery {os.getpid()}-{run}"
    browser = Browser(interfaces=[LOOPBACK])
    browser.start()
    if browser.error:
        raise RuntimeError(browser.error)
    try:
        data_dir = tempfile.TemporaryDirectory(prefix="doorkick-bench-")
        started = time.perf_counter()
        process = start_host(name, data_dir.name)
        try:
            lines = HostLines(process)
            listed = until_listed(browser, name, timeout)
            # A second browser, opened once the host has finished announcing itself.
            advertised = lines.at("advertised")
            late = Browser(interfaces=[LOOPBACK])
            opened = time.perf_counter()
            late.start()
            try:
                late_listed = until_listed(late, name, timeout)
            finally:
                late.close()
        finally:
            stop_process(process)  # on SIGTERM the host withdraws its advertisement
            data_dir.cleanup()
    finally:
        browser.close()
    return {"listed_s": listed - started, "advertised_s": advertised - started, "late_browser_s": late_listed - opened}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds a host may take to be listed")
    add_bench_arguments(parser, quick="1 run")
    args = parser.parse_args()
    runs = [one_run(i, args.timeout) for i in range(1 if args.quick else args.runs)]
    for i, run in enumerate(runs):
        print(f"run {i}: " + ", ".join(f"{k} {v:.3f}" for k, v in run.items()), file=sys.stderr)
    figures: dict[str, Any] = {"runs": len(runs)}
    for key, label in (
        ("listed_s", "host_start_to_listed"),
        ("advertised_s", "host_start_to_advertised"),
        ("late_browser_s", "browser_open_to_listed"),
    ):
        values = [run[key] for run in runs]
        figures[label] = {"p50_s": round(statistics.median(values), 3), "max_s": round(max(values), 3)}
    figures["discovery_p50_s"] = figures["host_start_to_listed"]["p50_s"]
    figures["discovery_max_s"] = figures["host_start_to_listed"]["max_s"]
    write_figures(figures, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
