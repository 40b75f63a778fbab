"""`doorkick bench`: runs every benchmark in this folder (shipped with DoorKick), prints one table, writes JSON.

bench/engine_bench.py and bench/bots_bench.py (engines, views, bot decision times) run in this process. Every
other bench/server_*.py and bench/client_*.py runs as its own process (a clean heap, its own event loop or
window): if it accepts `--json PATH` (it says so in its --help) its JSON map is read back; otherwise each
printed line with figures becomes a row. A bench that fails or is missing is reported as such, never hidden.
The bench scripts share the helpers in bench/common.py.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
IN_PROCESS = ("engine_bench", "bots_bench")
EXTERNAL_PREFIXES = ("server_", "client_")
# Options passed to an external bench when its --help lists them (what issue 6 asks each bench to measure);
# --quick only checks that the bench runs, so it seats fewer tables.
EXTRA_ARGS: dict[str, list[str]] = {"--tables": ["--tables", "1,10,50,100"]}
QUICK_EXTRA_ARGS: dict[str, list[str]] = {"--tables": ["--tables", "1,10"]}


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("--quick", action="store_true", help="shorter runs (a smoke test, not figures to quote)")
    parser.add_argument("--json", default="bench-results.json", help="where to write the results (default: here)")
    parser.add_argument("--only", default="", help="comma-separated bench names to run (default: all)")
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds allowed to each external bench")


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(), "system": platform.platform()}


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"doorkick_bench_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_external(path: Path, quick: bool, timeout: float) -> dict[str, Any]:
    """Run one bench script; its JSON if it can write one, else the figures found in what it printed."""
    python = sys.executable
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    try:
        helptext = subprocess.run(
            [python, str(path), "--help"], capture_output=True, text=True, timeout=30, env=env
        ).stdout
    except subprocess.TimeoutExpired:
        helptext = ""
    args = [python, str(path)]
    if quick and "--quick" in helptext:
        args.append("--quick")
    for flag, extra in (QUICK_EXTRA_ARGS if quick else EXTRA_ARGS).items():
        if flag in helptext:
            args += extra
    out_file = None
    if "--json" in helptext:
        out_file = Path(tempfile.mkstemp(suffix=".json")[1])
        args += ["--json", str(out_file)]
    started = time.perf_counter()
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout:.0f} s"}
    result: dict[str, Any] = {"seconds": round(time.perf_counter() - started, 1)}
    if done.returncode != 0:
        result["error"] = f"exit {done.returncode}: {(done.stderr or done.stdout).strip()[-400:]}"
    if out_file is not None:
        try:
            result.update(json.loads(out_file.read_text() or "{}"))
        except (OSError, ValueError) as exc:
            result["error"] = f"no JSON written: {exc}"
        finally:
            out_file.unlink(missing_ok=True)
    else:
        result["lines"] = [line.strip() for line in done.stdout.splitlines() if any(ch.isdigit() for ch in line)]
    return result


def flatten(prefix: str, value: Any, rows: list[tuple[str, str]]) -> None:
    if isinstance(value, dict):
        for key, inner in value.items():
            flatten(f"{prefix}.{key}" if prefix else str(key), inner, rows)
    elif isinstance(value, list) and prefix.endswith("lines"):
        for i, line in enumerate(value):
            rows.append((f"{prefix}[{i}]", str(line)))
    elif isinstance(value, float):
        rows.append((prefix, f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"))
    else:
        rows.append((prefix, str(value)))


def run(args: argparse.Namespace) -> int:
    wanted = {n.strip() for n in args.only.split(",") if n.strip()}
    results: dict[str, Any] = {"machine": machine(), "quick": args.quick}
    started = time.perf_counter()
    failed = False
    for name in IN_PROCESS:
        if wanted and name not in wanted:
            continue
        path = BENCH_DIR / f"{name}.py"
        if not path.exists():
            results[name] = {"error": "missing"}
            continue
        print(f"running {name} ...", file=sys.stderr, flush=True)
        try:
            results[name] = _load(path).bench(args.quick)
        except Exception as exc:  # one broken bench must not hide the others' figures
            traceback.print_exc()
            results[name] = {"error": f"{type(exc).__name__}: {exc}"}
            failed = True
    externals = sorted(p for p in BENCH_DIR.glob("*.py") if p.name.startswith(EXTERNAL_PREFIXES))
    for prefix in EXTERNAL_PREFIXES:
        if not any(p.name.startswith(prefix) for p in externals):
            results[f"{prefix}*"] = {"error": "missing: no bench/" + prefix + "*.py yet"}
    for path in externals:
        if wanted and path.stem not in wanted:
            continue
        print(f"running {path.name} ...", file=sys.stderr, flush=True)
        results[path.stem] = run_external(path, args.quick, args.timeout)
        failed = failed or "error" in results[path.stem]
    results["total_seconds"] = round(time.perf_counter() - started, 1)
    rows: list[tuple[str, str]] = []
    flatten("", results, rows)
    width = max(len(k) for k, _ in rows)
    print(f"{'measure':<{width}}  value")
    print(f"{'-' * width}  {'-' * 20}")
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwritten to {args.json}")
    return 1 if failed else 0
