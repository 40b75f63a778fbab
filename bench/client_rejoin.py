"""Rejoin time: how long a real `doorkick join` window, killed with SIGKILL in a fight (or mid-game when no fight
comes), takes from its relaunch (same user dirs, no human step) to its game screen with its hand, against a host on
127.0.0.1. Figures: p50/max seconds over the rounds, and how many kills came mid-combat. Progress to stderr.

Run: .venv/bin/python bench/client_rejoin.py [--rounds 5] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from doorkick.bench.common import add_bench_arguments, write_figures
from doorkick.bench.rejoin_processes import Spectator, Window, seat_players, start_host  # the rejoin test's harness

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="kills and relaunches of Bob's window")
    parser.add_argument("--screenshot-dir", default="", help="Bob's window saves its PNGs here")
    add_bench_arguments(parser, quick="one round")
    args = parser.parse_args()
    rounds = 1 if args.quick else max(1, args.rounds)
    times: list[float] = []
    moments: list[str] = []
    with tempfile.TemporaryDirectory(prefix="doorkick-rejoin-") as tmp:
        root = Path(tmp)
        host = start_host(root / "host")
        shots = Path(args.screenshot_dir) if args.screenshot_dir else None
        alice, bob = Window(root / "alice", "Alice", host.port), Window(root / "bob", "Bob", host.port, shots)
        spectator = None
        try:
            table = seat_players(host.port, [alice, bob])
            alice.launch()
            bob.launch()
            alice.wait_seated()
            first = bob.wait_seated()[3]
            print(f"first launch to the seat: {first:.2f} s", file=sys.stderr)
            spectator = Spectator(host.port, table)
            for i in range(rounds):
                spectator.wait_for_peace(timeout=16.0)  # the fight Bob came back to plays out first
                moments.append(spectator.wait_for_fight(seat=1, timeout=16.0))
                bob.kill()
                bob.launch()
                seconds = bob.wait_seated()[3]
                times.append(seconds)
                print(f"round {i + 1}: killed mid-{moments[-1]}, back in {seconds:.2f} s", file=sys.stderr)
        finally:
            if spectator is not None:
                spectator.close()
            alice.close()
            bob.close()
            host.stop()
    write_figures(
        {
            "rounds": rounds,
            "mid_combat_kills": moments.count("combat"),
            "rejoin_p50_s": round(statistics.median(times), 2),
            "rejoin_max_s": round(max(times), 2),
            "first_launch_s": round(first, 2),
        },
        args.json,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
