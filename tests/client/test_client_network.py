"""The client against the real host on 127.0.0.1: a game starts from the lobby, and a dropped connection
shows the reconnect banner and recovers the seat with its token."""

from __future__ import annotations

from typing import Any

from client_support import run_until

from doorkick.client.host import EmbeddedHost
from doorkick.client.net import Connection
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.table_base import GameScene
from doorkick.shared.rules.wonderland.view import WonderlandView


def test_lobby_starts_a_game_and_a_dropped_link_recovers(app: Any, host: EmbeddedHost) -> None:
    connection = Connection("127.0.0.1", host.port, "Alice")
    connection.start()
    app.push(LobbyScene(app, connection, "test", "wonderland", 3, 2, auto_create=True, auto_start=True))
    run_until(app, lambda: isinstance(app.top, GameScene))
    scene = app.top
    assert scene.session.seats == (0,) and isinstance(scene.record, WonderlandView)
    run_until(app, lambda: bool(scene.legal) or scene.record.turn > 1)

    connection.drop()
    run_until(app, lambda: scene.session.status == "reconnecting")
    app.screenshot("reconnecting")
    app.step(1 / 60, [])
    width = min(720, scene.table_rect.w - 40)
    banner = app.screen.get_at((scene.table_rect.centerx - width // 2 + 8, 36))[:3]
    if scene.session.status == "reconnecting":  # the banner's amber fill, whatever shows through it
        assert all(abs(a - b) < 25 for a, b in zip(banner, (120, 60, 10), strict=True)), banner
    run_until(app, lambda: scene.session.status == "connected")
    seq = scene.session.seq
    run_until(app, lambda: scene.session.seq > seq or bool(scene.legal))
    assert any("Reconnected" in text or "Connection lost" in text for text, _ in scene.log)
    app.close()
