"""`doorkick host`: prints where it listens, serves, and shuts down cleanly on Ctrl-C."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from wire_client import WireClient

from doorkick.server import cli
from doorkick.server.config import default_data_dir


def test_host_prints_its_address_serves_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "doorkick.client.main",
            "host",
            "--port",
            "0",
            "--no-discovery",
            "--data-dir",
            str(tmp_path / "saves"),
            "--name",
            "Cellar",
            "--bind",
            "127.0.0.1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ},
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("listening on 127.0.0.1:"), line
        port = int(line.strip().rsplit(":", 1)[1])

        async def visit() -> None:
            client = WireClient(port)
            welcome = await client.connect("Visitor")
            assert welcome.get("name") == "Cellar"
            await client.close()

        asyncio.run(visit())
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
        assert process.returncode == 0, err
        assert "host closed" in out and "Traceback" not in err
        assert (tmp_path / "saves" / "server.id").exists()
    finally:
        if process.poll() is None:
            process.kill()


def test_options_become_the_config() -> None:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser, "host")
    config = cli.config_from(
        parser.parse_args(["--port", "0", "--interface", "10.0.0.5", "--no-discovery", "--pass-timeout", "0"])
    )
    assert (config.port, config.interface, config.discovery, config.pass_timeout) == (0, "10.0.0.5", False, None)
    defaults = cli.config_from(parser.parse_args([]))
    assert defaults.data_dir == default_data_dir() and defaults.discovery and defaults.port == cli.DEFAULT_PORT


def test_the_host_runs_its_games_in_one_worker_per_core_unless_told() -> None:
    from doorkick.server.workers import default_workers

    parser = argparse.ArgumentParser()
    cli.add_arguments(parser, "host")
    assert cli.config_from(parser.parse_args([])).workers == default_workers()
    assert default_workers() == ((os.cpu_count() or 1) if (os.cpu_count() or 1) > 1 else 0)
    assert cli.config_from(parser.parse_args(["--workers", "3"])).workers == 3
    assert cli.config_from(parser.parse_args(["--workers", "0"])).workers == 0
