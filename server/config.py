"""The host's settings: limits, timers and where saves live, with the defaults a LAN party wants."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from ..shared.protocol import DEFAULT_MAX_FRAME


def default_data_dir() -> Path:
    """The user's data directory for DoorKick saves (per platform, via platformdirs)."""
    return Path(platformdirs.user_data_dir("doorkick", appauthor=False)) / "server"


@dataclass
class ServerConfig:
    """Every knob of the host. Times are in seconds; a timer set to None never fires."""

    host: str = "0.0.0.0"
    port: int = 0
    name: str = "DoorKick host"
    data_dir: Path = field(default_factory=default_data_dir)
    discovery: bool = True
    interface: str | None = None  # advertise only on this address (default: every interface)

    max_connections: int = 64
    max_frame: int = DEFAULT_MAX_FRAME
    send_queue: int = 512  # frames waiting for a client; a client that stops reading is dropped
    rate: float = 100.0  # messages per second a client may send, sustained
    burst: int = 400  # ... and in a burst
    heartbeat: float = 10.0  # a ping every this often
    idle_timeout: float = 35.0  # nothing heard for this long: the connection is dead
    handshake_timeout: float = 10.0

    reconnect_window: float = 300.0  # a dropped player keeps the seat this long before a bot takes over
    # A help call or a window: `pass` is played for a silent human; a reaction window uses the game's own time
    # (Munchkin's table option, R01: 8 s unless the table chose otherwise) when it has one. None turns these
    # clocks off.
    pass_timeout: float | None = 10.0
    turn_timeout: float | None = 180.0  # a human with no pass to play: a bot plays one action for them
    bot_delay: float = 1.0  # about one action a second, so that people can follow what the bots do
    max_tables: int = 64
    queue_limit: int = 256  # actions waiting at one table
    results_kept: float = 1800.0  # a finished table stays listed this long, as a result; then only in the history
    # The host user's own boards and card packs (`--board FILE`, `--pack FILE`), offered to clients by name
    # and (packs) handed to them by hash.
    boards: tuple[Path, ...] = ()
    packs: tuple[Path, ...] = ()
    seed: int | None = None  # every game starts from this seed (tests, benchmarks); None: a fresh one each
