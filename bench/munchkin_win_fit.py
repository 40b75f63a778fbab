"""Fits `hard.MUNCHKIN_WIN_MODEL` (logistic regression) to the rows of bench/munchkin_win_data.py.

Needs numpy, which DoorKick does not depend on: run it with a Python that has it (a scratch venv):
`python bench/munchkin_win_fit.py ROWS.jsonl`. It prints the held-out log loss (every fifth game held out),
the weights fitted on all rows, as the model's dict, and a calibration table (predicted vs won, by tenth).
"""

from __future__ import annotations

import json
import sys

import numpy as np


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 25) -> np.ndarray:
    """Newton's method on the log loss, with a touch of L2 so that it always converges."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    with open(sys.argv[1]) as f:
        rows = [json.loads(line) for line in f]
    games, game, previous = [], 0, 10**9
    for r in rows:  # a game's rows start again at a lower turn
        if r["turn"] < previous and r["seat"] == 0:
            game += 1
        previous = r["turn"]
        games.append(game)

    def col(k: str) -> np.ndarray:
        return np.array([r[k] for r in rows], dtype=float)

    level, r1 = col("level"), col("r1")
    terms = {
        "c": np.ones(len(rows)),
        "level": level,
        "level>7": np.maximum(level - 7, 0),
        "level>8": np.maximum(level - 8, 0),
        "r1": r1,
        "r1>7": np.maximum(r1 - 7, 0),
        "r1>8": np.maximum(r1 - 8, 0),
        "r2": col("r2"),
        "r3": col("r3"),
        "gear": col("gear"),
        "r1_gear": col("r1_gear"),
        "hand": col("hand"),
        "until": col("until"),
    }
    x, y = np.stack(list(terms.values()), 1), col("win")
    train = np.array(games) % 5 != 0
    w = fit(x[train], y[train])
    print(
        f"rows {len(rows)}, games {game}; log loss train {log_loss(x[train], y[train], w):.4f}, "
        f"held out {log_loss(x[~train], y[~train], w):.4f}, constant {log_loss(x[:, :1], y, fit(x[:, :1], y)):.4f}"
    )
    w = fit(x, y)
    print({k: round(float(v), 4) for k, v in zip(terms, w, strict=True)})
    p = 1 / (1 + np.exp(-x @ w))
    for chunk in np.array_split(np.argsort(p), 10):
        print(f"predicted {p[chunk].mean():.3f}  won {y[chunk].mean():.3f}")


if __name__ == "__main__":
    main()
