"""A player at a table whose worker process is killed: the window gets the game again from its save and plays on."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pygame
from client_support import run_until

from doorkick.client.host import EmbeddedHost, host_config
from doorkick.client.net import Connection
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.table_base import GameScene
from doorkick.client.seats import SeatStore

SHOTS = Path("/tmp/shots-shard")


def test_the_window_plays_on_after_its_table_s_worker_is_killed(app: Any, tmp_path: Path) -> None:
    config = host_config("Basement", discovery=False, data_dir=tmp_path / "data", bot_delay=0.05)
    config.workers = 1
    host = EmbeddedHost(config)
    host.start()
    connection = Connection("127.0.0.1", host.port, "Alice", seats=SeatStore(tmp_path / "client" / "seats.json"))
    connection.start()
    try:
        app.push(LobbyScene(app, connection, "test", "munchkin", 3, 2, auto_create=True, auto_start=True))
        run_until(app, lambda: isinstance(app.top, GameScene))
        scene = app.top
        session = scene.session
        seat = session.seats[0]

        def my_turn() -> bool:
            state = session.state(seat)
            return bool(state and state["legal"] and seat in state["to_act"])

        run_until(app, my_turn, 30.0)
        SHOTS.mkdir(exist_ok=True)
        pygame.image.save(app.screen, SHOTS / "worker-crash-before.png")
        held, seq = session.state(seat), session.seq
        pool = host.server.workers
        os.kill(pool.workers[0].pid, signal.SIGKILL)
        # A new worker opens the game from its save; the window is sent it whole (a new snapshot), as it was.
        run_until(app, lambda: pool.restarts == 1 and session.state(seat) is not held, 30.0)
        assert session.seq >= seq  # nothing lost (the bots, who set up too, may have played on meanwhile)
        if session.seq == seq:
            assert session.state(seat) == held
        seq = session.seq
        assert isinstance(app.top, GameScene) and app.top is scene
        for _ in range(10):
            app.step(1 / 60, [])
        button = next(b for b in scene.bar_buttons if b.enabled)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # the player clicks, say, "Ready to play"
            app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=button.rect.center)])
        run_until(app, lambda: session.seq > seq, 30.0)
        for _ in range(30):
            app.step(1 / 60, [])
        pygame.image.save(app.screen, SHOTS / "worker-crash-after.png")
        assert pool.workers[0].pid != 0 and session.status == "connected"
    finally:
        connection.close()
        host.stop()
