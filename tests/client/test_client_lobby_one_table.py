"""The lobby with one table listed: Join table (or Watch) takes it, as a new player expects, without first
clicking the row; with several, the lobby still asks which."""

from __future__ import annotations

from typing import Any

import pygame
from client_support import run_until

from doorkick.client.host import EmbeddedHost
from doorkick.client.net import Connection
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.shared import protocol


def click(app: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=pos)])


def test_join_table_takes_the_only_table_listed(app: Any, host: EmbeddedHost) -> None:
    ann = Connection("127.0.0.1", host.port, "Ann")
    ann.start()
    ann.request(protocol.CREATE_TABLE, game="munchkin", seats=2, bots=0)
    ben = Connection("127.0.0.1", host.port, "Ben")
    ben.start()
    lobby = LobbyScene(app, ben, "test")
    app.push(lobby)
    try:
        run_until(app, lambda: lobby.status == "connected" and len(lobby.tables) == 1)
        assert lobby.list.selected is None, "nobody clicked the row"
        click(app, lobby.join_button.rect.center)
        run_until(app, lambda: lobby.table is not None)
        table = lobby.table
        assert table is not None
        assert [p["name"] for p in table["players"]] == ["Ann", "Ben"]
        assert not lobby.notice.startswith("Pick a table")
    finally:
        ann.close()
        app.close()
