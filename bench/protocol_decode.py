"""Decoding and checking one frame, before and after the messages became typed records (issue 15): microseconds
per frame through a Framer (bytes in, a Message or a ProtocolError out), for the frames a host reads from its
clients and those a client reads from its host (a six-player Munchkin snapshot and update among them); and
microseconds to read an action's wire form into the engine's action (`action_from_wire`) for both games.

"Before" is shared/protocol.py and shared/rules/base.py as they were at a git revision (default: the last one
with the hand-written validators), loaded from `git show` into this process beside today's: both run here, on
the same frames, in turn.

Run: .venv/bin/python bench/protocol_decode.py [--before REV] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import timeit
import types
from pathlib import Path
from typing import Any

from doorkick.bench.common import add_bench_arguments, write_figures
from doorkick.shared import protocol
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import Action, SeatSetup
from doorkick.shared.rules.registry import ruleset

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "03dc4cb"  # main when issue 15's contract work began: `protocol.validate` checked every field by hand


def old_module(revision: str, path: str) -> types.ModuleType:
    """A module of the repository at `revision` as a module of its own (it must import only the stdlib, msgpack
    and msgspec: shared/protocol.py and shared/rules/base.py did)."""
    source = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{revision}:{path}"], capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType(path.replace("/", "_").removesuffix(".py") + "_before")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{revision}:{path}", "exec"), module.__dict__)
    return module


def client_frames(p: Any) -> dict[str, bytes]:
    """What a host reads: the frames a client sends most (an action above all), and a bad one."""
    action = {"type": "play_card", "seat": 2, "card": "rat#1"}
    return {
        "action": p.encode(p.message("action", 41, token="t" * 32, action=action)),
        "chat": p.encode(p.message("chat", text="anyone for a Kneepads of Allure?", scope="table")),
        "ping": p.encode(p.message("ping")),
        "create_table": p.encode(
            p.message(
                "create_table",
                3,
                game="munchkin",
                seats=4,
                bots=2,
                bot_level="normal",
                name="Friday",
                options={"epic": False, "reaction_time": "normal"},
                packs=["core"],
                sex="female",
                colour="red",
            )
        ),
        "bad_field": p.encode(p.message("create_table", 4, game="munchkin", seats="four")),
    }


def host_frames(p: Any) -> dict[str, bytes]:
    """What a client reads: a six-player Munchkin table's snapshot and the update of one action forty turns into
    a game of easy bots, and a timer."""
    engine = ruleset("munchkin")
    state = engine.new_game(tuple(SeatSetup(f"Player {i + 1}") for i in range(6)), 4)
    bot = EasyBot(4)

    def move(state: Any) -> Any:
        seat = min(engine.seats_to_act(state))
        return bot.choose(engine, state, seat) or next(iter(engine.legal_actions(state, seat)))

    while engine.turn_number(state) < 40 and engine.outcome(state) is None:
        state, _ = engine.apply(state, move(state))
    after, events = engine.apply(state, move(state))
    view, later = engine.player_view(state, 0), engine.player_view(after, 0)
    snapshot = p.message("snapshot", table="t1", seat=0, seq=7, state=view, checksum=p.checksum(view))
    update = p.message(
        "update",
        table="t1",
        seat=0,
        seq=8,
        events=[e.for_seat(0) for e in events],
        changes=p.diff(view, later),
        checksum=p.checksum(later),
    )
    return {
        "snapshot": p.encode(snapshot),
        "update": p.encode(update),
        "timer": p.encode(p.message("timer", table="t1", seat=1, kind="pass", seconds=5.0)),
    }


def per_frame_us(p: Any, accept: Any, frame: bytes, rounds: int, **limits: Any) -> float:
    """The best of five runs of `rounds` frames, in microseconds per frame."""
    framer = p.Framer(accept, **limits)

    def one() -> None:
        framer.receive_data(frame)
        framer.events_received()

    return min(timeit.repeat(one, number=rounds, repeat=5)) / rounds * 1e6


ACTIONS = {
    "munchkin": {"type": "sell", "seat": 1, "cards": ["gold-brick#1", "boots#2"]},
    "wonderland": {"type": "move", "seat": 0, "path": ["path1a", "path1b", "room3"]},
}


def action_us(read: Any, wire: Any, rounds: int) -> float:
    return min(timeit.repeat(lambda: read(wire), number=rounds, repeat=5)) / rounds * 1e6


def bench(quick: bool, revision: str = BEFORE) -> dict[str, Any]:
    before = old_module(revision, "shared/protocol.py")
    old_base = old_module(revision, "shared/rules/base.py")
    rounds = 500 if quick else 5000
    host_limits = {"max_frame": protocol.CLIENT_MAX_FRAME, "max_items": protocol.CLIENT_MAX_ITEMS, "whole_floats": True}
    figures: dict[str, Any] = {"before": revision}
    for side, frames, accept, limits in (
        ("host_reads", client_frames(protocol), "CLIENT_MESSAGES", host_limits),
        ("client_reads", host_frames(protocol), "SERVER_MESSAGES", {}),
    ):
        for name, frame in frames.items():
            slow = rounds // 50 if name == "snapshot" else rounds
            old = per_frame_us(before, getattr(before, accept), frame, slow, **limits)
            new = per_frame_us(protocol, getattr(protocol, accept), frame, slow, **limits)
            figures[f"{side}.{name}"] = {"bytes": len(frame), "before_us": round(old, 2), "after_us": round(new, 2)}
    # an action's wire form read into the engine's action record (after the frame: the host's next step)
    for game, wire in ACTIONS.items():
        actions = type(ruleset(game).action_from_wire(wire)).__mro__[1]  # the game's action base
        assert issubclass(actions, Action)
        old = action_us(lambda w, a=actions: old_base.Action.from_wire.__func__(a, w), wire, rounds)
        new = action_us(actions.from_wire, wire, rounds)
        size = len(protocol.canonical(wire))
        figures[f"engine_reads.{game}_{wire['type']}"] = {
            "bytes": size,
            "before_us": round(old, 2),
            "after_us": round(new, 2),
        }
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_bench_arguments(parser)
    parser.add_argument("--before", default=BEFORE, help=f"the git revision to compare with (default {BEFORE})")
    args = parser.parse_args(argv)
    figures = bench(args.quick, args.before)
    if not args.json:
        for name, row in figures.items():
            if isinstance(row, dict):
                gain = row["before_us"] / row["after_us"] if row["after_us"] else 0.0
                print(
                    f"{name:28} {row['bytes']:>7} B  before {row['before_us']:>8.2f} us  "
                    f"after {row['after_us']:>8.2f} us  x{gain:.1f}"
                )
    if args.json:
        write_figures(figures, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
