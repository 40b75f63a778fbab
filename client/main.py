"""The `doorkick` command: one subcommand per job, each living in the module that does the job."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

# Subcommand -> module with `add_arguments(parser)` and `run(args) -> int`. Imported only when needed,
# so `doorkick simulate` never loads pygame and `doorkick host` never opens a window.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("doorkick.client.cli", "open the game window (hosts a table on this machine unless told to join)"),
    "join": ("doorkick.client.cli", "open the game window and join a host found on the LAN, or host:port"),
    "host": ("doorkick.server.cli", "run a dedicated host for the LAN"),
    "simulate": ("doorkick.shared.simulate", "play bot games to the end and print statistics"),
    "learn": ("doorkick.client.tutorial.cli", "learn to play: a short guided game against a friendly bot"),
    "replay": ("doorkick.client.cli", "watch a saved game"),
    "watch": ("doorkick.client.watch", "the big screen: a host's running games for a projector across the room"),
    "verify": ("doorkick.client.verify", "check a saved game's dice: the host's commitment, the seed, every action"),
    "bench": ("doorkick.bench.runner", "measure the engines, the server and the client"),
}


def _load(module: str) -> ModuleType | None:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            return None
        raise


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="doorkick", description="Munchkin at a LAN party.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        if only is not None and name != only:
            continue
        module = _load(module_name)
        if module is not None:
            module.add_arguments(command, name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    chosen = next((a for a in args_list if not a.startswith("-")), None)
    parser = build_parser(chosen if chosen in SUBCOMMANDS else None)
    args = parser.parse_args(args_list)
    module = _load(SUBCOMMANDS[args.command][0])
    if module is None:
        parser.error(f"'{args.command}' is not built yet")
    result: int = module.run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
