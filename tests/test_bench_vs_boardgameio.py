"""bench/vs_boardgameio.py really runs both servers (when Node is here) and prints the comparison's table."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "vs_boardgameio.py"


def test_the_quick_comparison_prints_a_row_per_table_count_with_both_servers_and_the_ratios() -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not installed: boardgame.io cannot run here")
    done = subprocess.run([sys.executable, str(BENCH), "--quick"], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    if done.stdout.startswith("skipped:"):
        pytest.skip(done.stdout.strip())
    table = [line for line in done.stdout.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in table[0].strip("|").split("|")]
    assert header[:3] == ["tables", "DoorKick p50 / p99 ms", "boardgame.io p50 / p99 ms"]
    assert {"p99 ratio DoorKick", "CPU/move ms DoorKick", "CPU/move ms boardgame.io", "CPU ratio DoorKick"} <= set(
        header
    )
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table[2:]]
    assert [row[0] for row in rows] == ["1", "10"]  # --quick: one and ten busy tables
    for row in rows:
        assert len(row) == len(header)
        for cell in row[1:3]:  # "p50 / p99": two numbers
            p50, p99 = (float(v) for v in cell.split(" / "))
            assert 0 < p50 <= p99
        assert all(float(row[header.index(name)]) > 0 for name in ("p99 ratio DoorKick", "CPU/move ms DoorKick"))


def test_without_the_anchor_it_says_why_and_measures_nothing(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--anchor", str(tmp_path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.startswith("skipped:"), done.stdout + done.stderr[-2000:]
    assert "|" not in done.stdout
