"""`doorkick bench` runs the benches in bench/, prints one table and writes the figures as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from doorkick.client.main import main


def test_bots_bench_writes_engine_and_view_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bench.json"
    code = main(["bench", "--quick", "--only", "engine_bench", "--json", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    figures = json.loads(out.read_text())
    for game in ("munchkin", "wonderland"):
        assert figures["engine_bench"][game]["engine"]["games_per_s"] > 0
        assert figures["engine_bench"][game]["view_6p"]["snapshot_bytes_per_seat"] > 100
    assert "engine_bench.munchkin.engine.actions_per_s" in printed
    assert figures["machine"]["cores"] >= 1
