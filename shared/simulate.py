"""`doorkick simulate`: bots play whole games headless; prints how the games went and how fast they ran.

`--bots normal,easy,easy,easy` seats bots of those levels (the line-up turns one seat left each game unless
`--no-rotate`), and the summary adds win rates by seat and by level, the share of games that hit the action
cap, and each level's decision time (p50/p95). Without `--bots` every seat is an easy bot, as before.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from .bots import LEVELS, Bot, make_bot
from .bots.easy import EasyBot
from .rules.base import Action, Outcome, Ruleset, SeatSetup
from .rules.registry import GAMES, ruleset
from .rules.rng import Rng

DEFAULT_ACTION_CAP = 20_000


@dataclass
class GameResult:
    outcome: Outcome | None  # None: the action cap stopped a game that would not end
    turns: int
    actions: int
    winning_score: float  # mean score of the winners (level or Gold)
    levels: tuple[str, ...] = ()  # the bot level in each seat (play_match only)
    decision_ms: dict[str, list[float]] = field(default_factory=dict)  # per level: each decision's time


def play_match(
    engine: Ruleset[Any],
    bots: Sequence[Bot],
    seed: int,
    packs: tuple[str, ...] = (),
    options: object = None,
    action_cap: int = DEFAULT_ACTION_CAP,
    levels: Sequence[str] = (),
    timed: bool = False,
) -> GameResult:
    """One game with one bot per seat. Which waiting seat acts next is drawn from a generator of its own; a
    bot that holds back (None) lets the next waiting seat act."""
    players = len(bots)
    seats = tuple(SeatSetup(f"Bot {i + 1}", "female" if i % 2 else "male") for i in range(players))
    state = engine.new_game(seats, seed, packs, options)
    chooser = Rng.from_seed(seed ^ 0x5EED)
    times: dict[str, list[float]] = {}

    def choose(state: Any, seat: int) -> Action | None:
        started = time.perf_counter()
        action = bots[seat].choose(engine, state, seat)
        if timed and levels:
            times.setdefault(levels[seat], []).append((time.perf_counter() - started) * 1000)
        return action

    for count in range(action_cap):
        outcome = engine.outcome(state)
        if outcome is not None:
            scores = [engine.score(state, s) for s in outcome.winners]
            mean = sum(scores) / len(scores) if scores else 0.0
            return GameResult(outcome, engine.turn_number(state), count, mean, tuple(levels), times)
        action, chooser = next_action(engine, state, chooser, choose)
        if action is None:
            break
        state, _ = engine.apply(state, action)
    return GameResult(None, engine.turn_number(state), action_cap, 0.0, tuple(levels), times)


def next_action(
    engine: Ruleset[Any], state: Any, chooser: Rng, choose: Callable[[Any, int], Action | None]
) -> tuple[Action | None, Rng]:
    """The next action of a bots-only game: a waiting seat drawn by `chooser` is asked first, then the others in
    turn; None when every waiting seat holds back (or none waits)."""
    waiting = sorted(engine.seats_to_act(state))
    if not waiting:
        return None, chooser
    pick, chooser = chooser.below(len(waiting))
    for seat in waiting[pick:] + waiting[:pick]:
        action = choose(state, seat)
        if action is not None:
            return action, chooser
    return None, chooser


def play_one(
    engine: Ruleset[Any],
    players: int,
    seed: int,
    packs: tuple[str, ...] = (),
    options: object = None,
    action_cap: int = DEFAULT_ACTION_CAP,
) -> GameResult:
    """One random-legal game; which waiting seat acts next is drawn from a generator of its own."""
    bots = [EasyBot(seed * 1000 + i) for i in range(players)]
    return play_match(engine, bots, seed, packs, options, action_cap)


Games = tuple[str, int, list[int], tuple[str, ...], object, int]


def _play_seeds(job: Games) -> list[GameResult]:
    game, players, seeds, packs, options, cap = job
    engine = ruleset(game)
    return [play_one(engine, players, seed, packs, options, action_cap=cap) for seed in seeds]


def play_games(
    game: str,
    players: int,
    seeds: Sequence[int],
    packs: tuple[str, ...] = (),
    options: object = None,
    cap: int = DEFAULT_ACTION_CAP,
    workers: int = 1,
) -> list[GameResult]:
    """`play_one` for each seed, in order; with `workers` > 1 spread over processes, one share of the seeds each
    (a game depends on its seed alone, so the results are the same either way)."""
    jobs: list[Games] = [(game, players, list(seeds[w::workers]), packs, options, cap) for w in range(workers)]
    if workers <= 1:
        return _play_seeds(jobs[0])
    with ProcessPoolExecutor(workers) as pool:
        shares = list(pool.map(_play_seeds, jobs))
    results: list[GameResult | None] = [None] * len(seeds)
    for w, share in enumerate(shares):
        results[w::workers] = share
    return [r for r in results if r is not None]


def lineup(levels: Sequence[str], game_index: int, rotate: bool) -> tuple[str, ...]:
    shift = game_index % len(levels) if rotate else 0
    return tuple(levels[shift:]) + tuple(levels[:shift])


Batch = tuple[str, tuple[str, ...], int, list[int], tuple[str, ...], int, bool, object]


def _play_batch(job: Batch) -> list[GameResult]:
    game, levels, seed, indexes, packs, cap, rotate, options = job
    engine = ruleset(game)
    out = []
    for i in indexes:
        seated = lineup(levels, i, rotate)
        bots = [make_bot(game, level, (seed + i) * 1000 + s) for s, level in enumerate(seated)]
        out.append(play_match(engine, bots, seed + i, packs, options, cap, seated, timed=True))
    return out


def run_matches(
    game: str,
    levels: Sequence[str],
    games: int,
    seed: int,
    packs: tuple[str, ...] = (),
    cap: int = DEFAULT_ACTION_CAP,
    rotate: bool = True,
    workers: int = 1,
    options: object = None,
) -> list[GameResult]:
    """Play `games` games of `levels` bots; with `workers` > 1 the games are spread over processes."""
    jobs: list[Batch] = [
        (game, tuple(levels), seed, list(range(w, games, workers)), packs, cap, rotate, options) for w in range(workers)
    ]
    if workers <= 1:
        return _play_batch(jobs[0])
    with ProcessPoolExecutor(workers) as pool:
        batches = list(pool.map(_play_batch, jobs))
    results: list[GameResult | None] = [None] * games
    for job, batch in zip(jobs, batches, strict=True):
        for i, r in zip(job[3], batch, strict=True):
            results[i] = r
    return [r for r in results if r is not None]


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def summarise(results: Sequence[GameResult], levels: Sequence[str]) -> dict[str, Any]:
    """Win shares (a tie splits the win), by seat and by level, lengths, caps and decision times."""
    players = len(levels)
    finished = [r for r in results if r.outcome is not None]
    by_seat = [0.0] * players
    by_level: dict[str, float] = {}
    for r in finished:
        assert r.outcome is not None
        for w in r.outcome.winners:
            share = 1 / len(r.outcome.winners)
            by_seat[w] += share
            by_level[r.levels[w]] = by_level.get(r.levels[w], 0.0) + share
    times: dict[str, list[float]] = {}
    for r in results:
        for level, ms in r.decision_ms.items():
            times.setdefault(level, []).extend(ms)
    n = len(results) or 1
    return {
        "games": len(results),
        "finished": len(finished),
        "capped": len(results) - len(finished),
        "capped_share": (len(results) - len(finished)) / n,
        "mean_turns": sum(r.turns for r in finished) / len(finished) if finished else 0.0,
        "mean_actions": sum(r.actions for r in finished) / len(finished) if finished else 0.0,
        "win_by_seat": [w / n for w in by_seat],
        "win_by_level": {level: by_level.get(level, 0.0) / n for level in dict.fromkeys(levels)},
        "seats_by_level": {level: list(levels).count(level) for level in dict.fromkeys(levels)},
        "decision_ms": {
            level: {"n": len(ms), "p50": percentile(ms, 0.5), "p95": percentile(ms, 0.95), "max": max(ms)}
            for level, ms in times.items()
            if ms
        },
    }


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("--game", choices=sorted(GAMES), default="munchkin")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--packs", default="", help="comma-separated pack names or paths (default: the game's)")
    parser.add_argument(
        "--bots",
        default="",
        help=f"comma-separated levels, one per seat ({', '.join(LEVELS)}); one level fills --players seats",
    )
    parser.add_argument("--no-rotate", action="store_true", help="keep each level in its seat for every game")
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="processes to spread the games over (default: one per core)",
    )
    parser.add_argument("--cap", type=int, default=DEFAULT_ACTION_CAP, help="actions after which a game is stopped")
    parser.add_argument(
        "--options",
        default="",
        help="comma-separated table options: a name turns a flag on, name=value sets a value "
        "(e.g. epic,fairy_dust_on_top,listening_at_the_door); the game's rules check them",
    )


def parse_options(text: str) -> dict[str, object] | None:
    """`a,b=3,c=x` -> {"a": True, "b": 3, "c": "x"}; an empty text is None: the game's defaults."""
    options: dict[str, object] = {}
    for item in (part.strip() for part in text.split(",")):
        if item:
            name, sep, raw = item.partition("=")
            options[name.strip()] = _option_value(raw.strip()) if sep else True
    return options or None


