"""Records Munchkin seat-turns from games of four normal bots, for fitting `hard.MUNCHKIN_WIN_MODEL`.

At the start of every turn it writes one row per seat (its level, gear, hand, the rivals' levels and gear, how
far its own turn is) with the share of the win that seat went on to get. Run alone:
`python bench/munchkin_win_data.py GAMES SEED OUT.jsonl`; bench/munchkin_win_fit.py fits the model.
"""

from __future__ import annotations

import json
import sys

from doorkick.shared.bots import make_bot
from doorkick.shared.bots.hard import munchkin_features
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.rng import Rng
from doorkick.shared.simulate import next_action


def play(seed: int) -> list[dict[str, object]]:
    engine = ruleset("munchkin")
    bots = [make_bot("munchkin", "normal", seed * 1000 + s) for s in range(4)]
    seats = tuple(SeatSetup(f"Bot {i + 1}", "female" if i % 2 else "male") for i in range(4))
    state = engine.new_game(seats, seed, (), None)
    chooser = Rng.from_seed(seed ^ 0x5EED)
    rows: list[dict[str, object]] = []
    turn = -1
    for _ in range(20_000):
        if engine.outcome(state) is not None:
            break
        if state.turn != turn and state.phase != "setup":
            turn = state.turn
            for s in range(4):
                rows.append({"seat": s, "turn": turn, **munchkin_features(state, s)})
        action, chooser = next_action(engine, state, chooser, lambda now, seat: bots[seat].choose(engine, now, seat))
        if action is None:
            break
        state, _ = engine.apply(state, action)
    result = engine.outcome(state)
    winners = result.winners if result is not None else ()
    for row in rows:
        row["win"] = (row["seat"] in winners) / len(winners) if winners else 0.0
    return rows


def main() -> None:
    games, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    with open(out, "w") as f:
        for g in range(games):
            for row in play(seed + g):
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
