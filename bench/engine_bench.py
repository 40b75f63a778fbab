"""Engine and view benchmarks: random-legal games per second and actions per second on one core, and the
cost of a six-player mid-game view (player_view + msgpack per seat, snapshot bytes, update bytes).

Run alone: .venv/bin/python bench/engine_bench.py [--quick] [--json PATH]; `doorkick bench` calls `bench(quick)`.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import msgpack

from doorkick.bench.common import run_main
from doorkick.shared import protocol
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.simulate import play_one


def engine_speed(game: str, seconds: float) -> dict[str, Any]:
    """Random-legal 4-player games back to back for about `seconds`: games/s and applied actions/s."""
    engine = ruleset(game)
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games < 2:
        result = play_one(engine, 4, 1000 + games)
        games += 1
        actions += result.actions
    elapsed = time.perf_counter() - started
    return {"games": games, "games_per_s": games / elapsed, "actions_per_s": actions / elapsed}


def mid_game(game: str, seed: int = 4) -> Any:
    """A six-player state half-way through a random game (in a fight for Munchkin, if one comes up)."""
    engine = ruleset(game)
    state = engine.new_game(tuple(SeatSetup(f"Player {i + 1}") for i in range(6)), seed)
    bots = [EasyBot(seed * 10 + i) for i in range(6)]
    states: list[Any] = []
    while engine.outcome(state) is None and len(states) < 20_000:
        states.append(state)
        seat = min(engine.seats_to_act(state))
        action = bots[seat].choose(engine, state, seat)
        assert action is not None
        state, _ = engine.apply(state, action)
    middle = len(states) // 2
    fights = [i for i, s in enumerate(states) if getattr(s, "combat", None) is not None and i >= middle]
    return states[fights[0] if game == "munchkin" and fights else middle]


def view_cost(game: str, rounds: int) -> dict[str, Any]:
    """player_view + msgpack for each of six seats: microseconds per seat, bytes per snapshot and update."""
    engine = ruleset(game)
    state = mid_game(game)
    per_seat: list[float] = []
    sizes = []
    for _ in range(rounds):
        for seat in range(6):
            started = time.perf_counter()
            body = msgpack.packb(engine.player_view(state, seat), use_bin_type=True)
            per_seat.append((time.perf_counter() - started) * 1e6)
            sizes.append(len(body))
    spectator = len(msgpack.packb(engine.player_view(state, None), use_bin_type=True))
    # One more action: how big is the change a seat is sent, next to the snapshot?
    seat = min(engine.seats_to_act(state))
    action = EasyBot(1).choose(engine, state, seat)
    assert action is not None
    after, events = engine.apply(state, action)
    update_sizes = []
    for s in range(6):
        changes = protocol.diff(engine.player_view(state, s), engine.player_view(after, s))
        body = {"events": [e.for_seat(s) for e in events], "changes": changes}
        update_sizes.append(len(msgpack.packb(body, use_bin_type=True)))
    per_seat.sort()
    return {
        "view_msgpack_us_per_seat_p50": statistics.median(per_seat),
        "view_msgpack_us_per_seat_p95": per_seat[int(len(per_seat) * 0.95) - 1],
        "snapshot_bytes_per_seat": round(statistics.mean(sizes)),
        "snapshot_bytes_spectator": spectator,
        "update_bytes_per_seat": round(statistics.mean(update_sizes)),
    }


def bench(quick: bool = False) -> dict[str, Any]:
    seconds = 1.0 if quick else 8.0
    rounds = 20 if quick else 200
    out: dict[str, Any] = {}
    for game in ("munchkin", "wonderland"):
        out[game] = {"engine": engine_speed(game, seconds), "view_6p": view_cost(game, rounds)}
    return out


if __name__ == "__main__":
    raise SystemExit(run_main(bench, __doc__))
