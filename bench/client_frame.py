"""Client frame time (update with physics, then draw) for a six-player Munchkin table mid-combat with dice
in the air and a big moment always playing (a Door kicked open, a level gained, a death), at 1280x720
under the dummy video driver: p50/p95/max milliseconds, and the client process's memory
(resident now and at its peak) at the end of the run. Progress to stderr, figures to --json PATH or stdout.

Run: .venv/bin/python bench/client_frame.py [--frames 600] [--size 1280x720] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

from doorkick.bench.common import add_bench_arguments, memory_mb, write_figures
from doorkick.shared.rules.base import Event
from doorkick.shared.rules.munchkin import events as ev

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def big_moment(scene: Any, frame: int) -> Event:
    """The next big moment's event, in turn: a Door kicked open, a level gained, a death with its corpse."""
    players = scene.record.players
    seat = 1 + frame % max(1, len(players) - 1)
    which = (frame // 7) % 3
    if which == 0:
        door = next(str(c) for c in scene.cards.defs if c not in scene.hand)
        return ev.KickedDoor(seat=seat, card=door)
    if which == 1:
        level = players[seat].level
        return ev.Level(seat=seat, level=level + 1, change=1)
    corpse = [i.card for i in players[seat].items][:4]
    return ev.Died(seat=seat, source="bench", corpse=corpse)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--screenshot", default="", help="save the middle frame as this PNG")
    add_bench_arguments(parser, quick="60 frames")
    args = parser.parse_args()
    if args.quick:
        args.frames = min(args.frames, 60)
    w, h = (int(v) for v in args.size.split("x"))

    from doorkick.client.app import App
    from doorkick.client.scenes.munchkin_table import MunchkinScene
    from doorkick.client.session import LocalSession
    from doorkick.client.settings import Settings
    from doorkick.shared.bots.easy import EasyBot
    from doorkick.shared.rules.base import SeatSetup
    from doorkick.shared.rules.registry import ruleset

    names = ("Ada", "Bram", "Cleo", "Dmitri", "Esme", "Finn")
    session = LocalSession(ruleset("munchkin"), tuple(SeatSetup(n) for n in names), args.seed, [0], bot_delay=0.0)
    app = App(Settings(), size=(w, h))
    scene = MunchkinScene(app, session)
    app.push(scene)
    # Let the bots play until a fight is on the table (seat 0 plays randomly too, meanwhile).
    engine = session.ruleset
    me = EasyBot(args.seed)
    for _ in range(5000):
        if scene.record.combat is not None:
            break
        if 0 in engine.seats_to_act(session.engine_state):
            action = me.choose(engine, session.engine_state, 0)
            if action is not None:
                session.act(0, action.to_wire())
        app.step(1 / 60, [])
    else:
        print("no combat came up; try another --seed", file=sys.stderr)
        return 1
    session.bot_delay = 1e9  # freeze the table mid-combat

    times: list[float] = []
    cpu: list[float] = []  # the frame's own CPU time: what a busy shared machine does not inflate
    throws = moments = moment_frames = 0
    for frame in range(args.frames):
        start, start_cpu = time.perf_counter(), time.process_time()
        if scene.throw is None or scene.throw.done:
            face = 1 + frame % 6
            scene.roll_dice([face], ev.EscapeRoll(seat=0, monster=0, monster_card="", die=face, total=face, seed=frame))
            throws += 1
        if not scene.moments.active:  # a big moment always playing: a Door kicked, a level, a death in turn
            scene.on_event(big_moment(scene, frame))
            moments += 1
        if frame % 45 == 0:
            hand = scene.hand_rects
            if hand:  # a card in flight too
                card, rect = hand[frame % len(hand)]
                scene.flights.launch(f"hand:{card}", scene.deck_point("door"), rect.center, angle=-20)
        app.update(1 / 60)
        moment_frames += scene.moments.active
        app.draw(app.screen)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        if args.screenshot and frame == args.frames // 2:
            import pygame

            pygame.image.save(app.screen, args.screenshot)
    times.sort()
    cpu.sort()
    memory = memory_mb()  # the whole client: pygame, fonts, card art, the session and its engine
    figures = {
        "frames": args.frames,
        "throws": throws,
        "moments": moments,
        "moment_frames": moment_frames,
        "size": f"{w}x{h}",
        "frame_p50_ms": round(statistics.median(times), 3),
        "frame_p95_ms": round(times[int(len(times) * 0.95) - 1], 3),
        "frame_max_ms": round(times[-1], 3),
        "cpu_p50_ms": round(statistics.median(cpu), 3),
        "cpu_p95_ms": round(cpu[int(len(cpu) * 0.95) - 1], 3),
        "client_rss_mb": memory.get("rss_mb", 0.0),
        "client_hwm_mb": memory.get("hwm_mb", 0.0),
    }
    print(
        f"client frame, 6 players mid-combat, dice in the air, a big moment playing, {w}x{h}: {args.frames} frames, "
        f"{throws} throws, {moments} moments playing in {moment_frames} frames: "
        f"p50 {figures['frame_p50_ms']:.2f} ms, p95 {figures['frame_p95_ms']:.2f} ms (goal: p95 < 8 ms), "
        f"CPU p50 {figures['cpu_p50_ms']:.2f} ms, p95 {figures['cpu_p95_ms']:.2f} ms; "
        f"RSS {figures['client_rss_mb']:.1f} MiB, peak {figures['client_hwm_mb']:.1f} MiB",
        file=sys.stderr,
    )
    app.close()
    write_figures(figures, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
