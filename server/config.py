"""The host's settings: limits, timers and where saves live, with the defaults a LAN party wants."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from ..shared.protocol import CLIENT_MAX_FRAME, CLIENT_MAX_ITEMS, DEFAULT_MAX_FRAME


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
    max_connections_per_address: int = 8  # one machine cannot take every slot
    max_frame: int = CLIENT_MAX_FRAME  # what a client sends is small; the host's own frames may be larger
    max_items: int = CLIENT_MAX_ITEMS  # values in one decoded frame: the decoding work a frame may cost
    send_queue: int = 512  # frames waiting for a client; a client that stops reading is dropped
    send_queue_bytes: int = 2 * DEFAULT_MAX_FRAME  # ... or this many bytes, whichever comes first
    rate: float = 100.0  # messages per second a client may send, sustained
    burst: int = 400  # ... and in a burst
    byte_rate: float = 64 * 1024  # bytes per second a client may send, sustained (in bursts of `max_frame` x 4)
    lobby_rate: float = 5.0  # lobby requests a second per connection an address may hold, shared by the address
    chat_rate: float = 1.0  # chat messages a second per address, sustained
    chat_burst: int = 8
    password_rate: float = 1.0  # password checks a second per address (each costs ~13 ms of a worker's CPU)
    password_burst: int = 4
    max_tables_per_address: int = 4  # tables waiting for players that one address created
    abandoned_window: float = 20.0  # a table nobody else joined is freed this soon after its creator drops
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
    contribution_timeout: float = 5.0  # how long the seed round waits for the players' contributions
    seed: int | None = None  # every game starts from this seed (tests, benchmarks); None: a fresh one each
    workers: int = 0  # worker processes the games run in (server/workers.py); 0: in this process
    # With workers: the games this process runs itself before the next go to a worker. A game here skips the
    # two hops through a worker, so a small party's moves arrive sooner; `doorkick host` runs LOCAL_GAMES here.
    local_games: int = 0
