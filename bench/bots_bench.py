"""Bot decision times: p50/p95/max milliseconds per decision of the normal and hard bots, in both games.

Run alone: .venv/bin/python bench/bots_bench.py [--quick]; `doorkick bench` calls `bench(quick)`.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from doorkick.shared.simulate import run_matches, summarise


def bench(quick: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in ("munchkin", "wonderland"):
        levels = ["hard", "normal", "normal", "normal"]
        games = 1 if quick else (2 if game == "munchkin" else 4)
        summary = summarise(run_matches(game, levels, games, seed=77, cap=400 if quick else 20_000), levels)
        out[game] = {
            level: {k: round(v, 3) for k, v in t.items()} for level, t in summary["decision_ms"].items()
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    print(json.dumps(bench(args.quick), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
