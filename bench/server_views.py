"""Host CPU per move at one six-seat table, and how much of it goes to building the seats' updates.

Drives the host's own `Match` in this process (no sockets: each seat's connection only counts the bytes it is
handed) through random legal moves of one game after another, with six human seats and one spectator, and
times on the process clock: the whole move (`Match._play`: check, apply, broadcast, clocks), the broadcast
alone (the views, legal-action lists, diffs, checksums and frames of every viewer), the broadcast without the
legal-action lists (what the views cost), and the engine's `apply`. To compare two
commits in one run, run it once from each checkout (the `doorkick` package is whichever one Python imports).
    python bench/server_views.py --game munchkin --moves 1500 --json figures.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import doorkick.shared
from doorkick.server.config import ServerConfig
from doorkick.server.match import Match
from doorkick.server.tables import HUMAN, Seat, Table
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset as ruleset_for

SEATS = 6


class Counting:
    """A connection that keeps nothing but the number of bytes it was handed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.table: Table | None = None
        self.seat: int | None = None
        self.bytes = 0

    def send(self, message: dict[str, Any]) -> None:
        pass

    def send_frame(self, frame: bytes) -> None:
        self.bytes += len(frame)

    def close(self, reason: str) -> None:
        pass


class NoLog:
    async def append(self, seq: int, action: Any) -> None:
        pass

    def close(self) -> None:
        pass


def _timed(owner: Any, name: str, into: list[float]) -> None:
    """Wrap `owner.name` so that each call's process time is appended to `into`."""
    inner = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            into.append(time.process_time() - start)

    setattr(owner, name, wrapper)


async def _game(game: str, seed: int, moves: int, chooser: random.Random, figures: dict[str, list[float]]) -> int:
    ruleset = ruleset_for(game)
    setups = tuple(SeatSetup(f"P{i}", "male" if i % 2 else "female") for i in range(SEATS))
    counters = [Counting(s.name) for s in setups]
    seats = [Seat(i, HUMAN, s.name, s.sex, client=counters[i]) for i, s in enumerate(setups)]
    table = Table("t1", "bench", game, seats, started=True, seed=seed)
    table.spectators.add(Counting("watcher"))
    state = ruleset.new_game(setups, seed)
    config = ServerConfig(pass_timeout=None, turn_timeout=None, discovery=False)
    match = Match(table, ruleset, state, 0, NoLog(), config, lambda *a: None)  # type: ignore[arg-type]
    _timed(match, "_legal_wire", figures["legal"])  # the legal-action lists, which the broadcast includes
    for s in seats:
        assert s.client is not None
        match.send_snapshot(s.client, s.index)
    match.send_snapshot(next(iter(table.spectators)), None)
    _timed(match, "_broadcast", figures["broadcast"])
    played = 0
    while played < moves and not match.finished:
        choices = [(s, a) for s in range(SEATS) for a in ruleset.legal_actions(match.state, s)]
        if not choices:
            break
        seat, action = chooser.choice(choices)
        start = time.process_time()
        await match._play(seat, action)
        figures["move"].append(time.process_time() - start)
        played += 1
    figures["bytes"].append(sum(c.bytes for c in counters))
    await match.close()
    return played


def _apply_timer(game: str, figures: dict[str, list[float]]) -> None:
    ruleset = ruleset_for(game)
    _timed(type(ruleset), "apply", figures["apply"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="munchkin")
    parser.add_argument("--moves", type=int, default=1500, help="moves in all, over as many games as it takes")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", default="", help="write the figures here as JSON (else only print them)")
    args = parser.parse_args()
    figures: dict[str, list[float]] = {"move": [], "broadcast": [], "apply": [], "legal": [], "bytes": []}
    _apply_timer(args.game, figures)
    chooser = random.Random(args.seed)
    played, game_seed = 0, args.seed

    async def run() -> None:
        nonlocal played, game_seed
        while played < args.moves:
            played += await _game(args.game, game_seed, args.moves - played, chooser, figures)
            game_seed += 1

    asyncio.run(run())

    def us(values: list[float]) -> dict[str, float]:
        ordered = sorted(values)
        return {
            "mean_us": round(statistics.fmean(values) * 1e6, 1),
            "p50_us": round(ordered[len(ordered) // 2] * 1e6, 1),
            "p99_us": round(ordered[int(len(ordered) * 0.99)] * 1e6, 1),
        }

    moves = max(1, len(figures["move"]))
    out = {
        "checkout": str(Path(doorkick.shared.__file__).resolve().parents[1]),
        "game": args.game,
        "moves": len(figures["move"]),
        "host_cpu_per_move": us(figures["move"]),
        "broadcast_per_move": us(figures["broadcast"]),
        "engine_apply_per_move": us(figures["apply"]),
        # what the views, diffs, checksums and frames cost: the broadcast without the legal-action lists
        "views_per_move_mean_us": round((sum(figures["broadcast"]) - sum(figures["legal"])) / moves * 1e6, 1),
        "bytes_per_move_six_seats": round(sum(figures["bytes"]) / moves),
    }
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