def _option_value(raw: str) -> object:
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            continue
    return raw


def run(args: argparse.Namespace) -> int:
    packs = tuple(p for p in args.packs.split(",") if p)
    options = parse_options(getattr(args, "options", ""))
    if args.bots:
        return _run_levels(args, packs, options)
    engine = ruleset(args.game)
    started = time.perf_counter()
    seeds = range(args.seed, args.seed + args.games)
    workers = max(1, min(args.workers, args.games))
    results = play_games(args.game, args.players, seeds, packs, options, args.cap, workers)
    elapsed = time.perf_counter() - started
    finished = [r for r in results if r.outcome is not None]
    actions = sum(r.actions for r in results)
    print(f"game:            {args.game}, {args.players} players, seed {args.seed}")
    if packs or options:
        chosen = ",".join(k if v is True else f"{k}={v}" for k, v in (options or {}).items())
        print(f"packs, options:  {','.join(packs) or '(default)'}; {chosen or '(default)'}")
    print(f"games finished:  {len(finished)} of {len(results)}")
    if finished:
        print(f"mean turns:      {sum(r.turns for r in finished) / len(finished):.1f}")
        mean_score = sum(r.winning_score for r in finished) / len(finished)
        print(f"mean winning {engine.score_name}: {mean_score:.1f}")
    print(f"actions/second:  {actions / elapsed:,.0f}")
    print(f"games/second:    {len(results) / elapsed:.2f}")
    return 0 if len(finished) == len(results) else 1


