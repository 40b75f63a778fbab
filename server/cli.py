"""`doorkick host`: run a dedicated LAN host until Ctrl-C."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..shared.rules import registry
from ..shared.rules.base import Ruleset
from ..shared.rules.cards import PackError
from .config import ServerConfig, default_data_dir
from .net import Server
from .offer import OfferError
from .workers import LOCAL_GAMES, default_workers

DEFAULT_PORT = 47474


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port ({DEFAULT_PORT}; 0: any)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--data-dir", type=Path, default=None, help=f"saves (default {default_data_dir()})")
    parser.add_argument("--name", default=None, help="the name players see (default: this machine's name)")
    parser.add_argument("--interface", default=None, metavar="IP", help="advertise only on this address")
    parser.add_argument("--no-discovery", action="store_true", help="do not advertise on the LAN")
    parser.add_argument("--reconnect-window", type=float, default=300.0, metavar="SECONDS")
    parser.add_argument("--pass-timeout", type=float, default=10.0, metavar="SECONDS")
    parser.add_argument("--turn-timeout", type=float, default=180.0, metavar="SECONDS")
    parser.add_argument(
        "--bot-delay", type=float, default=1.0, metavar="SECONDS", help="between a bot's actions (default 1)"
    )
    parser.add_argument("--max-connections", type=int, default=64)
    parser.add_argument("--max-tables", type=int, default=64)
    parser.add_argument(
        "--max-per-address",
        type=int,
        default=8,
        metavar="N",
        help="connections from one address (8); its lobby requests scale with it",
    )
    parser.add_argument(
        "--max-tables-per-address",
        type=int,
        default=4,
        metavar="N",
        help="tables waiting for players that one address may open (4)",
    )
    parser.add_argument("--seed", type=int, default=None, help="start every game from this seed (benchmarks, bugs)")
    parser.add_argument(
        "--board",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="offer this Wonderland board file to the players, by its id (repeatable)",
    )
    parser.add_argument(
        "--pack",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="offer this card pack file to the players, by its id (repeatable)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes the games run in (default: one per core; 0: all in this one)",
    )
    parser.add_argument(
        "--local-games",
        type=int,
        default=LOCAL_GAMES,
        metavar="N",
        help=f"with workers, the games this process runs itself before the next go to a worker (default: "
        f"{LOCAL_GAMES}; 0: every game on a worker)",
    )
    parser.add_argument("--verbose", "-v", action="store_true")


def config_from(args: argparse.Namespace) -> ServerConfig:
    return ServerConfig(
        host=args.bind,
        port=args.port,
        name=args.name or f"{socket.gethostname()}",
        data_dir=args.data_dir or default_data_dir(),
        discovery=not args.no_discovery,
        interface=args.interface,
        reconnect_window=args.reconnect_window,
        pass_timeout=args.pass_timeout if args.pass_timeout > 0 else None,
        turn_timeout=args.turn_timeout if args.turn_timeout > 0 else None,
        bot_delay=args.bot_delay,
        seed=args.seed,
        max_connections=args.max_connections,
        max_tables=args.max_tables,
        boards=tuple(args.board),
        packs=tuple(args.pack),
        max_connections_per_address=args.max_per_address,
        max_tables_per_address=args.max_tables_per_address,
        workers=default_workers() if args.workers is None else max(0, args.workers),
        local_games=max(0, args.local_games),
    )


async def serve(
    config: ServerConfig,
    rulesets: Callable[[str], Ruleset[Any]] = registry.ruleset,
    games: list[str] | None = None,
) -> None:
    """Host until SIGINT or SIGTERM, then close every connection, save and withdraw the advertisement."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows' default loop
            loop.add_signal_handler(sig, stop.set)
    server = Server(config, rulesets, games)
    await server.start()
    try:
        host, port = server.address
        print(f"listening on {host}:{port}", flush=True)
        if server.discovery is not None:
            print(f"advertised as {server.discovery.name}", flush=True)
        await stop.wait()
    finally:
        await server.close()
    print("host closed", flush=True)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    config = config_from(args)
    if not config.data_dir.exists():
        config.data_dir.mkdir(parents=True, mode=0o700)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(config))
    except (OfferError, PackError) as exc:  # the host user's own board or pack: said now, not as a crash
        print(f"doorkick host: {exc}", file=sys.stderr)
        return 2
    return 0
