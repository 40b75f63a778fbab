"""Bot decision times: p50/p95/max milliseconds per decision of the normal and hard bots, in both games.

Run alone: .venv/bin/python bench/bots_bench.py [--quick] [--json PATH]; `doorkick bench` calls `bench(quick)`.
"""

from __future__ import annotations

from typing import Any

from doorkick.bench.common import run_main
from doorkick.shared.simulate import run_matches, summarise


def bench(quick: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in ("munchkin", "wonderland"):
        levels = ["hard", "normal", "normal", "normal"]
        games = 1 if quick else (2 if game == "munchkin" else 4)
        summary = summarise(run_matches(game, levels, games, seed=77, cap=400 if quick else 20_000), levels)
        out[game] = {level: {k: round(v, 3) for k, v in t.items()} for level, t in summary["decision_ms"].items()}
    return out


if __name__ == "__main__":
    raise SystemExit(run_main(bench, __doc__))
