"""`doorkick bench` on the benches that run in their own process: server, discovery and client figures as JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from doorkick.bench.common import memory_mb, percentile, run_main
from doorkick.client.main import main

# Real zeroconf on this machine: one at a time (in one xdist worker), or each sees the others' hosts.
pytestmark = pytest.mark.xdist_group("lan")


def test_quick_bench_of_server_discovery_and_client_writes_every_figure_issue_6_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    code = main(["bench", "--quick", "--only", "server_latency,server_discovery,client_frame", "--json", str(out)])
    printed = capsys.readouterr().out
    figures = json.loads(out.read_text())
    assert code == 0, {k: v.get("error") for k, v in figures.items() if isinstance(v, dict)}
    server = figures["server_latency"]
    assert 0 < server["one_table"]["p50_ms"] <= server["one_table"]["p99_ms"]
    assert server["update_bytes_per_seat"]["mean"] > 0 and server["snapshot_bytes_per_seat"]["max"] > 0
    assert set(server["busy_tables"]) == {"1", "10"}  # --quick seats fewer tables than the full 1,10,50,100
    assert server["busy_tables"]["10"]["actions"] > 0 and server["busy_tables"]["10"]["p99_ms"] > 0
    assert 10 < server["server_rss_idle_mb"] <= server["server_rss_with_10_tables_mb"]
    assert server["server_hwm_with_10_tables_mb"] >= server["server_rss_with_10_tables_mb"]
    discovery = figures["server_discovery"]
    assert 0 < discovery["discovery_p50_s"] <= discovery["discovery_max_s"] < 20
    client = figures["client_frame"]
    assert 0 < client["frame_p50_ms"] <= client["frame_p95_ms"]
    assert 10 < client["client_rss_mb"] <= client["client_hwm_mb"]
    assert "server_latency.server_rss_idle_mb" in printed and "client_frame.client_rss_mb" in printed


def test_memory_of_a_process_is_read_from_proc() -> None:
    if not Path("/proc/self/status").exists():
        pytest.skip("no /proc here")
    mine = memory_mb()
    assert 0 < mine["rss_mb"] <= mine["hwm_mb"]
    assert memory_mb(os.getpid())["hwm_mb"] >= mine["hwm_mb"]
    assert memory_mb(2**22 + 12345) == {}  # no such process: nothing, not an error


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0 and percentile(values, 0.99) == 99.0 and percentile([3.0], 0.99) == 3.0
    assert percentile([], 0.5) == 0.0


def test_a_bench_run_alone_writes_its_figures_to_json(tmp_path: Path) -> None:
    out = tmp_path / "one.json"
    seen: list[bool] = []

    def bench(quick: bool) -> dict[str, object]:
        seen.append(quick)
        return {"answer": 42}

    assert run_main(bench, "A bench.\n\nMore.", ["--quick", "--json", str(out)]) == 0
    assert seen == [True] and json.loads(out.read_text()) == {"answer": 42}


def test_the_idle_bench_measures_a_real_client_process_from_outside(tmp_path: Path) -> None:
    if not Path("/proc/self/stat").exists():
        pytest.skip("no /proc here")
    out = tmp_path / "idle.json"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    env.pop("DISPLAY", None)
    bench = Path(__file__).resolve().parents[1] / "bench" / "client_idle.py"
    done = subprocess.run(
        [sys.executable, str(bench), "--quick", "--json", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(out.read_text())
    assert figures["video"] == "dummy"
    for place in ("lobby", "table"):
        # The whole window process (pygame, fonts, the engine; the lobby's embedded host too), not the bench's own.
        assert 10 < figures[place]["rss_mb"] <= figures[place]["hwm_mb"], figures
        assert figures[place]["idle_cpu_percent"] >= 0


@pytest.mark.slow
def test_doorkick_bench_runs_from_an_installed_wheel_not_only_from_a_checkout(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path / "wheel"), str(root)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = (tmp_path / "wheel").glob("doorkick-*.whl")
    installed = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(installed), str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    away = tmp_path / "elsewhere"  # no checkout here: the benches must come from the installed package
    away.mkdir()
    env = {**os.environ, "PYTHONPATH": str(installed)}
    ran = subprocess.run(
        [sys.executable, "-m", "doorkick.client.main", "bench", "--quick", "--only", "engine_bench"],
        cwd=away,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    figures = json.loads((away / "bench-results.json").read_text())
    assert "error" not in figures["engine_bench"] and figures["engine_bench"]
    located = subprocess.run(
        [sys.executable, "-c", "import doorkick.bench.runner as r; print(r.BENCH_DIR)"],
        cwd=away,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(located.stdout.strip()).is_relative_to(installed)
