"""`doorkick simulate`: bots play whole games headless; prints how the games went and how fast they ran."""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from .bots.easy import EasyBot
from .rules.base import Outcome, Ruleset, SeatSetup
from .rules.registry import GAMES, ruleset
from .rules.rng import Rng

DEFAULT_ACTION_CAP = 20_000


@dataclass
class GameResult:
    outcome: Outcome | None  # None: the action cap stopped a game that would not end
    turns: int
    actions: int
    winning_score: float  # mean score of the winners (level or Gold)


def play_one(
    engine: Ruleset[object],
    players: int,
    seed: int,
    packs: tuple[str, ...] = (),
    options: object = None,
    action_cap: int = DEFAULT_ACTION_CAP,
) -> GameResult:
    """One random-legal game; which waiting seat acts next is drawn from a generator of its own."""
    seats = tuple(SeatSetup(f"Bot {i + 1}", "female" if i % 2 else "male") for i in range(players))
    state = engine.new_game(seats, seed, packs, options)
    bots = [EasyBot(seed * 1000 + i) for i in range(players)]
    chooser = Rng.from_seed(seed ^ 0x5EED)
    for count in range(action_cap):
        outcome = engine.outcome(state)
        if outcome is not None:
            scores = [engine.score(state, s) for s in outcome.winners]
            mean = sum(scores) / len(scores) if scores else 0.0
            return GameResult(outcome, engine.turn_number(state), count, mean)
        waiting = sorted(engine.seats_to_act(state))
        if not waiting:
            break
        pick, chooser = chooser.below(len(waiting))
        seat = waiting[pick]
        action = bots[seat].choose(engine, state, seat)
        if action is None:
            break
        state, _ = engine.apply(state, action)
    return GameResult(None, engine.turn_number(state), action_cap, 0.0)


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("--game", choices=sorted(GAMES), default="munchkin")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--packs", default="", help="comma-separated pack names or paths (default: the game's)")


def run(args: argparse.Namespace) -> int:
    engine = ruleset(args.game)
    packs = tuple(p for p in args.packs.split(",") if p)
    results = []
    started = time.perf_counter()
    for i in range(args.games):
        results.append(play_one(engine, args.players, args.seed + i, packs))
    elapsed = time.perf_counter() - started
    finished = [r for r in results if r.outcome is not None]
    actions = sum(r.actions for r in results)
    print(f"game:            {args.game}, {args.players} players, seed {args.seed}")
    print(f"games finished:  {len(finished)} of {len(results)}")
    if finished:
        print(f"mean turns:      {sum(r.turns for r in finished) / len(finished):.1f}")
        mean_score = sum(r.winning_score for r in finished) / len(finished)
        print(f"mean winning {engine.score_name}: {mean_score:.1f}")
    print(f"actions/second:  {actions / elapsed:,.0f}")
    print(f"games/second:    {len(results) / elapsed:.2f}")
    return 0 if len(finished) == len(results) else 1
