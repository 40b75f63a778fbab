"""End to end on 127.0.0.1: a host advertised by zeroconf, one windowed client that finds it in the server
browser and creates a table, a second (windowless) client that finds it too and joins; they play."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import lobby_table, wait_until

from doorkick.client.autoplay import Autoplayer
from doorkick.client.discovery import Browser
from doorkick.client.host import EmbeddedHost, host_config
from doorkick.client.net import Connection
from doorkick.client.scenes.browser import BrowserScene
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.table_base import GameScene
from doorkick.client.session import NetSession
from doorkick.shared import protocol
from doorkick.shared.rules.rng import Rng

# Real zeroconf on this machine: one at a time (in one xdist worker), or each sees the others' hosts.
pytestmark = pytest.mark.xdist_group("lan")


def wait(step: Any, want: Any) -> None:
    """`step()` (the windows' frames) until `want()` holds."""

    def stepped() -> object:
        step()
        return want()

    wait_until(stepped)


def click(app: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=1, pos=pos))


def test_two_clients_find_the_host_on_the_lan_and_play(app: Any, tmp_path: Path) -> None:
    config = host_config("LAN party", discovery=True, data_dir=tmp_path / "data", bot_delay=0.05, pass_timeout=1.0)
    config.host = config.interface = "127.0.0.1"
    host = EmbeddedHost(config)
    host.start()
    bob_browser = Browser(interfaces=["127.0.0.1"])
    bob_browser.start()
    bob: Connection | None = None
    try:

        def connect(address: str, port: int, label: str) -> None:
            connection = Connection(address, port, "Alice")
            connection.start()
            app.push(LobbyScene(app, connection, label, "wonderland", 2, 0))

        lan = Browser(interfaces=["127.0.0.1"])
        browser = BrowserScene(app, connect, lambda: None, 47474, lan)
        lan.start()
        app.push(browser)

        def step() -> None:
            app.step(1 / 60, [])

        wait(step, lambda: bool(browser.found))
        assert browser.found[0].name == "LAN party"
        click(app, (browser.list.rect.x + 20, browser.list.rect.y + 12))
        step()
        click(app, browser.join_button.rect.center)
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        wait(step, lambda: lobby.status == "connected")
        click(app, lobby.create_button.rect.center)
        wait(step, lambda: lobby.table is not None)

        # Bob finds the same host by zeroconf, joins the open seat and says he is ready.
        wait(lambda: None, lambda: bool(bob_browser.found()))
        found = bob_browser.found()[0]
        bob = Connection(found.host, found.port, "Bob")
        bob.start()
        bob.request(protocol.JOIN_TABLE, table=lobby_table(lobby)["table"])
        seat: list[int] = []

        def bob_step() -> None:
            for item in bob.poll():
                if isinstance(item, protocol.Message) and item.type == protocol.SEATED:
                    seat.append(item.get("seat"))
                    bob.request(protocol.READY, ready=True)
            step()

        wait(bob_step, lambda: bool(seat) and lobby.start_button.enabled)
        wait(bob_step, lambda: all(p.get("ready") or p.get("seat") == 0 for p in lobby_table(lobby)["players"]))
        click(app, lobby.start_button.rect.center)
        wait(step, lambda: isinstance(app.top, GameScene))
        scene = app.top
        scene.autoplayer = Autoplayer(app, scene, seed=2, think=0.05)
        bob_session = NetSession(bob, "wonderland", lobby_table(lobby)["table"], seat[0])
        rng = Rng.from_seed(9)
        last = [0.0]

        def both_play() -> None:
            nonlocal rng
            bob_session.pump(1 / 60)
            legal = (bob_session.state(seat[0]) or {}).get("legal") or []
            if legal and time.monotonic() - last[0] > 0.1:
                last[0] = time.monotonic()
                index, rng = rng.below(len(legal))
                bob_session.act(seat[0], {k: v for k, v in legal[index].items() if k != "seat"})
            step()

        wait(both_play, lambda: scene.record.turn >= 4)
        assert scene.autoplayer.clicks > 0
    finally:
        if bob is not None:
            bob.close()
        bob_browser.close()
        app.close()
        host.stop()
