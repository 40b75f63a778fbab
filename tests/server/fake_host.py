"""Run a host serving the dice race in its own process: fake_host.py DATA_DIR [PORT [BIND_AND_ADVERTISE_IP]]."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import fake_game

from doorkick.server.cli import serve
from doorkick.server.config import ServerConfig

if __name__ == "__main__":
    interface = sys.argv[3] if len(sys.argv) > 3 else None
    config = ServerConfig(
        host=interface or "127.0.0.1",
        port=int(sys.argv[2]) if len(sys.argv) > 2 else 0,
        name="Fake host",
        data_dir=Path(sys.argv[1]),
        discovery=interface is not None,
        interface=interface,
        bot_delay=0.0,
        pass_timeout=None,
        turn_timeout=None,
        contribution_timeout=0.5,
    )
    asyncio.run(serve(config, fake_game.rulesets, ["dice"]))
