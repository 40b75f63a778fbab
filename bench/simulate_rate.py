"""Random-legal games per second of `doorkick simulate`, this checkout against other ones, in one run.

    .venv/bin/python bench/simulate_rate.py --against /tmp/before [--against /tmp/older] [--same /tmp/before]
        [--games 100] [--rounds 3] [--workers 1,2] [--game munchkin]

Each `--against` is a checkout of another commit (`git archive <commit> | tar -x -C /tmp/before`). Each round
plays the same seeds with every checkout, one after the other, in fresh processes of this virtualenv (the other
checkout put first on the import path), once per `--workers` count, so a busy machine slows all alike. With one
worker the games are played in that process and each side also prints a digest of every game: its actions in
order, its final state and its outcome; with more, the seeds are shared out over that many processes (each
checkout's own `play_one`, so an old tree without `--workers` is spread the same way) and the games' lengths and
winners are compared. The checkouts named by `--same` (default: every `--against`) must play the same games as
this one, or the run fails; a tree with other rules (an older commit) plays other games, and says so. Games per
CPU second are printed too for one worker: on a shared machine they vary less.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
PACKAGES = ("shared", "server", "client", "assets")

# Run in the child: plays the seeds, prints games/s, actions/s and one digest (or summary) per game.
PLAY = """
import dataclasses, hashlib, json, sys, time
from concurrent.futures import ProcessPoolExecutor
from doorkick.shared import simulate
from doorkick.shared.rules.registry import ruleset
game = sys.argv[1]
players, first, games, workers = (int(a) for a in sys.argv[2:6])
def share(seeds):
    engine = ruleset(game)
    return [(r.turns, r.actions, None if r.outcome is None else list(r.outcome.winners))
            for r in (simulate.play_one(engine, players, seed) for seed in seeds)]
def fingerprint(state):  # every field but the card catalogue and the board, which never change
    fields = [getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in ("catalog", "board")]
    return hashlib.sha256(repr(fields).encode()).hexdigest()[:16]
def alone():
    engine = ruleset(game)
    original = engine.apply
    played, last = [], []
    def apply(state, action):  # the actions kept as they are: written out after the clock stops
        played.append(action)
        after = original(state, action)
        last[:] = [after[0]]
        return after
    engine.apply = apply
    logs, finals = [], []
    for seed in range(first, first + games):
        played = []
        r = simulate.play_one(engine, players, seed)
        logs.append(played)
        finals.append([r.turns, r.actions, r.winning_score, last[0],
                       None if r.outcome is None else list(r.outcome.winners)])
    return logs, finals, sum(f[1] for f in finals)
if __name__ == "__main__":
    started, cpu = time.perf_counter(), time.process_time()
    if workers <= 1:
        logs, finals, actions = alone()
    else:
        seeds = list(range(first, first + games))
        with ProcessPoolExecutor(workers) as pool:
            shares = list(pool.map(share, [seeds[w::workers] for w in range(workers)]))
        finals = [None] * games
        for w, results in enumerate(shares):
            finals[w::workers] = results
        logs, actions = [], sum(f[1] for f in finals)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    digests = [hashlib.sha256("\\n".join(map(str, log)).encode()).hexdigest()[:16] for log in logs]
    for f in finals if workers <= 1 else ():
        f[3] = fingerprint(f[3])
    print(json.dumps({"rate": games / elapsed, "actions": actions / elapsed, "cpu_rate": games / cpu,
                      "digests": digests, "finals": finals, "where": simulate.__file__}))
"""


def _import_root(checkout: Path, scratch: Path) -> Path:
    """A directory holding `doorkick/` whose parts are the checkout's top-level folders, as the install maps them."""
    root = scratch / checkout.name
    (root / "doorkick").mkdir(parents=True, exist_ok=True)
    for part in PACKAGES:
        link = root / "doorkick" / part
        if not link.exists():
            link.symlink_to(checkout / part)
    return root


def _play(root: Path | None, args: argparse.Namespace, workers: int, scratch: Path) -> dict[str, Any]:
    env = dict(os.environ)
    if root is not None:
        env["PYTHONPATH"] = str(root)
    script = scratch / "play.py"  # a file, not `-c`: the worker processes import it
    script.write_text(PLAY)
    cmd = [sys.executable, str(script), args.game, str(args.players), str(args.seed), str(args.games), str(workers)]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, action="append", required=True, help="a checkout to compare with")
    parser.add_argument("--same", type=Path, action="append", help="checkouts that must play the same games")
    parser.add_argument("--game", default="munchkin")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", default="1,2", help="comma-separated process counts to measure")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",") if w.strip()]
    must_match = {p.resolve() for p in (args.same or args.against)}
    with tempfile.TemporaryDirectory() as scratch:
        sides: dict[str, Path | None] = {str(p): _import_root(p.resolve(), Path(scratch)) for p in args.against}
        sides["this"] = None
        runs: dict[tuple[str, int], list[dict[str, Any]]] = {(side, w): [] for side in sides for w in counts}
        for n in range(args.rounds):
            for workers in counts:
                for side, root in sides.items():
                    result = _play(root, args, workers, Path(scratch))
                    runs[(side, workers)].append(result)
                    print(
                        f"round {n + 1}, {workers} process(es): {side:22s} {result['actions']:8,.0f} actions/s "
                        f"{result['rate']:6.2f} games/s  ({result['where']})",
                        flush=True,
                    )
    print(f"\nmedians of {args.rounds}, {args.games} games of {args.players} players from seed {args.seed}:")
    print(f"{'checkout':24s} {'processes':>9s} {'actions/s':>10s} {'games/s':>8s} {'per CPU s':>9s} {'this x':>7s}")
    for workers in counts:
        mine = statistics.median(r["rate"] for r in runs[("this", workers)])
        for side in sides:
            rs = runs[(side, workers)]
            rate = statistics.median(r["rate"] for r in rs)
            cpu = f"{statistics.median(r['cpu_rate'] for r in rs):9.2f}" if workers == 1 else f"{'':9s}"
            actions = statistics.median(r["actions"] for r in rs)
            print(f"{side:24s} {workers:9d} {actions:10,.0f} {rate:8.2f} {cpu} {mine / rate:7.2f}")
    failed = False
    for side in sides:
        if side == "this":
            continue
        for workers in counts:
            theirs, ours = runs[(side, workers)][-1], runs[("this", workers)][-1]
            pairs = zip(theirs["digests"] + theirs["finals"], ours["digests"] + ours["finals"], strict=True)
            differ = sum(a != b for a, b in pairs)
            same = differ == 0
            expected = Path(side).resolve() in must_match
            failed |= expected and not same
            verdict = "yes" if same else f"no, {differ} differ" + ("" if expected else " (other rules: expected)")
            print(f"the same games as {side}, {workers} process(es): {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