def _run_levels(args: argparse.Namespace, packs: tuple[str, ...], options: object = None) -> int:
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(levels) == 1:
        levels *= args.players
    bad = [b for b in levels if b not in LEVELS]
    if bad:
        raise SystemExit(f"unknown bot level(s) {', '.join(bad)}; choose from {', '.join(LEVELS)}")
    started = time.perf_counter()
    results = run_matches(
        args.game, levels, args.games, args.seed, packs, args.cap, not args.no_rotate, max(1, args.workers), options
    )
    elapsed = time.perf_counter() - started
    print(format_summary(args.game, levels, args.seed, not args.no_rotate, summarise(results, levels), elapsed))
    return 0 if all(r.outcome is not None for r in results) else 1


def format_summary(game: str, levels: Sequence[str], seed: int, rotate: bool, s: dict[str, Any], elapsed: float) -> str:
    lines = [
        f"game:            {game}, {len(levels)} players: {', '.join(levels)}"
        f"{' (line-up turns a seat each game)' if rotate else ''}, seed {seed}",
        f"games finished:  {s['finished']} of {s['games']}; hit the action cap: {s['capped']} "
        f"({100 * s['capped_share']:.1f}%)",
        f"mean length:     {s['mean_turns']:.1f} turns, {s['mean_actions']:.0f} actions",
        "wins by seat:    " + "  ".join(f"seat {i}: {100 * w:.1f}%" for i, w in enumerate(s["win_by_seat"])),
        "wins by level:   "
        + "  ".join(
            f"{lv} x{s['seats_by_level'][lv]}: {100 * w:.1f}% ({100 * w / s['seats_by_level'][lv]:.1f}% per seat)"
            for lv, w in s["win_by_level"].items()
        ),
    ]
    for level, t in s["decision_ms"].items():
        lines.append(
            f"decision time:   {level}: p50 {t['p50']:.2f} ms, p95 {t['p95']:.2f} ms, "
            f"max {t['max']:.1f} ms over {t['n']} decisions"
        )
    lines.append(f"wall time:       {elapsed:.1f} s ({s['games'] / elapsed:.2f} games/s)")
    return "\n".join(lines)
