"""Random-legal games per second of `doorkick simulate`, this checkout against another one, in one run.

    .venv/bin/python bench/simulate_rate.py --against /tmp/before [--games 40] [--rounds 3] [--game munchkin]

`--against` is a checkout of another commit (`git worktree add /tmp/before <commit>`). Each round plays the same
seeds with both checkouts, one after the other, in fresh processes of this virtualenv (the other checkout is
put first on the import path), so a busy machine slows both alike. Each side also prints a digest of every
game: its actions in order, its final state and its outcome; the digests must agree, or the two engines play
different games for the same seeds. Games per CPU second are printed too: on a shared machine they vary less.
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

# Run in the child: plays the seeds, prints games/s and one digest per game.
PLAY = """
import dataclasses, hashlib, json, sys, time
from doorkick.shared import simulate
from doorkick.shared.rules.registry import ruleset
game, players, first, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
engine = ruleset(game)
digests = []
original = engine.apply
played = []
last = []
def apply(state, action):
    played.append(str(action))
    after = original(state, action)
    last[:] = [after[0]]
    return after
def fingerprint(state):  # every field but the card catalogue and the board, which never change
    fields = [getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in ("catalog", "board")]
    return hashlib.sha256(repr(fields).encode()).hexdigest()[:16]
engine.apply = apply
started, cpu = time.perf_counter(), time.process_time()
finals = []
for seed in range(first, first + games):
    played.clear()
    result = simulate.play_one(engine, players, seed)
    digests.append(hashlib.sha256("\\n".join(played).encode()).hexdigest()[:16])
    finals.append([result.turns, result.actions, result.winning_score, fingerprint(last[0]),
                   None if result.outcome is None else list(result.outcome.winners)])
elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
print(json.dumps({"rate": games / elapsed, "cpu_rate": games / cpu, "digests": digests, "finals": finals,
                  "where": simulate.__file__}))
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


def _play(root: Path | None, args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ)
    if root is not None:
        env["PYTHONPATH"] = str(root)
    cmd = [sys.executable, "-c", PLAY, args.game, str(args.players), str(args.seed), str(args.games)]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, object] = json.loads(out)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="a checkout of the commit to compare with")
    parser.add_argument("--game", default="munchkin")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        other = _import_root(args.against.resolve(), Path(scratch))
        rates: dict[str, list[float]] = {"against": [], "this": []}
        cpu_rates: dict[str, list[float]] = {"against": [], "this": []}
        seen: dict[str, tuple[list[str], list[Any]]] = {}
        for n in range(args.rounds):
            for side, root in (("against", other), ("this", None)):
                result = _play(root, args)
                rates[side].append(float(result["rate"]))
                cpu_rates[side].append(float(result["cpu_rate"]))
                seen[side] = (result["digests"], result["finals"])
                print(
                    f"round {n + 1}: {side:8s} {result['rate']:7.2f} games/s, {result['cpu_rate']:7.2f} per CPU "
                    f"second  ({result['where']})",
                    flush=True,
                )
    before, after = statistics.median(rates["against"]), statistics.median(rates["this"])
    cpu_before, cpu_after = statistics.median(cpu_rates["against"]), statistics.median(cpu_rates["this"])
    print(f"median games per CPU second: against {cpu_before:.2f}, this {cpu_after:.2f}: x{cpu_after / cpu_before:.2f}")
    same = seen["against"] == seen["this"]
    print(f"median games/s: against {before:.2f}, this {after:.2f}: x{after / before:.2f}")
    (digests, finals), (their_digests, their_finals) = seen["against"], seen["this"]
    differ = sum(a != b or c != d for a, b, c, d in zip(digests, their_digests, finals, their_finals, strict=True))
    verdict = "yes" if same else f"NO, {differ} differ"
    print(f"the same {args.games} games (each seed's actions, final state, outcome): {verdict}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
